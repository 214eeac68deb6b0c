"""The Bandit cube is part of the first-ranked player's reward (L-R9, ruling I-17).

It moves when that seat collects its reward, never at the reveal; declining (at confirmation, at
the seat's turn, or an impossible choice, I-3) leaves it on the location, where it accumulates
(I-6). A first-ranked seat that gets only the Bandit cube from an empty supply is no straggler
(I-15). Every card here is made up ("Test ...").
"""

from __future__ import annotations

from support import deal_guards as _deal
from support import drive as _drive

from companion.core.i18n import english
from companion.games.lockup.scenario import Table, goon, setup


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def bandit_at(location: str, resource: str = "gold", names=("Ana", "Ben"), **extra) -> Table:
    """Round 2 of a game whose Bandit fed one ``resource`` cube to ``location`` in Patrol (L-P4).

    The Bandit is dealt one slot before ``location`` (or entered at the Sewers) so that it advances
    there in the first Patrol (L-P3); nobody places a tile in round 1.
    """
    thief = goon("Test Thief", "bandit", resource=resource)
    goon_slots = ("sewers", "infirmary", "smithy", "commissary", "chow_hall")
    before = goon_slots.index(location) - 1
    goons = {goon_slots[before]: thief} if before >= 0 else {}
    t = Table(setup(names, goons=goons, **extra))
    t.pass_all()
    t.do("refill_goons", goons={"sewers": thief if before < 0 else goon("Test New")})
    assert t.state.loc_resources[location] == {resource: 1}
    return t


def held(t: Table, seat: str) -> dict:
    """A seat's resources, without the zeros."""
    return {r: n for r, n in t.seat(seat).resources.items() if n}


def moves(t: Table, rule: str) -> list:
    return [e for e in t.events if e.type == "cubes-moved" and e.rule == rule]


def test_bandit_cube_comes_with_the_first_reward_not_at_the_reveal_I_17_L_R9():
    t = bandit_at("smithy")
    t.do("assign", seat="Ana", location="smithy", tiles=up(4))
    t.do("assign", seat="Ben", location="smithy", tiles=up(1))
    t.pass_all()
    assert t.pending.kind == "confirm-rewards" and t.pending.location == "smithy"
    assert t.state.loc_resources["smithy"] == {"gold": 1}, "revealing the location moves no Bandit cube (I-17)"
    t.collect()
    assert held(t, "Ana") == {"iron": 2, "gold": 1}
    assert t.seat("Ben").resources.get("gold", 0) == 0 and t.seat("Ben").resources["iron"] == 1
    assert t.state.loc_resources["smithy"] == {}
    [bandit] = moves(t, "L-R9")
    assert bandit.target == "seat:Ana" and "I-17" in english(bandit.reason)


def test_declining_at_confirmation_leaves_the_bandit_cube_I_17_I_6_L_LO6():
    t = bandit_at("smithy")
    t.do("assign", seat="Ana", location="smithy", tiles=up(4))
    t.do("assign", seat="Ben", location="smithy", tiles=up(1))
    t.pass_all()
    t.collect("Ana")
    assert t.seat("Ana").resources.get("gold", 0) == 0 and t.seat("Ben").resources.get("gold", 0) == 0
    assert t.state.loc_resources["smithy"] == {"gold": 1}
    assert not moves(t, "L-R9")


def test_declined_bandit_cube_accumulates_I_6_I_17():
    """The cube nobody collected stays; the next Patrol adds another (the Bandit moved on, so the
    first one stays where it was)."""
    t = bandit_at("smithy")
    t.do("assign", seat="Ana", location="smithy", tiles=up(4))
    t.pass_all()
    t.collect("Ana")
    while t.pending.kind == "confirm-rewards":  # the Library (Ana straggled there)
        t.collect()
    t.do("refill_goons", goons={"sewers": goon("Test Newer")})
    assert t.state.loc_resources["smithy"] == {"gold": 1}
    assert t.state.loc_resources["commissary"] == {"gold": 1}  # the Bandit's new location (L-P4)


def test_pass_rewards_down_does_not_pass_the_bandit_cube_I_17_I_1():
    """I-17: a first-ranked seat that declines gives the cube up; it stays even when the table
    lets the declined rewards pass down (I-1 option)."""
    t = bandit_at("smithy", names=("Ana", "Ben", "Cleo"), options={"pass_rewards_down": True})
    t.do("assign", seat="Ana", location="smithy", tiles=up(4))
    t.do("assign", seat="Ben", location="smithy", tiles=up(3))
    t.do("assign", seat="Cleo", location="smithy", tiles=up(1))
    t.pass_all()
    t.collect("Ana")
    assert held(t, "Ben") == {"iron": 2}
    assert t.state.loc_resources["smithy"] == {"gold": 1}


def test_first_ranked_who_declines_its_choice_gives_up_the_cube_I_17_I_3():
    t = bandit_at("commissary")
    t.do("assign", seat="Ana", location="commissary", tiles=up(4))
    t.do("assign", seat="Ben", location="commissary", tiles=up(1))
    t.pass_all()
    t.collect()
    assert t.pending.kind == "choice" and t.pending.seat == "Ana"
    t.do("decline", seat="Ana")
    assert t.state.loc_resources["commissary"] == {"gold": 1}
    assert ("Ana", 4) in {(p.seat, p.tile) for p in t.state.placements["library"]}


