"""Ruling I-2 and its table option "second tiers as in the Spanish rulebook" (``spanish_second_tiers``).

Default (PL, the only edition listing the 1-2 player side): with 2 players and in solo the Exercise
Yard has no second tier and the Commissary second falls in the 2-for-1 ``other`` tier. With the
option (ES and the English original): the second gains 1 power at the Exercise Yard and may
exchange 1 for 1 at the Commissary, as with 3+ players. The guards follow it (L-SO8 still gives
them nothing at the Commissary when not first). Cards are made up ("Test ...").
"""

from __future__ import annotations

import pytest
from support import deal_guards, roll_call, solo_roll_call

from companion.core.errors import InputError
from companion.games.lockup.location import resolve_location
from companion.games.lockup.scenario import Table, setup
from companion.games.lockup.setup import start


def _second(location: str, count: int, spanish: bool):
    seating = ("Ana", "Ben", "Cy")[:count]
    tiles = {n: [9 - i] for i, n in enumerate(seating)}
    out = resolve_location(location, count, seating, "Ana", {}, tiles, 0, spanish_second_tiers=spanish)
    return out.rewards["Ben"]


@pytest.mark.parametrize("spanish", [False, True])
def test_two_player_second_tiers_follow_the_option_I_2(spanish):
    yard, shop = _second("exercise_yard", 2, spanish), _second("commissary", 2, spanish)
    if spanish:
        assert (yard.tier, dict(yard.gain)) == ("second", {"power": 1})
        assert (shop.tier, dict(shop.gain)) == ("second", {})
    else:
        assert yard is None
        assert (shop.tier, dict(shop.gain)) == ("other", {})


@pytest.mark.parametrize("location", ["sewers", "infirmary", "smithy", "chow_hall", "cell_block", "library"])
def test_the_option_changes_no_other_location_I_2(location):
    for count in (2, 3):
        assert _second(location, count, True) == _second(location, count, False)


@pytest.mark.parametrize("location", ["exercise_yard", "commissary"])
def test_three_players_are_the_same_under_both_options_I_2(location):
    assert _second(location, 3, True) == _second(location, 3, False)
    assert _second(location, 3, False).tier == "second"


def test_setup_records_the_option_in_game_started_I_2():
    [default] = start(setup(("Ana", "Ben")))
    assert default.options["spanish_second_tiers"] is False
    [chosen] = start(setup(("Ana", "Ben"), options={"spanish_second_tiers": True}))
    assert chosen.options == {"pass_rewards_down": False, "spanish_second_tiers": True, "raid_zero_ranks": False,
                              "majority_zero_ranks": False, "polish_leader_minimum": False, "advanced": False,
                              "confirm_each_location": False, "ask_fixed_rewards": False}
    with pytest.raises(InputError) as err:
        start(setup(("Ana", "Ben"), options={"spanish_second_tiers": "yes"}))
    assert err.value.field == "options.spanish_second_tiers"


def _yard_and_shop(options: dict) -> Table:
    t = Table(setup(("Ana", "Ben"), options=options))
    t.do("adjust", seat="Ben", quantity="scrap", delta=2, reason="test: something to exchange")
    roll_call(t, ("Ana", "exercise_yard", 4), ("Ben", "exercise_yard", 1), ("Ana", "commissary", 3),
              ("Ben", "commissary", 2))
    t.collect()  # Exercise Yard
    t.collect()  # Commissary
    t.do("take", seat="Ana", resource="iron")
    return t


def test_two_players_polish_default_I_2_L_R1_L_R5():
    t = _yard_and_shop({})
    assert t.seat("Ben").power == 1, "no second tier at the Exercise Yard with 2 players (PL)"
    assert ("Ben", 1) in {(p.seat, p.tile) for p in t.state.placements["library"]}
    assert t.pending.detail == {"tier": "other", "action": "exchange"}
    t.do("exchange", seat="Ben", give={"scrap": 2}, take="gold")  # 2 for 1 (L-R5 other)


def test_two_players_spanish_option_I_2_L_R1_L_R5():
    t = _yard_and_shop({"spanish_second_tiers": True})
    assert t.seat("Ben").power == 2, "the ES second at the Exercise Yard gains 1 power"
    assert t.pending.detail == {"tier": "second", "action": "exchange"}
    t.do("exchange", seat="Ben", give={"scrap": 1}, take="gold")  # 1 for 1 of another type
    assert t.seat("Ben").resources["scrap"] == 1 and t.seat("Ben").resources["gold"] == 1


@pytest.mark.parametrize("spanish", [False, True])
def test_solo_guards_second_at_the_exercise_yard_follow_the_option_I_2_L_SO8(spanish):
    t = Table(setup(("Ana",), mode="solo", options={"spanish_second_tiers": spanish}))
    values = (1, 0, 0, 0, 0, 0, 0)  # the guards' 1 at the Exercise Yard, nothing elsewhere
    deal_guards(t, values)
    solo_roll_call(t, ("Ana", "exercise_yard", 4), reveals=("exercise_yard", "sewers"))
    assert "exercise_yard" in {e.location for e in t.events if e.type == "rewards-confirmed"}  # no tap (L-LO6)
    revealed = next(e for e in t.events if e.type == "location-revealed" and e.location == "exercise_yard")
    assert revealed.ranking == ("Ana", "guards")
    assert revealed.tiers["guards"] == ("second" if spanish else None)
    assert t.seat("guards").power == (2 if spanish else 1)
