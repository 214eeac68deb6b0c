"""Request hardening: the ``Host`` allow-list and the security headers of every answer.

The host device is recognised by its loopback address, so a web page open on it could drive
the app by DNS rebinding (its own name resolving to 127.0.0.1). The browser still sends that
page's name in ``Host``: only loopback names, the addresses ``companion serve`` listens on, and
names given with ``--allow-host`` are answered; anything else gets a 400 page naming the header.

The Content-Security-Policy allows this app's own files only: no inline script, style or event
handler (htmx is told not to inject its indicator style; app.css has it), no framing.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from flask import Flask, abort, current_app, request
from flask_babel import gettext as _

from companion.web.base import error_page

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
])


def host_name(header: str) -> str:
    """The name part of a ``Host`` header, lower case, without port, brackets or final dot."""
    value = header.strip().lower()
    if value.startswith("["):  # [::1]:5000
        inner, closed, rest = value[1:].partition("]")
        return inner if closed and (not rest or rest.startswith(":")) else ""
    if value.count(":") == 1:
        value = value.split(":", 1)[0]
    return value.rstrip(".")


def is_allowed_host(header: str, allowed: frozenset[str] | set[str] | list[str] | tuple[str, ...]) -> bool:
    """Whether a request for ``header`` is for this companion (loopback, or an allowed name)."""
    name = host_name(header)
    if not name:
        return False
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        if ipaddress.ip_address(name).is_loopback:
            return True
    except ValueError:
        pass
    return name in {host_name(a) for a in allowed}


@lru_cache(maxsize=256)
def _host_allowed(header: str, allowed: tuple[str, ...]) -> bool:
    # Every request asks for the same one or two names: the answer is remembered, not parsed anew.
    return is_allowed_host(header, allowed)


def check_host():
    """``before_request``: refuse a ``Host`` that is not one of this companion's names (400)."""
    header = request.environ.get("HTTP_HOST", "")
    if _host_allowed(header, tuple(current_app.config.get("ALLOWED_HOSTS") or ())):
        return None
    shown = header if len(header) <= 80 else header[:80] + "…"
    return error_page(400, _(
        "Host header: %(host)s is not an address of this companion. Open it by the address it "
        "printed when it started, or start it with --allow-host and this name.", host=repr(shown)))


def refuse_large_bodies() -> None:
    """``before_request``: a body declared larger than this request's cap is refused (413) before
    any view or access check looks at it; Werkzeug would only refuse it once something reads the
    form. (A blueprint may raise the cap for one endpoint: the host's photo import.)"""
    length = request.content_length
    if length is None:  # no body declared (a page, a poll): no cap to look up
        return
    limit = request.max_content_length
    if limit is not None and length > limit:
        abort(413)


def check_request():
    """``before_request``, one hook for every request: the ``Host`` check, then the body cap."""
    return check_host() or refuse_large_bodies()


SECURITY_HEADERS = (("Content-Security-Policy", CSP), ("X-Frame-Options", "DENY"),
                    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"))


def security_headers(response):
    """CSP, no framing, no sniffing, same-origin referrers, for every answer (added in one go, since
    Werkzeug answers each look-up of a header an answer lacks with an exception; called by the
    web layer's one ``after_request`` hook, companion.web._finish)."""
    response.headers.extend(SECURITY_HEADERS)
    return response


def init_app(app: Flask) -> None:
    """Install the Host check and the body cap first (before any blueprint hook)."""
    app.before_request_funcs.setdefault(None, [])[:0] = [check_request]
