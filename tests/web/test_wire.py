"""What goes on the wire (issue 11): answers compressed when the client asks, htmx answers and the
poll's 204 intact, static files under content-hashed URLs kept a year only under their current hash."""

from __future__ import annotations

import gzip
import hashlib
import re
from pathlib import Path

import brotli
import pytest
from jinja2 import DictLoader

from companion.web import assets, get_store, play

STATIC = re.compile(r'(?:href|src)="(/static/([^"?]+)\?v=([0-9a-f]+))"')
# A CSRF token carries the second it was signed in: two requests may straddle a second.
TOKEN = re.compile(rb'(csrf_token" value="|"X-CSRFToken": ")[^"]+')
YEAR = "max-age=31536000"


@pytest.fixture
def game_id(app) -> str:
    with app.test_request_context():
        return get_store().game(play.start("test-tally", {"players": ["Ana", "Ben"]}, "Wire night", "k-wire"))["id"]


def _links(client, path: str = "/") -> list[tuple[str, str, str]]:
    page = client.get(path, headers={"Accept-Encoding": "identity"}).get_data(as_text=True)
    return STATIC.findall(page)


@pytest.mark.parametrize(("coding", "decode"), [("gzip", gzip.decompress), ("br", brotli.decompress)])
def test_pages_are_compressed_when_the_client_accepts_it(client, coding, decode):
    plain = client.get("/", headers={"Accept-Encoding": "identity"})
    packed = client.get("/", headers={"Accept-Encoding": coding})
    assert plain.headers.get("Content-Encoding") is None
    assert packed.headers["Content-Encoding"] == coding
    unsigned = TOKEN.sub(rb"\1-", plain.get_data())
    assert TOKEN.sub(rb"\1-", decode(packed.get_data())) == unsigned
    assert unsigned.count(b'"-') == plain.get_data().count(b"csrf_token") + 1  # every token masked, nothing else
    assert len(packed.get_data()) < len(plain.get_data())
    assert {"HX-Request", "Accept-Encoding"} <= set(packed.vary)


def test_htmx_answers_are_compressed_and_still_vary_on_hx_request(client, game_id):
    headers = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate"}
    fragment = client.get(f"/games/{game_id}", headers=headers)
    full = client.get(f"/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert fragment.status_code == 200 and fragment.headers["Content-Encoding"] == "gzip"
    assert "HX-Request" in fragment.vary and "Accept-Encoding" in fragment.vary
    body = gzip.decompress(fragment.get_data()).decode()
    assert "game-panel" in body and "<html" not in body  # the fragment, not the page
    assert "<html" in gzip.decompress(full.get_data()).decode()


def test_the_poll_still_answers_204_with_no_body(client, game_id):
    with client.application.test_request_context():
        seen = get_store().game(game_id)["last_seq"]
    answer = client.get(f"/games/{game_id}/poll?seen={seen}", headers={"Accept-Encoding": "gzip, br"})
    assert answer.status_code == 204
    assert answer.get_data() == b"" and "Content-Encoding" not in answer.headers


def test_pages_link_static_files_by_their_content_hash(app, client):
    links = _links(client)
    assert {name for _url, name, _v in links} >= {"app.css", "vendor/htmx.min.js"}
    for _url, name, v in links:
        data = (Path(app.static_folder) / name).read_bytes()
        assert v == hashlib.sha256(data).hexdigest()[: assets.HASH_CHARS]


def test_only_the_current_hash_is_cached_for_a_year(client):
    url, name, v = _links(client)[0]
    current = client.get(url)
    assert current.status_code == 200
    assert set(current.headers["Cache-Control"].replace(" ", "").split(",")) == {"public", YEAR, "immutable"}
    for stale in (f"/static/{name}", f"/static/{name}?v=0123456789ab", f"/static/{name}?v="):
        answer = client.get(stale)
        assert answer.status_code == 200 and answer.get_data() == current.get_data()
        assert answer.headers["Cache-Control"] == "no-cache", stale
    again = client.get(url, headers={"If-None-Match": current.headers["ETag"]})
    assert again.status_code == 304 and "immutable" in again.headers["Cache-Control"]


def test_static_javascript_is_compressed_even_for_gzip_only_clients(client):
    url = next(u for u, name, _v in _links(client) if name.endswith(".js"))
    plain = client.get(url, headers={"Accept-Encoding": "identity"}).get_data()
    for coding, decode in (("gzip", gzip.decompress), ("gzip, deflate, br", brotli.decompress)):
        packed = client.get(url, headers={"Accept-Encoding": coding})
        assert decode(packed.get_data()) == plain
        assert len(packed.get_data()) < len(plain) / 2


def test_a_changed_file_gets_a_new_url(app, client, tmp_path):
    app.static_folder = str(tmp_path)
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "htmx.min.js").write_text("/* made-up htmx */")
    (tmp_path / "app.css").write_text("body { color: black }")
    before = dict((name, url) for url, name, _v in _links(client))
    app.debug = True  # a running app sees the edit in debug; otherwise at its next start
    (tmp_path / "app.css").write_text("body { color: navy }")
    after = dict((name, url) for url, name, _v in _links(client))
    assert before["app.css"] != after["app.css"]
    assert before["vendor/htmx.min.js"] == after["vendor/htmx.min.js"]
    assert "immutable" in client.get(after["app.css"]).headers["Cache-Control"]
    assert client.get(before["app.css"]).headers["Cache-Control"] == "no-cache"


