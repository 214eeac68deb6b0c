"""Writers of one process share one connection and one COMMIT per batch (issue 11): queued in
Python, not in SQLite's sleep-and-retry busy handler; each sees only its own work fail."""

from __future__ import annotations

import threading

import pytest

from companion.events import EventStore
from companion.events.batch import group_commit


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
    assert group_commit(tmp_path / "db.sqlite3") is group_commit(str(tmp_path / "sub" / ".." / "db.sqlite3"))
    assert group_commit(tmp_path / "db.sqlite3") is not group_commit(tmp_path / "other.sqlite3")
    assert group_commit(":memory:") is None


# -- group commit: writers queued behind one another share one COMMIT -----------------------------

def _queued(store, count: int) -> None:
    """Wait until ``count`` other writers queue behind the one running now."""
    for _ in range(500):
        if store._writer._queued >= count:
            return
        threading.Event().wait(0.01)
    raise AssertionError("the other writers never queued")


def _running(store) -> None:
    """Wait until a writer holds the file's connection."""
    for _ in range(500):
        if store._writer._owner is not None:
            return
        threading.Event().wait(0.01)
    raise AssertionError("no writer started")


def _in_thread(target) -> tuple[threading.Thread, list]:
    outcome: list = []

    def run() -> None:
        try:
            outcome.append(target())
        except BaseException as exc:  # noqa: BLE001 - checked by the test
            outcome.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, outcome


def test_writers_queued_behind_one_another_share_one_commit(tmp_path):
    path = tmp_path / "db.sqlite3"
    first = EventStore(path)
    game = first.start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})
    commits: list[str] = []
    first.writer().conn.set_trace_callback(lambda s: commits.append(s) if s.strip().upper() == "COMMIT" else None)
    others = [EventStore(path) for _ in range(2)]

    def slow(_tail):
        _queued(first, 2)  # both others wait for the connection now
        return [rec(1)]

    threads = [_in_thread(lambda: first.execute(game["id"], slow, "k-first", {"n": 1}))]
    _running(first)
    threads += [_in_thread(lambda s=s, i=i: s.execute(game["id"], lambda _t, i=i: [rec(10 + i)], f"k{i}", {"i": i}))
                for i, s in enumerate(others)]
    for thread, _outcome in threads:
        thread.join(timeout=10)
    assert [type(o[0]).__name__ for _t, o in threads] == ["AppendResult"] * 3
    assert len(commits) == 1
    assert first.last_seq(game["id"]) == 4


def test_a_failing_writer_of_a_batch_takes_only_its_own_work_back(tmp_path):
    path = tmp_path / "db.sqlite3"
    first, second = EventStore(path), EventStore(path)
    game = first.start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})

    def refused(_tail):
        _queued(first, 1)
        raise Boom("refused after the other writer queued")

    failing, failed = _in_thread(lambda: first.execute(game["id"], refused, "k-refused", {"n": 1}))
    _running(first)
    passing, passed = _in_thread(lambda: second.execute(game["id"], lambda _t: [rec(2)], "k2", {"n": 2}))
    failing.join(timeout=10)
    passing.join(timeout=10)
    assert isinstance(failed[0], Boom) and passed[0].last_seq == 2
    assert [e.payload for e in first.events(game["id"])] == [{"n": 0}, {"n": 2}]


def test_a_failed_commit_fails_every_writer_of_its_batch_and_records_nothing(tmp_path):
    path = tmp_path / "db.sqlite3"
    first, second = EventStore(path), EventStore(path)
    game = first.start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})

    def poisoned(_tail):
        _queued(first, 1)
        # Checked only at COMMIT: a row pointing at no game, with foreign keys deferred.
        first.db.execute("PRAGMA defer_foreign_keys=ON")
        first.db.execute("INSERT INTO events (game_id, seq, type, version, payload, ts, command_id)"
                         " VALUES ('no-such-game', 1, 'test-note', 1, '{}', '', 'k')")
        return [rec(1)]

    one, first_out = _in_thread(lambda: first.execute(game["id"], poisoned, "k1", {"n": 1}))
    _running(first)
    two, second_out = _in_thread(lambda: second.execute(game["id"], lambda _t: [rec(2)], "k2", {"n": 2}))
    one.join(timeout=10)
    two.join(timeout=10)
    assert all(isinstance(o[0], Exception) and "FOREIGN KEY" in str(o[0]) for o in (first_out, second_out))
    assert first.last_seq(game["id"]) == 1 and not first.writer().conn.in_transaction
    assert second.execute(game["id"], lambda _t: [rec(3)], "k3", {"n": 3}).last_seq == 2  # the writer goes on


def _process_writer(path: str, game_id: str, w: int, out) -> None:
    # A server worker of its own: its writer connection may not wait inside SQLite at all.
    group_commit(path).connection().execute("PRAGMA busy_timeout = 0")
    store = EventStore(path)
    try:
        for i in range(40):
            store.execute(game_id, lambda _tail, i=i: [rec(w * 100 + i)], f"p{w}-{i}", {"w": w, "i": i})
        out.put("ok")
    except BaseException as exc:  # noqa: BLE001 - reported to the test
        out.put(repr(exc))


def test_processes_take_turns_without_meeting_sqlite_busy(tmp_path):
    """``companion serve --workers``: the writers of several processes take turns through the lock
    file (an ``flock`` from BEGIN to COMMIT), never through SQLite's busy handler."""
    import multiprocessing

    path = str(tmp_path / "db.sqlite3")
    game = EventStore(path).start_game("test-tally", "Night", [rec(0)], "start", {"s": 0})
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    workers = [context.Process(target=_process_writer, args=(path, game["id"], w, out)) for w in range(3)]
    for worker in workers:
        worker.start()
    answers = [out.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    assert answers == ["ok"] * 3
    assert EventStore(path).last_seq(game["id"]) == 1 + 3 * 40
