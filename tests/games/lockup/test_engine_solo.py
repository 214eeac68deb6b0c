"""Solo support in the engine: the guards' seat, dealing and guard turns (L-SO1, L-SO4, L-SO5, I-7,
I-8), special guards (L-SO9), guards' rewards and effects (L-SO8, L-SO10), solo raid (L-SO12, I-5)."""

from __future__ import annotations

import pytest
import support

from companion.core.errors import RuleViolation
from companion.games.lockup.engine import view_for
from companion.games.lockup.scenario import Table, goon, setup

deal = support.deal_guards
drive = support.drive
solo_roll_call = support.solo_roll_call


def test_solo_setup_guards_board_and_marker_L_SO1():
    t = Table(setup(("Ana",), mode="solo"))
    guards = t.seat("guards")
    assert (guards.reputation, guards.power, guards.storage_limit) == (10, 1, None)
    assert t.state.first_player == "guards" and t.state.face_down_limit == 3
    assert len(t.state.display) == 3 and t.pending.kind == "guards-deal"
    advanced = Table(setup(("Ana",), mode="solo", advanced=True,
                           players=[{"name": "Ana", "start": {"power": 0, "suspicion": 0, "storage_limit": 5}}]))
    assert advanced.seat("guards").reputation == 20 and advanced.seat("Ana").reputation == 0


def test_guard_turns_alternate_and_must_reveal_first_L_SO5():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t)
    assert t.pending.kind == "guard-turn"
    with pytest.raises(RuleViolation, match="L-SO5"):
        t.do("guard_turn", place={"location": "sewers", "value": 2})
    with pytest.raises(RuleViolation, match="L-SO5"):
        t.do("assign", seat="Ana", location="sewers", tiles=[1])
    t.do("guard_turn", reveal={"location": "sewers", "index": 0}, place={"location": "smithy", "value": 2})
    assert t.pending.kind == "roll-call" and t.pending.seat == "Ana"
    t.do("assign", seat="Ana", location="sewers", tiles=[1])
    assert t.pending.kind == "guard-turn"


def test_face_down_guard_cards_are_hidden_from_the_player():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t, values=(4, 4, 4, 4, 4, 4, 4))
    assert view_for(t.state, "Ana").placements["smithy"][0].tile is None
    assert view_for(t.state, "guards").placements["smithy"][0].tile == 4


def test_placing_every_tile_ends_roll_call_at_once_L_SO5():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t)
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    t.do("assign", seat="Ana", location="smithy", tiles=["lookout", "enforcer", 1, 2, 3, 4])
    assert t.state.phase == "lights_out"


def test_passing_ends_roll_call_at_once_I_7():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t)
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    t.do("pass", seat="Ana")
    assert t.state.phase == "lights_out"


def test_done_guards_take_no_more_turns_I_8():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t)
    t.do("guard_turn", reveal={"location": "sewers", "index": 0}, done=True)
    t.do("assign", seat="Ana", location="smithy", tiles=[1])
    assert t.pending.kind == "roll-call" and t.pending.seat == "Ana"


def test_special_guard_revealed_in_lights_out_draws_a_card_L_SO9():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t, special="smithy")
    solo_roll_call(t, ("Ana", "smithy", 4), reveals=("sewers", "exercise_yard"))
    drive(t, lambda p: p.kind == "special-draw")
    assert t.pending.kind == "special-draw" and t.pending.location == "smithy"
    t.do("place_guard", value=3)
    revealed = next(e for e in t.events if e.type == "location-revealed" and e.location == "smithy")
    assert revealed.strength == {"Ana": 4, "guards": 4}
    assert revealed.ranking == ("guards", "Ana")  # the guards hold the marker (L-LO2 with two seats)


