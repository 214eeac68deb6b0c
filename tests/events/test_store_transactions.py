"""One transaction per write: events and every projection of them commit together or not at all,
and an import is written whole (issue 10, items 1-3). Faults are injected mid-transaction."""

from __future__ import annotations

import pytest

from companion.events import EventStore, IdempotencyError
from companion.events.store import ImportedEvent


class Boom(Exception):
    """The injected fault."""


@pytest.fixture
def store(tmp_path):
    s = EventStore(tmp_path / "db.sqlite3")
    yield s
    s.close()


def rec(n: int):
    return ("test-note", 1, {"n": n})


def boom():
    raise Boom("fault injected between the events and their projection")


def counts(store) -> dict:
    return {t: store.db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("games", "events", "commands")}


def imported(n: int, groups: int = 1) -> list[ImportedEvent]:
    """``n`` made-up events in ``groups`` commands, recorded on 1 March 2025."""
    per = -(-n // groups)
    return [ImportedEvent(i, "test-note", 1, {"n": i}, f"2025-03-01T20:{i // 60:02d}:{i % 60:02d}.000+00:00",
                          f"cmd-{(i - 1) // per}") for i in range(1, n + 1)]


def test_a_fault_after_the_events_before_the_status_writes_nothing(store):
    game = store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1})
    before = counts(store)

    def project():
        store.set_status(game["id"], "finished")
        boom()

    with pytest.raises(Boom):
        store.execute(game["id"], lambda history: [rec(2), rec(3)], "k1", {"cmd": 1}, project)
    assert counts(store) == before
    assert store.game(game["id"])["status"] == "active" and store.last_seq(game["id"]) == 1
    # the key was not consumed: the same command goes through once the fault is gone
    store.execute(game["id"], lambda history: [rec(2), rec(3)], "k1", {"cmd": 1},
                  lambda: store.set_status(game["id"], "finished"))
    assert store.game(game["id"])["status"] == "finished" and store.last_seq(game["id"]) == 3


def test_a_setting_written_by_a_projection_commits_with_the_events_or_not_at_all(store):
    game = store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1})

    def remember_then_fail():
        store.update_setting("catalog", lambda doc: {**(doc or {}), "Made-up card": 1})
        boom()

    with pytest.raises(Boom):
        store.execute(game["id"], lambda h: [rec(2)], "k1", {"cmd": 1}, remember_then_fail)
    assert store.get_setting("catalog") is None and store.last_seq(game["id"]) == 1
    store.execute(game["id"], lambda h: [rec(2)], "k1", {"cmd": 1},
                  lambda: store.update_setting("catalog", lambda doc: {"Made-up card": 1}))
    assert store.get_setting("catalog") == {"Made-up card": 1} and store.last_seq(game["id"]) == 2


def test_a_nested_failure_caught_inside_undoes_only_its_own_writes(store):
    """A projection that swallows its own error (the catalog's "never raises") must not leave half
    of its writes behind, nor undo the command's events."""
    game = store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1})

    def careful():
        try:
            with store.transaction():
                store.put_setting("catalog", {"half": True})
                boom()
        except Boom:
            pass

    store.execute(game["id"], lambda h: [rec(2)], "k1", {"cmd": 1}, careful)
    assert store.get_setting("catalog") is None and store.last_seq(game["id"]) == 2
    assert not store.db.conn.in_transaction


def test_a_start_whose_projection_fails_leaves_no_game(store):
    with pytest.raises(Boom):
        store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1}, status="active", project=boom)
    assert counts(store) == {"games": 0, "events": 0, "commands": 0}


def test_a_start_records_the_status_it_is_given(store):
    game = store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1}, status="finished")
    assert game["status"] == "finished"


@pytest.mark.parametrize("fail_at", [1, 2, 5])
def test_an_import_interrupted_at_any_command_writes_nothing(store, monkeypatch, fail_at):
    real, calls = store._write, []

    def faulty(*args, **kwargs):
        calls.append(1)
        if len(calls) == fail_at:
            boom()
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "_write", faulty)
    with pytest.raises(Boom):
        store.import_game("test-tally", "Imported", imported(40, groups=8), "file-digest", "finished")
    assert counts(store) == {"games": 0, "events": 0, "commands": 0}


def test_an_import_keeps_seq_times_command_ids_and_status(store):
    events = imported(12, groups=4)
    game, created = store.import_game("test-tally", "Imported", events, "file-digest", "finished")
    stored = store.events(game["id"])
    assert created and game["status"] == "finished" and game["last_seq"] == 12
    assert [(e.seq, e.ts, e.command_id, e.payload) for e in stored] == [
        (e.seq, e.ts, e.command_id, e.payload) for e in events
    ]
    assert game["created_at"] == events[0].ts, "the game started when its first event was recorded"
    assert counts(store)["commands"] == 4, "one command per original command (undo/redo groups kept)"


