"""The web layer's database connections and storage faults.

One :class:`EventStore` (one SQLite connection) per thread and database, reused by every request
the thread serves: PRAGMAs and the schema check run once per thread, not per request, so reads
keep working when the disk turns read-only or fills up.

A write that fails because the storage is read-only or full, or fails on the way to the disk (an
input/output error, a damaged file, a lock never released), answers a page saying so and that
nothing was recorded (503 / 507) instead of a 500; ``/healthz`` reports the fault until a probe
shows the storage writable again. Writes need no restart: each one simply tries again.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from pathlib import Path

from flask import Flask, current_app
from flask_babel import gettext as _

from companion.events import EventStore

READ_ONLY = "read-only"
FULL = "full"
FAILING = "failing"  # any other write failure: an I/O error, a damaged file, a lock held too long
STATUS = {READ_ONLY: 503, FULL: 507, FAILING: 503}  # 503 Service Unavailable, 507 Insufficient Storage
MIN_FREE_BYTES = 1024 * 1024  # below this the next commit may not fit: report "full" early
KEEP_PER_THREAD = 8  # stores kept per thread (tests open many instance folders in one thread)

_SQLITE_READONLY, _SQLITE_CANTOPEN, _SQLITE_FULL = 8, 14, 13
# BUSY, LOCKED, NOMEM, IOERR, CORRUPT, PROTOCOL, NOTADB: the storage, not the request, is at fault.
_SQLITE_FAILING = frozenset({5, 6, 7, 10, 11, 15, 26})
_local = threading.local()


def thread_store(path: str) -> EventStore:
    """This thread's store of the database at ``path`` (opened on first use, then reused)."""
    stores: OrderedDict[str, EventStore] | None = getattr(_local, "stores", None)
    if stores is None:
        stores = _local.stores = OrderedDict()
    store = stores.get(path)
    if store is None:
        store = stores[path] = EventStore(path)
        while len(stores) > KEEP_PER_THREAD:
            stores.popitem(last=False)[1].close()
    stores.move_to_end(path)
    settle(store)
    return store


def settle(store: EventStore) -> None:
    """Roll back a transaction a failed request left open (the connection outlives requests, and a
    later write must never join a transaction that is not its own)."""
    conn = store.db.conn
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:  # nothing to roll back after all: the fault is reported elsewhere
            pass


def fault_of(exc: BaseException | None) -> str | None:
    """``READ_ONLY``, ``FULL`` or ``None``: what storage fault ``exc`` (or what caused it) is."""
    seen = 0
    while exc is not None and seen < 8:
        kind = _classify(exc)
        if kind:
            return kind
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return None


def _classify(exc: BaseException) -> str | None:
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
        text = str(exc).lower()
        if code in (_SQLITE_READONLY, _SQLITE_CANTOPEN) or "readonly database" in text:
            return READ_ONLY
        if code == _SQLITE_FULL or "disk is full" in text:
            return FULL
        if code in _SQLITE_FAILING or "disk i/o error" in text:
            return FAILING
    if isinstance(exc, OSError):
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return READ_ONLY
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return FULL
        if exc.errno == errno.EIO:
            return FAILING
    return None


def message(kind: str) -> str:
    """What the table is told about a storage fault."""
    if kind == FULL:
        return _("The storage of the device running the companion is full: nothing was recorded. "
                 "Free some space on it, then try again.")
    if kind == FAILING:
        return _("The storage of the device running the companion failed while writing: nothing was "
                 "recorded. Try again in a moment; if it keeps failing, check that device's disk or card.")
    return _("The storage of the device running the companion is read-only: nothing was recorded. "
             "Make its instance folder writable again, then try again.")


def record_fault(app: Flask, kind: str) -> None:
    """Remember a fault seen by a request, for ``/healthz``."""
    app.extensions["companion_storage_fault"] = (kind, time.time())


def current_fault(app: Flask) -> str | None:
    """The storage fault in force now, if any: the file system's state, then a recorded fault
    checked again by a write probe that is rolled back (cleared when the probe succeeds)."""
    kind = _filesystem_fault(Path(app.config["DATABASE"]))
    if kind:
        return kind
    recorded = app.extensions.get("companion_storage_fault")
    if recorded is None:
        return None
    kind = probe(thread_store(app.config["DATABASE"]), commit=recorded[0] == FAILING)
    if kind is None:
        app.extensions.pop("companion_storage_fault", None)
    return kind


def _filesystem_fault(database: Path) -> str | None:
    folder = database.parent
    try:
        stats = os.statvfs(folder)
    except OSError as exc:
        return _classify(exc) or READ_ONLY
    if stats.f_flag & os.ST_RDONLY:
        return READ_ONLY
    if stats.f_bavail * stats.f_frsize < MIN_FREE_BYTES:
        return FULL
    if not os.access(folder, os.W_OK) or (database.exists() and not os.access(database, os.W_OK)):
        return READ_ONLY
    return None


class _ProbeDone(Exception):
    """Raised inside the probe's transaction so that it is rolled back."""


def probe(store: EventStore, commit: bool = False) -> str | None:
    """Try a schema write (a new page) on the connection writes use and roll it back: the fault
    it meets, or ``None``. ``commit``: write it to the disk (the table made and dropped in one
    committed transaction, which leaves nothing behind): a write that fails on its way to the disk
    (an I/O error) is only met there, never by a write that is rolled back."""
    settle(store)
    try:
        with store.transaction():
            store.db.execute("CREATE TABLE companion_health_probe (x)")
            if not commit:
                raise _ProbeDone
            store.db.execute("DROP TABLE companion_health_probe")
    except _ProbeDone:
        return None
    except (sqlite3.Error, OSError) as exc:
        return fault_of(exc) or FAILING
    return None


def app_store() -> EventStore:
    """The current app's store for this thread."""
    return thread_store(current_app.config["DATABASE"])
