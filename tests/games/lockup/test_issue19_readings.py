"""Issue 19, Lockup: the leader goal's minimum in both editions (L-GL1, I-19) and the readings the
books do not print, each with its "as printed" table option: 0 suspicion in a raid (L-RD1..L-RD3,
I-4) and 0 items in the majority goal (L-GL3, I-12). Through the engine and ``audit lockup``.
Every card is made up ("Test ...")."""

from __future__ import annotations

import copy
import json

import pytest
import support

from companion.cli import main
from companion.core.errors import InputError
from companion.games.lockup import audit
from companion.games.lockup.final import audit_document
from companion.games.lockup.raids import raid_losses
from companion.games.lockup.scenario import Table, goon, item, setup

AUDIT = next(e for e in support.examples() if e["command"] == "companion audit lockup")


def _crafts_shields(shields: int, options: dict) -> Table:
    """Ana crafts one item showing ``shields`` shield icons; the leader goal counts shields, minimum 2."""
    display = [item("Test Shields", cost={"scrap": 1}, treasures=["shield"] * shields), item("Test A"), item("Test B")]
    t = Table(setup(("Ana", "Ben"), display=display, options=options))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test: the cost")
    t.do("assign", seat="Ana", location="cell_block", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    t.collect()
    t.do("craft", seat="Ana", source="display", index=0, pay={"scrap": 1})
    return t


@pytest.mark.parametrize(("shields", "spanish", "polish"), [(1, None, None), (2, "Ana", None), (3, "Ana", "Ana")])
def test_leader_goal_reach_the_minimum_es_or_go_above_it_pl_L_GL1_I_19(shields, spanish, polish):
    """ES: the most and reaching the printed minimum (2); PL (option): the most, above the minimum."""
    assert _crafts_shields(shields, {}).state.leader_holder == spanish
    assert _crafts_shields(shields, {"polish_leader_minimum": True}).state.leader_holder == polish


def test_the_leader_option_is_validated_and_recorded_I_19():
    t = Table(setup(("Ana", "Ben"), options={"polish_leader_minimum": True}))
    assert t.state.options["polish_leader_minimum"] is True
    assert Table(setup(("Ana", "Ben"))).state.options["polish_leader_minimum"] is False
    with pytest.raises(InputError) as err:
        Table(setup(("Ana", "Ben"), options={"polish_leader_minimum": "yes"}))
    assert err.value.field == "options.polish_leader_minimum"


def test_raid_zero_suspicion_never_places_unless_as_printed_L_RD2_L_RD3_I_4():
    three = {"Ana": 3, "Ben": 0, "Cleo": 0}
    assert raid_losses(three, 3) == {"Ana": 8, "Ben": 0, "Cleo": 0}
    assert raid_losses(three, 3, zero_ranks=True) == {"Ana": 8, "Ben": 2, "Cleo": 2}  # tied second (L-RD3)
    assert raid_losses({"Ana": 1, "Ben": 0}, 2, zero_ranks=True) == {"Ana": 6, "Ben": 0}  # 2p: no second


def _play_out(t: Table) -> Table:
    """Everyone passes every round until the game is over (no tiles, no cards taken)."""
    n = 0
    while t.pending.kind != "over":
        kind = t.pending.kind
        if kind == "roll-call":
            t.pass_all()
        elif kind == "refill-goons":
            n += 1
            t.do("refill_goons", goons={loc: goon(f"Test Goon {n}-{loc}") for loc in t.pending.detail["slots"]})
        elif kind == "end-goal":
            t.do("end_goal", seats=[])
        else:
            raise AssertionError(f"stuck at {t.pending}")
    return t


@pytest.mark.parametrize("printed", [False, True])
def test_final_raid_and_majority_goal_with_nobody_holding_anything_I_4_I_12(printed):
    """Three players end with no suspicion and no gem item. The companion's readings: nobody loses
    or scores. As printed: all tied for the most, so each loses 4 in the final raid (L-RD3, L-RD6)
    and scores 4 for the majority goal (L-GL3)."""
    options = {"raid_zero_ranks": printed, "majority_zero_ranks": printed}
    t = _play_out(Table(setup(("Ana", "Ben", "Cleo"), options=options)))
    [final] = [e for e in t.events if e.type == "raid-held" and e.final]
    assert dict(final.losses) == ({"Ana": 4, "Ben": 4, "Cleo": 4} if printed else {})
    result = t.state.result
    assert {p["name"]: p["breakdown"]["end_game_goal"] for p in result["players"]} == dict.fromkeys(
        ("Ana", "Ben", "Cleo"), 4 if printed else 0)
    assert {p["name"]: p["breakdown"]["track"] for p in result["players"]} == dict.fromkeys(
        ("Ana", "Ben", "Cleo"), 6 if printed else 10)
    # the audit honours the recorded option (the stored result holds tuples: compare as JSON)
    assert audit.run(audit_document(t.state)) == json.loads(json.dumps(result))


def _majority_doc(**extra) -> dict:
    """Three players; only Vera has a shield item: Isaac and Clara are tied at 0 for second."""
    doc = copy.deepcopy(AUDIT["input"])
    doc["players"].append({"name": "Clara", "reputation": 20, "power": 0,
                           "resources": {"scrap": 0, "iron": 0, "potion": 0, "gold": 0},
                           "tomes": 0, "items": [], "goons": []})
    return {**doc, **extra}


def test_audit_majority_zero_ranks_option_L_GL3_I_12():
    default = {p["name"]: p["breakdown"]["end_game_goal"] for p in audit.run(_majority_doc())["players"]}
    printed = audit.run(_majority_doc(majority_zero_ranks=True))
    assert default == {"Vera": 8, "Isaac": 0, "Clara": 0}
    assert {p["name"]: p["breakdown"]["end_game_goal"] for p in printed["players"]} == {
        "Vera": 8, "Isaac": 2, "Clara": 2}


def test_the_contract_example_keeps_its_answer_by_default():
    assert audit.run(AUDIT["input"]) == AUDIT["output"]
    card = {"counts": "shield", "minimum": 1}  # Vera: 1 shield (her item)
    assert audit.run({**AUDIT["input"], "leader_goal_card": card}) == AUDIT["output"]


@pytest.mark.parametrize(("polish", "holder", "field_ok"), [
    (False, "Vera", True), (True, "Vera", False), (True, None, True), (False, None, False)])
def test_audit_checks_the_leader_holder_against_the_card_L_GL1_I_19(polish, holder, field_ok):
    """Vera has 1 shield, Isaac none; the card asks for 1. ES: Vera reaches it and must hold it;
    PL: 1 is not above 1, so nobody may hold it."""
    doc = {**AUDIT["input"], "leader_goal": holder, "leader_goal_card": {"counts": "shield", "minimum": 1},
           "polish_leader_minimum": polish}
    if field_ok:
        audit.run(doc)
    else:
        with pytest.raises(InputError) as err:
            audit.run(doc)
        assert err.value.field == "leader_goal"


def test_audit_cli_refuses_a_holder_below_the_minimum_with_one_line_I_19(tmp_path, capsys):
    doc = {**AUDIT["input"], "leader_goal_card": {"counts": "shield", "minimum": 1}, "polish_leader_minimum": True}
    path = tmp_path / "in.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["audit", "lockup", str(path)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err == "error: leader_goal: Vera has 1; the leader goal needs 2\n"


@pytest.mark.parametrize(("field", "value", "path"), [
    ("leader_goal_card", {"counts": "shield"}, "leader_goal_card.minimum"),
    ("leader_goal_card", {"counts": "crown", "minimum": 1}, "leader_goal_card.counts"),
    ("polish_leader_minimum", "yes", "polish_leader_minimum"),
    ("majority_zero_ranks", 1, "majority_zero_ranks")])
def test_audit_new_fields_are_validated_by_name(field, value, path):
    with pytest.raises(InputError) as err:
        audit.run({**AUDIT["input"], field: value})
    assert err.value.field == path
