"""Jinja attribute look-up for the pages' plain dicts, without an exception per look-up.

Jinja's ``environment.getattr(obj, name)`` (every ``lockup.round``, ``loc.label`` …) tries
``getattr(obj, name)`` first and falls back to ``obj[name]``. The page contexts are plain dicts, so
almost every look-up raised and caught an ``AttributeError`` before finding the item: about 7 % of
a Lockup step's time under the GIL (issue 11). For an object whose type is exactly ``dict`` the
item is looked up first. That differs from Jinja only for a dict holding a key named like a dict
method (``items``, ``get`` …) and read as the method: no page context has such a key.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request, url_for
from jinja2 import Environment

_MISSING = object()


def install(app: Flask) -> None:
    """Give ``app``'s Jinja environment the dict-first ``getattr``."""
    env = app.jinja_env
    general = Environment.getattr

    def getattr_dict_first(obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            value = obj.get(attribute, _MISSING)
            if value is not _MISSING:
                return value
        return general(env, obj, attribute)

    env.getattr = getattr_dict_first


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
