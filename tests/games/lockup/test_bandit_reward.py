"""The Bandit cube is part of the first-ranked player's reward (L-R9, ruling I-17).

Both rulebooks give it "together with the other rewards", "available at once": it moves when that
seat's turn to collect comes, never at the reveal, and before a choice is paid, so it can pay for
it. "No recruit" (``keep_bandit``) keeps it and the seat goes home; only a decline (L-LO6, at
confirmation or at the seat's turn) gives it up, and it stays on the location, where it
accumulates (I-6). A first-ranked seat that gets only the Bandit cube is no straggler (I-15,
I-17). Every card here is made up ("Test ...").
"""

from __future__ import annotations

import pytest
from support import ASK_FIXED, roll_call
from support import deal_guards as _deal
from support import drive as _drive

from companion.core.errors import RuleViolation
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
    t = bandit_at("smithy", options=ASK_FIXED)
    roll_call(t, ("Ana", "smithy", 4), ("Ben", "smithy", 1))
    assert t.pending.kind == "confirm-rewards" and t.pending.location == "smithy"
    assert t.state.loc_resources["smithy"] == {"gold": 1}, "revealing the location moves no Bandit cube (I-17)"
    t.collect()
    assert held(t, "Ana") == {"iron": 2, "gold": 1}
    assert t.seat("Ben").resources.get("gold", 0) == 0 and t.seat("Ben").resources["iron"] == 1
    assert t.state.loc_resources["smithy"] == {}
    [bandit] = moves(t, "L-R9")
    assert bandit.target == "seat:Ana" and "I-17" in english(bandit.reason)


def test_declining_at_confirmation_leaves_the_bandit_cube_I_17_I_6_L_LO6():
    t = bandit_at("smithy", options=ASK_FIXED)
    roll_call(t, ("Ana", "smithy", 4), ("Ben", "smithy", 1))
    t.collect("Ana")
    assert t.seat("Ana").resources.get("gold", 0) == 0 and t.seat("Ben").resources.get("gold", 0) == 0
    assert t.state.loc_resources["smithy"] == {"gold": 1}
    assert not moves(t, "L-R9")


def test_declined_bandit_cube_accumulates_I_6_I_17():
    """The cube nobody collected stays; the next Patrol adds another (the Bandit moved on, so the
    first one stays where it was)."""
    t = bandit_at("smithy", options=ASK_FIXED)
    roll_call(t, ("Ana", "smithy", 4))
    t.collect("Ana")
    while t.pending.kind == "confirm-rewards":  # the Library (Ana straggled there)
        t.collect()
    t.do("refill_goons", goons={"sewers": goon("Test Newer")})
    assert t.state.loc_resources["smithy"] == {"gold": 1}
    assert t.state.loc_resources["commissary"] == {"gold": 1}  # the Bandit's new location (L-P4)


def test_pass_rewards_down_does_not_pass_the_bandit_cube_I_17_I_1():
    """I-17: a first-ranked seat that declines gives the cube up; it stays even when the table
    lets the declined rewards pass down (I-1 option)."""
    t = bandit_at("smithy", names=("Ana", "Ben", "Cleo"), options={"pass_rewards_down": True, **ASK_FIXED})
    roll_call(t, ("Ana", "smithy", 4), ("Ben", "smithy", 3), ("Cleo", "smithy", 1))
    t.collect("Ana")
    assert held(t, "Ben") == {"iron": 2}
    assert t.state.loc_resources["smithy"] == {"gold": 1}


def test_first_ranked_who_declines_its_choice_gives_up_the_cube_I_17_I_3():
    t = bandit_at("commissary", options=ASK_FIXED)  # stops at the Library
    roll_call(t, ("Ana", "commissary", 4), ("Ben", "commissary", 1))
    t.collect()
    assert t.pending.kind == "choice" and t.pending.seat == "Ana"
    t.do("decline", seat="Ana")
    assert t.state.loc_resources["commissary"] == {"gold": 1}
    assert ("Ana", 4) in {(p.seat, p.tile) for p in t.state.placements["library"]}


def test_first_ranked_who_takes_its_choice_gets_the_cube_too_I_17_L_R5():
    t = bandit_at("commissary")
    roll_call(t, ("Ana", "commissary", 4))
    t.collect()
    t.do("take", seat="Ana", resource="iron")
    assert held(t, "Ana") == {"iron": 1, "gold": 1}
    assert t.state.loc_resources["commissary"] == {}


