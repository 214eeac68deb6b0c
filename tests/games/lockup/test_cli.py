"""``companion audit lockup`` and ``companion referee lockup location`` through the real CLI (cli-contracts.md)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest
import support

from companion.cli import main

LOCKUP_EXAMPLES = [e for e in support.examples() if " lockup" in e["command"]]


def _cli(args: list[str], doc) -> subprocess.CompletedProcess:
    """Run ``python -m companion.cli ARGS -`` with ``doc`` on standard input."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run([sys.executable, "-m", "companion.cli", *args, "-"], input=text, capture_output=True,
                          text=True, timeout=60, check=False)


def test_every_lockup_example_is_present():
    """The spec lists Lockup examples for all three Lockup commands."""
    commands = {e["command"] for e in LOCKUP_EXAMPLES}
    expected = {"audit lockup", "referee lockup location", "referee lockup guards"}
    assert {f"companion {c}" for c in expected} <= commands


@pytest.mark.parametrize("example", LOCKUP_EXAMPLES, ids=lambda e: e["note"][:60])
def test_spec_example_exact_output(example):
    """Every Lockup example of examples.json gives exactly the listed output (L-LO, L-R, L-F, L-SO8, L-SO14)."""
    result = _cli(example["command"].split()[1:], example["input"])
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == example["output"]


AUDIT = next(e["input"] for e in LOCKUP_EXAMPLES if e["command"] == "companion audit lockup")
REFEREE = next(e["input"] for e in LOCKUP_EXAMPLES if e["command"] == "companion referee lockup location")


def _with(doc: dict, path: tuple, value) -> dict:
    """A deep copy of ``doc`` with the value at ``path`` replaced (``...`` deletes the key)."""
    doc = copy.deepcopy(doc)
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is ...:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


def _solo(doc: dict) -> dict:
    doc = _with(doc, ("mode",), "solo")
    return _with(doc, ("players", 1, "name"), "guards")


AUDIT_ERRORS = [
    (["not", "an", "object"], "input"),
    (_with(AUDIT, ("game",), ...), "game"),
    (_with(AUDIT, ("game",), "ragami"), "game"),
    (_with(AUDIT, ("mode",), "coop"), "mode"),
    (_with(AUDIT, ("round",), 6), "round"),
    (_with(AUDIT, ("players",), [AUDIT["players"][0]]), "players"),
    (_with(AUDIT, ("players",), "Vera"), "players"),
    (_with(AUDIT, ("players", 1), 7), "players[1]"),
    (_with(AUDIT, ("players", 1, "resources", "gold"), -1), "players[1].resources.gold"),
    (_with(AUDIT, ("players", 0, "resources", "potion"), ...), "players[0].resources.potion"),
    (_with(AUDIT, ("players", 0, "resources", "mithril"), 1), "players[0].resources.mithril"),
    (_with(AUDIT, ("players", 0, "reputation"), "31"), "players[0].reputation"),
    (_with(AUDIT, ("players", 0, "power"), 1.5), "players[0].power"),
    (_with(AUDIT, ("players", 0, "tomes"), True), "players[0].tomes"),
    (_with(AUDIT, ("players", 0, "name"), ""), "players[0].name"),
    (_with(AUDIT, ("players", 0, "hat"), 1), "players[0].hat"),
    (_with(AUDIT, ("players", 0, "items", 0, "treasures", 0), "crown"), "players[0].items[0].treasures[0]"),
    (_with(AUDIT, ("players", 0, "items", 0, "name"), ...), "players[0].items[0].name"),
    (_with(AUDIT, ("players", 0, "goons", 0, "type"), "dragon"), "players[0].goons[0].type"),
    (_with(AUDIT, ("players", 1, "name"), "Vera"), "players[1].name"),
    (_with(AUDIT, ("players", 1, "name"), "guards"), "players[1].name"),
    (_with(AUDIT, ("mode",), "solo"), "players"),
    (_with(AUDIT, ("first_player",), "Zed"), "first_player"),
    (_with(AUDIT, ("first_player",), ...), "first_player"),
    (_with(AUDIT, ("leader_goal",), 3), "leader_goal"),
    (_with(AUDIT, ("end_game_goal",), "shield"), "end_game_goal"),
    (_with(AUDIT, ("end_game_goal",), {"treasure": "gem"}), "end_game_goal.kind"),
    (_with(AUDIT, ("end_game_goal", "treasure"), "crown"), "end_game_goal.treasure"),
    (_with(AUDIT, ("end_game_goal",), {"kind": "fixed", "stars": {"Zed": 3}}), "end_game_goal.stars.Zed"),
    (_with(AUDIT, ("end_game_goal",), {"kind": "fixed", "stars": {"Vera": -1}}), "end_game_goal.stars.Vera"),
    (_with(AUDIT, ("end_game_goal",), {"kind": "fixed", "stars": []}), "end_game_goal.stars"),
    (_with(_solo(AUDIT), ("players", 0, "name"), "guards"), "players[1].name"),
]

