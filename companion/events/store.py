"""Append-only event store on sqlite-utils.

Every game is a stream of events with a contiguous ``seq`` (1, 2, 3, …). Writes go through
:meth:`EventStore.append` (optimistic: the caller says which ``seq`` it last saw) or
:meth:`EventStore.execute` (decide-and-append under one ``BEGIN IMMEDIATE``). Each write carries
an idempotency key: repeating a command returns the first result and writes nothing.

One writer at a time: the stores of one database file in this process (one per request thread)
share one lock, held from ``BEGIN IMMEDIATE`` to ``COMMIT`` (:func:`write_lock`). Writers wait
for it in Python, woken the moment it is free, instead of in SQLite's busy handler, which sleeps
1, 2, 5, 10… ms between tries. ``companion serve`` is one process, so no lock across processes is
needed; another process writing the file (a script, an old server still stopping) is still kept
out by ``BEGIN IMMEDIATE`` and waited for by the connection's busy timeout.

Projections of the events (the ``status`` column, the card catalog) are written by a ``project``
callback inside the same transaction as the events they project, so a crash can never leave one
without the other. A game is always created together with its first events (:meth:`start_game`,
:meth:`import_game`): the app never makes an empty stream.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.core.events import Event, encode
from companion.events.connection import connect, ensure_schema
from companion.events.seats import SeatsMixin
from companion.events.settings import SettingsMixin

# Table codes avoid look-alike characters so they can be read aloud and typed on a phone.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6

Record = tuple[str, int, dict[str, Any]]  # (type, version, payload) ready to store


class ConflictError(Exception):
    """The stream moved on since ``expected_seq``: nothing was written."""


class IdempotencyError(Exception):
    """An idempotency key was reused for a different request: nothing was written."""


class UnknownGame(KeyError):
    """No game with that id."""


Projection = Callable[[], None]  # writes projections inside the transaction of the events


@dataclass(frozen=True)
class ImportedEvent:
    """One event of an imported file, written as it was recorded (original seq, time, command).

    ``command``: on the first event of each command's run, the command's JSON (kept with it)."""

    seq: int
    type: str
    version: int
    payload: dict[str, Any]
    ts: str
    command_id: str
    command: Any = None


@dataclass(frozen=True)
class StoredEvent:
    """One stored event, as read (payload still at its stored version)."""

    game_id: str
    seq: int
    type: str
    version: int
    payload: dict[str, Any]
    ts: str
    command_id: str


@dataclass(frozen=True)
class AppendResult:
    """What one command wrote: ``first_seq``..``last_seq`` (``replayed`` when the key was seen)."""

    first_seq: int
    last_seq: int
    replayed: bool = False
    records: tuple[StoredEvent, ...] = ()  # the events written (none when replayed): no read-back


class _Recorded(Exception):
    """The command's key is in the stream already (raised under the lock, answered after it)."""


