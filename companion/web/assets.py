"""What goes on the wire: compressed answers, and static files under content-hashed URLs.

Every ``url_for('static', filename=...)`` gets ``v=<hash of the file's bytes>``, computed once per
file per app (again when the file changes on disk while the app runs in debug). A static file asked
for with its current hash can be kept for a year without asking again: a changed file has a new
URL. Asked for without a hash, or with a stale one (a page cached before an upgrade), it stays
``no-cache`` so the device revalidates.

Compression (gzip, Brotli, zstd, as the client accepts) is Flask-Compress's. It leaves alone
answers without a body (htmx's 204 "nothing changed") and error answers, and appends
``Accept-Encoding`` to ``Vary`` next to ``HX-Request``.
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import wraps

from flask import Flask, current_app, request
from flask_compress import Compress
from jinja2.ext import Extension
from jinja2.lexer import Token
from werkzeug.security import safe_join

YEAR = 31_536_000  # seconds: what "immutable" static files may be kept
HASH_CHARS = 12  # hex digits of the sha256: enough to tell two versions of one file apart
MIMETYPES = ["text/html", "text/css", "text/javascript", "application/javascript", "application/json",
             "image/svg+xml", "text/plain"]



class _Compress(Compress):
    """Flask-Compress, minus bodiless answers: it would gzip the empty body of a 204 whose length
    is not set (the poll's "nothing new") and label it ``Content-Encoding``."""

    def after_request(self, response):
        if response.status_code in (204, 304) or (response.is_sequence and not any(response.response)):
            response.vary.add("Accept-Encoding")
            return response
        return super().after_request(response)


compress = _Compress()


def init_app(app: Flask) -> None:
    """Compress answers, add content hashes to static URLs and cache hashed static files."""
    app.config.setdefault("COMPRESS_MIMETYPES", MIMETYPES)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip", "zstd", "deflate"])  # the smallest first
    compress.init_app(app)
    app.jinja_env.add_extension(Unindented)
    app.extensions["asset_hashes"] = {}
    app.url_defaults(_hash_static_url)
    # The static files' validators and caching belong to their view alone: wrapped around it, not
    # two hooks that every request (polls, actions) passes through to find it is not for them.
    app.view_functions["static"] = _static_view(app.view_functions["static"])


# Indentation and blank lines of the templates: a run of whitespace that holds a line break renders
# as one space in HTML, so a bare line break says the same. <pre> and <textarea> keep theirs.
_INDENT = re.compile(r"\n\s+")
_KEEP = re.compile(r"(<(pre|textarea)\b.*?</\2>)", re.S | re.I)
_SPAN = re.compile(r"<(/?)(?:pre|textarea)\b", re.I)  # where a kept span opens or closes
_INDENTED = re.compile(rb"\n[ \t]")  # an answer that still holds indentation


class Unindented(Extension):
    """HTML templates compiled without their indentation: :func:`squeeze`'s rule applied once per
    template to its text between tags, instead of to every answer (decoding, squeezing and encoding
    a panel was about 6 % of a served step's instructions; issue 21 (a)). An answer then holds no
    indentation of the templates; one whose values brought some (a ``<pre>`` of JSON) is squeezed
    as it is sent. A blank line left where a tag stood on its own line renders as one line break."""

    def filter_stream(self, stream):  # noqa: ANN001, ANN201 - Jinja's extension API
        """The template's tokens, its text (``data``) squeezed outside ``<pre>`` and ``<textarea>``."""
        if not (stream.name or "").endswith(".html"):
            yield from stream
            return
        kept = False  # inside a <pre> or <textarea> opened by an earlier part of the text
        for token in stream:
            if token.type == "data":
                value, kept = _unindented(token.value, kept)
                token = Token(token.lineno, token.type, value)
            yield token


def _unindented(text: str, kept: bool) -> tuple[str, bool]:
    # ``kept``: inside a <pre> or <textarea>, whose text is kept as written, at the start and end.
    parts, start = [], 0
    for tag in _SPAN.finditer(text):
        parts.append(text[start:tag.start()] if kept else _INDENT.sub("\n", text[start:tag.start()]))
        kept, start = not tag.group(1), tag.start()
    parts.append(text[start:] if kept else _INDENT.sub("\n", text[start:]))
    return "".join(parts), kept


def squeeze(html: str) -> str:
    """``html`` without the templates' indentation (outside ``<pre>`` and ``<textarea>``)."""
    parts = _KEEP.split(html)
    # split() with two groups gives [text, kept, tag name, text, kept, tag name, ..., text]
    return "".join(_INDENT.sub("\n", part) if i % 3 == 0 else part if i % 3 == 1 else ""
                   for i, part in enumerate(parts))


def squeeze_html(response):
    """An HTML answer without indentation (before compression: the web layer's one
    ``after_request`` hook, companion.web._finish, runs before Flask-Compress's). The templates'
    own is gone since they were compiled (:class:`Unindented`): only an answer that still holds
    some (a value's) is decoded and squeezed."""
    if response.status_code == 204:  # a poll's "nothing new" (most answers of a busy table): no body
        return response
    if response.mimetype == "text/html" and response.is_sequence and not response.direct_passthrough \
            and _INDENTED.search(response.get_data()):
        response.set_data(squeeze(response.get_data(as_text=True)))
    return response


def digest(filename: str) -> str | None:
    """The content hash of a static file (``None``: not a file in the static folder)."""
    app = current_app
    hashes: dict[str, tuple[tuple[int, int] | None, str | None]] = app.extensions["asset_hashes"]
    known = hashes.get(filename)
    if known is not None and not app.debug:
        return known[1]
    path = safe_join(app.static_folder or "", filename)
    try:
        stat = os.stat(path) if path else None
    except OSError:
        stat = None
    mark = (stat.st_mtime_ns, stat.st_size) if stat else None
    if known is not None and known[0] == mark:
        return known[1]
    value = _file_hash(path) if mark else None
    hashes[filename] = (mark, value)
    return value


def _file_hash(path: str) -> str | None:
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest()[:HASH_CHARS]
    except OSError:  # a folder, or gone since the stat: no hash, the URL stays plain
        return None


def _hash_static_url(endpoint: str, values: dict) -> None:
    # url_defaults hook: fills ``v`` for the app's static endpoint unless the caller set it.
    if endpoint == "static" and "filename" in values and "v" not in values:
        value = digest(values["filename"])
        if value:
            values["v"] = value


_CODED_ETAG = re.compile(r':(?:gzip|br|zstd|deflate)"')


def _static_view(view):
    """Flask's static view, with the validators and caching of :func:`_plain_validators` and
    :func:`_static_headers` (the view makes the answer whole before any ``after_request`` hook)."""

    @wraps(view)
    def static(filename: str, **values):
        _plain_validators()
        return _static_headers(view(filename=filename, **values), filename)

    return static


def _plain_validators() -> None:
    """A static file's ETag as Flask-Compress answered it (``"…:br"``) names the same file
    whatever the encoding; revalidated without its suffix it gets a 304, not the whole file again
    (what Apache's DeflateAlterETag does)."""
    if ":" in request.environ.get("HTTP_IF_NONE_MATCH", ""):
        request.environ["HTTP_IF_NONE_MATCH"] = _CODED_ETAG.sub('"', request.environ["HTTP_IF_NONE_MATCH"])


def _static_headers(response, filename: str):
    """A year and ``immutable`` for a static file asked for by its current hash."""
    if response.status_code not in (200, 304):
        return response
    current = digest(filename)
    if current and request.args.get("v") == current:
        response.cache_control.no_cache = None
        response.cache_control.public = True
        response.cache_control.max_age = YEAR
        response.cache_control.immutable = True
    else:
        response.cache_control.max_age = None
        response.cache_control.no_cache = True
    if response.status_code == 200 and response.is_streamed:
        # A whole body rather than a file stream: Flask-Compress gzips only whole bodies (it streams
        # zstd, br and deflate only), and a browser asking for gzip alone must get it too.
        response.direct_passthrough = False
        response.make_sequence()
    return response
