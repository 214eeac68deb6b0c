"""The Lockup box profile loaded from a photo or screenshot of another device's QR code (issue 13).

The QR codes here are made with ``qrcode`` from the made-up profile (tests/solo_guard/golden/
made_up_profile.json, not the printed values) as the sharing device's page gives it, and uploaded
through the import form as a PNG screenshot and as a JPEG photo (tilted, scaled, blurred, noisy).
Bad pictures are refused with a message naming the field, and the stored profile is kept.
"""

from __future__ import annotations

import html
import io
import json
import re
import struct
import zlib

import pytest
import qrcode
import support
from PIL import Image, ImageFilter

from companion.web import get_store
from companion.web import qr as qr_web

PROFILE = support.made_up_profile()
OTHER = {**support.made_up_profile(), "crew_tiles": [2, 4, 6, 8]}  # made up too: what the device had before
FIELD = "Photo of the QR code"


def stored(app):
    with app.app_context():
        return get_store().get_setting("lockup-box-profile")


def shared_text(app) -> str:
    """What the sharing device's QR code carries: the text its box profile page shows beside the code."""
    support.store_profile(app, PROFILE)
    page = app.test_client().get("/lockup/box-profile").get_data(as_text=True)
    return html.unescape(re.search(r'<textarea id="profile-text"[^>]*>(.*?)</textarea>', page, re.S)[1])


def qr_image(text: str) -> Image.Image:
    """A QR code of ``text`` as the page draws it (same box size and border), black on white."""
    return qrcode.make(text, box_size=10, border=2).get_image().convert("RGB")