def request_hash(value: Any) -> str:
    """A stable hash of a JSON-able request, used to detect a reused idempotency key."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _to_record(item: Event | Record) -> Record:
    return encode(item) if isinstance(item, Event) else item


def _command_text(command: Any) -> str | None:
    # Strict JSON (no default=str): a command that is not data fails its write, never half-stored.
    # Keys keep their order: the state a start makes of its set-up keeps it too.
    return None if command is None else json.dumps(command, ensure_ascii=False, allow_nan=False)


def _check_imported(events: Sequence[ImportedEvent]) -> None:
    # The parser checked the file; the store still refuses what would corrupt a stream.
    if not events or [e.seq for e in events] != list(range(1, len(events) + 1)):
        raise ValueError("imported events must be numbered 1, 2, 3, … without a gap")
    runs = [e.command_id for i, e in enumerate(events) if i == 0 or e.command_id != events[i - 1].command_id]
    if len(runs) != len(set(runs)):
        raise ValueError("the events of one command must be contiguous")


_write_locks: dict[str, threading.RLock] = {}  # one per database file: a process serves one instance
_write_locks_guard = threading.Lock()


def write_lock(path: str | Path) -> threading.RLock:
    """This process's lock of the database file at ``path``, whatever the spelling of the path.

    Re-entrant so that a second store of the same file, used by a thread already inside a write,
    fails with SQLite's "database is locked" after the busy timeout instead of hanging forever.
    An in-memory database is private to its connection: it gets a lock of its own.
    """
    text = str(path)
    if text in ("", ":memory:") or text.startswith("file:"):
        return threading.RLock()
    key = os.path.realpath(text)
    with _write_locks_guard:
        return _write_locks.setdefault(key, threading.RLock())


class EventStore(SettingsMixin, SeatsMixin):
    """The store of one instance folder's database file."""

    def __init__(self, path: str | Path):
        # Autocommit mode: this class issues BEGIN IMMEDIATE / COMMIT itself. The file is 0600
        # from creation; PRAGMAs and the schema check run once per connection (the web layer keeps
        # one per thread), and the schema check writes nothing unless a migration is due.
        self.db = Database(connect(path))
        self._write_lock = write_lock(path)
        with self._write_lock:  # a migration is a write like any other
            ensure_schema(self.db)

    def close(self) -> None:
        """Close the connection."""
        self.db.conn.close()

    def pragmas(self) -> dict[str, Any]:
        """The durability settings in force (checked at start)."""
        journal = self.db.execute("PRAGMA journal_mode").fetchone()[0]
        synchronous = self.db.execute("PRAGMA synchronous").fetchone()[0]
        return {"journal_mode": journal, "synchronous": synchronous}

    _depth = 0  # > 0 while this store's own BEGIN IMMEDIATE is open

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``, rolled back on any error (a failed ``COMMIT`` too).

        Called inside another transaction (a projection updating a setting while a command is
        written) it joins it through a savepoint (sqlite-utils' ``atomic``): everything still
        commits once, or not at all. The file's write lock (:func:`write_lock`) is held from
        ``BEGIN IMMEDIATE`` to the end of ``COMMIT`` or ``ROLLBACK``.
        """
        if self._depth:
            with self.db.atomic():  # inside our open transaction: a savepoint
                yield
            return
        with self._write_lock:
            self._rollback()  # a transaction left open by a failed rollback is never joined
            self.db.execute("BEGIN IMMEDIATE")  # not atomic()'s plain BEGIN: the write lock of the file at once
            self._depth = 1
            try:
                yield
                self.db.execute("COMMIT")
            except BaseException:
                self._rollback()
                raise
            finally:
                self._depth = 0

    def _rollback(self) -> None:
        # SQLite may already have rolled back by itself (disk full, I/O error): nothing to do then.
        try:
            self.db.rollback()  # nothing when no transaction is open
        except sqlite3.Error:
            pass

    # -- games -------------------------------------------------------------------------------

    def create_game(self, kind: str, title: str, game_id: str | None = None) -> dict[str, Any]:
        """Register a new, empty game stream and return its row.

        Low level (store tests and fixtures that append by hand): the app starts games with
        :meth:`start_game` or :meth:`import_game`, which never leave a game without events.
        """
        with self.transaction():
            return self._insert_game(kind, title, game_id)

    def start_game(
        self,
        kind: str,
        title: str,
        events: Sequence[Event | Record],
        idempotency_key: str,
        request: Any,
        status: str = "active",
        project: Projection | None = None,
        command: Any = None,
    ) -> dict[str, Any]:
        """Create a game and append its first events in one transaction.

        ``command``: the start command's JSON, kept with its events (exports carry it). ``status``
        and ``project`` (more projections) are written in that same transaction. A
        repeated key with the same request returns the game it created (a double-tapped "start"
        makes one game); a key used for another request raises IdempotencyError.
        """
        records = [_to_record(e) for e in events]
        digest = request_hash(request)
        with self.transaction():
            row = self.db.execute(
                "SELECT game_id, request_hash FROM commands WHERE idempotency_key = ?", [idempotency_key]
            ).fetchone()
            if row is not None:
                if row[1] != digest:
                    raise IdempotencyError(f"idempotency key {idempotency_key!r} was already used for another request")
                return self.game(row[0])
            game = self._insert_game(kind, title, None, status)
            self._write(game["id"], 0, records, idempotency_key, digest, command=command)
            if project is not None:
                project()
        return self.game(game["id"])

    def import_game(
        self, kind: str, title: str, events: Sequence[ImportedEvent], import_key: str, status: str
    ) -> tuple[dict[str, Any], bool]:
        """Write a checked, imported game whole in one transaction; return (its row, created).

        Events keep their original ``seq``, time and command ids; the game row its status.
        ``import_key`` (the digest of the file) already imported returns that game, ``False``.
        """
        _check_imported(events)
        with self.transaction():
            row = self.db.execute("SELECT id FROM games WHERE import_key = ?", [import_key]).fetchone()
            if row is not None:
                return self.game(row[0]), False
            game = self._insert_game(kind, title, None, status, created_at=events[0].ts, import_key=import_key)
            groups: dict[str, list[ImportedEvent]] = {}
            for event in events:
                groups.setdefault(event.command_id, []).append(event)
            for command_id, group in groups.items():
                # Namespaced keys: the original ids stay the undo/redo groups of the new game.
                records = [(e.type, e.version, e.payload) for e in group]
                self._write(game["id"], group[0].seq - 1, records, f"import:{game['id']}:{command_id}",
                            request_hash(records), command_id, [e.ts for e in group], group[0].command)
            # Listed by its own date (its last event), not the import's (issue 23).
            self.db.execute("UPDATE games SET updated_at = ? WHERE id = ?", [events[-1].ts, game["id"]])
        return self.game(game["id"]), True

    def _insert_game(
        self, kind: str, title: str, game_id: str | None, status: str = "active",
        created_at: str | None = None, import_key: str | None = None,
    ) -> dict[str, Any]:
        now = _now()
        row = {
            "id": game_id or secrets.token_hex(8),
            "kind": kind,
            "title": title,
            "status": status,
            "join_token": secrets.token_urlsafe(18),
            "table_code": self._free_code(),
            "last_seq": 0,
            "created_at": created_at or now,
            "updated_at": now,
            "import_key": import_key,
        }
        cols = ", ".join(row)
        marks = ", ".join("?" for _ in row)
        self.db.execute(f"INSERT INTO games ({cols}) VALUES ({marks})", list(row.values()))
        return row

    def _free_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if not self.db.execute("SELECT 1 FROM games WHERE table_code = ?", [code]).fetchone():
                return code

    def game(self, game_id: str) -> dict[str, Any]:
        """The game's row, or :class:`UnknownGame`."""
        # execute, not query: sqlite-utils wraps a query in a savepoint, two statements more on
        # every request for a row read
        cursor = self.db.execute("SELECT * FROM games WHERE id = ?", [game_id])
        row = cursor.fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return dict(zip([column[0] for column in cursor.description], row, strict=True))

    def find_game(self, column: str, value: str) -> dict[str, Any] | None:
        """The game whose ``join_token`` or ``table_code`` is ``value``."""
        if column not in ("join_token", "table_code"):
            raise ValueError(column)
        rows = list(self.db.query(f"SELECT * FROM games WHERE {column} = ?", [value]))
        return rows[0] if rows else None

    def games(self) -> list[dict[str, Any]]:
        """All games, most recently changed first."""
        return list(self.db.query("SELECT * FROM games ORDER BY updated_at DESC, id"))

    def set_status(self, game_id: str, status: str) -> None:
        """Mark a game ``active`` or ``finished`` (a projection of its events, kept for listing).

        Called from a ``project`` callback, it commits with the events it projects.
        """
        with self.transaction():
            self.db.execute("UPDATE games SET status = ? WHERE id = ?", [status, game_id])

    # -- events ------------------------------------------------------------------------------

    def events(self, game_id: str, after: int = 0) -> list[StoredEvent]:
        """The game's events with ``seq > after``, in order."""
        rows = self.db.execute(
            "SELECT game_id, seq, type, version, payload, ts, command_id FROM events"
            " WHERE game_id = ? AND seq > ? ORDER BY seq",
            [game_id, after],
        ).fetchall()
        return [StoredEvent(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5], r[6]) for r in rows]

    def commands(self, game_id: str) -> dict[int, Any]:
        """The JSON of each of the game's commands, by the ``seq`` of its first event (``None``
        for a command recorded before commands were kept: schema step 5)."""
        rows = self.db.execute("SELECT first_seq, command FROM commands WHERE game_id = ?", [game_id]).fetchall()
        return {first: None if text is None else json.loads(text) for first, text in rows}

    def last_seq(self, game_id: str) -> int:
        """The highest ``seq`` of the game (0 when empty)."""
        row = self.db.execute("SELECT last_seq FROM games WHERE id = ?", [game_id]).fetchone()
        if row is None:
            raise UnknownGame(game_id)
        return row[0]

    def append(
        self,
        game_id: str,
        expected_seq: int,
        events: Sequence[Event | Record],
        idempotency_key: str,
        request: Any = None,
        command_id: str | None = None,
        command: Any = None,
    ) -> AppendResult:
        """Append ``events`` atomically after ``expected_seq``.

        ``command_id`` groups the events for undo/redo (default: the idempotency key; an import
        keeps the original ids under fresh keys); ``command``: the command's JSON, kept with the
        events (exports carry it, imports decide it again). Raises :class:`ConflictError` when the stream
        is past ``expected_seq`` and :class:`IdempotencyError` when the key was used for a
        different request; in both cases nothing is written. A repeated key with the same
        request returns the first result.
        """
        records = [_to_record(e) for e in events]
        digest = request_hash(request if request is not None else records)
        with self.transaction():
            seen = self._seen(idempotency_key, game_id, digest)
            if seen:
                return seen
            current = self.last_seq(game_id)
            if current != expected_seq:
                raise ConflictError(f"game {game_id} is at seq {current}, not {expected_seq}")
            return self._write(game_id, current, records, idempotency_key, digest, command_id, command=command)

    def execute(
        self,
        game_id: str,
        decide: Callable[[list[StoredEvent]], Sequence[Event | Record]],
        idempotency_key: str,
        request: Any,
        project: Projection | None = None,
        after: int = 0,
        command: Any = None,
        status: Callable[[], str] | None = None,
    ) -> AppendResult:
        """Decide-and-append under one ``BEGIN IMMEDIATE``: ``decide`` sees every event with
        ``seq > after`` (a caller that keeps the fold of the first ``after`` events reads only
        the rest: the cost of a command does not grow with the game). ``command``: the command's
        JSON, kept with its events.

        ``project`` runs after the events are written, before the one ``COMMIT``: the
        projections it writes commit with them. ``status`` (called once ``decide`` has run) is the
        game's new status, written in the same statement as its ``last_seq``. The result carries the
        records written (:attr:`AppendResult.records`), so a caller need not read them back.
        Whatever ``decide`` or ``project`` raises propagates and nothing is written. A replayed
        key runs neither: the key is looked up only when it shows up in the records read under
        the lock or when the ``commands`` row cannot be inserted (its PRIMARY KEY).
        """
        digest = request_hash(request)
        try:
            with self.transaction():
                rows = self._events_from(game_id, after)
                history = rows[1:] if after else rows
                if any(r.command_id == idempotency_key for r in history):
                    raise _Recorded  # a double tap's first copy committed while this one waited
                records = [_to_record(e) for e in decide(history)]
                last = rows[-1] if rows else None
                result = self._write(game_id, last.seq if last else 0, records, idempotency_key, digest,
                                     command=command, status=status, previous_ts=last.ts if last else None)
                if project is not None:
                    project()
                return result
        except (_Recorded, sqlite3.IntegrityError):
            # The key is looked up only now, once the write is refused or the key showed up in the
            # stream: the common step never reads it (the PRIMARY KEY of ``commands`` guards it).
            seen = self._seen(idempotency_key, game_id, digest)
            if seen is None:
                raise
            return seen

    def _events_from(self, game_id: str, after: int) -> list[StoredEvent]:
        """The events with ``seq >= after`` (from the first one when ``after`` is 0): the record at
        ``after`` proves the stream reaches the caller's fold and gives the time the next event may
        not precede, in the same read as the tail. :class:`ConflictError` when the stream is shorter."""
        rows = self.events(game_id, after=after - 1 if after else 0)
        if after and (not rows or rows[0].seq != after):
            raise ConflictError(f"game {game_id} does not reach seq {after}")
        return rows

    def _not_before(self, game_id: str, current: int, now: str) -> str:
        """``now``, or the time of the game's event ``current`` if the clock shows earlier: a
        game's times never run backwards (a clock set back, another device's times imported),
        so its export stays one an import accepts (companion.events.jsonl refuses time running
        backwards)."""
        row = self.db.execute("SELECT ts FROM events WHERE game_id = ? AND seq = ?", [game_id, current]).fetchone()
        return now if row is None else _not_earlier(row[0], now)

    def _seen(self, key: str, game_id: str, digest: str) -> AppendResult | None:
        row = self.db.execute(
            "SELECT game_id, request_hash, first_seq, last_seq FROM commands WHERE idempotency_key = ?", [key]
        ).fetchone()
        if row is None:
            return None
        if row[0] != game_id or row[1] != digest:
            raise IdempotencyError(f"idempotency key {key!r} was already used for another request")
        return AppendResult(row[2], row[3], replayed=True)

    def _write(
        self, game_id: str, current: int, records: list[Record], key: str, digest: str,
        command_id: str | None = None, times: list[str] | None = None, command: Any = None,
        status: Callable[[], str] | None = None, previous_ts: str | None = None,
    ) -> AppendResult:
        if not records:
            raise ValueError("a command must append at least one event")
        now = _now()
        if times is None:
            at = _not_earlier(previous_ts, now) if previous_ts is not None else self._not_before(game_id, current, now)
            times = [at] * len(records)
        stored = [
            StoredEvent(game_id, current + i, type_, version, payload, ts, command_id or key)
            for i, ((type_, version, payload), ts) in enumerate(zip(records, times, strict=True), start=1)
        ]
        # The command row first: a key already recorded fails here, before the events are inserted.
        last = current + len(stored)
        self.db.execute(
            "INSERT INTO commands (idempotency_key, game_id, request_hash, first_seq, last_seq, created_at, command)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [key, game_id, digest, current + 1, last, now, _command_text(command)],
        )
        self.db.conn.executemany(
            "INSERT INTO events (game_id, seq, type, version, payload, ts, command_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(e.game_id, e.seq, e.type, e.version, json.dumps(e.payload, ensure_ascii=False), e.ts, e.command_id)
             for e in stored],
        )
        if status is None:
            self.db.execute("UPDATE games SET last_seq = ?, updated_at = ? WHERE id = ?", [last, now, game_id])
        else:  # the status projection in the same statement (one write of the game row per step)
            self.db.execute("UPDATE games SET last_seq = ?, updated_at = ?, status = ? WHERE id = ?",
                            [last, now, status(), game_id])
        return AppendResult(current + 1, last, records=tuple(stored))


def _not_earlier(previous: str, now: str) -> str:
    """``now``, or ``previous`` (the time of the game's last event) if the clock shows earlier."""
    try:
        return previous if datetime.fromisoformat(previous) > datetime.fromisoformat(now) else now
    except (TypeError, ValueError):  # a time without its zone (never written by this app)
        return now
