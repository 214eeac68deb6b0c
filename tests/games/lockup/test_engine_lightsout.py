"""Lights Out scenarios (L-LO1..L-LO6, L-R1..L-R9, I-1, I-2, I-3, I-14, I-15), incl. the rulebook's
Infirmary examples (Vera/Isaac; four players)."""

from __future__ import annotations

import pytest
from support import ASK_FIXED, roll_call

from companion.core.errors import RuleViolation
from companion.games.lockup.scenario import Table, goon, setup


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def down(*tiles):
    return [{"tile": t, "face_up": False} for t in tiles]


def revealed(t: Table, location: str):
    return next(e for e in reversed(t.events) if e.type == "location-revealed" and e.location == location)


def _ana_ben_cleo_at(location: str, **options) -> Table:
    """Ana (first player, a 4), Ben (a 3) and Cleo (a 1) at ``location`` with the table ``options``;
    Lights Out, asking before a fixed reward (L-LO6), and Ana declines."""
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ana", options={**ASK_FIXED, **options}))
    roll_call(t, ("Ana", location, 4), ("Ben", location, 3), ("Cleo", location, 1))
    t.collect("Ana")
    return t


def test_rulebook_vera_isaac_infirmary_L_LO2_L_LO3_L_R3():
    """Vera's enforcer (4 power) ties Isaac's lookout + face-down 4; Isaac holds the marker, so he
    ranks first; Vera (no lookout) takes the suspicion cube; 2p: first 2 potions, last 1."""
    t = Table(setup(("Vera", "Isaac"), first="Isaac", options=ASK_FIXED,
                    goons={"infirmary": goon("Test Snitch", suspicion=1)}))
    t.do("adjust", seat="Vera", quantity="power", delta=3, reason="rulebook example")
    t.do("assign", seat="Isaac", location="infirmary", tiles=up("lookout") + down(4))
    t.do("assign", seat="Vera", location="infirmary", tiles=up("enforcer"))
    t.pass_all()
    assert t.pending.kind == "confirm-rewards" and t.pending.location == "infirmary"
    e = revealed(t, "infirmary")
    assert e.strength == {"Vera": 4, "Isaac": 4}
    assert e.ranking == ("Isaac", "Vera")
    assert e.suspicion_to == "Vera"
    assert t.seat("Vera").suspicion == 1 and t.state.loc_suspicion["infirmary"] == 0
    t.collect()
    assert t.seat("Isaac").resources["potion"] == 2
    assert t.seat("Vera").resources["potion"] == 1
    assert sorted(map(str, t.seat("Isaac").holding)) == sorted(map(str, ("lookout", "enforcer", 1, 2, 3, 4)))


def test_rulebook_four_players_infirmary_last_tier_L_R3():
    """Vera 6; Esteban, Isaac and Clara 4; Esteban holds the marker: Vera 3 potions, Clara (last)
    1 potion; Esteban and Isaac straggle to the Library with their tiles (L-LO5)."""
    names = ("Vera", "Esteban", "Isaac", "Clara")
    t = Table(setup(names, first="Esteban", options=ASK_FIXED, crew_tiles=(1, 3, 4, 2)))
    t.do("adjust", seat="Vera", quantity="power", delta=5, reason="rulebook example")
    t.do("assign", seat="Esteban", location="infirmary", tiles=up(4))
    t.do("assign", seat="Isaac", location="infirmary", tiles=up(3, 1))
    t.do("assign", seat="Clara", location="infirmary", tiles=up("lookout", 4))
    t.do("assign", seat="Vera", location="infirmary", tiles=up("enforcer"))
    t.pass_all()
    e = revealed(t, "infirmary")
    assert e.ranking == ("Vera", "Esteban", "Isaac", "Clara")
    t.collect()
    assert t.seat("Vera").resources["potion"] == 3
    assert t.seat("Clara").resources["potion"] == 1
    library = {(p.seat, p.tile) for p in t.state.placements["library"]}
    assert library == {("Esteban", 4), ("Isaac", 3), ("Isaac", 1)}


