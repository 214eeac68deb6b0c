"""Final scoring (L-F1..L-F7), goons (L-G), goals (L-GL1, L-GL3), rulings I-11/I-12, solo (L-SO14)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lockup.model import GOON_TYPES, RESOURCES, TREASURES
from companion.games.lockup.scoring import (
    EndGameGoal,
    Goon,
    Item,
    PlayerEnd,
    final_scores,
    goon_points,
    goon_points_by_type,
    majority_points,
)

TEST_SHIV = Item("Test Shiv", ("shield",))  # made-up test items, not real cards
TEST_GEM = Item("Test Gem", ("gem",))
TEST_DOUBLE = Item("Test Double", ("gem", "magic"))


def _goons(kind: str, count: int, treasures: tuple[str, ...] = ()) -> tuple[Goon, ...]:
    return tuple(Goon(kind, treasures) for _ in range(count))


def _p(name: str, reputation: int = 20, **kw) -> PlayerEnd:
    return PlayerEnd(name=name, reputation=reputation, **kw)


def test_bandit_3_each_l_g():
    assert goon_points(_goons("bandit", 3), (), 0) == 9


def test_mindflayer_2_each_l_g():
    assert goon_points(_goons("mindflayer", 2), (), 0) == 4


def test_cultist_1_per_crafted_item_each_l_g_i_11():
    """L-G, rulebook: 3 Cultists with 4 crafted items = 12 (reserved items are never passed: I-11)."""
    assert goon_points(_goons("cultist", 3), (TEST_SHIV,) * 4, 0) == 12


def test_demon_2_per_treasure_on_items_and_goons_l_g_i_11():
    """L-G, rulebook: 1 Demon with 8 treasure icons = 16; icons on goons count, the Demon's own too."""
    goons = (Goon("demon", ("gem",)), Goon("hobgoblin", ("magic", "shield")), Goon("hobgoblin", ("magic",)))
    items = (TEST_DOUBLE, Item("Test Pair", ("gem", "gem")))
    assert goon_points_by_type(goons, items, 0)["demon"] == 16
    assert goon_points(_goons("demon", 2), (TEST_SHIV,), 0) == 4  # 2 Demons x 2 x 1 icon


def test_hobgoblin_1_per_power_each_l_g():
    """L-G, rulebook: 3 Hobgoblins with 5 power = 15."""
    assert goon_points(_goons("hobgoblin", 3), (), 5) == 15


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 1), (2, 3), (3, 7), (4, 12), (5, 18), (6, 25), (7, 30),
                                               (8, 30), (11, 30)])
def test_dwarf_set_table_l_g(count, points):
    """L-G: Dwarves 1, 3, 7, 12, 18, 25, 30 for 1..7+."""
    assert goon_points(_goons("dwarf", count), (), 0) == points


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, -3), (2, 1), (3, 6), (4, 13), (5, 25), (6, 25), (9, 25)])
def test_ratfolk_set_table_l_g(count, points):
    """L-G: Ratfolk -3, 1, 6, 13, 25 for 1..5+."""
    assert goon_points(_goons("ratfolk", count), (), 0) == points


def test_goon_points_by_type_sums_to_total_l_g():
    goons = _goons("dwarf", 2) + _goons("ratfolk", 1) + _goons("bandit", 1)
    assert goon_points_by_type(goons, (), 0) == {"bandit": 3, "dwarf": 3, "ratfolk": -3}
    assert goon_points(goons, (), 0) == 3


def test_unknown_goon_type_is_rejected():
    with pytest.raises(ValueError):
        goon_points((Goon("dragon"),), (), 0)


def test_majority_most_and_second_l_gl3():
    """L-GL3: most 8, second 4."""
    assert majority_points({"A": 3, "B": 1, "C": 0}, 3) == {"A": 8, "B": 4, "C": 0}


def test_majority_tie_for_most_each_4_no_second_l_gl3():
    assert majority_points({"A": 2, "B": 2, "C": 1}, 3) == {"A": 4, "B": 4, "C": 0}


