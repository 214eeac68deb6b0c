"""Opening the database file: private from creation, durability PRAGMAs once per connection, the
schema checked by a read (migrations run only when one is missing).

The web layer keeps one connection per thread (``companion.web.storage``), so this runs once per
thread, not once per request: a database that turns read-only keeps answering reads, because
nothing here writes unless the schema is actually behind.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from companion.events.migrations import MIGRATIONS, migrate

FILE_MODE = 0o600  # the database holds every game, hidden cards included: owner only


def create_private(path: str | Path) -> None:
    """Create the database file with mode 0600 if it does not exist (SQLite would use 0644,
    and gives the ``-wal``/``-shm`` files the database's mode)."""
    if str(path) in ("", ":memory:") or str(path).startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE))
    except FileExistsError:
        pass
    except OSError:
        if not os.path.exists(path):
            raise


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection in autocommit mode with WAL, ``synchronous=FULL`` and foreign keys."""
    create_private(path)
    conn = sqlite3.connect(str(path), isolation_level=None, timeout=15, check_same_thread=False)
    try:
        # Asking first: switching an already-WAL file would be a no-op, but it is a write request.
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def ensure_schema(db: Database) -> None:
    """Run the migrations only when the recorded schema is behind (a read otherwise)."""
    try:
        done = {row[0] for row in db.execute("SELECT version FROM schema_migrations").fetchall()}
    except sqlite3.OperationalError:  # no such table: a new database
        done = set()
    if not set(range(1, len(MIGRATIONS) + 1)) <= done:
        migrate(db)
