"""``companion replay GAME FILE|-`` (issue 19, docs/cli-contracts.md): whole games from JSON Lines,
standard input, refused commands and bad lines as one ``error: line N: <field>: <message>`` line,
and random junk never giving a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import wire

from companion import replaycli
from companion.cli import main
from companion.core.errors import InputError

PLAYED = {"lockup": lambda: wire.lockup(5, 3), "lockup-solo": lambda: wire.solo(7, "expert"),
          "rattus-cartus": wire.rattus_cartus, "ragami": wire.ragami}


def jsonl(lines: list) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def run_main(capsys, game: str, path) -> tuple[int, str, str]:
    status = main(["replay", game, str(path)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module", params=list(PLAYED))
def played(request) -> tuple[str, wire.Played]:
    return request.param.split("-solo")[0], PLAYED[request.param]()


def test_replay_cli_prints_the_game_as_it_ends(played, capsys, tmp_path):
    game, whole = played
    path = tmp_path / "game.jsonl"
    path.write_text(jsonl(whole.lines()), encoding="utf-8")
    status, out, err = run_main(capsys, game, path)
    assert (status, err) == (0, "")
    doc = json.loads(out)
    assert doc["game"] == game and doc["commands"] == len(whole.commands)
    assert doc["events"] == len(whole.all_events())
    assert doc["waiting_for"] == json.loads(json.dumps(whole.game.waiting_for(whole.state)))
    assert doc["waiting_for"]["seats"] is None and doc["result"]["winners"]


def test_replay_cli_result_is_exactly_the_audit_output_ragami(capsys, tmp_path):
    whole = wire.ragami()
    path = tmp_path / "ragami.jsonl"
    path.write_text(jsonl(whole.lines()), encoding="utf-8")
    assert main(["replay", "ragami", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    doc = {"game": "ragami", "players": [{"name": s.name, "vp": s.vp, "conflicts": s.conflicts,
                                          "white_cubes": s.white_cubes} for s in whole.state.seats]}
    audited = support.audit_cli("ragami", doc)
    assert audited.returncode == 0 and json.loads(audited.stdout) == result


def test_replay_cli_result_is_exactly_the_audit_output_rattus_cartus(capsys, tmp_path):
    whole = wire.rattus_cartus()
    example = next(e for e in support.examples() if e["command"] == "companion audit rattus-cartus"
                   and "influence_ties" in e["input"])
    path = tmp_path / "rc.jsonl"
    path.write_text(jsonl(whole.lines()), encoding="utf-8")
    assert main(["replay", "rattus-cartus", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == example["output"]


def test_replay_cli_reads_standard_input():
    whole = wire.rattus_cartus()
    done = subprocess.run([sys.executable, "-m", "companion.cli", "replay", "rattus-cartus", "-"],
                          input=jsonl(whole.lines()), capture_output=True, text=True, cwd=support.ROOT, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["waiting_for"]["kind"] == "finished"


RC_SETUP = {"players": ["Rojo", "Azul"], "start_player": "Azul"}


@pytest.mark.parametrize(("lines", "expected"), [
    # RC-G1: the final counts come after the last round (line 4: the blank line 3 still counts).
    ([RC_SETUP, {"type": "end-turn"}, "", {"type": "record-rats", "player": "Rojo", "rats": 3}],
     "error: line 4: command: Final scoring comes after the last round: this is round 1 of 10 (RC-G1)"),
    ([RC_SETUP, {"type": "end-turn", "x": 1}], "error: line 2: x: unknown field"),
    ([RC_SETUP, {"type": "record-rats", "player": "Rojo", "rats": -2}],
     "error: line 2: rats: must be an integer at least 0"),
    ([RC_SETUP, {"type": "plague"}], 'error: line 2: type: must be one of "end-round", "end-turn", "record-tally", '
                                     '"record-rats", "record-treasury", "record-influence-order", "reveal-plague"'),
    ([RC_SETUP, '{"type": "end-turn"'], "error: line 2: input: not valid JSON (Expecting ',' delimiter at line 1 "
                                        "column 20)"),
    ([RC_SETUP, '{"type": "end-turn", "type": "end-round"}'], "error: line 2: type: is given twice in the same object"),
    ([RC_SETUP, ["end-turn"]], "error: line 2: command: must be an object"),
    ([RC_SETUP, {"type": "undo"}], "error: line 2: command: Nothing to undo"),
    ([{"players": ["Rojo", "Azul"]}], "error: line 1: seed: is required: this set-up draws at random, and a replay "
                                      "must draw the same"),
    ([{"players": ["Rojo"], "start_player": "Rojo"}], "error: line 1: players: must have 2 to 5 entries"),
])
def test_replay_cli_refusals_are_one_error_line_with_status_2(lines, expected, capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines))
    status, out, err = run_main(capsys, "rattus-cartus", path)
    assert (status, out, err) == (2, "", expected + "\n")


def test_replay_cli_lockup_refusal_names_the_rule(capsys, tmp_path):
    whole = wire.lockup(5, 3)
    first = whole.commands[0]
    other = next(s for s in whole.states[0].seating if s != first["seat"])
    path = tmp_path / "lockup.jsonl"
    path.write_text(jsonl([whole.setup, {**first, "seat": other}]))
    status, out, err = run_main(capsys, "lockup", path)
    assert (status, out) == (2, "")
    assert err == f"error: line 2: command: It's {first['seat']}'s turn, not {other}'s (L-RC1)\n"


def test_replay_cli_empty_input_and_unknown_game(capsys, tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("\n  \n")
    assert run_main(capsys, "ragami", path) == (2, "", "error: input: is empty: the first line must be the "
                                                       "game's set-up\n")
    with pytest.raises(SystemExit) as caught:
        main(["replay", "chess", str(path)])
    assert caught.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err


NAMES = st.sampled_from(["Ana", "Ben", "Cleo", "Bo", "Rojo", "Azul"])
JUNK = st.one_of(support.json_values(), st.text(max_size=30),
                 st.fixed_dictionaries({"type": st.sampled_from(["end-turn", "end-round", "resolve-conflict",
                                                                 "record-tally", "assign", "pass", "take", "recruit",
                                                                 "undo", "redo"])},
                                       optional={"player": st.one_of(NAMES, support.json_values(False)),
                                                 "seat": st.one_of(NAMES, support.json_values(False)),
                                                 "die_value": support.json_values(False),
                                                 "location": st.sampled_from(["sewers", "library", 3]),
                                                 "tiles": support.json_values(False)}))
SETUPS = {"rattus-cartus": RC_SETUP, "ragami": {"players": ["Ana", "Bo"], "start_player": "Bo"},
          "lockup": wire.lockup_setup(1, 3)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SETUPS)), st.lists(JUNK, max_size=6), st.booleans())
def test_replay_junk_lines_never_give_a_traceback(game, junk, with_setup):
    lines = ([SETUPS[game]] if with_setup else []) + junk
    text = "\n".join(line if isinstance(line, str) else support.dump_json(line) for line in lines)
    try:
        doc = replaycli.run(game, text)
    except InputError as exc:
        assert str(exc).startswith(("line ", "input: "))
    else:
        json.dumps(doc, allow_nan=False)


def _doc_blocks() -> tuple[str, dict, str]:
    """The replay example of docs/cli-contracts.md: its JSON Lines, its answer and its refusal."""
    text = (support.ROOT / "docs" / "cli-contracts.md").read_text(encoding="utf-8")
    section = text[text.index("## `companion replay GAME FILE`"):]
    lines = section.split("```jsonl\n", 1)[1].split("```", 1)[0]
    answer = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    refusal = section.split("```text\n", 1)[1].split("```", 1)[0]
    return lines, answer, refusal


def test_replay_cli_docs_example_is_what_the_command_answers(capsys, tmp_path):
    lines, answer, refusal = _doc_blocks()
    path = tmp_path / "ragami.jsonl"
    path.write_text(lines, encoding="utf-8")
    status, out, err = run_main(capsys, "ragami", path)
    assert (status, err) == (0, "")
    doc = json.loads(out)
    assert {k: v for k, v in doc.items() if k != "state"} == {k: v for k, v in answer.items() if k != "state"}
    for key, value in answer["state"].items():  # the documented state is shortened ("…")
        if key == "players":
            for shown, full in zip(value, doc["state"]["players"], strict=True):
                assert {k: v for k, v in shown.items() if k != "…"}.items() <= full.items()
        elif key != "…":
            assert doc["state"][key] == value
    bad = tmp_path / "rc.jsonl"
    bad.write_text(jsonl([RC_SETUP, {"type": "end-turn"}]) + "\n" + jsonl([{"type": "record-rats", "player": "Rojo",
                                                                             "rats": 3}]))
    assert run_main(capsys, "rattus-cartus", bad) == (2, "", refusal)


def test_replay_has_help(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["replay", "--help"])
    assert caught.value.code == 0 and "JSON Lines" in capsys.readouterr().out
