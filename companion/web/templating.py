"""Templates' ``url_for`` (and the rules links'), remembering the URLs it built.

(The pages' contexts are dataclasses, so Jinja's own attribute look-up finds ``lockup.round`` at
once: its ``getattr`` is not replaced.)
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, request, url_for

# Enough for every page's URLs at a club (a game's dozen, each rules page); then it starts again.
MEMO_SIZE = 4096


def install_url_for(app: Flask) -> None:
    """Give templates :func:`remembered_url_for` as their ``url_for``, with this app's memo."""
    app.extensions["built_urls"] = {}
    app.jinja_env.globals["url_for"] = remembered_url_for


def remembered_url_for(endpoint: str, **values: Any) -> str:
    """Flask's ``url_for`` (in a request), remembering the URLs it built (Werkzeug builds each one
    anew, about 15 µs; a panel asks for the same dozen on every step). Static files are left to
    Flask's (their content hash may change), and the key holds everything a URL here depends on."""
    if endpoint == "static":
        return url_for(endpoint, **values)
    key = (endpoint, request.blueprint if endpoint.startswith(".") else None, request.script_root,
           request.host if values.get("_external") else None, tuple(sorted(values.items())))
    built = current_app.extensions["built_urls"]
    try:
        found = built.get(key)
    except TypeError:  # a value that cannot be a key: build it every time
        return url_for(endpoint, **values)
    if found is None:
        found = url_for(endpoint, **values)
        if len(built) >= MEMO_SIZE:
            built.clear()
        built[key] = found
    return found
