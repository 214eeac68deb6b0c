"""Patrol (L-P1..L-P5), raids (L-RD1..L-RD6, I-4), the end of the game (L-F) and the reputation log."""

from __future__ import annotations

import pytest

from companion.core.errors import RuleViolation
from companion.games.lockup.engine import reputation_log
from companion.games.lockup.scenario import Table, goon, item, setup

GOONS = {"sewers": goon("Test A"), "infirmary": goon("Test B"), "smithy": goon("Test C"),
         "commissary": goon("Test D"), "chow_hall": goon("Test E")}


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def finish_round(t: Table) -> None:
    """Everyone passes; Patrol gets made-up goons for every empty slot (new names each round: a card
    already on the table is not a new draw, L-C5)."""
    t.pass_all()
    while t.pending.kind in ("refill-goons", "refill-items"):
        r = t.state.round
        if t.pending.kind == "refill-goons":
            t.do("refill_goons", goons={loc: goon(f"Test Fill {loc} {r}") for loc in t.pending.detail["slots"]})
        else:
            t.do("refill_items", items=[item(f"Test Fill {i} {r}") for i in t.pending.detail["slots"]])


def test_storage_limit_discards_down_to_the_limit_L_P1():
    t = Table(setup(("Ana", "Ben")))
    t.do("adjust", seat="Ana", quantity="scrap", delta=7, reason="test")
    t.pass_all()
    assert t.pending.kind == "discard" and t.pending.detail["excess"] == {"Ana": 2}
    with pytest.raises(RuleViolation, match="L-P1"):
        t.do("discard", seat="Ana", resources={"scrap": 3})
    with pytest.raises(RuleViolation, match="L-P1"):
        t.do("discard", seat="Ben", resources={"scrap": 1})
    t.do("discard", seat="Ana", resources={"scrap": 2})
    assert t.seat("Ana").resources["scrap"] == 5 and t.pending.kind == "refill-goons"


def test_goons_advance_keeping_order_and_refill_L_P3():
    t = Table(setup(("Ana", "Ben"), goons=GOONS))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test")
    t.do("assign", seat="Ana", location="chow_hall", tiles=up(4))
    t.pass_all()
    t.collect()
    t.do("recruit", seat="Ana", goons=["infirmary"], pay={"scrap": 1})
    assert t.pending.kind == "refill-goons" and t.pending.detail["slots"] == ["sewers", "infirmary"]
    names = {loc: (g.name if g else None) for loc, g in t.state.goons.items()}
    assert names == {"sewers": None, "infirmary": None, "smithy": "Test A", "commissary": "Test C",
                     "chow_hall": "Test D"}
    with pytest.raises(RuleViolation, match="L-P3"):
        t.do("refill_goons", goons={"smithy": goon("Test X")})
    t.do("refill_goons", goons={"sewers": goon("Test X"), "infirmary": goon("Test Y")})
    assert t.state.round == 2 and t.pending.kind == "roll-call"  # L-P5


def test_display_refill_after_a_reserve_L_P2():
    t = Table(setup(("Ana", "Ben")))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test")
    t.do("assign", seat="Ana", location="cell_block", tiles=up(4))
    t.pass_all()
    t.collect()
    t.do("reserve", seat="Ana", index=1, pay={"scrap": 1})
    assert t.pending.kind == "refill-items" and t.pending.detail["slots"] == [1]
    with pytest.raises(RuleViolation, match="L-P2"):
        t.do("refill_items", items=[item("Test N1"), item("Test N2")])
    t.do("refill_items", items=[item("Test N1")])
    assert t.state.display[1].name == "Test N1"


def test_suspicion_supply_short_raids_first_then_adds_L_P4_L_RD3():
    heavy = {loc: goon(f"Test Spy {loc}", suspicion=2) for loc in GOONS}
    t = Table(setup(("Ana", "Ben"), goons=heavy))  # 10 cubes on locations, 2 left
    t.do("adjust", seat="Ana", quantity="suspicion", delta=2, reason="test")
    finish_round(t)
    raid = next(e for e in t.events if e.type == "raid-held")
    assert raid.rule == "L-P4" and raid.losses == {"Ana": 6}  # 2 players: most -6 (L-RD3)
    assert t.seat("Ana").reputation == 4 and t.seat("Ana").suspicion == 0
    # All returned (L-RD5), then the 4 advanced goons add 2 each; the new one has no icons.
    assert sum(t.state.loc_suspicion.values()) == 8


