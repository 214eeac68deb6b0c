"""Goals (L-GL1 leader claim and take-over, L-GL2 instant once) and manual adjustments."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.core.errors import InputError, RuleViolation
from companion.games.lockup.cards import Goon
from companion.games.lockup.goals import leader_change
from companion.games.lockup.model import SUPPLY
from companion.games.lockup.scenario import Table, goon, setup
from companion.games.lockup.state import all_cubes, with_seat


def shields(n: int) -> tuple:
    return tuple(Goon(f"Test Shield Goon {i}", "dwarf", treasures=("shield",)) for i in range(n))


def test_leader_goal_claimed_when_the_minimum_is_reached_L_GL1():
    goons = {"sewers": goon("Test Guard A", treasures=["shield"]), "smithy": goon("Test Guard B", treasures=["shield"])}
    t = Table(setup(("Ana", "Ben"), goons=goons))  # leader goal: shields, minimum 2
    t.do("adjust", seat="Ana", quantity="scrap", delta=4, reason="test")
    t.do("assign", seat="Ana", location="chow_hall", tiles=[4])
    t.pass_all()
    t.collect()
    t.do("recruit", seat="Ana", goons=["sewers"], pay={"scrap": 1})
    assert t.state.leader_holder is None  # 1 shield < minimum 2
    t2 = Table(setup(("Ana", "Ben"), goons=goons))
    t2.do("adjust", seat="Ana", quantity="scrap", delta=4, reason="test")
    t2.do("assign", seat="Ana", location="chow_hall", tiles=[4])
    t2.pass_all()
    t2.collect()
    t2.do("recruit", seat="Ana", goons=["sewers", "smithy"], pay={"scrap": 4})
    assert t2.state.leader_holder == "Ana"
    assert any(e.type == "leader-goal-taken" for e in t2.events)


def test_leader_goal_moves_only_when_the_holder_is_exceeded_L_GL1():
    state = Table(setup(("Ana", "Ben"))).state
    state = replace(with_seat(state, "Ana", goons=shields(2)), leader_holder="Ana")
    assert leader_change(with_seat(state, "Ben", goons=shields(2))) is None  # a tie does not move it
    taken = leader_change(with_seat(state, "Ben", goons=shields(3)))
    assert (taken.seat, taken.previous, taken.count) == ("Ben", "Ana", 3)


def test_leader_goal_unclaimed_while_tied_for_most_L_GL1():
    state = Table(setup(("Ana", "Ben"))).state
    state = with_seat(with_seat(state, "Ana", goons=shields(2)), "Ben", goons=shields(2))
    assert leader_change(state) is None


def test_instant_goal_scores_once_L_GL2():
    t = Table(setup(("Ana", "Ben")))
    t.do("claim_instant", seat="Ana")
    assert t.seat("Ana").reputation == 13
    with pytest.raises(RuleViolation, match="L-GL2"):
        t.do("claim_instant", seat="Ben")


def test_no_instant_goal_in_solo_L_SO1():
    t = Table(setup(("Ana",), mode="solo"))
    with pytest.raises(RuleViolation, match="L-GL2"):
        t.do("claim_instant", seat="Ana")


def test_adjustments_respect_the_supply_and_zero_L_C3():
    t = Table(setup(("Ana", "Ben")))
    t.do("adjust", seat="Ana", quantity="gold", delta=10, reason="test: all the gold")
    with pytest.raises(RuleViolation, match="L-C3"):
        t.do("adjust", seat="Ben", quantity="gold", delta=1, reason="none left")
    with pytest.raises(RuleViolation, match="L-C3"):
        t.do("adjust", seat="Ben", quantity="tomes", delta=-1, reason="no tomes")
    t.do("adjust", seat="Ana", quantity="gold", delta=-3, reason="test: give back")
    t.do("adjust", seat="Ana", quantity="storage_limit", delta=1, reason="trait: bigger sack")
    assert t.seat("Ana").resources["gold"] == 7 and t.seat("Ana").storage_limit == 6
    assert all_cubes(t.state) == SUPPLY
    with pytest.raises(InputError) as err:
        t.do("adjust", seat="Ana", quantity="gold", delta=0, reason="nothing")
    assert err.value.field == "delta"


def test_the_guards_have_no_storage_limit_L_SO11():
    t = Table(setup(("Ana",), mode="solo"))
    with pytest.raises(RuleViolation, match="L-SO11"):
        t.do("adjust", seat="guards", quantity="storage_limit", delta=1, reason="no")


def test_rulebook_goon_scoring_example_from_an_engine_state_L_G_L_F3():
    """3 Cultists with 4 items = 12; 1 Demon with 8 treasure icons = 16; 4 Dwarves = 12;
    3 Hobgoblins with 5 power = 15; 1 Ratfolk = -3: 52 for goons."""
    from companion.games.lockup.cards import Item
    from companion.games.lockup.final import final_result

    items = tuple(Item(f"Test Item {i}", {}, 0, ("shield",)) for i in range(4))  # 4 icons
    goons = (*(Goon(f"Test Cultist {i}", "cultist") for i in range(3)), Goon("Test Demon", "demon"),
             *(Goon(f"Test Dwarf {i}", "dwarf", treasures=("gem",)) for i in range(4)),  # 4 more icons
             *(Goon(f"Test Hob {i}", "hobgoblin") for i in range(3)), Goon("Test Rat", "ratfolk"))
    state = Table(setup(("Ana", "Ben", "Cleo"))).state
    state = with_seat(state, "Ana", items=items, goons=goons, power=5)
    ana = next(p for p in final_result(state)["players"] if p["name"] == "Ana")
    assert ana["breakdown"]["goons"] == 12 + 16 + 12 + 15 - 3
    assert ana["goons_by_type"] == {"cultist": 3, "demon": 1, "dwarf": 4, "hobgoblin": 3, "ratfolk": 1}


def test_playing_a_tome_and_not_after_passing_L_RC7():
    t = Table(setup(("Ana", "Ben")))
    with pytest.raises(RuleViolation, match="no tome"):
        t.do("play_tome", seat="Ana", tome="Test Tome")
    t.do("adjust", seat="Ana", quantity="tomes", delta=2, reason="test")
    t.do("play_tome", seat="Ana", tome="Test Tome")
    assert t.seat("Ana").tomes == 1
    t.do("pass", seat="Ana")
    with pytest.raises(RuleViolation, match="L-RC7"):
        t.do("play_tome", seat="Ana", tome="Test Tome")