def chow_hall_first_with_nothing(**extra) -> Table:
    """Ben ranks first at the Chow Hall with no resource of his own; the Bandit left 1 gold there."""
    t = bandit_at("chow_hall", **extra)
    roll_call(t, ("Ana", "chow_hall", 1), ("Ben", "chow_hall", 4))
    t.collect()
    return t


def test_the_bandit_cube_counts_for_the_choice_so_the_seat_is_no_straggler_I_17_L_R9_L_R6():
    """Chow Hall first with nothing of his own: the cube is his reward too, so he gets the choice
    (before issue 19 he straggled and the cube stayed)."""
    t = chow_hall_first_with_nothing()
    assert t.pending.kind == "choice" and t.pending.seat == "Ben"
    assert t.pending.detail["bandit"] == {"gold": 1}
    assert not [e for e in t.events if e.type == "straggled" and e.seat == "Ben"]


def test_the_bandit_cube_pays_for_the_recruit_I_17_L_R9_L_R6():
    t = chow_hall_first_with_nothing()
    new = t.do("recruit", seat="Ben", goons=["sewers"], pay={"gold": 1})
    assert t.types(new)[:3] == ["cubes-moved", "cubes-moved", "goon-recruited"]
    cube, paid = new[0], new[1]
    assert (cube.source, cube.target, cube.rule) == ("location:chow_hall", "seat:Ben", "L-R9")
    assert (paid.source, paid.target, dict(paid.cubes)) == ("seat:Ben", "supply", {"gold": 1})
    assert held(t, "Ben") == {} and [g.name for g in t.seat("Ben").goons] == ["Test New"]
    assert t.state.loc_resources["chow_hall"] == {}


def test_no_recruit_keeps_the_bandit_cube_and_goes_home_I_17_L_R9_L_LO4():
    t = chow_hall_first_with_nothing()
    new = t.do("keep_bandit", seat="Ben")
    assert t.types(new)[:2] == ["cubes-moved", "reward-collected"]
    assert held(t, "Ben") == {"gold": 1} and not t.seat("Ben").goons
    assert t.state.loc_resources["chow_hall"] == {}
    assert "Ben" not in {p.seat for p in t.state.placements["library"]}  # home, no straggler (L-LO4)


def test_declining_at_the_turn_gives_the_whole_reward_up_cube_included_L_LO6_I_17_I_6():
    t = chow_hall_first_with_nothing(options=ASK_FIXED)  # stops at the Library
    t.do("decline", seat="Ben")
    assert held(t, "Ben") == {}
    assert t.state.loc_resources["chow_hall"] == {"gold": 1}
    assert ("Ben", 4) in {(p.seat, p.tile) for p in t.state.placements["library"]}


def test_declining_at_confirmation_gives_the_chow_hall_cube_up_L_LO6_I_17():
    """A game begun before issue 23 asks a seat with a choice reward at confirmation; declining
    there gives the cube up too. (A newer game asks at the choice: the test above.)"""
    t = bandit_at("chow_hall", confirm_choice_rewards=True)
    t.do("pass", seat="Ana")
    roll_call(t, ("Ben", "chow_hall", 4))
    t.collect("Ben")
    assert t.state.loc_resources["chow_hall"] == {"gold": 1} and held(t, "Ben") == {}


def test_keep_bandit_needs_a_bandit_cube_for_that_seat_I_17():
    """Only the first-ranked seat of a location with Bandit cubes may skip its choice and keep them;
    anyone else who wants nothing declines (I-3)."""
    t = chow_hall_first_with_nothing()
    t.do("adjust", seat="Ana", quantity="scrap", delta=2, reason="test: Ana can pay")
    t.do("recruit", seat="Ben", goons=["sewers"], pay={"gold": 1})
    assert t.pending.seat == "Ana" and "bandit" not in t.pending.detail
    with pytest.raises(RuleViolation) as err:
        t.do("keep_bandit", seat="Ana")
    assert err.value.rule == "I-17"


