"""Device-wide JSON documents (the box profile, the card catalog) kept next to the games.

A mixin of :class:`companion.events.store.EventStore`: it shares the store's connection and its
transactions, so a setting written by a command's projection commits with the command's events.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

UPSERT = (
    "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at"
)


class SettingsMixin:
    """``get_setting`` / ``update_setting`` / ``put_setting`` over the ``settings`` table."""

    def get_setting(self, key: str) -> Any:
        """A stored JSON document, or ``None``."""
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        return json.loads(row[0]) if row else None

    def update_setting(self, key: str, change: Callable[[Any], Any]) -> Any:
        """Read-modify-write a setting atomically (``BEGIN IMMEDIATE``, or a savepoint inside a
        command's transaction); returns the new value."""
        with self.transaction():
            row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
            value = change(json.loads(row[0]) if row else None)
            self.db.execute(UPSERT, [key, json.dumps(value, ensure_ascii=False), _now()])
        return value

    def put_setting(self, key: str, value: Any) -> None:
        """Store a JSON document under ``key`` (replacing it)."""
        with self.transaction():
            self.db.execute(UPSERT, [key, json.dumps(value, ensure_ascii=False), _now()])


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
