"""Templates' ``url_for``, remembering the URLs it built.

(The pages' contexts are dataclasses, so Jinja's own attribute look-up finds ``lockup.round`` at
once: its ``getattr`` is not replaced.)
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request, url_for


def install_url_for(app: Flask) -> None:
    """Give templates a ``url_for`` that remembers the URLs it built (Werkzeug builds each one anew,
    about 15 µs; a panel asks for the same dozen on every step). Static files are left to Flask's
    (their content hash may change), and the key holds everything a URL here depends on."""
    built: dict[tuple, str] = {}

    def remembered_url_for(endpoint: str, **values: Any) -> str:
        if endpoint == "static":
            return url_for(endpoint, **values)
        key = (endpoint, request.blueprint if endpoint.startswith(".") else None, request.script_root,
               request.host if values.get("_external") else None, tuple(sorted(values.items())))
        try:
            found = built.get(key)
        except TypeError:  # a value that cannot be a key: build it every time
            return url_for(endpoint, **values)
        if found is None:
            found = url_for(endpoint, **values)
            if len(built) >= 4096:
                built.clear()
            built[key] = found
        return found

    app.jinja_env.globals["url_for"] = remembered_url_for
