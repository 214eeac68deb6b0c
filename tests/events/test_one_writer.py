"""One writer at a time per process (issue 21): the stores of one database file (one per request
thread) share one lock around ``BEGIN IMMEDIATE … COMMIT``. Writers from threads queue on it, not
in SQLite's busy handler, and lose nothing; a failed write lets the next one in."""

from __future__ import annotations

import contextlib
import threading

import pytest

from companion.events import EventStore
from companion.events.store import ConflictError, write_lock


class Boom(Exception):
    """The injected fault."""


def rec(n: int):
    return ("test-note", 1, {"n": n})


def run_threads(count: int, target) -> list[BaseException]:
    """Run ``target(w)`` in ``count`` threads started together; the exceptions they raised."""
    failures: list[BaseException] = []
    start = threading.Barrier(count)

    def run(w: int) -> None:
        start.wait()
        try:
            target(w)
        except BaseException as exc:  # noqa: BLE001 - reported by the caller
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(w,)) for w in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "a writer never finished"
    return failures


def test_concurrent_writers_from_threads_lose_nothing_and_never_meet_sqlite_busy(tmp_path):
    path = tmp_path / "db.sqlite3"
    game = EventStore(path).start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})

    def writer(w: int) -> None:
        store = EventStore(path)  # its own connection, as each request thread has
        store.db.execute("PRAGMA busy_timeout = 0")  # any wait inside SQLite would fail at once
        try:
            for i in range(25):
                store.execute(game["id"], lambda _tail, i=i: [rec(w * 100 + i)], f"k{w}-{i}", {"w": w, "i": i})
                if i % 5 == 0:  # optimistic: may conflict with a thread writing meanwhile, writing nothing
                    with contextlib.suppress(ConflictError):
                        store.append(game["id"], store.last_seq(game["id"]), [rec(-1)], f"a{w}-{i}")
        finally:
            store.close()

    assert run_threads(6, writer) == []
    check = EventStore(path)
    events = check.events(game["id"])
    assert [e.seq for e in events] == list(range(1, len(events) + 1)) == list(range(1, check.last_seq(game["id"]) + 1))
    executed = sorted(e.payload["n"] for e in events if e.payload["n"] >= 0)
    assert executed == sorted([0] + [w * 100 + i for w in range(6) for i in range(25)])
    keys = {row[0] for row in check.db.execute("SELECT idempotency_key FROM commands")}
    assert {f"k{w}-{i}" for w in range(6) for i in range(25)} <= keys


def test_concurrent_starts_and_settings_from_threads_all_commit(tmp_path):
    path = tmp_path / "db.sqlite3"
    EventStore(path).close()

    def writer(w: int) -> None:
        store = EventStore(path)
        store.db.execute("PRAGMA busy_timeout = 0")
        try:
            for i in range(10):
                store.start_game("test-tally", f"Night {w}-{i}", [rec(i)], f"s{w}-{i}", {"w": w, "i": i})
                store.update_setting("tally", lambda old: (old or 0) + 1)
        finally:
            store.close()

    assert run_threads(5, writer) == []
    check = EventStore(path)
    assert len(check.games()) == 50 and check.get_setting("tally") == 50


def test_a_failed_write_lets_the_next_writer_in(tmp_path):
    path = tmp_path / "db.sqlite3"
    one, two = EventStore(path), EventStore(path)
    game = one.start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})

    def fail(_tail):
        raise Boom("refused")

    with pytest.raises(Boom):
        one.execute(game["id"], fail, "k-fail", {"n": 1})
    done = []
    thread = threading.Thread(target=lambda: done.append(two.execute(game["id"], lambda _t: [rec(2)], "k2", {"n": 2})))
    thread.start()
    thread.join(timeout=5)
    assert done and done[0].last_seq == 2
    assert not one.db.conn.in_transaction


def test_the_lock_is_held_from_begin_to_commit_only(tmp_path):
    """While one thread writes, another thread's write waits for the lock; outside a write the
    lock is free (a reader never takes it)."""
    path = tmp_path / "db.sqlite3"
    store = EventStore(path)
    game = store.start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})
    lock = write_lock(path)
    inside, release = threading.Event(), threading.Event()

    def slow(_tail):
        inside.set()
        release.wait(5)
        return [rec(1)]

    thread = threading.Thread(target=lambda: EventStore(path).execute(game["id"], slow, "slow", {"n": 1}))
    thread.start()
    assert inside.wait(5)
    taken = []
    probe = threading.Thread(target=lambda: taken.append(lock.acquire(timeout=0.2)) or (taken[-1] and lock.release()))
    probe.start()
    probe.join()
    assert taken == [False], "another thread took the lock during a write"
    release.set()
    thread.join(5)
    assert lock.acquire(timeout=1)
    lock.release()
    assert store.last_seq(game["id"]) == 2 and store.events(game["id"])  # a read takes no lock


def test_one_lock_per_file_whatever_the_spelling(tmp_path):
    (tmp_path / "sub").mkdir()
    assert write_lock(tmp_path / "db.sqlite3") is write_lock(str(tmp_path / "sub" / ".." / "db.sqlite3"))
    assert write_lock(tmp_path / "db.sqlite3") is not write_lock(tmp_path / "other.sqlite3")
    assert write_lock(":memory:") is not write_lock(":memory:")  # each in-memory database is its own
