"""Forged imports (issue 20): whoever edits an export can recompute the public hash chain
(``gamelogs.rechain``), so an import decides every command again through the game's rules
(``companion.core.verify``) and refuses anything they do not make, whole: the message names the
line and the problem in words (never Python text), and nothing is written.

Games are random legal ones with made-up cards (Lockup, 3 players, seed 5) or the made-up test
game "Tally" of tests/conftest.py."""

from __future__ import annotations

import json
import re

import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st
from support import count_games, gamelogs
from support.gamelogs import import_lines as upload

from companion import create_app
from companion.core.errors import InputError
from companion.events.jsonl import export_lines, parse_export, replay
from companion.web import get_store

PYTHON_TEXT = re.compile(r"Traceback|Error\b|not in list|NoneType|object has no|unexpected keyword|\bargs?\b|"
                         r"\[Errno|KeyError|list\.|dict\.|str\.")




def refused_at(app, lines: list[dict], line: int, part: str = "", as_is: bool = False) -> str:
    """Import the forgery: refused (400) naming ``line N`` (and ``part`` after it), in words, and
    nothing written. The problem as shown."""
    status, shown = upload(app, lines, as_is)
    assert status == 400, shown
    assert shown.startswith(f"File: line {line}{part}"), shown
    assert not PYTHON_TEXT.search(shown), shown
    assert count_games(app) == 0, "nothing is written for a refused file"
    return shown


def events_of(lines: list[dict]) -> list[dict]:
    return [dict(line) for line in lines if "end" not in line]


def at(lines: list[dict], event_type: str, nth: int = 0) -> int:
    """The index (0-based) of the ``nth`` event of ``event_type``."""
    return [i for i, line in enumerate(lines) if line.get("type") == event_type][nth]


def renumbered(lines: list[dict]) -> list[dict]:
    return [{**line, "seq": n} for n, line in enumerate(lines, 1)]


def test_the_untouched_export_re_chained_imports(lockup_lines, device):
    """The control: re-chaining alone refuses nothing."""
    assert upload(device, events_of(lockup_lines))[0] == 303
    assert count_games(device) == 1


# --- Lockup forgeries --------------------------------------------------------------------------


def test_fifty_more_reputation_for_a_seat_is_refused_at_its_line(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "reputation-changed")
    lines[i] = {**lines[i], "payload": {**lines[i]["payload"], "delta": lines[i]["payload"]["delta"] + 50}}
    shown = refused_at(device, lines, i + 1, ".reputation-changed.delta")
    assert "not what the rules make" in shown


def test_an_event_slipped_into_a_command_is_one_no_command_makes(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "reputation-changed")
    extra = {**lines[i], "payload": {**lines[i]["payload"], "delta": 50}}
    extra.pop("command", None)
    forged = renumbered([*lines[:i + 1], extra, *lines[i + 1:]])
    shown = refused_at(device, forged, i + 2)
    assert "not the event the rules make" in shown or "no command makes" in shown


def test_an_event_with_a_command_of_its_own_that_makes_nothing_like_it_is_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started", 1)
    extra = {**lines[i], "command_id": "forged", "command": {"type": "pass", "seat": "Ana"},
             "payload": {"seat": "Ana", "delta": 50, "rule": "L-F", "reason": ""}, "type": "reputation-changed"}
    forged = renumbered([*lines[:i + 1], extra, *lines[i + 1:]])
    refused_at(device, forged, i + 2)


def test_a_second_game_started_mid_game_is_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started", 1)
    again = {**lines[0], "command_id": "again", "ts": lines[i]["ts"]}
    forged = renumbered([*lines[:i + 1], again, *lines[i + 1:]])
    shown = refused_at(device, forged, i + 2, ".command.type")
    assert "starts only once" in shown


def test_a_game_started_inside_a_command_is_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started", 1)
    again = {k: v for k, v in lines[0].items() if k != "command"}
    again.update(command_id=lines[i]["command_id"], ts=lines[i]["ts"])
    forged = renumbered([*lines[:i], again, *lines[i:]])
    refused_at(device, forged, i + 1)