def test_majority_tie_for_second_each_2_l_gl3():
    assert majority_points({"A": 3, "B": 1, "C": 1, "D": 0}, 4) == {"A": 8, "B": 2, "C": 2, "D": 0}


def test_majority_two_players_l_gl3():
    """L-GL3, 2 players: most 6, nobody else; a tie for most: nobody."""
    assert majority_points({"A": 2, "B": 1}, 2) == {"A": 6, "B": 0}
    assert majority_points({"A": 1, "B": 1}, 2) == {"A": 0, "B": 0}


def test_majority_needs_at_least_one_item_i_12():
    """I-12: a player with no qualifying item cannot score it, not even as second."""
    assert majority_points({"A": 1, "B": 0, "C": 0}, 3) == {"A": 8, "B": 0, "C": 0}
    assert majority_points({"A": 0, "B": 0}, 2) == {"A": 0, "B": 0}


def test_majority_counts_item_cards_not_icons_i_12():
    """I-12: an item with two gems is one item showing the treasure; goons do not count."""
    ana = _p("Ana", items=(Item("Test Pair", ("gem", "gem")),), goons=(Goon("dwarf", ("gem", "gem")),))
    ben = _p("Ben", items=(TEST_GEM, TEST_DOUBLE))
    cy = _p("Cy", items=(TEST_SHIV,))
    result = final_scores([ana, ben, cy], None, None, EndGameGoal("majority", "gem"))
    assert [s.breakdown["end_game_goal"] for s in result.players] == [4, 8, 0]


def test_fixed_end_game_goal_gives_entered_stars_l_gl3():
    """L-GL3: other end-game goals give each player who meets them the printed stars (entered)."""
    result = final_scores([_p("Ana"), _p("Ben"), _p("Cy")], None, None, EndGameGoal("fixed", stars={"Ben": 5}))
    assert [s.breakdown["end_game_goal"] for s in result.players] == [0, 5, 0]


@pytest.mark.parametrize(("count", "points"), [(2, 6), (3, 8), (5, 8)])
def test_leader_goal_holder_scores_8_or_6_in_2p_l_f1_l_gl1(count, points):
    players = [_p(n) for n in ["Ana", "Ben", "Cy", "Dee", "Eve"][:count]]
    result = final_scores(players, None, "Ben", None)
    assert [s.breakdown["leader_goal"] for s in result.players] == [0, points] + [0] * (count - 2)


def test_resources_tomes_and_marker_l_f4_l_f5_l_f6():
    """L-F4: 1 per scrap, iron, potion, 2 per gold; L-F5: 1 per tome; L-F6: marker 2."""
    ana = _p("Ana", reputation=10, resources={"scrap": 1, "iron": 2, "potion": 3, "gold": 4}, tomes=2)
    result = final_scores([ana, _p("Ben", 0)], "Ana", None, None)
    assert dict(result.players[0].breakdown) == {
        "track": 10, "leader_goal": 0, "end_game_goal": 0, "goons": 0, "resources": 14, "tomes": 2, "first_player": 2,
    }
    assert result.players[0].total == 28


def test_unique_top_wins_without_tiebreak_l_f7():
    result = final_scores([_p("Ana", 30), _p("Ben", 31), _p("Cy", 5)], None, None, None)
    assert result.winners == ("Ben",) and result.tiebreak is None


def test_tie_broken_by_crafted_items_l_f7():
    """L-F7: tie -> most crafted items among the tied (not among everyone)."""
    players = [_p("Ana", 30, items=(TEST_SHIV,)), _p("Ben", 30, items=(TEST_SHIV, TEST_GEM)),
               _p("Cy", 1, items=(TEST_SHIV,) * 5)]
    result = final_scores(players, None, None, None)
    assert result.winners == ("Ben",) and result.tiebreak == "items"


def test_still_tied_is_shared_l_f7():
    """L-F7: still tied on items -> shared victory among those tied on both."""
    players = [_p("Ana", 30, items=(TEST_SHIV,)), _p("Ben", 30), _p("Cy", 30, items=(TEST_GEM,))]
    result = final_scores(players, None, None, None)
    assert result.winners == ("Ana", "Cy") and result.tiebreak == "shared"


