"""Contract of the append-only event store (companion/events/store.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import pytest
from support import run_together

from companion.core.events import Event, decode, event_type, upcaster
from companion.events import ConflictError, EventStore, IdempotencyError


@pytest.fixture
def store(tmp_path):
    s = EventStore(tmp_path / "db.sqlite3")
    yield s
    s.close()


@pytest.fixture
def game(store):
    return store.create_game("test-tally", "Test table")


def rec(n: int):
    return ("test-note", 1, {"n": n})


def test_durability_pragmas_are_in_force(store):
    assert store.pragmas() == {"journal_mode": "wal", "synchronous": 2}


def test_sequence_is_contiguous_across_appends(store, game):
    store.append(game["id"], 0, [rec(1), rec(2)], "k1")
    store.append(game["id"], 2, [rec(3)], "k2")
    assert [e.seq for e in store.events(game["id"])] == [1, 2, 3]
    assert [e.payload["n"] for e in store.events(game["id"])] == [1, 2, 3]
    assert [e.command_id for e in store.events(game["id"])] == ["k1", "k1", "k2"]


def test_stale_expected_seq_conflicts_and_writes_nothing(store, game):
    store.append(game["id"], 0, [rec(1)], "k1")
    with pytest.raises(ConflictError):
        store.append(game["id"], 0, [rec(99)], "k2")
    assert [e.payload["n"] for e in store.events(game["id"])] == [1]
    assert store.last_seq(game["id"]) == 1
    # the refused key was not consumed: it can be used once the caller catches up
    store.append(game["id"], 1, [rec(2)], "k2")
    assert store.last_seq(game["id"]) == 2


def test_a_batch_is_all_or_nothing(store, game):
    store.append(game["id"], 0, [rec(1)], "k1")
    # the third row violates NOT NULL inside the database, after two rows were inserted
    broken = (None, 1, {"n": 4})
    with pytest.raises(sqlite3.IntegrityError):
        store.append(game["id"], 1, [rec(2), rec(3), broken], "k2")
    assert [e.payload["n"] for e in store.events(game["id"])] == [1]
    assert store.last_seq(game["id"]) == 1


def test_repeated_idempotency_key_writes_one_event(store, game):
    first = store.append(game["id"], 0, [rec(1)], "same")
    again = store.append(game["id"], 0, [rec(1)], "same")
    assert again.replayed and (again.first_seq, again.last_seq) == (first.first_seq, first.last_seq)
    assert len(store.events(game["id"])) == 1


def test_reused_key_with_different_payload_is_refused(store, game):
    store.append(game["id"], 0, [rec(1)], "same")
    with pytest.raises(IdempotencyError):
        store.append(game["id"], 1, [rec(2)], "same")
    assert len(store.events(game["id"])) == 1


def test_execute_decides_inside_the_transaction_and_an_error_writes_nothing(store, game):
    store.execute(game["id"], lambda history: [rec(len(history) + 1)], "k1", {"cmd": 1})
    store.execute(game["id"], lambda history: [rec(len(history) + 1)], "k2", {"cmd": 2})
    assert [e.payload["n"] for e in store.events(game["id"])] == [1, 2]

    def refuse(history):
        raise ValueError("illegal")

    with pytest.raises(ValueError):
        store.execute(game["id"], refuse, "k3", {"cmd": 3})
    assert store.last_seq(game["id"]) == 2
    # replaying a command key returns the first result without deciding again
    calls = []
    result = store.execute(game["id"], lambda h: calls.append(1) or [rec(0)], "k1", {"cmd": 1})
    assert result.replayed and calls == []


def test_two_connections_racing_on_the_same_seq_one_wins(tmp_path):
    path = tmp_path / "race.sqlite3"
    setup = EventStore(path)
    game = setup.create_game("test-tally", "Race")
    outcomes = []

    def writer(i):
        s = EventStore(path)
        try:
            s.append(game["id"], 0, [rec(i)], f"racer-{i}")
            outcomes.append("ok")
        except ConflictError:
            outcomes.append("conflict")
        finally:
            s.close()

    run_together(writer, [(i,) for i in range(4)])
    assert sorted(outcomes) == ["conflict", "conflict", "conflict", "ok"]
    assert setup.last_seq(game["id"]) == 1
    setup.close()


def test_primary_key_rejects_a_duplicate_seq_written_behind_the_stores_back(store, game):
    store.append(game["id"], 0, [rec(1)], "k1")
    with pytest.raises(sqlite3.IntegrityError):
        store.db.execute(
            "INSERT INTO events (game_id, seq, type, version, payload, ts, command_id)"
            " VALUES (?, 1, 'x', 1, '{}', '', 'z')",
            [game["id"]],
        )


@event_type
@dataclass(frozen=True)
class NoteTaken(Event):
    """Test event at version 2: v1 had ``text``; v2 splits it into ``title`` and ``body``."""

    type = "test-note-taken"
    version = 2
    title: str
    body: str


@upcaster("test-note-taken", 1)
def _note_v1_to_v2(payload):
    title, _, body = payload["text"].partition(": ")
    return {"title": title, "body": body}


def test_old_event_versions_are_upcast_on_read_and_never_rewritten(store, game):
    store.append(game["id"], 0, [("test-note-taken", 1, {"text": "Round 3: raid"})], "old")
    store.append(game["id"], 1, [NoteTaken(title="Round 4", body="quiet")], "new")
    stored = store.events(game["id"])
    assert [(e.version, e.payload) for e in stored] == [
        (1, {"text": "Round 3: raid"}),
        (2, {"title": "Round 4", "body": "quiet"}),
    ]
    events = [decode(e.type, e.version, e.payload) for e in stored]
    assert events == [NoteTaken("Round 3", "raid"), NoteTaken("Round 4", "quiet")]
    # reading did not rewrite the stored row
    assert store.events(game["id"])[0].payload == {"text": "Round 3: raid"}


def test_migrations_are_recorded_and_reopening_is_harmless(tmp_path):
    path = tmp_path / "m.sqlite3"
    EventStore(path).close()
    again = EventStore(path)
    versions = [r[0] for r in again.db.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert versions == [1, 2, 3, 4, 5, 6, 7]
    assert {"games", "events", "commands", "settings", "record_plays", "device_labels"} <= set(again.db.table_names())
    again.close()


def test_table_codes_and_join_tokens_are_unique_and_unguessable(store):
    games = [store.create_game("test-tally", f"T{i}") for i in range(30)]
    assert len({g["table_code"] for g in games}) == 30
    assert all(len(g["join_token"]) >= 24 for g in games)
    assert store.find_game("table_code", games[3]["table_code"])["id"] == games[3]["id"]


def test_settings_round_trip(store):
    assert store.get_setting("box-profile") is None
    store.put_setting("box-profile", {"crew_tiles": [1]})
    store.put_setting("box-profile", {"crew_tiles": [1, 2]})
    assert store.get_setting("box-profile") == {"crew_tiles": [1, 2]}


def test_update_setting_is_atomic_read_modify_write(tmp_path):
    path = tmp_path / "s.sqlite3"
    EventStore(path).close()

    def add_one(i):
        s = EventStore(path)
        s.update_setting("catalog", lambda doc: {**(doc or {}), f"card-{i}": i})
        s.close()

    run_together(add_one, [(i,) for i in range(8)])
    reader = EventStore(path)
    assert reader.get_setting("catalog") == {f"card-{i}": i for i in range(8)}
    reader.close()


def test_start_game_is_one_transaction_and_idempotent(store):
    first = store.start_game("test-tally", "Night", [rec(1)], "start-1", {"setup": 1})
    again = store.start_game("test-tally", "Night", [rec(1)], "start-1", {"setup": 1})
    assert again["id"] == first["id"] and len(store.games()) == 1
    with pytest.raises(IdempotencyError):
        store.start_game("test-tally", "Other", [rec(1)], "start-1", {"setup": 2})
    # a start whose events cannot be written leaves no empty game row behind
    with pytest.raises(sqlite3.IntegrityError):
        store.start_game("test-tally", "Broken", [(None, 1, {})], "start-2", {"setup": 3})
    assert [g["title"] for g in store.games()] == ["Night"]
