"""``companion referee lockup guards`` through the real CLI (L-SO8, L-SO10; cli-contracts.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import support

ROOT = Path(__file__).resolve().parents[2]
GUARD_EXAMPLES = [e for e in support.examples() if e["command"] == "companion referee lockup guards"]


def _cli(document: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "referee", "lockup", "guards", "-"],
        input=document, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def test_the_spec_has_guard_examples():
    assert len(GUARD_EXAMPLES) >= 3


@pytest.mark.parametrize("example", GUARD_EXAMPLES, ids=[e["input"]["decision"] for e in GUARD_EXAMPLES])
def test_guard_example_gives_the_listed_output(example):
    """Every guards example of examples.json, exact JSON (L-SO8)."""
    done = _cli(json.dumps(example["input"]))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == example["output"]
    assert done.stderr == ""


GOOD = GUARD_EXAMPLES[0]["input"]


def _bad(**changes) -> str:
    doc = json.loads(json.dumps(GOOD))
    for path, value in changes.items():
        target = doc
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key)] if key.isdigit() else target[key]
        last = int(keys[-1]) if keys[-1].isdigit() else keys[-1]
        target[last] = value
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ("{not json", "input"),
        ("[]", "input"),
        (_bad(decision="raid"), "decision"),
        (_bad(game="ragami"), "game"),
        (_bad(guards__resources__gold=-1), "guards.resources.gold"),
        (_bad(guards__resources__gold="1"), "guards.resources.gold"),
        (_bad(guards__resources={"scrap": 1, "iron": 0, "potion": 0}), "guards.resources.gold"),
        (_bad(display__1__cost={"gold": 2, "silver": 1}), "display[1].cost.silver"),
        (_bad(display__0__reputation=-3), "display[0].reputation"),
        (_bad(display__0__treasures=["crown"]), "display[0].treasures[0]"),
        (_bad(display__0__name=""), "display[0].name"),
        (_bad(guards__reserved={"name": "x"}), "guards.reserved"),
        (_bad(goons={"library": {"type": "dwarf", "suspicion": 1}}), "goons.library"),
        (_bad(goons={"sewers": {"type": "elf", "suspicion": 1}}), "goons.sewers.type"),
        (_bad(goons={"sewers": {"type": "dwarf", "suspicion": -1}}), "goons.sewers.suspicion"),
        (_bad(supply={"gold": -1}), "supply.gold"),
        (_bad(surprise=1), "surprise"),
    ],
)
def test_malformed_input_exits_2_with_one_line_naming_the_field(document, field):
    done = _cli(document)
    support.assert_refused_naming(done, field)
    assert "Traceback" not in done.stderr


def test_referee_run_reserved_item_counts_as_nearest_i_9():
    from companion.solo_guard.referee import run

    doc = {"game": "lockup", "decision": "cell_block",
           "guards": {"resources": {"scrap": 1, "iron": 0, "potion": 0, "gold": 0},
                      "reserved": [{"name": "Made-up Cup", "reputation": 2, "cost": {"any": 1}}]},
           "display": [{"name": "Made-up Bowl", "reputation": 2, "cost": {"scrap": 1}, "treasures": []}]}
    assert run(doc) == {"action": "craft", "item": "Made-up Cup", "from": "reserved", "pay": {"scrap": 1}}


def test_referee_run_supply_and_exchange_l_so10():
    from companion.solo_guard.referee import run

    doc = {"game": "lockup", "decision": "exchange",
           "guards": {"resources": {"scrap": 3, "iron": 0, "potion": 0, "gold": 0}, "reserved": []},
           "supply": {"gold": 0}}
    assert run(doc) == {"give": "scrap", "take": "iron"}
    doc["decision"] = "commissary"
    assert run(doc) == {"take": "iron"}


def test_referee_run_goon_extras_are_checked():
    from companion.core.errors import InputError
    from companion.solo_guard.referee import run

    doc = {"game": "lockup", "decision": "chow_hall",
           "guards": {"resources": {"scrap": 0, "iron": 0, "potion": 0, "gold": 0}},
           "goons": {"smithy": {"type": "dwarf", "suspicion": 1, "resource": "gold"}}}
    with pytest.raises(InputError) as info:
        run(doc)
    assert info.value.field == "goons.smithy.resource"
    doc["goons"]["smithy"]["type"] = "bandit"
    assert run(doc) == {"arrest": ["smithy"]}
