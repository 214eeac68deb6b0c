"""Location resolution in Lights Out (L-LO1..L-LO6, L-R1..L-R8, I-1, I-2, L-SO7, L-SO8)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lockup.location import Reward, rank, resolve_location, tile_value

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def _tiers(outcome) -> list[str | None]:
    """Compact view of the rewards in ranking order: 'first:potion=3', 'other:' or None."""
    out = []
    for reward in outcome.rewards.values():
        if reward is None:
            out.append(None)
        else:
            out.append(f"{reward.tier}:" + ",".join(f"{k}={v}" for k, v in sorted(reward.gain.items())))
    return out


def _everyone(location: str, count: int):
    """All players present, strictly decreasing strength in seating order (Ana strongest)."""
    seating = NAMES[:count]
    tiles = {name: [10 - i] for i, name in enumerate(seating)}
    return resolve_location(location, count, seating, seating[0], {}, tiles, 0)


# Expected tiers per player count for players ranked 1st..5th (L-R1..L-R8, I-2: 2p = the 1-2 player side).
TIER_TABLE = {
    "exercise_yard": {  # L-R1: second is 3+ only
        2: ["first:power=1", None],
        3: ["first:power=1", "second:power=1", None],
        4: ["first:power=1", "second:power=1", None, None],
        5: ["first:power=1", "second:power=1", None, None, None],
    },
    "sewers": {  # L-R2: first 3 (2p 2), second 2 (4+ only), others 1
        2: ["first:scrap=2", "other:scrap=1"],
        3: ["first:scrap=3", "other:scrap=1", "other:scrap=1"],
        4: ["first:scrap=3", "second:scrap=2", "other:scrap=1", "other:scrap=1"],
        5: ["first:scrap=3", "second:scrap=2", "other:scrap=1", "other:scrap=1", "other:scrap=1"],
    },
    "infirmary": {  # L-R3: first 3 (2p 2), last 1
        2: ["first:potion=2", "last:potion=1"],
        3: ["first:potion=3", None, "last:potion=1"],
        4: ["first:potion=3", None, None, "last:potion=1"],
        5: ["first:potion=3", None, None, None, "last:potion=1"],
    },
    "smithy": {  # L-R4
        2: ["first:iron=2", "second:iron=1"],
        3: ["first:iron=2", "second:iron=1", None],
        4: ["first:iron=2", "second:iron=1", None, None],
        5: ["first:iron=2", "second:iron=1", None, None, None],
    },
    "commissary": {  # L-R5: second 3+ only; below it the 2-for-1 "other" exchange (I-2)
        2: ["first:", "other:"],
        3: ["first:", "second:", "other:"],
        4: ["first:", "second:", "other:", "other:"],
        5: ["first:", "second:", "other:", "other:", "other:"],
    },
    "chow_hall": {  # L-R6
        2: ["first:", "second:"],
        3: ["first:", "second:", "other:"],
        4: ["first:", "second:", "other:", "other:"],
        5: ["first:", "second:", "other:", "other:", "other:"],
    },
    "cell_block": {n: ["each:"] * n for n in range(2, 6)},  # L-R7
    "library": {  # L-R8
        2: ["first:", "second:"],
        3: ["first:", "second:", "third:"],
        4: ["first:", "second:", "third:", None],
        5: ["first:", "second:", "third:", None, None],
    },
}


@pytest.mark.parametrize("count", [2, 3, 4, 5])
@pytest.mark.parametrize("location", list(TIER_TABLE))
def test_reward_tiers_per_location_and_player_count_l_r_i_2(location, count):
    """L-R1..L-R8 with I-2: every tier of every location for 2 to 5 players."""
    outcome = _everyone(location, count)
    assert outcome.ranking == NAMES[:count]
    assert _tiers(outcome) == TIER_TABLE[location][count]


@pytest.mark.parametrize("location", [loc for loc in TIER_TABLE if loc != "library"])
def test_players_without_reward_are_stragglers_l_lo5(location):
    """L-LO5: everyone who collected nothing moves to the Library, in ranking order."""
    outcome = _everyone(location, 5)
    expected = tuple(n for n, r in outcome.rewards.items() if r is None)
    assert outcome.stragglers == expected


def test_library_has_no_stragglers_l_lo5():
    """L-LO5: at the Library the tiles of those without a reward just go home."""
    outcome = _everyone("library", 5)
    assert outcome.rewards["Dee"] is None and outcome.rewards["Eve"] is None
    assert outcome.stragglers == ()


def test_tile_values_l_lo1():
    """L-LO1: lookout 0, enforcer = power, numbers as printed; a guards' "power" card = their power."""
    assert tile_value("lookout", 5) == 0
    assert tile_value("enforcer", 5) == 5
    assert tile_value("power", 3) == 3
    assert tile_value(4, 9) == 4
    with pytest.raises(ValueError):
        tile_value("shiv", 1)
    with pytest.raises(ValueError):
        tile_value(True, 1)


