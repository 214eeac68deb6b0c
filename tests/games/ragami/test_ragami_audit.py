"""``companion audit ragami`` through the real CLI: the spec example exactly, and malformed input
giving exit 2 with one stderr line naming the field (RG-E, cli-contracts.md)."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest
import support

from companion.core.errors import InputError
from companion.games.ragami.audit import run

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = list(support.examples())
EXAMPLE = next(e for e in EXAMPLES if e["command"] == "companion audit ragami")


def cli(doc) -> subprocess.CompletedProcess:
    return support.audit_cli("ragami", doc)


def mutate(change) -> dict:
    doc = copy.deepcopy(EXAMPLE["input"])
    change(doc)
    return doc


def test_ragami_spec_example_rg_e3_dense_ties_exactly_through_the_cli():
    done = cli(EXAMPLE["input"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == EXAMPLE["output"]


MALFORMED = [
    ("not json", "[1,", "input"),
    ("not an object", "[]", "input"),
    ("missing players", mutate(lambda d: d.pop("players")), "players"),
    ("unknown field", mutate(lambda d: d["players"][0].update(colour="yellow")), "players[0].colour"),
    ("wrong type", mutate(lambda d: d["players"][1].update(vp="22")), "players[1].vp"),
    ("negative count", mutate(lambda d: d["players"][2].update(conflicts=-1)), "players[2].conflicts"),
    ("too many players", mutate(lambda d: d["players"].append(dict(d["players"][0], name="X"))), "players"),
]


@pytest.mark.parametrize(("label", "doc", "field"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_ragami_malformed_input_exits_2_with_one_line_naming_the_field(label, doc, field):
    support.assert_refused_naming(cli(doc), field)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(game="lockup"), "game"),
        (lambda d: d["players"][3].update(name="Amarillo"), "players[3].name"),
        (lambda d: d["players"][3].update(name=""), "players[3].name"),
        (lambda d: d["players"][0].pop("white_cubes"), "players[0].white_cubes"),
        (lambda d: d["players"][0].update(white_cubes=True), "players[0].white_cubes"),
        (lambda d: d.update(players=d["players"][:1]), "players"),
        (lambda d: d.update(bonus_needs_conflict="no"), "bonus_needs_conflict"),
        (lambda d: d.update(bonus_needs_conflict=0), "bonus_needs_conflict"),
    ],
)
def test_ragami_audit_validation_names_the_field(change, field):
    with pytest.raises(InputError) as caught:
        run(mutate(change))
    assert caught.value.field == field


def zero_conflicts_doc(**options) -> dict:
    """Verde resolved no conflict but has the most VP on the track (RG-I1 decides the winner)."""
    return {"game": "ragami", **options, "players": [
        {"name": "Amarillo", "vp": 26, "conflicts": 5, "white_cubes": 2},
        {"name": "Verde", "vp": 31, "conflicts": 0, "white_cubes": 1},
        {"name": "Azul", "vp": 25, "conflicts": 5, "white_cubes": 0},
    ]}


@pytest.mark.parametrize(("options", "verde_bonus", "winners"), [
    ({}, 0, ["Amarillo"]),  # RG-I1 on by default
    ({"bonus_needs_conflict": True}, 0, ["Amarillo"]),
    ({"bonus_needs_conflict": False}, 4, ["Verde"]),
])
def test_ragami_rg_i1_option_through_the_cli(options, verde_bonus, winners):
    done = cli(zero_conflicts_doc(**options))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["players"][1]["breakdown"]["conflicts_bonus"] == verde_bonus and out["winners"] == winners
    assert set(out) == {"players", "winners", "tiebreak"}  # the output keeps the contract's shape


def test_ragami_every_audit_example_gives_exactly_its_output():
    examples = support.examples_of("companion audit ragami")
    assert any(e["input"].get("bonus_needs_conflict") is False for e in examples)
    for example in examples:
        assert run(copy.deepcopy(example["input"])) == example["output"], example["note"]
