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

    def setting_text(self, key: str) -> str | None:
        """A stored document as its JSON text (what :meth:`update_setting`'s ``seen`` takes), or ``None``."""
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        return row[0] if row else None

    def update_setting(self, key: str, change: Callable[[Any], Any], seen: str | None = None) -> Any:
        """Read-modify-write a setting atomically (``BEGIN IMMEDIATE``, or inside a command's
        transaction); returns the new value, written only if it changed. ``seen``: the text read
        earlier (:meth:`setting_text`): the change is made to it and written only if the stored
        text is still that one (compare-and-set: one statement, no read), else read and made again."""
        if seen is not None:
            before = json.loads(seen)
            value = change(before)
            if value == before:
                return value
            if self._depth:  # type: ignore[attr-defined]  # one statement: no savepoint needed
                written = self._set_if(key, value, seen)
            else:
                with self.transaction():  # type: ignore[attr-defined]
                    written = self._set_if(key, value, seen)
            if written == 1:
                return value
        if self._depth:  # type: ignore[attr-defined]
            # Inside an open transaction no savepoint is needed: ``change`` runs before the one
            # write, and one statement is written whole or not at all (two statements less a step).
            return self._change_setting(key, change)
        with self.transaction():  # type: ignore[attr-defined]
            return self._change_setting(key, change)

    def _set_if(self, key: str, value: Any, seen: str) -> int:
        return self.db.execute("UPDATE settings SET value = ?, updated_at = ? WHERE key = ? AND value = ?",
                               [json.dumps(value, ensure_ascii=False), _now(), key, seen]).rowcount

    def _change_setting(self, key: str, change: Callable[[Any], Any]) -> Any:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", [key]).fetchone()
        before = json.loads(row[0]) if row else None
        value = change(before)
        if row is None or value != before:
            self.db.execute(UPSERT, [key, json.dumps(value, ensure_ascii=False), _now()])
        return value

    def put_setting(self, key: str, value: Any) -> None:
        """Store a JSON document under ``key`` (replacing it)."""
        with self.transaction():
            self.db.execute(UPSERT, [key, json.dumps(value, ensure_ascii=False), _now()])


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")