def test_strength_is_sum_of_tiles_in_seating_order_l_lo1():
    """L-LO1: a player's strength sums their tiles there; only players with tiles are ranked."""
    outcome = resolve_location(
        "smithy", 3, NAMES[:3], "Ana", {"Ben": 3}, {"Cy": [1, "lookout"], "Ben": ["enforcer", 2], "Ana": []}, 0
    )
    assert list(outcome.strength.items()) == [("Ben", 5), ("Cy", 1)]
    assert outcome.ranking == ("Ben", "Cy")


def test_ties_break_clockwise_from_current_first_player_l_lo2():
    """L-LO2: the tied player nearest clockwise from the first player (themself nearest) ranks higher."""
    seating = NAMES[:4]
    equal = dict.fromkeys(seating, 4)
    assert rank(equal, seating, "Cy") == ("Cy", "Dee", "Ana", "Ben")
    assert rank({"Ana": 4, "Ben": 4, "Dee": 9}, seating, "Cy") == ("Dee", "Ana", "Ben")


def test_rulebook_example_infirmary_four_players_l_r3():
    """Rulebook: Vera 6, the others 4, Esteban holds the marker: Esteban, Isaac straggle, Clara is last."""
    outcome = resolve_location(
        "infirmary", 4, ["Vera", "Esteban", "Isaac", "Clara"], "Esteban",
        {"Vera": 6, "Esteban": 1, "Isaac": 1, "Clara": 1},
        {"Vera": ["enforcer"], "Esteban": [4], "Isaac": [3, 1], "Clara": ["lookout", 4]}, 0,
    )
    assert outcome.ranking == ("Vera", "Esteban", "Isaac", "Clara")
    assert outcome.rewards["Clara"] == Reward("last", {"potion": 1})
    assert outcome.stragglers == ("Esteban", "Isaac")


def test_lone_player_at_infirmary_gets_only_first_l_r3():
    """L-R3: a lone player gets only the first reward, not also the last one."""
    outcome = resolve_location("infirmary", 4, NAMES[:4], "Ana", {}, {"Dee": [1]}, 0)
    assert outcome.rewards == {"Dee": Reward("first", {"potion": 3})}
    assert outcome.stragglers == ()


def test_suspicion_skips_players_with_a_lookout_there_l_lo3():
    """L-LO3 (rulebook example): Isaac wins the tie but has his lookout there, so Vera takes the cube."""
    outcome = resolve_location(
        "infirmary", 2, ["Vera", "Isaac"], "Isaac", {"Vera": 4, "Isaac": 1},
        {"Vera": ["enforcer"], "Isaac": ["lookout", 4]}, 1,
    )
    assert outcome.ranking == ("Isaac", "Vera")
    assert outcome.suspicion_to == "Vera"


def test_suspicion_stays_when_everyone_has_a_lookout_l_lo3():
    """L-LO3: no participant without a lookout -> the cubes stay on the location."""
    tiles = {"Ana": ["lookout", 3], "Ben": ["lookout"]}
    assert resolve_location("sewers", 3, NAMES[:3], "Ana", {}, tiles, 2).suspicion_to is None


def test_no_suspicion_cubes_go_to_nobody_l_lo3():
    """L-LO3 applies only if the location holds suspicion cubes."""
    assert resolve_location("sewers", 3, NAMES[:3], "Ana", {}, {"Ana": [3]}, 0).suspicion_to is None


def test_straggler_can_take_suspicion_l_lo3():
    """L-LO3: the highest-ranked without a lookout takes them, whatever their reward."""
    tiles = {"Ana": ["lookout", 9], "Ben": ["lookout", 5], "Cy": [1]}
    outcome = resolve_location("smithy", 3, NAMES[:3], "Ana", {}, tiles, 3)
    assert outcome.suspicion_to == "Cy" and outcome.stragglers == ("Cy",)


def test_exercise_yard_first_takes_the_marker_l_r1():
    """L-R1: the winner takes the first player marker at once (or keeps it)."""
    tiles = {"Ana": [3], "Ben": ["enforcer", 2]}
    outcome = resolve_location("exercise_yard", 2, ["Ana", "Ben"], "Ana", {"Ana": 1, "Ben": 2}, tiles, 0)
    assert outcome.ranking == ("Ben", "Ana") and outcome.first_player_after == "Ben"
    assert outcome.stragglers == ("Ana",)