def test_a_round_named_guards_is_refused_at_its_line(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started")
    lines[i] = {**lines[i], "payload": {"round": "guards"}}
    refused_at(device, lines, i + 1, ".round-started.round")


def test_a_field_of_the_wrong_type_is_refused_even_when_it_reads_the_same(lockup_lines, device):
    """``2`` and ``"2"``, ``1`` and ``true``: Python may take one for the other; the rules' JSON does not."""
    lines = events_of(lockup_lines)
    i = at(lines, "round-started")
    lines[i] = {**lines[i], "payload": {"round": str(lines[i]["payload"]["round"])}}
    refused_at(device, lines, i + 1, ".round-started.round")
    lines = events_of(lockup_lines)
    j = at(lines, "reputation-changed")
    delta = lines[j]["payload"]["delta"]
    if delta in (0, 1):
        lines[j] = {**lines[j], "payload": {**lines[j]["payload"], "delta": bool(delta)}}
    else:
        lines[j] = {**lines[j], "payload": {**lines[j]["payload"], "delta": float(delta)}}
    refused_at(device, lines, j + 1, ".reputation-changed.delta")


def test_time_running_backwards_is_refused_at_the_earlier_line(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started", 1)
    lines[i] = {**lines[i], "ts": "2001-01-01T00:00:00.000+00:00"}
    shown = refused_at(device, lines, i + 1, ".ts")
    assert "time runs backwards" in shown


def test_a_time_without_its_zone_is_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    lines[3] = {**lines[3], "ts": lines[3]["ts"][:23]}
    refused_at(device, lines, 4, ".ts")


def test_a_game_cut_in_the_middle_of_a_command_is_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    assert [line["type"] for line in lines[-2:]] == ["end-goal-met", "game-ended"]
    shown = refused_at(device, lines[:-1], len(lines))
    assert "ends in the middle of the command" in shown


def test_a_hidden_information_game_cut_between_commands_is_refused(lockup_lines, device):
    """Every command left is legal, but a Lockup game is exported only once finished (hidden cards)."""
    lines = events_of(lockup_lines)[:-2]
    status, shown = upload(device, lines)
    assert status == 400 and shown.startswith("File: file: the game does not reach its end"), shown
    assert count_games(device) == 0


def test_a_command_the_rules_refuse_is_refused_naming_its_line(lockup_lines, device):
    lines = events_of(lockup_lines)
    i = at(lines, "round-started", 1)
    j = next(k for k in range(i + 1, len(lines)) if "command" in lines[k])
    lines[j] = {**lines[j], "command": {"type": "end_goal", "seats": ["Ana"]}}
    shown = refused_at(device, lines, j + 1, ".command")
    assert "the rules refuse this command" in shown or "command" in shown


def test_a_command_that_is_not_one_of_the_game_is_refused_naming_its_field(lockup_lines, device):
    lines = events_of(lockup_lines)
    lines[1] = {**lines[1], "command": {"type": "fly", "seat": "Ana"}}
    refused_at(device, lines, 2, ".command.type")


def test_events_without_their_command_are_refused(lockup_lines, device):
    lines = events_of(lockup_lines)
    lines[1] = {k: v for k, v in lines[1].items() if k != "command"}
    shown = refused_at(device, lines, 2, ".command")
    assert "missing" in shown


def test_a_changed_start_is_refused_at_line_1(lockup_lines, device):
    lines = events_of(lockup_lines)
    setup = json.loads(json.dumps(lines[0]["command"]["setup"]))
    setup["players"][0]["name"] = "Mallory"
    lines[0] = {**lines[0], "command": {**lines[0]["command"], "setup": setup}}
    refused_at(device, lines, 1, ".game-started.players")


# --- undo and redo that point nowhere (Tally) ----------------------------------------------------


def _tally_lines(app, client) -> list[dict]:
    with app.app_context():
        started = ("test-tally-started", 1, {"players": ["Ana", "Ben"]})
        game = get_store().start_game("test-tally", "Tally night", [started], "s", {},
                                      command={"type": "start", "setup": {"players": ["Ana", "Ben"]}})
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "4"})
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ben", "points": "2"})
    support.undo(client, game["id"], "undo", key="u1")
    lines = events_of(gamelogs.parse(client.get(f"/games/{game['id']}/export.jsonl").get_data(as_text=True)))
    with app.app_context():  # only the forgeries are imported into this app
        get_store().db.execute("DELETE FROM commands")
        get_store().db.execute("DELETE FROM events")
        get_store().db.execute("DELETE FROM game_hosts")
        get_store().db.execute("DELETE FROM games")
    return lines


def test_a_web_played_game_with_an_undo_exports_its_commands(app, client):
    lines = _tally_lines(app, client)
    assert [line.get("command", {}).get("type") for line in lines] == ["start", "add", "add", "undo"]
    assert upload(app, lines)[0] == 303


def test_an_undo_of_a_command_that_does_not_exist_is_refused_in_words(app, client):
    """The file that made the import answer "list.remove(x): x not in list" before issue 20."""
    lines = _tally_lines(app, client)
    lines[-1] = {**lines[-1], "payload": {"command_id": "nowhere"}}
    shown = refused_at(app, lines, 4, ".command-undone.command_id")
    assert "list.remove" not in shown


def test_an_undo_with_nothing_to_undo_is_refused(app, client):
    lines = _tally_lines(app, client)
    undo = {**lines[-1], "seq": 2, "payload": {"command_id": lines[0]["command_id"]}}
    shown = refused_at(app, [lines[0], undo], 2, ".command")
    assert "nothing to undo" in shown


def test_a_redo_with_nothing_undone_is_refused(app, client):
    lines = _tally_lines(app, client)
    redo = {**lines[-1], "seq": 3, "type": "command-redone", "command": {"type": "redo"},
            "payload": {"command_id": lines[1]["command_id"]}}
    shown = refused_at(app, [*lines[:2], redo], 3, ".command")
    assert "nothing to redo" in shown


# --- files of older versions ---------------------------------------------------------------------