def test_a_new_app_hashes_the_changed_file(tmp_path):
    from companion import create_app

    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")}
    urls = []
    for text in ("body { color: black }", "body { color: navy }"):
        app = create_app(config)
        app.static_folder = str(tmp_path / "static")
        (tmp_path / "static").mkdir(exist_ok=True)
        (tmp_path / "static" / "app.css").write_text(text)
        with app.test_request_context():
            from flask import url_for

            urls.append((url_for("static", filename="app.css"), url_for("static", filename="missing.css")))
    assert urls[0][0] != urls[1][0] and "?v=" in urls[0][0]
    assert urls[0][1] == urls[1][1] == "/static/missing.css"  # no file, no hash


def test_html_answers_lose_the_templates_indentation_but_not_pre_or_textarea():
    kept = "<pre>a\n    b</pre>\n<textarea name=t>\n  kept</textarea>"
    html = "<ul>\n    <li>Ana\n\n      passes</li>\n  </ul>\n" + kept.replace("\n<textarea", "\n  <textarea")
    assert assets.squeeze(html) == "<ul>\n<li>Ana\npasses</li>\n</ul>\n" + kept


def test_templates_are_compiled_without_indentation_but_not_pre_textarea_or_values(app):
    # The templates' own text is squeezed once, when compiled (assets.Unindented); a value's text is
    # not touched there, and an answer that still holds indentation (a <pre> of JSON) is squeezed
    # as it is sent, as before. Only HTML templates are squeezed.
    source = ("<ul>\n    <li>{{ name }}\n\n      {% if on %}\n        passes{% endif %}</li>\n  </ul>\n"
              "  <pre>{{ doc }}\n    kept</pre>\n  <textarea>\n  {{ typed }}</textarea>\n<p>{{ doc }}</p>")
    env = app.jinja_env.overlay(loader=DictLoader({"page.html": source, "page.txt": source}))
    values = {"name": "Ana", "on": True, "doc": "{\n  1\n}", "typed": "x\n  y"}
    text = env.get_template("page.html").render(**values)
    assert text == ("<ul>\n<li>Ana\n\npasses</li>\n</ul>\n<pre>{\n  1\n}\n    kept</pre>\n"
                    "<textarea>\n  x\n  y</textarea>\n<p>{\n  1\n}</p>")
    assert env.get_template("page.txt").render(**values).startswith("<ul>\n    <li>Ana\n\n      \n        passes")
    sent = assets.squeeze_html(app.response_class(text, mimetype="text/html"))
    assert sent.get_data(as_text=True) == assets.squeeze(text)  # the value's indentation, outside <pre>
    assert "<p>{\n1\n}</p>" in assets.squeeze(text)


def test_pages_are_sent_without_indentation(client, game_id):
    for headers in ({}, {"HX-Request": "true"}):
        answer = client.get(f"/games/{game_id}", headers={**headers, "Accept-Encoding": "identity"})
        body = answer.get_data(as_text=True)
        assert "game-panel" in body and not re.search(r"\n[ \t]", body)


@pytest.mark.parametrize("again", ["identity", "gzip", "br"])
def test_a_compressed_static_file_revalidates_to_304_in_any_encoding(client, again):
    url = next(u for u, name, _v in _links(client) if name.endswith(".js"))
    first = client.get(url, headers={"Accept-Encoding": "br"})
    assert first.headers["ETag"].endswith(':br"')
    answer = client.get(url, headers={"If-None-Match": first.headers["ETag"], "Accept-Encoding": again})
    assert answer.status_code == 304 and answer.get_data() == b""
    assert client.get(url, headers={"If-None-Match": '"another-file:br"'}).status_code == 200