def test_the_same_import_key_gives_the_first_game_back(store):
    first, created = store.import_game("test-tally", "Imported", imported(5), "file-digest", "active")
    again, created_again = store.import_game("test-tally", "Imported", imported(5), "file-digest", "active")
    assert created and not created_again and again["id"] == first["id"]
    assert counts(store) == {"games": 1, "events": 5, "commands": 1}
    other, created_other = store.import_game("test-tally", "Imported", imported(5), "another-digest", "active")
    assert created_other and other["id"] != first["id"]


@pytest.mark.parametrize("events", [
    [],
    imported(3)[1:],  # does not start at 1
    [imported(3)[0], imported(3)[2]],  # a gap
    [ImportedEvent(i, "test-note", 1, {}, "2025-03-01T20:00:00+00:00", c) for i, c in enumerate("aba", start=1)],
], ids=["empty", "not-from-1", "gap", "split-command"])
def test_the_store_refuses_an_import_that_would_corrupt_a_stream(store, events):
    with pytest.raises(ValueError):
        store.import_game("test-tally", "Imported", events, "file-digest", "active")
    assert counts(store) == {"games": 0, "events": 0, "commands": 0}


def test_a_failed_commit_is_rolled_back_and_leaves_no_transaction_open(store):
    """With foreign keys deferred, the COMMIT itself fails: nothing stays written or open (the web
    layer reuses one connection per thread, so an open transaction would swallow later writes)."""
    with pytest.raises(Exception, match="FOREIGN KEY"):
        with store.transaction():
            store.db.execute("PRAGMA defer_foreign_keys=ON")
            store.db.execute("INSERT INTO events (game_id, seq, type, version, payload, ts, command_id)"
                             " VALUES ('no-such-game', 1, 'test-note', 1, '{}', '', 'k')")
    assert not store.db.conn.in_transaction
    assert counts(store) == {"games": 0, "events": 0, "commands": 0}


def test_a_transaction_left_open_behind_the_stores_back_is_never_joined(store, tmp_path):
    store.db.execute("BEGIN")
    store.db.execute("INSERT INTO settings (key, value, updated_at) VALUES ('stale', '1', '')")
    store.put_setting("fresh", 1)
    other = EventStore(tmp_path / "db.sqlite3")
    assert (other.get_setting("stale"), other.get_setting("fresh")) == (None, 1)
    other.close()


def test_execute_after_shows_decide_only_the_records_after_that_seq(store):
    """A caller keeping the fold of the first events reads only the rest (issue 11); the new
    events still go after the stream's real last seq, whatever ``after`` says."""
    game = store.start_game("test-tally", "Night", [rec(1), rec(2)], "start", {"s": 1})
    store.append(game["id"], 2, [rec(3)], "k-other")
    seen = []

    def decide(history):
        seen.extend(e.seq for e in history)
        return [rec(4)]

    result = store.execute(game["id"], decide, "k1", {"cmd": 1}, after=2)
    assert seen == [3] and (result.first_seq, result.last_seq) == (4, 4)
    seen.clear()
    store.execute(game["id"], decide, "k2", {"cmd": 2})
    assert seen == [1, 2, 3, 4]


def test_a_setting_changed_since_it_was_seen_is_merged_again_not_overwritten(store):
    """update_setting(seen=…) writes with one compare-and-set (issue 21); when another writer
    changed the setting since it was read, the change is made again to the stored value."""
    store.put_setting("catalog", {"a": 1})
    seen = store.setting_text("catalog")
    store.put_setting("catalog", {"a": 1, "b": 2})  # another phone's card, after this request's read
    assert store.update_setting("catalog", lambda doc: {**doc, "c": 3}, seen=seen) == {"a": 1, "b": 2, "c": 3}
    assert store.get_setting("catalog") == {"a": 1, "b": 2, "c": 3}
    seen = store.setting_text("catalog")
    assert store.update_setting("catalog", lambda doc: {**doc, "d": 4}, seen=seen)["d"] == 4
    assert store.get_setting("catalog") == {"a": 1, "b": 2, "c": 3, "d": 4}


def test_a_key_recorded_while_the_command_waited_answers_the_first_result(store):
    """The key is not looked up before the write (issue 21): a copy whose first copy is in the
    records read under the lock, or whose key the commands table refuses, gets the first result."""
    game = store.start_game("test-tally", "Night", [rec(1)], "start", {"s": 1})
    first = store.execute(game["id"], lambda h: [rec(2)], "k1", {"cmd": 1}, after=1)
    again = store.execute(game["id"], lambda h: [rec(3)], "k1", {"cmd": 1}, after=1)  # k1 is in the tail
    late = store.execute(game["id"], lambda h: [rec(3)], "k1", {"cmd": 1}, after=2)  # k1 is before the tail
    assert again.replayed and late.replayed and (again.first_seq, late.last_seq) == (first.first_seq, first.last_seq)
    assert first.records and not again.records and store.last_seq(game["id"]) == 2
    with pytest.raises(IdempotencyError):
        store.execute(game["id"], lambda h: [rec(3)], "k1", {"cmd": 2}, after=2)
