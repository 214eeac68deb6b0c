"""Install (issue 13): every page links a web app manifest, served as application/manifest+json,
valid JSON, whose icons (192 and 512 PNG, SVG) resolve to images of the size they claim."""

from __future__ import annotations

import html
import json
import re
import struct
from urllib.parse import urljoin

import pytest


def manifest_url(client, page: str = "/") -> str:
    body = client.get(page).get_data(as_text=True)
    return html.unescape(re.search(r'<link rel="manifest" href="([^"]+)"', body).group(1))


@pytest.mark.parametrize("page", ["/", "/rules", "/rattus-cartus/new", "/ragami/new"])
def test_every_page_links_the_manifest_and_a_theme_colour(client, page):
    body = client.get(page).get_data(as_text=True)
    assert re.search(r'<link rel="manifest" href="/static/manifest\.webmanifest[^"]*">', body)
    assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}">', body)


def test_the_manifest_is_served_with_its_type_and_is_valid_json(client):
    response = client.get(manifest_url(client))
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    doc = json.loads(response.get_data(as_text=True))
    assert doc["name"] and doc["short_name"] and doc["start_url"] == "/" and doc["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", doc["theme_color"]) and re.fullmatch(r"#[0-9a-f]{6}", doc["background_color"])


def test_every_icon_resolves_and_the_pngs_have_the_sizes_they_claim(client):
    url = manifest_url(client)
    doc = json.loads(client.get(url).get_data(as_text=True))
    sizes = set()
    for icon in doc["icons"]:
        response = client.get(urljoin(url, icon["src"]))
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"]
        if icon["type"] == "image/png":
            data = response.data
            assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(width)
        else:
            assert b"<svg" in response.data
    assert {192, 512} <= sizes  # what browsers ask for to offer "Add to home screen"
    assert {"any", "maskable"} <= {icon.get("purpose", "any") for icon in doc["icons"]}