def test_exercise_yard_moves_marker_for_later_locations_L_R1_L_LO2():
    """Ben wins the Exercise Yard and takes the marker at once; at the Smithy a tie then goes to Ben."""
    t = Table(setup(("Ana", "Ben"), first="Ana"))
    roll_call(t, ("Ana", "smithy", 3), ("Ben", "exercise_yard", 4), ("Ana", "exercise_yard", 1), ("Ben", "smithy", 3))
    t.collect()  # Exercise Yard
    assert t.state.first_player == "Ben" and t.seat("Ben").power == 2
    assert revealed(t, "smithy").ranking == ("Ben", "Ana")


def test_stragglers_count_at_the_library_with_enforcer_at_power_then_L_LO5_I_14():
    t = Table(setup(("Ana", "Ben"), first="Ana", options=ASK_FIXED))
    t.do("assign", seat="Ana", location="exercise_yard", tiles=up(4))
    t.do("assign", seat="Ben", location="exercise_yard", tiles=up("enforcer"))
    roll_call(t, ("Ana", "smithy", 3))
    t.collect()  # Ana first (+1 power); Ben straggles with his enforcer
    assert [(p.seat, p.tile) for p in t.state.placements["library"]] == [("Ben", "enforcer")]
    t.do("adjust", seat="Ben", quantity="power", delta=4, reason="test: power before the Library")
    t.collect()  # Smithy
    assert revealed(t, "library").strength == {"Ben": 5}
    t.collect()
    assert t.seat("Ben").tomes == 1  # L-R8
    assert "enforcer" in t.seat("Ben").holding


def test_declining_keeps_ranks_by_default_I_1_L_LO6():
    t = _ana_ben_cleo_at("smithy")
    assert t.seat("Ana").resources["iron"] == 0
    assert t.seat("Ben").resources["iron"] == 1  # still second
    assert {p.seat for p in t.state.placements["library"]} == {"Ana", "Cleo"}


def test_pass_rewards_down_table_option_I_1():
    t = _ana_ben_cleo_at("smithy", pass_rewards_down=True)
    assert t.seat("Ben").resources["iron"] == 2 and t.seat("Cleo").resources["iron"] == 1


def test_sewers_two_players_second_gets_the_other_tier_I_2_L_R2():
    t = Table(setup(("Ana", "Ben")))
    roll_call(t, ("Ana", "sewers", 4), ("Ben", "sewers", 1))
    t.collect()
    assert t.seat("Ana").resources["scrap"] == 2 and t.seat("Ben").resources["scrap"] == 1


def test_bandit_cubes_go_to_the_first_ranked_L_R9_L_P4_I_17():
    """A Bandit fed a gold cube to its location in Patrol; the first-ranked there takes it with
    its reward (I-17; more in test_bandit_reward.py)."""
    t = Table(setup(("Ana", "Ben"), goons={"commissary": goon("Test Thief", "bandit", resource="gold")}))
    t.pass_all()  # round 1: nobody goes anywhere
    t.do("refill_goons", goons={"sewers": goon("Test New")})
    assert t.state.goons["chow_hall"].name == "Test Thief"  # advanced from the Commissary (L-P3)
    assert t.state.loc_resources["chow_hall"] == {"gold": 1}
    t.do("adjust", seat="Ben", quantity="scrap", delta=1, reason="test: pays the recruit")
    roll_call(t, ("Ana", "chow_hall", 1), ("Ben", "chow_hall", 4))
    t.collect()
    t.do("recruit", seat="Ben", goons=["infirmary"], pay={"scrap": 1})
    assert t.seat("Ben").resources["gold"] == 1 and t.state.loc_resources["chow_hall"] == {}


def test_empty_supply_gives_what_is_left_I_15_L_C3():
    t = Table(setup(("Ana", "Ben"), options=ASK_FIXED))
    t.do("adjust", seat="Ben", quantity="iron", delta=14, reason="test: drain the iron")
    roll_call(t, ("Ana", "smithy", 4), ("Ben", "smithy", 1))
    t.collect()
    assert t.seat("Ana").resources["iron"] == 1  # 2 due, 1 left
    assert t.state.supply["iron"] == 0
    assert [p.seat for p in t.state.placements["library"]] == ["Ben"]  # nothing left for Ben (I-15 ruling)


