"""Join links and QR codes: made as SVG (``qrcode``, no image library needed) and read back from a
photo or a screenshot (``zxing-cpp`` through Pillow), for the box profile another owner shares."""

from __future__ import annotations

import io
import ipaddress
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import current_app, request, url_for
from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.web import photo

# A phone camera's JPEG is 2-8 MB (12 MP); twice that leaves room for 48 MP cameras, and anything larger
# is not a photo of a QR code.
PHOTO_MAX_BYTES = 16 * 1024 * 1024
# Checked from the image's header before any pixel is decoded (a small file can unpack to gigabytes).
PHOTO_MAX_PIXELS = 50_000_000
# Read at most this many pixels along the longer side: a QR code filling a tenth of a photo's width still
# has several pixels per module, and decoding stays well under a second on a small machine.
DECODE_SIDE = 2560
# What phones and computers save photos and screenshots as; Pillow's other decoders are not offered.
PHOTO_FORMATS = ("JPEG", "PNG", "WEBP", "GIF", "BMP")


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


def read_photo(data: bytes, field: str) -> str:
    """The text of the QR code in a photo or screenshot (JPEG, PNG, WebP, GIF or BMP bytes).

    Raises :class:`InputError` naming ``field`` when the data is too large, is not a picture this app
    reads, or shows no readable QR code. Of several codes in one picture, one holding a JSON object
    (what the box profile's code holds) is preferred.
    """
    # One picture at a time, on the one picture-reading thread: its decode and the search for codes.
    found = photo.read(field, _codes, data, field)
    if not found:
        raise InputError(field, _("no QR code could be read in this picture: take it again closer, in focus, "
                                  "with the whole code in view"))
    return next((text for text in found if text.lstrip().startswith("{")), found[0])


def _codes(data: bytes, field: str) -> list[str]:
    """The texts of the QR codes in the picture ``data``."""
    import zxingcpp  # imported here: only this rare host action needs the decoder, not every start

    image = _grey_image(data, field)
    return [code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def _grey_image(data: bytes, field: str):
    """The picture in ``data`` as a greyscale Pillow image at most DECODE_SIDE pixels wide and high,
    decoded within a bound on memory (:mod:`companion.web.photo`)."""
    from PIL import Image  # imported on use: only a photo needs Pillow (tens of ms at start)

    if len(data) > PHOTO_MAX_BYTES:
        raise InputError(field, too_large_message())
    try:
        image = Image.open(io.BytesIO(data), formats=PHOTO_FORMATS)
    except Image.DecompressionBombError:
        raise InputError(field, too_large_message()) from None
    except Exception:  # noqa: BLE001 - Pillow raises many types for data that is not a picture it reads
        raise InputError(field, _("not a picture this app can read (use a JPEG or PNG photo or screenshot)")) from None
    with image:
        if image.width * image.height > PHOTO_MAX_PIXELS:
            raise InputError(field, too_large_message())
        return photo.grey(image, data, DECODE_SIDE, field)


def too_large_message() -> str:
    """The words for a picture over the size limits (bytes or pixels)."""
    return _("the picture is too large (at most %(mb)s MB and %(mp)s megapixels)",
             mb=PHOTO_MAX_BYTES // (1024 * 1024), mp=PHOTO_MAX_PIXELS // 1_000_000)