def png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def photo_of(code: Image.Image) -> bytes:
    """A photo-like JPEG of ``code``: scaled down, tilted 7 degrees on a grey table, blurred, noisy, lossy."""
    code = code.resize((code.width * 3 // 4, code.height * 3 // 4), Image.Resampling.BILINEAR)
    tilted = code.rotate(7, expand=True, fillcolor=(170, 165, 150), resample=Image.Resampling.BICUBIC)
    scene = Image.new("RGB", (1600, 1200), (170, 165, 150))
    scene.paste(tilted, (520, 260))
    noise = Image.effect_noise(scene.size, 24).convert("RGB")
    scene = Image.blend(scene, noise, 0.15).filter(ImageFilter.GaussianBlur(1.1))
    buffer = io.BytesIO()
    scene.save(buffer, "JPEG", quality=55)
    return buffer.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that declares ``width`` x ``height`` pixels and holds none (a decompression bomb's header)."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def upload(client, data: bytes, name: str = "qr.png", url: str = "/lockup/box-profile/import", **form):
    return client.post(url, data={"photo": (io.BytesIO(data), name), **form}, content_type="multipart/form-data")


def page_text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


# --- a picture of the sharing device's code loads the profile ------------------------------------


def test_the_shared_text_is_the_compact_profile(app):
    assert json.loads(shared_text(app)) == PROFILE


def test_a_png_screenshot_of_the_code_loads_the_profile(app, client):
    text = shared_text(app)
    support.store_profile(app, OTHER)
    response = upload(client, png(qr_image(text)))
    assert response.status_code == 303
    assert stored(app) == PROFILE


def test_a_jpeg_photo_of_the_code_loads_the_profile_and_returns_to_next(app, client):
    photo = photo_of(qr_image(shared_text(app)))
    support.store_profile(app, OTHER)
    response = upload(client, photo, "IMG_0001.jpg", url="/lockup/box-profile/import?next=/lockup/new/solo")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/lockup/new/solo")
    assert stored(app) == PROFILE


def test_a_code_on_a_transparent_background_is_read(app, client):
    """Transparent pixels are black underneath: laid on white, the dark modules stay visible."""
    code = qr_image(shared_text(app)).convert("L")
    rgba = Image.new("RGBA", code.size, (0, 0, 0, 0))
    rgba.putalpha(code.point(lambda v: 255 - v))  # dark modules opaque black, the rest transparent
    support.store_profile(app, OTHER)
    assert upload(client, png(rgba)).status_code == 303
    assert stored(app) == PROFILE


def test_the_photo_is_used_before_the_pasted_text(app, client):
    text = shared_text(app)
    support.store_profile(app, OTHER)
    response = upload(client, png(qr_image(text)), text=json.dumps(OTHER))
    assert response.status_code == 303
    assert stored(app) == PROFILE


def test_an_empty_photo_field_leaves_the_pasted_text_path(app, client):
    """A browser sends an empty file part for a photo input left alone; a fuzzer may send a string."""
    text = shared_text(app)
    support.store_profile(app, OTHER)
    response = client.post("/lockup/box-profile/import", content_type="multipart/form-data",
                           data={"photo": (io.BytesIO(b""), ""), "text": text})
    assert response.status_code == 303 and stored(app) == PROFILE
    support.store_profile(app, OTHER)
    assert client.post("/lockup/box-profile/import", data={"photo": "x", "text": text}).status_code == 303
    assert stored(app) == PROFILE


def test_the_import_form_offers_the_camera_and_a_picture(client):
    page = client.get("/lockup/box-profile").get_data(as_text=True)
    form = re.search(r'<section class="card" id="import">.*?</section>', page, re.S)[0]
    assert 'name="photo" accept="image/*" capture="environment"' in form
    assert re.search(r'id="import-picture" type="file" name="photo" accept="image/\*">', form)
    assert 'enctype="multipart/form-data"' in form


# --- bad pictures: the field named, nothing stored changed ---------------------------------------


def refused(app, client, data: bytes, name: str = "qr.png") -> str:
    support.store_profile(app, OTHER)
    response = upload(client, data, name)
    assert response.status_code == 422
    assert stored(app) == OTHER
    return page_text(response)


def test_not_an_image(app, client):
    message = refused(app, client, b'{"crew_tiles": [1, 2, 3, 4]}', "profile.json")
    assert f"{FIELD}: not a picture this app can read" in message


def test_an_svg_is_not_read(app, client):
    """The page's own code is SVG; a saved copy of it is refused with the words for any unreadable picture."""
    support.store_profile(app, PROFILE)
    svg = app.test_client().get("/lockup/box-profile/qr.svg").data
    assert f"{FIELD}: not a picture this app can read" in refused(app, client, svg, "qr.svg")


def test_an_image_without_a_code(app, client):
    message = refused(app, client, png(Image.new("RGB", (640, 480), "white")))
    assert f"{FIELD}: no QR code could be read in this picture" in message


def test_a_code_that_is_not_a_profile(app, client):
    """Another code of the app (a game's join link) is not taken for a profile."""
    message = refused(app, client, png(qr_image("http://192.168.1.23:5000/join/made-up-token")))
    assert f"{FIELD}: the QR code in this picture is not a box profile" in message


def test_a_code_of_a_wrong_profile_gets_the_pasted_texts_message(app, client):
    """Same validation, same words as the text pasted from a QR code (L-C4: four numbered crew tiles)."""
    wrong = json.dumps({**PROFILE, "crew_tiles": [1, 2, 3]}, separators=(",", ":"))
    message = refused(app, client, png(qr_image(wrong)))
    assert "Crew tiles: must have exactly 4 entries" in message
    pasted = client.post("/lockup/box-profile/import", data={"text": wrong})
    assert "Crew tiles: must have exactly 4 entries" in page_text(pasted)


def test_a_cut_off_photo(app, client):
    photo = photo_of(qr_image(shared_text(app)))
    assert f"{FIELD}: the picture is damaged or incomplete" in refused(app, client, photo[: len(photo) // 2], "a.jpg")


@pytest.mark.parametrize(("width", "height"), [(8000, 7000), (20000, 20000)])
def test_too_many_pixels(app, client, width, height):
    """Refused from the header, before a pixel is decoded; the larger one trips Pillow's bomb guard too."""
    assert width * height > qr_web.PHOTO_MAX_PIXELS
    message = refused(app, client, png_header(width, height))
    assert f"{FIELD}: the picture is too large (at most 16 MB and 50 megapixels)" in message


def test_a_photo_over_the_size_limit_names_the_field(app, client):
    support.store_profile(app, OTHER)
    response = upload(client, b"\xff" * (qr_web.PHOTO_MAX_BYTES + 128 * 1024), "huge.jpg")
    assert response.status_code == 413
    assert f"{FIELD}: the picture is too large" in page_text(response)
    assert 'id="import"' in page_text(response), "the import form is shown again"
    assert stored(app) == OTHER


def test_a_photo_just_under_the_body_limit_is_still_capped(app, client):
    """Between the picture limit and the body limit (the room left for the other fields)."""
    message = refused(app, client, b"\xff" * (qr_web.PHOTO_MAX_BYTES + 1), "big.jpg")
    assert f"{FIELD}: the picture is too large" in message


def test_a_photo_larger_than_other_posts_may_be(app, client):
    """A 3 MB photo passes the profile import (a phone camera's JPEG) though other posts stop at 2 MB."""
    text = shared_text(app)
    support.store_profile(app, OTHER)
    big = Image.effect_noise((2600, 2600), 90).convert("RGB")
    big.paste(qr_image(text), (900, 900))
    buffer = io.BytesIO()
    big.save(buffer, "JPEG", quality=95)
    assert len(buffer.getvalue()) > 2 * 1024 * 1024
    assert upload(client, buffer.getvalue(), "big.jpg").status_code == 303
    assert stored(app) == PROFILE
    other_post = client.post("/lockup/catalog/import", content_type="multipart/form-data",
                             data={"file": (io.BytesIO(b" " * (3 * 1024 * 1024)), "c.json")})
    assert other_post.status_code == 413
    assert "What was sent is too large." in page_text(other_post)


# --- host only -------------------------------------------------------------------------------------


def test_another_device_cannot_import_a_photo(app, remote):
    photo = png(qr_image(shared_text(app)))
    support.store_profile(app, OTHER)
    assert upload(remote, photo).status_code == 403
    big = upload(remote, b"\xff" * (3 * 1024 * 1024), "big.jpg")
    assert big.status_code == 413, "the larger limit is the host's only"
    assert FIELD not in page_text(big)
    assert stored(app) == OTHER