def _to_commissary(t: Table, tiers_first: str, second: str):
    t.do("assign", seat=tiers_first, location="commissary", tiles=up(4))
    t.do("assign", seat=second, location="commissary", tiles=up(1))
    t.pass_all()
    t.collect()


def test_commissary_first_takes_any_resource_second_exchanges_2p_I_2_L_R5():
    t = Table(setup(("Ana", "Ben")))
    t.do("adjust", seat="Ben", quantity="scrap", delta=2, reason="test")
    _to_commissary(t, "Ana", "Ben")
    assert t.pending.kind == "choice" and t.pending.detail["action"] == "take"
    with pytest.raises(RuleViolation, match="L-LO4"):
        t.do("take", seat="Ben", resource="gold")
    t.do("take", seat="Ana", resource="gold")
    assert t.pending.detail == {"tier": "other", "action": "exchange"}
    with pytest.raises(RuleViolation, match="exactly 2"):
        t.do("exchange", seat="Ben", give={"scrap": 1}, take="gold")
    t.do("exchange", seat="Ben", give={"scrap": 2}, take="gold")
    assert t.seat("Ben").resources == {"scrap": 0, "iron": 0, "potion": 0, "gold": 1}


def test_commissary_exchange_impossible_is_a_straggler_I_3():
    t = Table(setup(("Ana", "Ben"), options=ASK_FIXED))
    _to_commissary(t, "Ana", "Ben")
    t.do("take", seat="Ana", resource="iron")
    assert [p.seat for p in t.state.placements["library"]] == ["Ben"]


def test_declining_a_choice_makes_a_straggler_I_3():
    t = Table(setup(("Ana", "Ben"), options=ASK_FIXED))
    _to_commissary(t, "Ana", "Ben")
    t.do("decline", seat="Ana")
    assert "Ana" in {p.seat for p in t.state.placements["library"]}


def test_chow_hall_costs_by_tier_and_goon_effects_L_R6_L_G():
    goons = {"sewers": goon("Test Brute", "hobgoblin", treasures=["shield"], effect="L-E4"),
             "infirmary": goon("Test Mage", "mindflayer", effect="L-E5")}
    t = Table(setup(("Ana", "Ben"), goons=goons))
    t.do("adjust", seat="Ana", quantity="scrap", delta=4, reason="test")
    roll_call(t, ("Ana", "chow_hall", 4), ("Ben", "chow_hall", 1))
    t.collect()
    with pytest.raises(RuleViolation, match="L-R6"):
        t.do("recruit", seat="Ana", goons=["sewers", "infirmary"], pay={"scrap": 3})
    t.do("recruit", seat="Ana", goons=["sewers", "infirmary"], pay={"scrap": 4})
    ana = t.seat("Ana")
    assert [g.name for g in ana.goons] == ["Test Brute", "Test Mage"]
    assert ana.power == 2 and ana.tomes == 1  # L-E4, L-E5 at once
    assert t.state.goons["sewers"] is None


def test_cell_block_craft_scores_and_reserve_costs_one_L_IT1_L_IT2():
    from companion.games.lockup.scenario import item

    display = [item("Test Shiv", {"iron": 1, "any": 1}, 3, ["shield"]), item("Test Lamp", {"gold": 3}, 5),
               item("Test Rope", {"scrap": 1}, 1)]
    t = Table(setup(("Ana", "Ben"), display=display))
    t.do("adjust", seat="Ana", quantity="iron", delta=1, reason="test")
    t.do("adjust", seat="Ana", quantity="potion", delta=1, reason="test")
    t.do("adjust", seat="Ben", quantity="scrap", delta=1, reason="test")
    roll_call(t, ("Ana", "cell_block", 4), ("Ben", "cell_block", 1))
    t.collect()
    with pytest.raises(RuleViolation, match="L-IT1"):
        t.do("craft", seat="Ana", index=0, pay={"potion": 2})
    t.do("craft", seat="Ana", item="Test Shiv", pay={"iron": 1, "potion": 1})
    assert t.seat("Ana").reputation == 13 and t.state.display[0] is None
    t.do("reserve", seat="Ben", item="Test Lamp", pay={"scrap": 1})
    assert [i.name for i in t.seat("Ben").reserved] == ["Test Lamp"]
    log = [(x.seat, x.delta, x.rule) for x in t.state.rep_log]
    assert ("Ana", 3, "L-IT1") in log


