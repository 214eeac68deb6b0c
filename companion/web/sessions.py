"""The session cookie, checked and decoded once per cookie value (issue 21 (c)).

A phone polls every second with the same signed session cookie: it only changes when the session
does, since ``SESSION_REFRESH_EACH_REQUEST`` is off. Flask's :class:`SecureCookieSessionInterface`
builds a serializer, derives its key, checks the signature and decodes the JSON on every request,
about a tenth of what a poll costs the app. Here the verified contents of each cookie value are
kept (a small LRU) with the time they were signed, so a cookie older than the session's lifetime
is still refused, and every request gets its own copy of them to change. Everything else (the
cookie written back, its flags) is Flask's own.
"""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

from companion.web.lru import LRU

KNOWN_COOKIES = 1024  # a club's phones, each with its cookie


class CookieSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, each cookie value verified and decoded once."""

    def __init__(self) -> None:
        self._known = LRU(KNOWN_COOKIES)
        self._serializers: dict[Any, Any] = {}

    def get_signing_serializer(self, app: Flask) -> Any:
        """Flask's serializer, made once per secret key rather than once per request."""
        key = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        found = self._serializers.get(key)
        if found is None:
            found = self._serializers[key] = super().get_signing_serializer(app)
        return found

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The request's session: a copy of what its cookie was found to hold (checked once)."""
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return self.session_class()
        key = (value, app.secret_key)
        found = self._known.get(key)
        lifetime = app.permanent_session_lifetime
        if found is None:
            try:
                found = serializer.loads(value, max_age=int(lifetime.total_seconds()), return_timestamp=True)
            except BadSignature:
                return self.session_class()
            self._known.put(key, found)
        data, signed = found
        if datetime.now(UTC) - signed > lifetime:  # as itsdangerous's max_age would say
            return self.session_class()
        return self.session_class(copy.deepcopy(data))


def install(app: Flask) -> None:
    """Use :class:`CookieSessions` for ``app``."""
    app.session_interface = CookieSessions()
