"""``companion audit rattus-cartus`` through the real CLI: the spec example exactly, and malformed
input giving exit 2 with one stderr line naming the field (RC-F, cli-contracts.md)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest
import support

from companion.core.errors import InputError
from companion.games.rattus_cartus.audit import run

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = list(support.examples())
EXAMPLE = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus")


def cli(doc) -> subprocess.CompletedProcess:
    return support.audit_cli("rattus-cartus", doc)


def test_rc_spec_example_rc_f2_stack_and_rc_f5_split_exactly_through_the_cli():
    done = cli(EXAMPLE["input"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == EXAMPLE["output"]


def test_rc_cli_reads_a_file_argument(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(EXAMPLE["input"]), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "companion.cli", "audit", "rattus-cartus", str(path)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout) == EXAMPLE["output"]


def mutate(change) -> dict:
    doc = copy.deepcopy(EXAMPLE["input"])
    change(doc)
    return doc


MALFORMED = [
    ("not json", "{", "input"),
    ("missing nuns", mutate(lambda d: d.pop("nuns")), "nuns"),
    ("unknown field", mutate(lambda d: d.update(colour="red")), "colour"),
    ("wrong type", mutate(lambda d: d.update(treasury_used="yes")), "treasury_used"),
    ("negative count", mutate(lambda d: d["players"][1].update(gold=-1)), "players[1].gold"),
    ("negative influence", mutate(lambda d: d["players"][0]["influence"].update(church=-2)),
     "players[0].influence.church"),
    ("unknown class", mutate(lambda d: d["players"][0]["influence"].update(magic=1)),
     "players[0].influence.magic"),
    ("unknown name in ties", mutate(lambda d: d["influence_ties"].update(church=["Azul", "Nadie"])),
     "influence_ties.church[1]"),
    ("tie without order", mutate(lambda d: d.pop("influence_ties")), "influence_ties.church"),
]


@pytest.mark.parametrize(("label", "doc", "field"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_rc_malformed_input_exits_2_with_one_line_naming_the_field(label, doc, field):
    support.assert_refused_naming(cli(doc), field)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(nuns=6), "nuns"),
        (lambda d: d.update(game="ragami"), "game"),
        (lambda d: d.update(players=d["players"][:1]), "players"),
        (lambda d: d["players"][2].update(name="Rojo"), "players[2].name"),
        (lambda d: d["players"][2].pop("rats"), "players[2].rats"),
        (lambda d: d["players"][3].update(hand_cards=1.5), "players[3].hand_cards"),
        (lambda d: d["influence_ties"].update(church=["Azul", "Azul"]), "influence_ties.church[1]"),
        (lambda d: d["influence_ties"].update(church=["Azul"]), "influence_ties.church"),
        (lambda d: d["influence_ties"].update(church="Azul"), "influence_ties.church"),
        (lambda d: d.update(plague_survivor=1), "plague_survivor"),
        (lambda d: d.update(gold_two_player_tie="split_3"), "gold_two_player_tie"),
    ],
)
def test_rc_audit_validation_names_the_field(change, field):
    with pytest.raises(InputError) as caught:
        run(mutate(change))
    assert caught.value.field == field


def test_rc_audit_plague_survivor_option_rc_f9():
    def wipe(d):
        for p in d["players"]:
            p["rats"] = 9
        d["players"][3]["rats"] = 8
    assert run(mutate(wipe))["winners"] == [] and run(mutate(wipe))["tiebreak"] == "all_wiped_out"
    doc = mutate(wipe)
    doc["plague_survivor"] = True
    out = run(doc)
    assert out["winners"] == ["Amarillo"] and [p["survives"] for p in out["players"]] == [False] * 3 + [True]


def test_rc_audit_treasury_not_used_scores_no_gold():
    out = run(mutate(lambda d: d.update(treasury_used=False)))
    assert all(p["breakdown"]["gold"] == 0 for p in out["players"])


RC_EXAMPLES = support.examples_of("companion audit rattus-cartus")


@pytest.mark.parametrize("example", RC_EXAMPLES, ids=[str(i) for i in range(len(RC_EXAMPLES))])
def test_rc_every_audit_example_exactly_through_the_cli(example):
    done = cli(example["input"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == example["output"], example["note"]


def five_player_example() -> dict:
    return copy.deepcopy(next(e for e in RC_EXAMPLES if len(e["input"]["players"]) == 5))


def test_rc_f2_cli_exit_0_with_a_tie_below_the_scoring_places_and_no_order():
    example = five_player_example()
    assert "influence_ties" not in example["input"]
    done = cli(example["input"])
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert json.loads(done.stdout) == example["output"]


def test_rc_f2_cli_an_order_for_a_tie_below_the_scoring_places_is_ignored():
    example = five_player_example()
    for ties in ({"peasantry": ["Amarillo", "Negro"], "royalty": ["Rojo", "Azul"]},
                 {"peasantry": ["Negro", "Amarillo"], "royalty": ["Azul", "Rojo"]}):
        doc = {**copy.deepcopy(example["input"]), "influence_ties": ties}
        done = cli(doc)
        assert done.returncode == 0 and json.loads(done.stdout) == example["output"], done.stderr


def test_rc_f2_cli_exit_2_naming_the_class_for_a_scoring_tie_without_order():
    doc = five_player_example()["input"]
    doc["players"][4]["influence"]["royalty"] = 3  # Negro ties Amarillo for 2nd in Royalty
    done = cli(doc)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("error: influence_ties.royalty: ") and "Amarillo, Negro" in line
    assert "decides a score" in line
    doc["influence_ties"] = {"royalty": ["Negro", "Amarillo"]}
    out = json.loads(cli(doc).stdout)
    # Royalty: Verde 10, Negro (bottom of the stack) 5, Amarillo 2; Rojo and Azul below score nothing.
    assert [p["breakdown"]["classes"] for p in out["players"]][3:] == [5 + 2, 5 + 5 + 10]


def test_rc_f5_cli_two_player_gold_tie_splits_9_unless_the_table_option_says_6():
    example = next(e for e in RC_EXAMPLES
                   if len(e["input"]["players"]) == 2 and "gold_two_player_tie" not in e["input"])
    assert [p["breakdown"]["gold"] for p in json.loads(cli(example["input"]).stdout)["players"]] == [4, 4]
    for option, gold in (("split_9", 4), ("split_6", 3)):
        out = run({**example["input"], "gold_two_player_tie": option})
        assert [p["breakdown"]["gold"] for p in out["players"]] == [gold, gold]