def test_marker_does_not_move_elsewhere_l_r1():
    """Only the Exercise Yard moves the first player marker (L-R1)."""
    assert _everyone("smithy", 3).first_player_after == "Ana"
    outcome = resolve_location("smithy", 3, NAMES[:3], "Cy", {}, {"Ana": [5]}, 0)
    assert outcome.first_player_after == "Cy"


def test_decline_keeps_ranks_by_default_l_lo6_i_1():
    """L-LO6, I-1: a player who declines straggles; the others keep the tiers of their ranks."""
    outcome = resolve_location("smithy", 3, NAMES[:3], "Ana", {}, {"Ana": [5], "Ben": [4], "Cy": [3]}, 0, ["Ana"])
    assert outcome.rewards == {"Ana": None, "Ben": Reward("second", {"iron": 1}), "Cy": None}
    assert outcome.stragglers == ("Ana", "Cy")


def test_decline_passes_rewards_down_with_table_option_i_1():
    """I-1 table option (ES): a declined reward stays available to the next players in order."""
    tiles = {"Ana": [5], "Ben": [4], "Cy": [3]}
    outcome = resolve_location("smithy", 3, NAMES[:3], "Ana", {}, tiles, 0, ["Ana"], pass_rewards_down=True)
    assert outcome.rewards == {"Ana": None, "Ben": Reward("first", {"iron": 2}), "Cy": Reward("second", {"iron": 1})}
    assert outcome.stragglers == ("Ana",)


def test_declining_last_at_infirmary_under_both_settings_i_1():
    """I-1: with the option, the weakest collecting player becomes 'last'; without it, nobody does."""
    tiles = {"Ana": [5], "Ben": [4], "Cy": [3]}
    kept = resolve_location("infirmary", 3, NAMES[:3], "Ana", {}, tiles, 0, ["Cy"])
    assert _tiers(kept) == ["first:potion=3", None, None]
    passed = resolve_location("infirmary", 3, NAMES[:3], "Ana", {}, tiles, 0, ["Cy"], pass_rewards_down=True)
    assert _tiers(passed) == ["first:potion=3", "last:potion=1", None]
    assert passed.stragglers == ("Cy",)


def test_declining_exercise_yard_first_keeps_the_marker_i_1():
    """L-R1 + L-LO6: the marker is part of the first reward; declining it leaves the marker."""
    tiles = {"Ana": [1], "Ben": [5], "Cy": [3]}
    kept = resolve_location("exercise_yard", 3, NAMES[:3], "Ana", {}, tiles, 0, ["Ben"])
    assert kept.first_player_after == "Ana"
    passed = resolve_location("exercise_yard", 3, NAMES[:3], "Ana", {}, tiles, 0, ["Ben"], pass_rewards_down=True)
    assert passed.first_player_after == "Cy"


def test_decline_by_non_participant_is_ignored_l_lo6():
    """Only participants can decline a reward there."""
    outcome = resolve_location("smithy", 3, NAMES[:3], "Ana", {}, {"Ana": [5]}, 0, ["Ben"])
    assert outcome.rewards == {"Ana": Reward("first", {"iron": 2})}


def test_unknown_location_is_rejected():
    with pytest.raises(ValueError):
        resolve_location("kitchen", 3, NAMES[:3], "Ana", {}, {"Ana": [5]}, 0)


SOLO = ["Ana", "guards"]


def _solo(location: str, ana: int, guards: int, suspicion: int = 0, first: str = "guards"):
    tiles = {"Ana": [ana], "guards": [guards]}
    return resolve_location(location, 2, SOLO, first, {"Ana": 1, "guards": 1}, tiles, suspicion)


@pytest.mark.parametrize("location", ["commissary", "chow_hall"])
def test_guards_not_first_at_commissary_or_chow_hall_get_nothing_l_so8(location):
    """L-SO8: not first at the Commissary or the Chow Hall -> nothing (they straggle)."""
    outcome = _solo(location, 4, 3)
    assert outcome.rewards == {"Ana": Reward("first", {}), "guards": None}
    assert outcome.stragglers == ("guards",)


@pytest.mark.parametrize("location", ["commissary", "chow_hall"])
def test_guards_first_at_commissary_or_chow_hall_choose_l_so8(location):
    """L-SO8: first -> their choice (from referee guards); the player gets the 2p lower tier."""
    outcome = _solo(location, 3, 4)
    assert outcome.rewards["guards"] == Reward("first", {})
    assert outcome.rewards["Ana"] is not None


