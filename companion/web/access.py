"""Who may see a game.

The device running the server (requests from loopback) sees every game. Any other device sees a
game only after opening its join link (an unguessable token) or typing its table code; the grant
is kept in the signed session cookie. Typed codes are rate-limited per device address.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections import deque

from flask import abort, current_app, request, session

from companion.events import UnknownGame
from companion.web import get_store


def is_local() -> bool:
    """True for requests from this machine (loopback)."""
    try:
        return ipaddress.ip_address(request.remote_addr or "").is_loopback
    except ValueError:
        return False


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