def test_first_ranked_who_takes_its_choice_gets_the_cube_too_I_17_L_R5():
    t = bandit_at("commissary")
    t.do("assign", seat="Ana", location="commissary", tiles=up(4))
    t.pass_all()
    t.collect()
    t.do("take", seat="Ana", resource="iron")
    assert held(t, "Ana") == {"iron": 1, "gold": 1}
    assert t.state.loc_resources["commissary"] == {}


def test_impossible_choice_leaves_the_cube_I_3_I_17():
    """Chow Hall first with nothing to pay: a straggler (I-3), and the Bandit cube stays."""
    t = bandit_at("chow_hall")
    t.do("assign", seat="Ana", location="chow_hall", tiles=up(1))
    t.do("assign", seat="Ben", location="chow_hall", tiles=up(4))
    t.pass_all()
    t.collect()
    straggled = [e for e in t.events if e.type == "straggled" and e.location == "chow_hall"]
    assert [(e.seat, "I-3" in english(e.reason)) for e in straggled] == [("Ben", True), ("Ana", True)]
    assert t.state.loc_resources["chow_hall"] == {"gold": 1}


def test_recruiting_first_at_the_chow_hall_brings_the_cube_I_17_L_R6():
    t = bandit_at("chow_hall")
    t.do("adjust", seat="Ben", quantity="scrap", delta=1, reason="test: something to pay")
    t.do("assign", seat="Ana", location="chow_hall", tiles=up(1))
    t.do("assign", seat="Ben", location="chow_hall", tiles=up(4))
    t.pass_all()
    t.collect()
    t.do("recruit", seat="Ben", goons=["sewers"], pay={"scrap": 1})
    assert held(t, "Ben") == {"gold": 1}
    assert t.state.loc_resources["chow_hall"] == {}


def test_only_the_bandit_cube_from_an_empty_supply_is_still_a_reward_I_15_I_17():
    """Sewers, 2 players: the scrap supply is empty, Ana (first) gets only the Bandit's scrap cube
    and is no straggler; Ben's 1 scrap (other tier) gives nothing, so he straggles (I-15)."""
    t = bandit_at("sewers", resource="scrap")
    t.do("adjust", seat="Ben", quantity="scrap", delta=t.state.supply["scrap"], reason="test: drain the scrap")
    t.do("assign", seat="Ana", location="sewers", tiles=up(4))
    t.do("assign", seat="Ben", location="sewers", tiles=up(1))
    t.pass_all()
    t.collect()
    assert held(t, "Ana") == {"scrap": 1}
    collected = [e.seat for e in t.events if e.type == "reward-collected" and e.location == "sewers"]
    assert collected == ["Ana"]
    assert [p.seat for p in t.state.placements["library"]] == ["Ben"]


def test_commissary_first_from_an_empty_supply_takes_the_bandit_cube_I_15_I_17():
    t = bandit_at("commissary")
    for r in ("scrap", "iron", "potion", "gold"):
        t.do("adjust", seat="Ben", quantity=r, delta=t.state.supply[r], reason="test: empty the supply")
    t.do("assign", seat="Ana", location="commissary", tiles=up(4))
    t.pass_all()
    t.collect()
    assert held(t, "Ana") == {"gold": 1}
    assert [e.seat for e in t.events if e.type == "reward-collected" and e.location == "commissary"] == ["Ana"]


def test_commissary_first_from_an_empty_supply_without_a_bandit_cube_straggles_I_15():
    t = Table(setup(("Ana", "Ben")))
    for r in ("scrap", "iron", "potion", "gold"):
        t.do("adjust", seat="Ben", quantity=r, delta=t.state.supply[r], reason="test: empty the supply")
    t.do("assign", seat="Ana", location="commissary", tiles=up(4))
    t.pass_all()
    t.collect()
    [e] = [e for e in t.events if e.type == "straggled" and e.location == "commissary"]
    assert e.seat == "Ana" and "I-15" in english(e.reason)


def test_the_guards_take_the_bandit_cube_with_their_reward_I_17_L_SO8():
    thief = goon("Test Thief", "bandit", resource="scrap")
    t = Table(setup(("Ana",), mode="solo"))
    _deal(t, (0,) * 7)
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    t.do("pass", seat="Ana")
    _drive(t, lambda p: p.kind == "refill-goons")
    t.do("refill_goons", goons={"sewers": thief})
    assert t.state.loc_resources["sewers"] == {"scrap": 1}
    scrap_before = t.seat("guards").resources.get("scrap", 0)
    _deal(t, (0, 5, 0, 0, 0, 0, 0))
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    t.do("assign", seat="Ana", location="sewers", tiles=up(1))
    t.do("guard_turn", reveal={"location": "exercise_yard", "index": 0})
    t.do("pass", seat="Ana")
    _drive(t, lambda p: p.location == "infirmary" or p.kind == "refill-goons")
    assert t.seat("guards").resources["scrap"] == scrap_before + 2 + 1  # 2p first: 2 scrap, + the Bandit cube
    assert t.state.loc_resources["sewers"] == {}