REFEREE_ERRORS = [
    (_with(REFEREE, ("game",), "rattus-cartus"), "game"),
    (_with(REFEREE, ("players",), 6), "players"),
    (_with(REFEREE, ("players",), "2"), "players"),
    (_with(REFEREE, ("location",), "kitchen"), "location"),
    (_with(REFEREE, ("round",), 2), "round"),
    (_with(REFEREE, ("seating",), ["Vera"]), "seating"),
    (_with(REFEREE, ("seating",), ["Vera", "Vera"]), "seating[1]"),
    (_with(REFEREE, ("seating",), ["Vera", 3]), "seating[1]"),
    (_with(_with(REFEREE, ("players",), 3), ("seating",), ["Vera", "Isaac", "guards"]), "seating[2]"),
    (_with(REFEREE, ("first_player",), "Zed"), "first_player"),
    (_with(REFEREE, ("power", "Zed"), 2), "power.Zed"),
    (_with(REFEREE, ("power", "Vera"), -1), "power.Vera"),
    (_with(REFEREE, ("tiles", "Zed"), [1]), "tiles.Zed"),
    (_with(REFEREE, ("tiles", "Vera"), []), "tiles.Vera"),
    (_with(REFEREE, ("tiles", "Vera"), "enforcer"), "tiles.Vera"),
    (_with(REFEREE, ("tiles", "Vera"), ["fist"]), "tiles.Vera[0]"),
    (_with(REFEREE, ("tiles", "Vera"), [-2]), "tiles.Vera[0]"),
    (_with(REFEREE, ("tiles", "Vera"), [2.5]), "tiles.Vera[0]"),
    (_with(REFEREE, ("tiles", "Isaac"), ["lookout", "lookout"]), "tiles.Isaac[1]"),
    (_with(REFEREE, ("suspicion",), -1), "suspicion"),
    (_with(REFEREE, ("suspicion",), ...), "suspicion"),
    (_with(REFEREE, ("declined",), ["Zed"]), "declined[0]"),
    (_with(REFEREE, ("declined",), "Vera"), "declined"),
    (_with(REFEREE, ("pass_rewards_down",), "yes"), "pass_rewards_down"),
    (_with(REFEREE, ("spanish_second_tiers",), 1), "spanish_second_tiers"),
]

GUARDS_REFEREE = next(e["input"] for e in LOCKUP_EXAMPLES if e["input"].get("seating") == ["Ana", "guards"])
REFEREE_ERRORS += [
    (_with(GUARDS_REFEREE, ("tiles", "guards"), ["lookout"]), "tiles.guards[0]"),
    (_with(GUARDS_REFEREE, ("tiles", "guards"), ["enforcer"]), "tiles.guards[0]"),
    (_with(GUARDS_REFEREE, ("tiles", "Ana"), ["power"]), "tiles.Ana[0]"),
]


def _run_main(args: list[str], doc, tmp_path, capsys) -> tuple[int, str, str]:
    path = tmp_path / "input.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    code = main([*args, str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _assert_one_error_line(code: int, out: str, err: str, field: str) -> None:
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"error: {field}: "), lines[0]
    assert "Traceback" not in err


@pytest.mark.parametrize(("doc", "field"), AUDIT_ERRORS, ids=[f for _, f in AUDIT_ERRORS])
def test_audit_malformed_input_names_the_field(doc, field, tmp_path, capsys):
    """Bad audit input: exit 2, one stderr line naming the field, no traceback."""
    _assert_one_error_line(*_run_main(["audit", "lockup"], doc, tmp_path, capsys), field)


@pytest.mark.parametrize(("doc", "field"), REFEREE_ERRORS, ids=[f for _, f in REFEREE_ERRORS])
def test_referee_malformed_input_names_the_field(doc, field, tmp_path, capsys):
    """Bad referee input: exit 2, one stderr line naming the field, no traceback."""
    _assert_one_error_line(*_run_main(["referee", "lockup", "location"], doc, tmp_path, capsys), field)


