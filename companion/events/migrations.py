"""Schema migrations, applied in order and recorded in ``schema_migrations``.

A schema change is a new function appended to ``MIGRATIONS``; existing ones are never edited,
so every instance folder reaches the same schema whatever version it started from.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from sqlite_utils import Database


def _v1_initial(db: Database) -> None:
    db.execute(
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            title TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active',
            join_token TEXT NOT NULL UNIQUE,
            table_code TEXT NOT NULL UNIQUE,
            last_seq INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )"""
    )
    # PRIMARY KEY (game_id, seq) is the optimistic-concurrency guard: two writers can never
    # both append seq N to the same game.
    db.execute(
        """CREATE TABLE events (
            game_id TEXT NOT NULL REFERENCES games(id),
            seq INTEGER NOT NULL,
            type TEXT NOT NULL,
            version INTEGER NOT NULL,
            payload TEXT NOT NULL,
            ts TEXT NOT NULL,
            command_id TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        )"""
    )
    db.execute(
        """CREATE TABLE commands (
            idempotency_key TEXT PRIMARY KEY,
            game_id TEXT NOT NULL REFERENCES games(id),
            request_hash TEXT NOT NULL,
            first_seq INTEGER NOT NULL,
            last_seq INTEGER NOT NULL,
            created_at TEXT NOT NULL
        )"""
    )


def _v2_settings(db: Database) -> None:
    # Device-wide documents: the box profile, the card catalog.
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL)")


def _v3_import_key(db: Database) -> None:
    # An imported game remembers the digest of the file's hash chain: importing the same file
    # again finds it and gives that game back instead of making a second copy.
    db.execute("ALTER TABLE games ADD COLUMN import_key TEXT")
    db.execute("CREATE UNIQUE INDEX games_import_key ON games (import_key) WHERE import_key IS NOT NULL")


def _v4_seats(db: Database) -> None:
    # Seats (issue 12): which device plays for which seat, the device that created each game (its
    # host), and "this is my seat" requests from a new phone awaiting the host's approval.
    db.execute("CREATE TABLE game_hosts (game_id TEXT PRIMARY KEY REFERENCES games(id), device_id TEXT NOT NULL,"
               " created_at TEXT NOT NULL)")
    db.execute("CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), seat TEXT NOT NULL,"
               " device_id TEXT NOT NULL, claimed_at TEXT NOT NULL, PRIMARY KEY (game_id, seat))")
    db.execute("CREATE UNIQUE INDEX seats_device ON seats (game_id, device_id)")
    db.execute("CREATE TABLE seat_requests (game_id TEXT NOT NULL REFERENCES games(id), device_id TEXT NOT NULL,"
               " seat TEXT NOT NULL, requested_at TEXT NOT NULL, PRIMARY KEY (game_id, device_id))")


def _v5_command_json(db: Database) -> None:
    # Issue 20: each command's JSON is kept with its events, so an export can carry the commands
    # and an import decide them again through the rules. Commands written before this step have
    # none (NULL): their games still show and export, but such an export cannot be verified.
    db.execute("ALTER TABLE commands ADD COLUMN command TEXT")
    db.execute("CREATE INDEX commands_game_seq ON commands (game_id, first_seq)")


def _v6_records(db: Database) -> None:
    # Records (issue 24): one row per finished game, written with the events that finish it and
    # folded again from the log when missing (the records module also makes the table if it is missing).
    db.execute("CREATE TABLE IF NOT EXISTS record_plays (game_id TEXT PRIMARY KEY, kind TEXT NOT NULL,"
               " ended TEXT NOT NULL, players INTEGER NOT NULL, doc TEXT NOT NULL)")


def _v7_device_labels(db: Database) -> None:
    # Issue 23: a phone names itself ("Ana's Pixel"), and the host's seat list shows that name
    # rather than a tag of the device id. One name per device, whatever game it joins.
    db.execute("CREATE TABLE device_labels (device_id TEXT PRIMARY KEY, label TEXT NOT NULL, updated_at TEXT NOT NULL)")


MIGRATIONS: list[Callable[[Database], None]] = [_v1_initial, _v2_settings, _v3_import_key, _v4_seats,
                                                 _v5_command_json, _v6_records, _v7_device_labels]


def migrate(db: Database) -> int:
    """Apply every pending migration, each in its own transaction; return the schema version."""
    db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    done = {row[0] for row in db.execute("SELECT version FROM schema_migrations").fetchall()}
    for version, step in enumerate(MIGRATIONS, start=1):
        if version in done:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            step(db)
            db.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                [version, datetime.now(UTC).isoformat()],
            )
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return len(MIGRATIONS)