@pytest.mark.parametrize(("ana", "guards"), [(3, 4), (4, 3)])
def test_guards_at_library_gain_reputation_l_so8(ana, guards):
    """L-SO8: first or second at the Library -> +1 reputation instead of a tome."""
    outcome = _solo("library", ana, guards)
    assert outcome.rewards["guards"].gain == {"reputation": 1}
    assert outcome.rewards["Ana"].gain == {}


def test_guards_take_normal_rewards_elsewhere_l_so8():
    """L-SO8: where not listed the guards take the normal tier (Exercise Yard marker included)."""
    yard = _solo("exercise_yard", 3, 4, first="Ana")
    assert yard.rewards["guards"] == Reward("first", {"power": 1}) and yard.first_player_after == "guards"
    assert _solo("smithy", 4, 3).rewards["guards"] == Reward("second", {"iron": 1})
    assert _solo("cell_block", 4, 3).rewards["guards"] == Reward("each", {})


def test_guards_power_card_and_tie_break_l_so7():
    """L-SO7: guard strength = sum of cards ("power" = their power); ties follow L-LO2 with two seats."""
    tiles = {"Ana": [4], "guards": ["power", 1]}
    outcome = resolve_location("smithy", 2, SOLO, "guards", {"guards": 3}, tiles, 0)
    assert outcome.strength == {"Ana": 4, "guards": 4}
    assert outcome.ranking == ("guards", "Ana")


def test_guards_never_have_a_lookout_so_take_suspicion_l_so7():
    """L-SO7: the guards can take suspicion cubes as the highest-ranked participant."""
    assert _solo("sewers", 3, 4, suspicion=2).suspicion_to == "guards"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=1, max_size=5),
    st.integers(0, 4),
)
def test_ranking_is_by_strength_then_seat_distance_l_lo2(values, first_index):
    """L-LO2 property: ranking is non-increasing in strength and ties keep clockwise order."""
    seating = NAMES[: len(values)]
    first = seating[first_index % len(seating)]
    strength = dict(zip(seating, values, strict=True))
    ranking = rank(strength, seating, first)
    assert sorted(ranking) == sorted(seating)
    start = seating.index(first)
    keys = [(-strength[n], (seating.index(n) - start) % len(seating)) for n in ranking]
    assert keys == sorted(keys)


_TILE = st.one_of(st.integers(0, 6), st.sampled_from(["enforcer", "lookout"]))


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(list(TIER_TABLE)),
    st.integers(2, 5),
    st.data(),
)
def test_outcome_invariants_l_lo(location, count, data):
    """L-LO1..L-LO5 property: the listing order of tiles changes nothing; every participant is ranked once;
    stragglers are exactly those without a reward (none at the Library); suspicion never goes to a lookout holder."""
    seating = NAMES[:count]
    first = data.draw(st.sampled_from(seating))
    power = {n: data.draw(st.integers(0, 5)) for n in seating}
    present = data.draw(st.lists(st.sampled_from(seating), unique=True, max_size=count))
    tiles = {n: data.draw(st.lists(_TILE, min_size=1, max_size=3, unique_by=str)) for n in present}
    declined = data.draw(st.lists(st.sampled_from(seating), unique=True))
    pass_down = data.draw(st.booleans())
    suspicion = data.draw(st.integers(0, 3))
    outcome = resolve_location(location, count, seating, first, power, tiles, suspicion, declined, pass_down)
    reordered = dict(data.draw(st.permutations(list(tiles.items()))))
    again = resolve_location(location, count, seating, first, power, reordered, suspicion, declined, pass_down)
    assert again == outcome
    assert sorted(outcome.ranking) == sorted(present) == sorted(outcome.rewards)
    assert tuple(outcome.rewards) == outcome.ranking
    no_reward = tuple(n for n in outcome.ranking if outcome.rewards[n] is None)
    assert outcome.stragglers == (() if location == "library" else no_reward)
    assert all(outcome.rewards[n] is None for n in declined if n in tiles)
    lookouts = [n for n in outcome.ranking if "lookout" in tiles[n]]
    if outcome.suspicion_to is None:
        assert suspicion == 0 or len(lookouts) == len(outcome.ranking)
    else:
        above = outcome.ranking[: outcome.ranking.index(outcome.suspicion_to)]
        assert suspicion > 0 and outcome.suspicion_to not in lookouts and set(above) <= set(lookouts)
