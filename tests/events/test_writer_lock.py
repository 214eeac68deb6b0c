"""Writers of one process queue on a Python lock per database file (issue 11): not in SQLite's
busy handler, whose sleep-and-retry made concurrent writes slow."""

from __future__ import annotations

import threading

import pytest

from companion.events import EventStore
from companion.events.store import writer_lock


class Boom(Exception):
    """The injected fault."""


def rec(n: int):
    return ("test-note", 1, {"n": n})


def test_threads_on_their_own_connections_never_meet_sqlite_busy(tmp_path):
    path = tmp_path / "db.sqlite3"
    game = EventStore(path).start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})
    failures: list[BaseException] = []

    def writer(w: int) -> None:
        store = EventStore(path)
        store.db.execute("PRAGMA busy_timeout = 0")  # any wait inside SQLite would fail at once
        try:
            for i in range(25):
                store.execute(game["id"], lambda _tail, i=i: [rec(w * 100 + i)], f"k{w}-{i}", {"w": w, "i": i})
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
        finally:
            store.close()

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    check = EventStore(path)
    assert check.last_seq(game["id"]) == 1 + 6 * 25
    assert [e.seq for e in check.events(game["id"])] == list(range(1, 152))


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


def test_one_lock_per_file_whatever_the_spelling(tmp_path):
    (tmp_path / "sub").mkdir()
    assert writer_lock(tmp_path / "db.sqlite3") is writer_lock(str(tmp_path / "sub" / ".." / "db.sqlite3"))
    assert writer_lock(tmp_path / "db.sqlite3") is not writer_lock(tmp_path / "other.sqlite3")
    assert writer_lock(":memory:") is None