def test_the_commissary_first_takes_its_resource_with_the_cube_no_keep_only_L_R5_I_17():
    """Recruiting is a "may" (L-R6); the Commissary's first reward is a gain (L-R5): it comes with
    the cube, or the whole reward is declined."""
    t = bandit_at("commissary")
    roll_call(t, ("Ana", "commissary", 4))
    t.collect()
    assert t.pending.detail["bandit"] == {"gold": 1}
    with pytest.raises(RuleViolation) as err:
        t.do("keep_bandit", seat="Ana")
    assert err.value.rule == "L-R5"
    assert t.state.loc_resources["commissary"] == {"gold": 1}


def straggle_at_lights_out(t: Table, location: str):
    """Everyone passes to Lights Out and collects; the one ``straggled`` event at ``location``."""
    t.pass_all()
    t.collect()
    [e] = [e for e in t.events if e.type == "straggled" and e.location == location]
    return e


def test_first_without_a_cube_and_nothing_to_pay_still_straggles_I_3():
    t = Table(setup(("Ana", "Ben")))
    t.do("pass", seat="Ana")
    t.do("assign", seat="Ben", location="chow_hall", tiles=up(4))
    e = straggle_at_lights_out(t, "chow_hall")
    assert e.seat == "Ben" and "I-3" in english(e.reason)


def test_the_bandit_cube_makes_up_the_price_of_two_goons_I_17_L_R6():
    """First at the Chow Hall: 2 goons for any 4, paid with 3 own cubes and the Bandit's gold."""
    t = bandit_at("chow_hall")
    t.do("adjust", seat="Ben", quantity="scrap", delta=3, reason="test: 3 of 4")
    t.do("pass", seat="Ana")
    roll_call(t, ("Ben", "chow_hall", 4))
    t.collect()
    t.do("recruit", seat="Ben", goons=["sewers", "infirmary"], pay={"scrap": 3, "gold": 1})
    assert held(t, "Ben") == {} and len(t.seat("Ben").goons) == 2


def test_recruiting_first_at_the_chow_hall_brings_the_cube_I_17_L_R6():
    t = bandit_at("chow_hall")
    t.do("adjust", seat="Ben", quantity="scrap", delta=1, reason="test: something to pay")
    roll_call(t, ("Ana", "chow_hall", 1), ("Ben", "chow_hall", 4))
    t.collect()
    t.do("recruit", seat="Ben", goons=["sewers"], pay={"scrap": 1})
    assert held(t, "Ben") == {"gold": 1}
    assert t.state.loc_resources["chow_hall"] == {}


def test_only_the_bandit_cube_from_an_empty_supply_is_still_a_reward_I_15_I_17():
    """Sewers, 2 players: the scrap supply is empty, Ana (first) gets only the Bandit's scrap cube
    and is no straggler; Ben's 1 scrap (other tier) gives nothing, so he straggles (I-15)."""
    t = bandit_at("sewers", resource="scrap", options=ASK_FIXED)
    t.do("adjust", seat="Ben", quantity="scrap", delta=t.state.supply["scrap"], reason="test: drain the scrap")
    roll_call(t, ("Ana", "sewers", 4), ("Ben", "sewers", 1))
    t.collect()
    assert held(t, "Ana") == {"scrap": 1}
    collected = [e.seat for e in t.events if e.type == "reward-collected" and e.location == "sewers"]
    assert collected == ["Ana"]
    assert [p.seat for p in t.state.placements["library"]] == ["Ben"]


def test_commissary_first_from_an_empty_supply_takes_the_bandit_cube_I_15_I_17():
    t = bandit_at("commissary")
    for r in ("scrap", "iron", "potion", "gold"):
        t.do("adjust", seat="Ben", quantity=r, delta=t.state.supply[r], reason="test: empty the supply")
    roll_call(t, ("Ana", "commissary", 4))
    t.collect()
    assert held(t, "Ana") == {"gold": 1}
    assert [e.seat for e in t.events if e.type == "reward-collected" and e.location == "commissary"] == ["Ana"]


def test_commissary_first_from_an_empty_supply_without_a_bandit_cube_straggles_I_15():
    t = Table(setup(("Ana", "Ben")))
    for r in ("scrap", "iron", "potion", "gold"):
        t.do("adjust", seat="Ben", quantity=r, delta=t.state.supply[r], reason="test: empty the supply")
    t.do("assign", seat="Ana", location="commissary", tiles=up(4))
    e = straggle_at_lights_out(t, "commissary")
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

