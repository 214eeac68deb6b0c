"""Device ids: one per browser, minted when it joins a table, and only so many per table a minute.

A browser's device id (a credential: it holds a seat) lives in its signed session cookie. It is
minted when the browser joins a game (link or table code), so the page's first taps all carry
it. A browser that carries a session without one (a cookie from before ids were minted at the
join) gets an id derived from that cookie: the simultaneous first taps of one phone send the same
cookie, so they resolve to one device (and one seat) instead of one each (issue 20).

Anyone with the join link can mint devices (a fresh browser, a cleared cookie): at most
``DEVICE_MINTS`` a minute per game, refused in words (:class:`TooManyPhones`, answered 429).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from flask import current_app, has_request_context, request, session
from flask_babel import gettext as _

from companion.web.access import RateLimiter

DEVICE = "device"  # session key of this browser's device id


class TooManyPhones(Exception):
    """More new devices joined a game within a minute than :data:`DEVICE_MINTS` allows."""

    def __init__(self) -> None:
        super().__init__("too many new devices for this game")
        self.message = _("Too many new phones joined this table in the last minute. Wait a minute, then "
                         "open the link (or type the table code) again.")


def device_id(create: bool = True) -> str | None:
    """This browser's device id (made on first sight; kept in the long-lived session cookie)."""
    if not has_request_context():
        return None
    found = session.get(DEVICE)
    if found is None and create:
        found = session[DEVICE] = _derived() or secrets.token_urlsafe(18)
        session.permanent = True  # a phone keeps its seat across browser restarts
    return found


def mint_for(game_id: str) -> str:
    """This browser's device id, minted now if it has none (counted against ``game_id``'s bound:
    :class:`TooManyPhones` when the game has had too many new devices this minute)."""
    found = session.get(DEVICE)
    if found is not None:
        return found
    limiter = current_app.extensions.setdefault("device_limiter", RateLimiter())
    cfg = current_app.config
    if not limiter.allow(game_id, cfg["DEVICE_MINTS"], cfg["DEVICE_MINT_WINDOW_SECONDS"]):
        raise TooManyPhones()
    return device_id()  # type: ignore[return-value]  # a request context: always an id


def _derived() -> str | None:
    """An id derived from the session cookie the request carries (None: it carries none), keyed
    with the app's secret: requests sent at once with the same cookie get the same id."""
    raw = request.cookies.get(current_app.config["SESSION_COOKIE_NAME"])
    if not raw:
        return None
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, b"device-id:" + raw.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode()


LABEL_MAX = 40  # a phone's name, as the host's seat list shows it


def label_problem(label: str) -> str | None:
    """Why ``label`` cannot name a phone (None: it can; empty forgets the name)."""
    if len(label) > LABEL_MAX:
        return _("Phone name: at most %(n)d characters.", n=LABEL_MAX)
    if not label.isprintable():
        return _("Phone name: letters, digits, spaces and punctuation only.")
    return None