def test_guards_choose_at_the_commissary_L_SO8():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t, values=(0, 0, 0, 0, 5, 0, 0))
    solo_roll_call(t, ("Ana", "commissary", 1), reveals=("commissary", "exercise_yard"))
    drive(t, lambda p: p.location == "commissary" and p.kind == "choice")
    assert t.pending.kind == "choice" and t.pending.seat == "guards" and t.pending.detail["action"] == "take"
    t.do("take", seat="guards", resource="gold")
    assert t.seat("guards").resources["gold"] == 1


def test_guards_straggle_from_the_commissary_and_take_reputation_at_the_library_L_SO8():
    t = Table(setup(("Ana",), mode="solo"))
    deal(t, values=(0, 0, 0, 0, 0, 0, 0))
    solo_roll_call(t, ("Ana", "commissary", 4), reveals=("exercise_yard", "sewers"))
    drive(t, lambda p: p.kind == "refill-goons")
    commissary = next(e for e in t.events if e.type == "location-revealed" and e.location == "commissary")
    assert commissary.tiers == {"Ana": "first", "guards": None}
    library = next(e for e in t.events if e.type == "location-revealed" and e.location == "library")
    assert "guards" in library.ranking
    assert any(x.seat == "guards" and x.rule == "L-SO8" and x.delta == 1 for x in t.state.rep_log)


def test_guards_arrest_goons_paying_nothing_L_SO8():
    goons = {"sewers": goon("Test Cult", "cultist", suspicion=1, effect="L-E5")}
    t = Table(setup(("Ana",), mode="solo", goons=goons))
    deal(t, values=(0, 0, 0, 0, 0, 5, 0))
    t.do("guard_turn", reveal={"location": "chow_hall", "index": 0})
    t.do("pass", seat="Ana")
    drive(t, lambda p: p.location == "chow_hall" and p.kind == "choice")
    with pytest.raises(RuleViolation, match="L-SO8"):
        t.do("recruit", seat="guards", goons=["sewers"], pay={"scrap": 1})
    t.do("recruit", seat="guards", goons=["sewers", "infirmary"])
    assert len(t.seat("guards").goons) == 2
    assert t.seat("guards").reputation == 11  # a tome effect is +1 reputation for the guards (L-SO10)


def test_solo_raid_guards_lose_and_player_keeps_cubes_L_SO12_I_5():
    heavy = {loc: goon(f"Test Spy {loc}", suspicion=2) for loc in ("sewers", "infirmary", "smithy", "commissary",
                                                                    "chow_hall")}
    t = Table(setup(("Ana",), mode="solo", goons=heavy))
    t.do("adjust", seat="guards", quantity="suspicion", delta=2, reason="test")
    deal(t)
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    t.do("pass", seat="Ana")
    drive(t, lambda p: p.kind == "refill-goons")
    ana_cubes = t.seat("Ana").suspicion
    t.do("refill_goons", goons={"sewers": goon("Test New")})
    raid = next(e for e in t.events if e.type == "raid-held")
    guards_cubes = raid.suspicion["guards"]
    assert guards_cubes > ana_cubes and raid.losses == {"guards": 6}
    assert t.seat("Ana").suspicion == ana_cubes and t.seat("guards").suspicion == 0


def test_solo_setup_errors_name_the_field_L_SO1():
    from companion.core.errors import InputError
    from companion.games.lockup.engine import start

    doc = setup(("Ana",), mode="solo")
    with pytest.raises(InputError) as err:
        start({**doc, "goals": {**doc["goals"], "instant": {"name": "T", "kind": "instant", "stars": 1}}})
    assert err.value.field == "goals.instant"
    with pytest.raises(InputError) as err:
        start({**doc, "advanced": True})
    assert err.value.field == "players[0].start"
    with pytest.raises(InputError) as err:
        start({**doc, "players": [{"name": "Ana"}, {"name": "Ben"}]})
    assert err.value.field == "players"


def test_only_the_guards_view_shows_the_seed():
    t = Table(setup(("Ana",), mode="solo", seed=42))
    assert view_for(t.state, "guards").seed == 42
    assert view_for(t.state, "Ana").seed is None and view_for(t.state, None).seed is None