def test_solo_guards_score_only_gold_l_so14():
    """L-SO14: the guards score nothing for scrap, iron, potions but 2 per gold; the player normally."""
    res = {"scrap": 5, "iron": 3, "potion": 2, "gold": 1}
    result = final_scores([_p("Ana", 0, resources=res), _p("guards", 0, resources=res)], None, None, None, solo=True)
    assert [s.breakdown["resources"] for s in result.players] == [12, 2]


def test_solo_uses_two_player_values_l_so14():
    """L-SO14: scored as a 2-player game (leader 6, majority 6)."""
    players = [_p("Ana", items=(TEST_SHIV,)), _p("guards")]
    result = final_scores(players, None, "guards", EndGameGoal("majority", "shield"), solo=True)
    assert result.players[0].breakdown["end_game_goal"] == 6
    assert result.players[1].breakdown["leader_goal"] == 6


def test_solo_tie_goes_to_the_guards_l_so14():
    """L-SO14: the player wins only with strictly more; a tie goes to the guards (items ignored)."""
    tie = final_scores([_p("Ana", 30, items=(TEST_SHIV,)), _p("guards", 30)], None, None, None, solo=True)
    assert tie.winners == ("guards",) and tie.tiebreak == "guards"
    win = final_scores([_p("Ana", 31), _p("guards", 30)], None, None, None, solo=True)
    assert win.winners == ("Ana",) and win.tiebreak is None
    loss = final_scores([_p("Ana", 29), _p("guards", 30)], None, None, None, solo=True)
    assert loss.winners == ("guards",) and loss.tiebreak is None


def test_to_json_matches_contract_shape():
    doc = final_scores([_p("Ana", 3, goons=_goons("dwarf", 2)), _p("Ben", 1)], None, None, None).to_json()
    assert doc["players"][0] == {
        "name": "Ana", "total": 6,
        "breakdown": {"track": 3, "leader_goal": 0, "end_game_goal": 0, "goons": 3, "resources": 0, "tomes": 0,
                      "first_player": 0},
        "goons_by_type": {"dwarf": 2}, "crafted_items": 0,
    }
    assert doc["winners"] == ["Ana"] and doc["tiebreak"] is None


# --- property: scores never depend on the order players are listed in (no seat-order tie-break in L-F7) ---

_treasures = st.lists(st.sampled_from(TREASURES), max_size=3).map(tuple)
_player_body = st.fixed_dictionaries({
    "reputation": st.integers(0, 60),
    "power": st.integers(0, 8),
    "resources": st.fixed_dictionaries({r: st.integers(0, 6) for r in RESOURCES}),
    "tomes": st.integers(0, 4),
    "items": st.lists(st.builds(Item, st.just("Test Item"), _treasures), max_size=5).map(tuple),
    "goons": st.lists(st.builds(Goon, st.sampled_from(GOON_TYPES), _treasures), max_size=7).map(tuple),
})
_goal = st.one_of(
    st.none(),
    st.builds(EndGameGoal, st.just("majority"), st.sampled_from(TREASURES)),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(_player_body, min_size=2, max_size=5), _goal, st.data())
def test_scores_do_not_depend_on_player_order_l_f7(bodies, goal, data):
    """L-F1..L-F7: permuting the list of players changes no score, winner set or tie-break."""
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"][: len(bodies)]
    players = [PlayerEnd(name=n, **b) for n, b in zip(names, bodies, strict=True)]
    first = data.draw(st.sampled_from([None, *names]))
    leader = data.draw(st.sampled_from([None, *names]))
    shuffled = data.draw(st.permutations(players))
    a = final_scores(players, first, leader, goal)
    b = final_scores(shuffled, first, leader, goal)
    assert {s.name: (dict(s.breakdown), dict(s.goons_by_type)) for s in a.players} == {
        s.name: (dict(s.breakdown), dict(s.goons_by_type)) for s in b.players
    }
    assert set(a.winners) == set(b.winners) and a.tiebreak == b.tiebreak
    best = max(s.total for s in a.players)
    assert all(s.total == best for s in a.players if s.name in a.winners)