def test_give_suspicion_effect_waits_for_a_target_L_E3():
    goons = {"sewers": goon("Test Rat", "ratfolk", suspicion=1, effect="L-E3")}
    t = Table(setup(("Ana", "Ben"), goons=goons))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test")
    t.do("adjust", seat="Ana", quantity="suspicion", delta=1, reason="test")
    roll_call(t, ("Ana", "chow_hall", 4))
    t.collect()
    t.do("recruit", seat="Ana", goons=["sewers"], pay={"scrap": 1})
    assert t.pending.kind == "effect" and t.pending.detail["code"] == "L-E3"
    with pytest.raises(RuleViolation, match="L-E3"):
        t.do("effect", seat="Ana", target="Ana")
    t.do("effect", seat="Ana", target="Ben")
    assert t.seat("Ben").suspicion == 1 and t.seat("Ana").suspicion == 0


def test_a_queued_effect_that_became_impossible_is_skipped_L_E3():
    """Two give-suspicion goons but one cube: the second effect has nothing left to give."""
    goons = {"sewers": goon("Test Rat A", "ratfolk", effect="L-E3"),
             "smithy": goon("Test Rat B", "ratfolk", effect="L-E3")}
    t = Table(setup(("Ana", "Ben"), goons=goons))
    t.do("adjust", seat="Ana", quantity="scrap", delta=4, reason="test")
    t.do("adjust", seat="Ana", quantity="suspicion", delta=1, reason="test")
    roll_call(t, ("Ana", "chow_hall", 4))
    t.collect()
    t.do("recruit", seat="Ana", goons=["sewers", "smithy"], pay={"scrap": 4})
    t.do("effect", seat="Ana", target="Ben")
    assert t.state.effects == () and t.pending.kind != "effect"
    assert t.types()[-1] != "effect-queued" and "effect-resolved" in t.types()


def test_exercise_yard_second_tier_with_three_players_L_R1():
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ana", options=ASK_FIXED))
    roll_call(t, ("Ana", "exercise_yard", 1), ("Ben", "exercise_yard", 4), ("Cleo", "exercise_yard", 3))
    t.collect()
    assert [t.seat(n).power for n in ("Ana", "Ben", "Cleo")] == [1, 2, 2]
    assert t.state.first_player == "Ben"
    assert [p.seat for p in t.state.placements["library"]] == ["Ana"]


def test_pass_down_after_declining_the_marker_moves_it_to_the_next_I_1():
    t = _ana_ben_cleo_at("exercise_yard", pass_rewards_down=True)
    assert t.state.first_player == "Ben" and t.seat("Cleo").power == 2 and t.seat("Ana").power == 1


def test_pass_down_after_a_choice_decline_only_moves_later_seats_I_1_I_3():
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ana", options={"pass_rewards_down": True}))
    for name in ("Ana", "Ben", "Cleo"):
        t.do("adjust", seat=name, quantity="scrap", delta=2, reason="test")
    roll_call(t, ("Ana", "commissary", 4), ("Ben", "commissary", 3), ("Cleo", "commissary", 1))
    t.collect()
    t.do("take", seat="Ana", resource="gold")
    assert t.pending.seat == "Ben" and t.pending.detail["tier"] == "second"
    t.do("decline", seat="Ben")
    assert t.pending.seat == "Cleo" and t.pending.detail["tier"] == "second"  # moved up one tier
    assert t.state.resolution.tiers["Ana"] == "first"