def test_raid_ties_and_zero_suspicion_I_4_L_RD2_and_floor_L_RD4():
    heavy = {loc: goon(f"Test Spy {loc}", suspicion=2) for loc in GOONS}
    t = Table(setup(("Ana", "Ben", "Cleo"), goons=heavy))
    t.do("adjust", seat="Ana", quantity="suspicion", delta=1, reason="test")
    t.do("adjust", seat="Ben", quantity="suspicion", delta=1, reason="test")
    t.do("adjust", seat="Ana", quantity="reputation", delta=-8, reason="test: low reputation")
    finish_round(t)
    raid = next(e for e in t.events if e.type == "raid-held")
    assert raid.losses == {"Ana": 2, "Ben": 4}  # tie for most: each -4; Ana stops at 0; Cleo (0) nothing
    assert [t.seat(n).reputation for n in ("Ana", "Ben", "Cleo")] == [0, 6, 10]
    causes = [(x.seat, x.delta, x.rule) for x in t.state.rep_log if x.rule.startswith("L-RD")]
    assert causes == [("Ana", -2, "L-RD2"), ("Ben", -4, "L-RD2")]


def test_six_rounds_final_raid_and_scoring_L_RD6_L_F():
    t = Table(setup(("Ana", "Ben")))
    for _ in range(5):
        finish_round(t)
    assert t.state.round == 6
    t.do("adjust", seat="Ben", quantity="suspicion", delta=1, reason="test")
    t.do("adjust", seat="Ana", quantity="gold", delta=2, reason="test")
    t.pass_all()  # round 6: no Patrol
    assert t.pending.kind == "over"
    final = next(e for e in t.events if e.type == "raid-held" and e.final)
    assert final.rule == "L-RD6" and final.losses == {"Ben": 6}
    result = t.state.result
    scores = {p["name"]: p["total"] for p in result["players"]}
    assert scores == {"Ana": 10 + 4 + 2, "Ben": 4}  # gold 2 each (L-F4), marker 2 (L-F6)
    assert list(result["winners"]) == ["Ana"]
    with pytest.raises(RuleViolation, match="over"):
        t.do("adjust", seat="Ana", quantity="gold", delta=1, reason="too late")


def test_reputation_log_explains_each_final_total():
    t = Table(setup(("Ana", "Ben")))
    t.do("claim_instant", seat="Ben")
    for _ in range(6):
        finish_round(t)
    log = reputation_log(t.state)
    for p in t.state.result["players"]:
        assert sum(line["delta"] for line in log if line["seat"] == p["name"]) == p["total"]
    assert {"seat": "Ben", "delta": 3, "rule": "L-GL2", "reason": "instant goal Test Instant", "event": 2} in log


def test_fixed_end_game_goal_asks_who_meets_it_L_GL3():
    fixed = {"end_game": {"name": "Test Fixed", "kind": "end_game", "stars": 5}}
    t = Table(setup(("Ana", "Ben"), goals=fixed))
    for _ in range(6):
        finish_round(t)
    assert t.pending.kind == "end-goal"
    t.do("end_goal", seats=["Ben"])
    ben = next(p for p in t.state.result["players"] if p["name"] == "Ben")
    assert ben["breakdown"]["end_game_goal"] == 5


@pytest.mark.parametrize(("seed", "count", "mode"), [(7, 2, "standard"), (8, 5, "standard"), (9, 1, "solo"),
                                                    (10, 3, "advanced")])
def test_engine_final_scores_match_the_audit_command_L_F(seed, count, mode):
    """The engine's final scoring equals ``companion audit lockup`` on the same end state."""
    from companion.games.lockup.audit import run
    from companion.games.lockup.autoplay import play
    from companion.games.lockup.final import audit_document

    _, state = play(seed, count, mode)
    audited = run(audit_document(state))
    assert audited["winners"] == list(state.result["winners"])
    assert [p["total"] for p in audited["players"]] == [p["total"] for p in state.result["players"]]
