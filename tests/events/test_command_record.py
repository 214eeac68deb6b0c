"""Each command's JSON is kept with its events (issue 20, schema step 5) and exports carry it on the
first line of the command's run (export format 2). Games stored before step 5 keep their events and
still export, with ``"command": null``, which an import refuses as unverifiable.

Uses the made-up test game "Tally" of tests/conftest.py (not a real game)."""

from __future__ import annotations

import json
import sqlite3

from sqlite_utils import Database

from companion.events import EventStore, chain
from companion.events.jsonl import export_lines
from companion.events.migrations import MIGRATIONS
from companion.events.store import ImportedEvent

STARTED = ("test-tally-started", 1, {"players": ["Ana", "Ben"]})


def added(player: str, points: int):
    return ("test-tally-added", 1, {"player": player, "points": points})


def test_start_append_and_execute_keep_each_commands_json(tmp_path):
    store = EventStore(tmp_path / "db.sqlite3")
    game = store.start_game("test-tally", "T", [STARTED], "start", {}, command={"setup": {"players": ["Ana", "Ben"]}})
    store.append(game["id"], 1, [added("Ana", 3)], "k1", command={"type": "add", "player": "Ana", "points": 3})
    store.execute(game["id"], lambda _history: [added("Ben", 2)], "k2", {"r": 2},
                  command={"type": "add", "player": "Ben", "points": 2})
    store.append(game["id"], 3, [added("Ana", 1)], "k3")  # a writer that gives no command: kept as none
    assert store.commands(game["id"]) == {
        1: {"setup": {"players": ["Ana", "Ben"]}}, 2: {"type": "add", "player": "Ana", "points": 3},
        3: {"type": "add", "player": "Ben", "points": 2}, 4: None,
    }
    store.close()


def test_a_command_that_is_not_json_data_writes_nothing(tmp_path):
    store = EventStore(tmp_path / "db.sqlite3")
    game = store.start_game("test-tally", "T", [STARTED], "start", {})
    try:
        store.append(game["id"], 1, [added("Ana", 3)], "k1", command={"when": object()})
    except TypeError:
        pass
    else:
        raise AssertionError("a command that is not JSON data was stored")
    assert store.last_seq(game["id"]) == 1 and store.commands(game["id"]) == {1: None}
    store.close()


def test_an_import_keeps_the_command_at_the_head_of_each_run(tmp_path):
    store = EventStore(tmp_path / "db.sqlite3")
    events = [ImportedEvent(1, *STARTED, "2026-01-01T10:00:00+00:00", "a", {"setup": {}}),
              ImportedEvent(2, *added("Ana", 1), "2026-01-01T10:01:00+00:00", "b", {"type": "add"}),
              ImportedEvent(3, *added("Ben", 1), "2026-01-01T10:01:00+00:00", "b")]
    game, _created = store.import_game("test-tally", "T", events, "digest", "active")
    assert store.commands(game["id"]) == {1: {"setup": {}}, 2: {"type": "add"}}
    store.close()


def test_a_game_stored_before_step_5_reads_and_exports_with_no_commands(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = Database(sqlite3.connect(str(path), isolation_level=None))
    old.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)")
    for version, step in enumerate(MIGRATIONS[:4], start=1):
        step(old)
        old.execute("INSERT INTO schema_migrations VALUES (?, 'then')", [version])
    old.execute("INSERT INTO games (id, kind, title, status, join_token, table_code, last_seq, created_at,"
                " updated_at) VALUES ('g', 'test-tally', 'Old', 'active', 'tok', 'ABCDEF', 2, 't', 't')")
    for seq, (type_, version, payload) in enumerate([STARTED, added("Ana", 2)], start=1):
        old.execute("INSERT INTO events VALUES ('g', ?, ?, ?, ?, '2026-01-01T10:00:00+00:00', ?)",
                    [seq, type_, version, str(payload).replace("'", '"'), f"c{seq}"])
        old.execute("INSERT INTO commands VALUES (?, 'g', 'h', ?, ?, 't')", [f"c{seq}", seq, seq])
    old.conn.close()
    store = EventStore(path)  # migrates to step 5
    assert store.commands("g") == {1: None, 2: None}
    lines = [json.loads(line) for line in export_lines(store, "g")]
    assert [line.get("command", "absent") for line in lines[:-1]] == [None, None]
    assert lines[-1]["format"] == chain.FORMAT
    store.close()


def test_a_games_times_never_run_backwards_whatever_the_clock(tmp_path):
    """Ruling (issue 20): an import refuses time running backwards, so the store never writes it: a
    command recorded while the clock shows a time before the game's last event takes that time."""
    store = EventStore(tmp_path / "db.sqlite3")
    events = [ImportedEvent(1, *STARTED, "2999-01-01T10:00:00.000+02:00", "a", {"type": "start", "setup": {}})]
    game, _created = store.import_game("test-tally", "From a clock far ahead", events, "digest", "active")
    store.append(game["id"], 1, [added("Ana", 1)], "k1", command={"type": "add", "player": "Ana", "points": 1})
    assert [e.ts for e in store.events(game["id"])] == ["2999-01-01T10:00:00.000+02:00"] * 2
    store.append(game["id"], 2, [added("Ben", 1)], "k2", command={"type": "add", "player": "Ben", "points": 1})
    assert store.events(game["id"])[-1].ts == "2999-01-01T10:00:00.000+02:00"
    other = store.start_game("test-tally", "Now", [STARTED], "s2", {})
    store.append(other["id"], 1, [added("Ana", 1)], "k3")
    first, second = store.events(other["id"])
    assert first.ts <= second.ts < "2999"
    store.close()
