"""Group commit: the writers of one process share one transaction and one ``fsync``.

A ``COMMIT`` under ``synchronous=FULL`` waits for the disk (1 to 10 ms on a shared machine), and
SQLite lets one writer at a time in. Writers that each committed on their own therefore queued
behind each other's ``fsync``: throughput was one ``fsync`` per action, and a writer waited for
every ``fsync`` ahead of it.

Here every write of the process to one database file goes through one connection (the file's
:class:`GroupCommit`), one writer at a time, each inside its own savepoint. A writer that finds
another one waiting leaves the transaction open for it and waits; the last writer of the queue
commits for everyone, then every writer of that batch returns. Nobody returns before the
``COMMIT`` that holds their writes succeeded; a writer whose own work fails rolls back its
savepoint only; a failed ``COMMIT`` (or a fault that makes SQLite roll the whole transaction back)
fails every writer of the batch, and nothing of it is written. ``BEGIN IMMEDIATE`` still keeps
other processes out.

Several server processes (``companion serve --workers``) take turns through an ``flock`` on a
file beside the database, held from ``BEGIN IMMEDIATE`` to ``COMMIT``: a process waiting for it
wakes as soon as it is free, where SQLite's busy handler would sleep 1, 2, 5, 10… ms between
tries. Where the lock file cannot be made (a read-only folder, no ``fcntl``) SQLite alone decides.
"""

from __future__ import annotations

import os
import sqlite3
import threading

try:
    import fcntl
except ImportError:  # Windows: one process serves there
    fcntl = None
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.events.connection import connect

MAX_BATCH = 16  # writers per COMMIT: bounds how long the first of them waits
KEEP_FILES = 8  # writer connections kept open for the most recent files (tests open many database files in one process)


class BatchFailed(sqlite3.OperationalError):
    """The ``COMMIT`` of a batch this write belonged to failed: nothing of it was written."""


class _Batch:
    """One open transaction shared by the writers that joined it."""

    def __init__(self) -> None:
        self.members = 0  # writers whose work is in it
        self.error: BaseException | None = None
        self.done = threading.Event()


class GroupCommit:
    """The writers of one database file in this process (see the module's docstring)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.Lock()  # held by the writer using the connection now
        self._guard = threading.Lock()  # protects _queued
        self._queued = 0
        self._owner: int | None = None
        self._batch: _Batch | None = None
        self._db: Database | None = None
        self._between: int | None = None  # the lock file's descriptor (processes take turns)

    @contextmanager
    def write(self, store: Any) -> Iterator[None]:
        """Run the body with ``store.db`` on the shared connection, inside a savepoint of the
        open batch; return once that batch committed (raise if it failed)."""
        if self._owner == threading.get_ident():  # a second store of this thread, inside a write
            with self._joined(store):
                yield
            return
        with self._guard:
            self._queued += 1
        self._lock.acquire()
        with self._guard:
            self._queued -= 1
        self._owner = threading.get_ident()
        batch: _Batch | None = None
        try:
            batch = self._begin()
            with self._joined(store):
                yield
        except BaseException as exc:
            self._finish(batch, mine=False, error=exc)
            raise
        batch.members += 1
        self._finish(batch, mine=True)

    def connection(self) -> Database:
        """The shared writer connection (opened on first use)."""
        if self._db is None:
            self._db = Database(connect(self.path))
        return self._db

    def _begin(self) -> _Batch:
        self.connection()
        if self._batch is None:
            self._take_turn()
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except BaseException:
                self._end_turn()
                raise
            self._batch = _Batch()
        return self._batch

    def _take_turn(self) -> None:
        if fcntl is None:
            return
        if self._between is None:
            try:
                self._between = os.open(self.path + ".lock", os.O_RDWR | os.O_CREAT, 0o600)
            except OSError:
                return
        fcntl.flock(self._between, fcntl.LOCK_EX)

    def _end_turn(self) -> None:
        if fcntl is not None and self._between is not None:
            fcntl.flock(self._between, fcntl.LOCK_UN)

    @contextmanager
    def _joined(self, store: Any) -> Iterator[None]:
        saved, depth = store.db, store._depth
        store.db, store._depth = self._db, 1
        try:
            with store._savepoint():
                yield
        finally:
            store.db, store._depth = saved, depth

    def _finish(self, batch: _Batch | None, mine: bool, error: BaseException | None = None) -> None:
        """Leave the batch open for a waiting writer, or commit it; then wait for its outcome."""
        committed_here = False
        if batch is not None and self._db is not None and not self._db.conn.in_transaction:
            # SQLite rolled the whole transaction back (disk full, I/O error): the batch is lost.
            self._close_batch(batch, error or sqlite3.OperationalError("the transaction was rolled back"))
        elif batch is not None:
            with self._guard:
                pass_on = self._queued > 0 and batch.members < MAX_BATCH
            if not pass_on:
                self._commit(batch)
                committed_here = True
        self._owner = None
        self._lock.release()
        if mine and batch is not None:
            batch.done.wait()
            if batch.error is not None:
                raise batch.error if committed_here else _failed(batch.error)

    def _commit(self, batch: _Batch) -> None:
        db = self._db
        try:
            db.execute("COMMIT" if batch.members else "ROLLBACK")
        except BaseException as exc:  # noqa: BLE001 - every writer of the batch is told
            if db.conn.in_transaction:
                try:
                    db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            self._close_batch(batch, exc)
            return
        self._close_batch(batch, None)

    def _close_batch(self, batch: _Batch, error: BaseException | None) -> None:
        batch.error = error
        self._batch = None
        self._end_turn()
        batch.done.set()

    def close_if_idle(self) -> None:
        """Close the connection unless a writer uses it (the next write opens it again)."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            if self._batch is None and self._db is not None:
                self._db.conn.close()
                self._db = None
            if self._batch is None and self._between is not None:
                os.close(self._between)
                self._between = None
        finally:
            self._lock.release()


def _failed(error: BaseException) -> BatchFailed:
    failed = BatchFailed(f"the write was not recorded: {error}")
    failed.__cause__ = error  # storage faults are recognised through the cause
    failed.sqlite_errorcode = getattr(error, "sqlite_errorcode", 0)
    return failed


_files: OrderedDict[str, GroupCommit] = OrderedDict()
_files_guard = threading.Lock()
_inherited: list = []  # a forked child's copies of its parent's writers: kept, never used or closed


def _after_fork_in_child() -> None:
    # A connection (and a lock file turn) must not cross a fork: a child starts with no writer of
    # its own. The parent's objects are kept alive, unused, because closing an inherited SQLite
    # handle could disturb the parent's locks.
    global _files_guard
    _inherited.extend(_files.values())
    _files.clear()
    _files_guard = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def group_commit(path: str | Path) -> GroupCommit | None:
    """The :class:`GroupCommit` of the database file at ``path`` (``None`` in memory: each
    connection has its own database)."""
    text = str(path)
    if text in ("", ":memory:") or text.startswith("file:"):
        return None
    key = os.path.realpath(text)
    with _files_guard:
        found = _files.get(key)
        if found is None:
            found = _files[key] = GroupCommit(key)
            # Stores keep their GroupCommit: an old one is never dropped, only its connection closed.
            for other in list(_files.values())[-KEEP_FILES - 1::-1][:4]:
                other.close_if_idle()
        _files.move_to_end(key)
        return found
