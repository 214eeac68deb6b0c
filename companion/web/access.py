"""Who may see a game, who may change the device, and where a request may send the browser.

The device running the server (requests from loopback) is the host: it sees every game, and only
it starts games or changes device-wide data (box profile, card catalog, imports); views that do
are wrapped in :func:`host_only`. Any other device sees a game only after opening its join link
(an unguessable token) or typing its table code; the grant is kept in the signed session cookie.
Typed codes are rate-limited per device address. :func:`safe_next` vets every redirect target
taken from a request.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import deque
from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import abort, current_app, request, session
from flask_babel import gettext as _

from companion.events import UnknownGame
from companion.web.base import error_page, get_store


def is_local() -> bool:
    """True for requests from this machine (loopback)."""
    return is_loopback(request.remote_addr or "")


@lru_cache(maxsize=256)
def is_loopback(address: str) -> bool:
    """Whether ``address`` is a loopback address (remembered: a step asks several times, and
    parsing an address with ``ipaddress`` costs more than the rest of the answer)."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def is_host() -> bool:
    """True for the host device: the one running the companion (today: a loopback request)."""
    return is_local()


View = TypeVar("View", bound=Callable[..., Any])


def host_only(view: View) -> View:
    """Decorate a view that starts a game or changes device-wide data: other devices get a 403
    page saying that only the device running the companion can do that (GET and POST alike)."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if not is_host():
            return refuse_stranger()
        return view(*args, **kwargs)

    guarded.host_only = True  # type: ignore[attr-defined]  # read by the tests' route survey
    return guarded  # type: ignore[return-value]


def require_host() -> tuple | None:
    """``before_request`` form of :func:`host_only`, for a blueprint that is host-only as a whole."""
    return None if is_host() else refuse_stranger()


def refuse_stranger() -> tuple:
    """The 403 page shown to a device that is not the host."""
    message = _(
        "Only the device running the companion can start games or change its settings (box profile, "
        "card catalog, imports). Open this page on that device, or join a game with its link or table code."
    )
    return error_page(403, message)


def safe_next(value: Any) -> str | None:
    """``value`` if it is a path on this site (``/…``), else ``None``.

    Refused: other sites (``//host``, ``https://…``, any scheme), backslashes (browsers read
    ``/\\host`` as ``//host``), control characters (CR/LF would split the ``Location`` header)
    and anything longer than a URL of this app could be.
    """
    if not isinstance(value, str) or not value.startswith("/") or value.startswith("//") or len(value) > 2000:
        return None
    if "\\" in value or any(ord(ch) < 0x20 or ord(ch) == 0x7F for ch in value):
        return None
    parts = urlsplit(value)
    return value if not parts.scheme and not parts.netloc else None


def granted() -> list[str]:
    """Ids of the games this browser joined."""
    return list(session.get("games", []))


def grant(game_id: str) -> None:
    """Remember in the session that this browser may see ``game_id``."""
    ids = granted()
    if game_id not in ids:
        session["games"] = [*ids, game_id][-50:]


def can_see(game_id: str) -> bool:
    """Whether the current request may see the game."""
    return is_local() or game_id in granted()


def game_or_404(game_id: str) -> dict:
    """The game row if it exists and this request may see it; otherwise 404 (no hint either way)."""
    if not can_see(game_id):
        abort(404)
    try:
        return get_store().game(game_id)
    except UnknownGame:
        abort(404)


class RateLimiter:
    """At most ``limit`` attempts per ``window`` seconds per key (in memory, thread-safe)."""

    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, limit: int, window: float) -> bool:
        """Record an attempt; False when the key is over its limit."""
        now = time.monotonic()
        with self._lock:
            hits = self._hits.setdefault(key, deque())
            while hits and now - hits[0] > window:
                hits.popleft()
            if len(hits) >= limit:
                return False
            hits.append(now)
            return True


def join_allowed() -> bool:
    """Count one typed-code attempt for this address; False when rate-limited."""
    limiter = current_app.extensions.setdefault("join_limiter", RateLimiter())
    cfg = current_app.config
    return limiter.allow(request.remote_addr or "?", cfg["JOIN_ATTEMPTS"], cfg["JOIN_WINDOW_SECONDS"])
