"""Join links and their QR codes (SVG from ``qrcode``; no image library needed)."""

from __future__ import annotations

import io
import ipaddress
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for


def base_url() -> str:
    """Where other phones reach this app: the LAN address when the request came via loopback."""
    host = urlsplit(request.host_url).hostname or ""
    public = current_app.config.get("PUBLIC_URL")
    if public and (host == "localhost" or _is_loopback(host)):
        return public.rstrip("/") + "/"
    return request.host_url


def join_url(game: dict) -> str:
    """The game's join link (carries the unguessable token)."""
    return base_url() + url_for("home.join_link", token=game["join_token"]).lstrip("/")


def svg(data: str) -> str:
    """An SVG QR code of ``data``."""
    image = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
    buffer = io.BytesIO()
    image.save(buffer)
    return buffer.getvalue().decode()


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