def test_contract_error_message_for_negative_gold(tmp_path, capsys):
    """The exact message of cli-contracts.md."""
    doc = _with(AUDIT, ("players", 1, "resources", "gold"), -1)
    _, _, err = _run_main(["audit", "lockup"], doc, tmp_path, capsys)
    assert err == "error: players[1].resources.gold: must be a non-negative integer\n"


@pytest.mark.parametrize("args", [["audit", "lockup"], ["referee", "lockup", "location"]])
def test_not_json_through_the_real_cli(args):
    """Not JSON at all: exit 2, one stderr line, no traceback, in a real process."""
    result = _cli(args, "{not json")
    _assert_one_error_line(result.returncode, result.stdout, result.stderr, "input")


def test_deep_field_error_through_the_real_cli():
    result = _cli(["referee", "lockup", "location"], _with(REFEREE, ("tiles", "Vera"), ["fist"]))
    _assert_one_error_line(result.returncode, result.stdout, result.stderr, "tiles.Vera[0]")


def test_referee_declined_and_pass_down_option_l_lo6_i_1(tmp_path, capsys):
    """L-LO6 via the CLI: Vera declines; by default Clara stays 'last', with the I-1 option ranks move up."""
    doc = next(e["input"] for e in LOCKUP_EXAMPLES if e["input"].get("players") == 4)
    code, out, _ = _run_main(["referee", "lockup", "location"], _with(doc, ("declined",), ["Vera"]), tmp_path, capsys)
    result = json.loads(out)
    assert code == 0 and result["rewards"]["Vera"] is None and result["rewards"]["Clara"]["tier"] == "last"
    assert result["stragglers"] == ["Vera", "Esteban", "Isaac"]
    doc = _with(_with(doc, ("declined",), ["Vera"]), ("pass_rewards_down",), True)
    code, out, _ = _run_main(["referee", "lockup", "location"], doc, tmp_path, capsys)
    result = json.loads(out)
    assert result["rewards"]["Esteban"] == {"tier": "first", "gain": {"potion": 3}}
    assert result["stragglers"] == ["Vera", "Isaac"]


def test_audit_accepts_optional_goon_name(tmp_path, capsys):
    """A goon may carry its name (catalog); scoring ignores it."""
    doc = _with(AUDIT, ("players", 0, "goons", 0, "name"), "Test Dwarf")
    code, out, _ = _run_main(["audit", "lockup"], doc, tmp_path, capsys)
    assert code == 0 and json.loads(out)["players"][0]["breakdown"]["goons"] == 1


def _two_at(location: str) -> dict:
    """Two players at ``location``, Vera stronger (a made-up position, not a rulebook example)."""
    return {"game": "lockup", "players": 2, "location": location, "seating": ["Vera", "Isaac"],
            "first_player": "Isaac", "power": {}, "tiles": {"Vera": [4], "Isaac": [1]}, "suspicion": 0}


@pytest.mark.parametrize(("location", "polish", "spanish"), [
    ("exercise_yard", None, {"tier": "second", "gain": {"power": 1}}),
    ("commissary", {"tier": "other", "gain": {}}, {"tier": "second", "gain": {}}),
])
def test_referee_spanish_second_tiers_option_two_players_i_2(location, polish, spanish, tmp_path, capsys):
    """I-2: by default (PL) the 2-player second has no Exercise Yard power and only the 2-for-1
    Commissary exchange; with ``spanish_second_tiers`` it gets the 3+ second tier."""
    for value, expected in ((None, polish), (False, polish), (True, spanish)):
        doc = _two_at(location) if value is None else {**_two_at(location), "spanish_second_tiers": value}
        code, out, err = _run_main(["referee", "lockup", "location"], doc, tmp_path, capsys)
        assert code == 0, err
        assert json.loads(out)["rewards"]["Isaac"] == expected, value


def test_referee_spanish_second_tiers_for_the_guards_i_2_l_so8(tmp_path, capsys):
    """Solo (players 2): with the I-2 option the guards second at the Exercise Yard gain 1 power;
    at the Commissary a guards' second still gets nothing (L-SO8)."""
    doc = {**_two_at("exercise_yard"), "seating": ["Vera", "guards"], "first_player": "guards",
           "tiles": {"Vera": [4], "guards": [1]}, "spanish_second_tiers": True}
    _, out, _ = _run_main(["referee", "lockup", "location"], doc, tmp_path, capsys)
    assert json.loads(out)["rewards"]["guards"] == {"tier": "second", "gain": {"power": 1}}
    _, out, _ = _run_main(["referee", "lockup", "location"], {**doc, "location": "commissary"}, tmp_path, capsys)
    assert json.loads(out)["rewards"]["guards"] is None