def test_a_format_1_file_is_refused_as_unverifiable(lockup_lines, device):
    """Before issue 20 exports had no commands and no ``format``: refused, saying why (ruling)."""
    old = [{k: v for k, v in line.items() if k != "command"} for line in events_of(lockup_lines)]
    chained = gamelogs.rechain(old)
    chained[-1].pop("format")
    status, shown = upload(device, chained, as_is=True)
    assert status == 400 and "older version of the app (export format 1" in shown, shown
    assert shown.startswith(f"File: line {len(old) + 1}: ")
    assert count_games(device) == 0


def test_a_newer_format_is_refused_naming_it(lockup_lines, device):
    chained = gamelogs.rechain(events_of(lockup_lines))
    chained[-1]["format"] = 3
    status, shown = upload(device, chained, as_is=True)
    assert status == 400 and shown.startswith(f"File: line {len(chained)}.format: "), shown


def test_a_game_recorded_before_commands_were_kept_exports_but_does_not_import(app, client, device):
    """Ruling: such a game still exports (its data is the table's), but nothing can check it."""
    with app.app_context():
        store = get_store()
        game = store.start_game("test-tally", "Old night", [("test-tally-started", 1, {"players": ["Ana"]})],
                                "s", {})  # no command: as stored before schema step 5
        store.append(game["id"], 1, [("test-tally-added", 1, {"player": "Ana", "points": 3})], "a")
    exported = client.get(f"/games/{game['id']}/export.jsonl")
    lines = gamelogs.parse(exported.get_data(as_text=True))
    assert exported.status_code == 200 and lines[0]["command"] is None
    status, shown = upload(device, lines, as_is=True)  # another device: its own is given the held game back
    assert status == 400 and shown.startswith("File: line 1.command: no command was kept"), shown


def test_an_undo_of_an_action_that_revealed_hidden_information_is_refused(tmp_path, device):
    """The app never undoes a command that showed the table something hidden (issue 12): a file
    that does is not one the app made (solo Lockup: a guard card turned face up, L-SO5)."""
    from support import wire

    from companion.web.gameui.lockup.rollcall import _REVEALING

    source = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "solo")})
    with source.app_context():
        game = gamelogs.record_played(get_store(), wire.solo(seed=7))
    lines = events_of(gamelogs.parse(source.test_client().get(f"/games/{game['id']}/export.jsonl")
                                     .get_data(as_text=True)))
    i = next(n for n, line in enumerate(lines) if line["type"] in _REVEALING and n > 0)
    j = max(n for n, line in enumerate(lines) if line["command_id"] == lines[i]["command_id"])
    undo = {**lines[j], "seq": j + 2, "type": "command-undone", "version": 1, "command_id": "forged-undo",
            "command": {"type": "undo"}, "payload": {"command_id": lines[i]["command_id"]}}
    shown = refused_at(device, [*lines[:j + 1], undo], j + 2, ".command")
    assert "revealed hidden information" in shown


# --- any one value changed anywhere: refused in words, or the very same events -----------------

_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=8), st.lists(st.integers(0, 3), max_size=2),
                    st.dictionaries(st.sampled_from(["type", "player", "seat"]), st.text(max_size=4), max_size=2))


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*prefix, index))


def _events(records) -> list[tuple]:
    return [(r["type"], r["version"], json.dumps(r["payload"], sort_keys=True)) for r in records]


@pytest.fixture(scope="module")
def ragami_lines(tmp_path_factory) -> list[dict]:
    """The event lines of an export of the scripted Ragami game of ``support.wire`` (made-up names)."""
    from support import wire

    source = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("ragami"))})
    with source.app_context():
        game = gamelogs.record_played(get_store(), wire.ragami(seed=4))
        return events_of(gamelogs.parse("".join(export_lines(get_store(), game["id"]))))


def _one_value_changed(original: list[dict], kind: str, definition, data) -> None:
    lines = json.loads(json.dumps(original))
    at = data.draw(st.integers(0, len(lines) - 1))
    paths = [p for p in _paths(lines[at]) if p and p[0] in ("payload", "command") and p != ("command",)]
    path = data.draw(st.sampled_from(paths))
    node = lines[at]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(_VALUES)
    rows = gamelogs.dump(gamelogs.rechain(lines)).decode().split("\n")
    try:
        export = parse_export(rows, [kind])
        replay(export, definition)
    except InputError as exc:
        assert str(exc).startswith(("line ", "file")), str(exc)
        assert not PYTHON_TEXT.search(exc.message), str(exc)
        return
    assert _events(export.records) == _events(original), "a changed event was accepted"


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_value_changed_is_refused_in_words_or_changes_no_event(ragami_lines, data):
    from companion.games.ragami import GAME as RAGAMI

    _one_value_changed(ragami_lines, "ragami", RAGAMI, data)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_any_value_of_a_lockup_game_changed_is_refused_in_words_or_changes_no_event(lockup_lines, data):
    from companion.games.lockup.engine import GAME as LOCKUP

    _one_value_changed(events_of(lockup_lines), "lockup", LOCKUP, data)
