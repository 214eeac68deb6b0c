"""Scenario tests of Rattus Cartus final scoring, one or more per rule (RC-F1…RC-F9, RC-I1, RC-I2)."""

from __future__ import annotations

import pytest

from companion.games.rattus_cartus.rules import CLASSES
from companion.games.rattus_cartus.scoring import (
    Options,
    Tally,
    class_ranking,
    gold_points,
    majority_points,
    score,
    scoring_ties,
    tie_problems,
)


def tally(name: str, rats: int = 0, **counts: int) -> Tally:
    """A tally with influence given per class keyword (``church=6``) and card counts."""
    influence = tuple(counts.pop(c, 0) for c in CLASSES)
    return Tally(name=name, influence=influence, rats=rats, **counts)


def points(result, name: str, category: str) -> int:
    return next(p for p in result.players if p.name == name).breakdown()[category]


def by_name(result, name: str):
    return next(p for p in result.players if p.name == name)


def test_rc_f1_class_awards_10_5_2_to_first_three():
    players = [tally("A", church=5), tally("B", church=3), tally("C", church=2), tally("D", church=1)]
    result = score(players, treasury_used=False, nuns=5)
    assert [points(result, n, "classes") for n in "ABCD"] == [10, 5, 2, 0]


def test_rc_f1_player_without_influence_scores_nothing_in_that_class():
    players = [tally("A", sorcery=1), tally("B"), tally("C")]
    result = score(players, treasury_used=False, nuns=5)
    assert [points(result, n, "classes") for n in "ABC"] == [10, 0, 0]


def test_rc_f1_two_players_only_10_and_5_are_awarded():
    players = [tally("A", royalty=4, knighthood=1), tally("B", royalty=2, knighthood=3)]
    result = score(players, treasury_used=False, nuns=5)
    assert points(result, "A", "classes") == 10 + 5
    assert points(result, "B", "classes") == 5 + 10


def test_rc_f1_two_players_third_award_never_given():
    players = [tally("A", church=1), tally("B", church=1)]
    result = score(players, treasury_used=False, nuns=5, ties={"church": ["B", "A"]})
    assert (points(result, "B", "classes"), points(result, "A", "classes")) == (10, 5)


def test_rc_f2_tie_goes_to_the_marker_lower_in_the_stack():
    players = [tally("Rojo", church=6), tally("Azul", church=6), tally("Verde", church=2)]
    first = score(players, treasury_used=False, nuns=5, ties={"church": ["Azul", "Rojo"]})
    assert (points(first, "Azul", "classes"), points(first, "Rojo", "classes")) == (10, 5)
    second = score(players, treasury_used=False, nuns=5, ties={"church": ["Rojo", "Azul"]})
    assert (points(second, "Rojo", "classes"), points(second, "Azul", "classes")) == (10, 5)
    assert points(second, "Verde", "classes") == 2


def test_rc_f2_three_way_tie_follows_the_whole_stack_and_never_shares_a_place():
    players = [tally("A", burghers=3), tally("B", burghers=3), tally("C", burghers=3)]
    ranking = class_ranking(players, "burghers", ["C", "A", "B"])
    assert [t.name for t in ranking] == ["C", "A", "B"]
    result = score(players, treasury_used=False, nuns=5, ties={"burghers": ["C", "A", "B"]})
    assert [points(result, n, "classes") for n in "CAB"] == [10, 5, 2]


def test_rc_f2_tie_without_order_is_reported_per_class():
    players = [tally("A", church=6), tally("B", church=6)]
    assert [field for field, _ in tie_problems(players, {})] == ["church"]
    with pytest.raises(ValueError):
        score(players, treasury_used=False, nuns=5)


def test_rc_f2_partial_order_is_reported_and_untied_listings_are_harmless():
    players = [tally("A", church=6), tally("B", church=6), tally("C", church=6, sorcery=2), tally("D", church=1)]
    assert [f for f, _ in tie_problems(players, {"church": ["A", "B"]})] == ["church"]
    assert tie_problems(players, {"church": ["D", "A", "B", "C"], "sorcery": ["C"]}) == []
    result = score(players, treasury_used=False, nuns=5, ties={"church": ["D", "C", "B", "A"]})
    assert [points(result, n, "classes") for n in "CBAD"] == [10 + 10, 5, 2, 0]


def test_rc_f2_ties_at_zero_influence_need_no_order():
    players = [tally("A", church=1), tally("B"), tally("C")]
    assert tie_problems(players, {}) == []


def test_rc_f2_a_tie_below_the_scoring_places_needs_no_order_and_a_given_one_changes_nothing():
    """RC-F2: five players, 4th and 5th tied in Church: no score depends on their stack."""
    players = [tally("A", church=5), tally("B", church=4), tally("C", church=3), tally("D", church=1),
               tally("E", church=1)]
    assert scoring_ties(players) == [] and tie_problems(players, {}) == []
    unordered = score(players, treasury_used=False, nuns=5)
    for order in (["D", "E"], ["E", "D"]):
        ordered = score(players, treasury_used=False, nuns=5, ties={"church": order})
        assert [p.total for p in ordered.players] == [p.total for p in unordered.players]
    assert [points(unordered, n, "classes") for n in "ABCDE"] == [10, 5, 2, 0, 0]
    assert not any("RC-F2" in line.note for p in unordered.players for line in p.lines)


@pytest.mark.parametrize(("influence", "tied"), [
    ((3, 3, 2, 1, 1), [("A", "B")]),  # 1st-2nd tied decides 10 against 5; 4th-5th does not
    ((4, 3, 2, 2, 1), [("C", "D")]),  # 3rd-4th tied: 2 VP against nothing
    ((4, 3, 2, 2, 2), [("C", "D", "E")]),  # three tied from 3rd
    ((4, 3, 1, 1, 1), [("C", "D", "E")]),
    ((4, 4, 4, 1, 1), [("A", "B", "C")]),  # 1st-3rd tied; 4th-5th below
])
def test_rc_f2_only_ties_touching_1st_to_3rd_need_an_order(influence, tied):
    players = [tally(name, royalty=value) for name, value in zip("ABCDE", influence, strict=True)]
    assert scoring_ties(players) == [("royalty", names) for names in tied]
    assert [cls for cls, _ in tie_problems(players, {})] == ["royalty"] * len(tied)
    with pytest.raises(ValueError, match="decides a score"):
        score(players, treasury_used=False, nuns=5)


def test_rc_f2_two_players_any_tie_with_influence_decides_a_score():
    """RC-F2 with two players: 1st-2nd are the scoring places, so any tie above 0 needs its order."""
    players = [tally("A", sorcery=2), tally("B", sorcery=2)]
    assert scoring_ties(players) == [("sorcery", ("A", "B"))]
    assert scoring_ties([tally("A"), tally("B")]) == []


def test_rc_f2_scoring_places_follow_the_table_size_not_the_tallies_given():
    """Three recorded tallies of a five-player table: a tie for 3rd still decides 2 VP."""
    players = [tally("A", church=3), tally("B", church=1), tally("C", church=1)]
    assert scoring_ties(players, player_count=5) == [("church", ("B", "C"))]
    assert scoring_ties(players[1:], player_count=2) == [("church", ("B", "C"))]


def test_rc_f3_most_cards_in_hand_scores_2():
    result = score([tally("A", hand_cards=4), tally("B", hand_cards=3)], treasury_used=False, nuns=5)
    assert (points(result, "A", "hand"), points(result, "B", "hand")) == (2, 0)


def test_rc_f3_tied_hands_score_1_each():
    players = [tally("A", hand_cards=4), tally("B", hand_cards=4), tally("C", hand_cards=1)]
    result = score(players, treasury_used=False, nuns=5)
    assert [points(result, n, "hand") for n in "ABC"] == [1, 1, 0]


def test_rc_i1_empty_hands_score_nothing():
    assert majority_points({"A": 0, "B": 0}) == {}


def test_rc_f4_each_special_type_scores_separately():
    players = [tally("A", swords=2, flutes=1), tally("B", swords=1, safe_conducts=1, flutes=3)]
    result = score(players, treasury_used=False, nuns=5)
    assert points(result, "A", "specials") == 2  # swords
    assert points(result, "B", "specials") == 2 + 2  # safe-conducts and flutes


def test_rc_i2_every_tied_player_scores_1_however_many():
    players = [tally(n, safe_conducts=2) for n in "ABCD"] + [tally("E", safe_conducts=1)]
    result = score(players, treasury_used=False, nuns=5)
    assert [points(result, n, "specials") for n in "ABCDE"] == [1, 1, 1, 1, 0]


def test_rc_f5_gold_first_6_and_second_3():
    assert gold_points({"A": 3, "B": 2, "C": 1}, two_players=False) == {"A": 6, "B": 3}


def test_rc_f5_tie_for_most_splits_9_rounded_down_and_nobody_is_second():
    assert gold_points({"A": 2, "B": 2, "C": 1}, two_players=False) == {"A": 4, "B": 4}
    assert gold_points({"A": 2, "B": 2, "C": 2, "D": 1}, two_players=False) == {"A": 3, "B": 3, "C": 3}
    assert gold_points({"A": 1, "B": 1, "C": 1, "D": 1}, two_players=False) == dict.fromkeys("ABCD", 2)


def test_rc_f5_tie_for_second_splits_3_rounded_down():
    assert gold_points({"A": 3, "B": 1, "C": 1}, two_players=False) == {"A": 6, "B": 1, "C": 1}
    assert gold_points({"A": 3, "B": 1, "C": 1, "D": 1, "E": 1}, two_players=False) == {
        "A": 6, "B": 0, "C": 0, "D": 0, "E": 0}


def test_rc_f5_rc_i1_players_without_gold_are_never_second():
    assert gold_points({"A": 2, "B": 0, "C": 0}, two_players=False) == {"A": 6}


def test_rc_f5_two_players_have_no_second_place():
    assert gold_points({"A": 3, "B": 1}, two_players=True) == {"A": 6}


def test_rc_f5_two_players_tied_for_most_split_9_by_default():
    """RC-F5: the rulebook prints no two-player exception, so a 2-player tie for most splits the 9."""
    assert gold_points({"A": 2, "B": 2}, two_players=True) == {"A": 4, "B": 4}
    assert gold_points({"A": 2, "B": 2}, two_players=True, two_player_tie="split_9") == {"A": 4, "B": 4}
    players = [tally("A", gold=2), tally("B", gold=2)]
    for options in (Options(), Options(gold_two_player_tie="split_9")):
        result = score(players, treasury_used=True, nuns=5, options=options)
        assert (points(result, "A", "gold"), points(result, "B", "gold")) == (4, 4)
        [line] = [line for line in by_name(result, "A").lines if line.rule == "RC-F5"]
        assert "the 9 VP split" in line.note and "default" in line.note


def test_rc_f5_two_players_tied_for_most_split_6_with_the_table_option():
    """RC-F5 table option ``split_6``: only the 6 of first place is shared (3 each), and the line says so."""
    assert gold_points({"A": 2, "B": 2}, two_players=True, two_player_tie="split_6") == {"A": 3, "B": 3}
    players = [tally("A", gold=2), tally("B", gold=2)]
    result = score(players, treasury_used=True, nuns=5, options=Options(gold_two_player_tie="split_6"))
    assert (points(result, "A", "gold"), points(result, "B", "gold")) == (3, 3)
    [line] = [line for line in by_name(result, "B").lines if line.rule == "RC-F5"]
    assert "only the 6 VP split, by the table option" in line.note


@pytest.mark.parametrize("option", ["split_9", "split_6"])
def test_rc_f5_the_two_player_option_changes_nothing_with_three_players_or_without_a_tie(option):
    options = Options(gold_two_player_tie=option)
    three = score([tally("A", gold=2), tally("B", gold=2), tally("C", gold=1)], treasury_used=True, nuns=5,
                  options=options)
    assert [points(three, n, "gold") for n in "ABC"] == [4, 4, 0]
    two = score([tally("A", gold=3), tally("B", gold=1)], treasury_used=True, nuns=5, options=options)
    assert (points(two, "A", "gold"), points(two, "B", "gold")) == (6, 0)


def test_rc_f5_gold_scores_nothing_when_the_treasury_was_not_used():
    players = [tally("A", gold=3), tally("B", gold=1), tally("C")]
    assert all(points(score(players, treasury_used=False, nuns=5), n, "gold") == 0 for n in "ABC")
    assert points(score(players, treasury_used=True, nuns=5), "A", "gold") == 6


def test_rc_f6_vp_tokens_score_face_value():
    result = score([tally("A", vp_tokens=7), tally("B")], treasury_used=False, nuns=5)
    assert (points(result, "A", "vp_tokens"), points(result, "B", "vp_tokens")) == (7, 0)


def test_rc_f7_rats_above_the_nuns_wipe_out_even_the_highest_score():
    players = [tally("A", rats=4, vp_tokens=30), tally("B", rats=3, vp_tokens=1)]
    result = score(players, treasury_used=False, nuns=3)
    assert (by_name(result, "A").survives, by_name(result, "B").survives) == (False, True)
    assert result.winners == ("B",) and result.tiebreak is None


def test_rc_f7_rats_equal_to_the_nuns_survive():
    result = score([tally("A", rats=3), tally("B", rats=0)], treasury_used=False, nuns=3)
    assert by_name(result, "A").survives


def test_rc_f8_tie_broken_by_the_lowest_rat_sum():
    players = [tally("A", rats=3, vp_tokens=5), tally("B", rats=2, vp_tokens=5), tally("C", rats=0)]
    result = score(players, treasury_used=False, nuns=5)
    assert result.winners == ("B",) and result.tiebreak == "rats"


def test_rc_f8_still_tied_is_a_shared_victory():
    players = [tally("A", rats=2, vp_tokens=5), tally("B", rats=2, vp_tokens=5), tally("C", rats=0)]
    result = score(players, treasury_used=False, nuns=5)
    assert result.winners == ("A", "B") and result.tiebreak == "shared"


def test_rc_f9_everyone_wiped_out_everyone_loses():
    players = [tally("A", rats=6, vp_tokens=9), tally("B", rats=5)]
    result = score(players, treasury_used=False, nuns=4)
    assert result.winners == () and result.tiebreak == "all_wiped_out"
    assert not any(p.survives for p in result.players)


def test_rc_f9_table_option_lowest_rat_sum_survives_and_wins():
    players = [tally("A", rats=6, vp_tokens=9), tally("B", rats=5), tally("C", rats=7)]
    result = score(players, treasury_used=False, nuns=4, options=Options(plague_survivor=True))
    assert result.winners == ("B",) and result.tiebreak == "all_wiped_out"
    assert [p.survives for p in result.players] == [False, True, False]


def test_rc_f9_option_tied_lowest_rats_then_rc_f8_by_vp():
    players = [tally("A", rats=5, vp_tokens=2), tally("B", rats=5, vp_tokens=3), tally("C", rats=7)]
    result = score(players, treasury_used=False, nuns=4, options=Options(plague_survivor=True))
    assert result.winners == ("B",)


def test_rc_every_line_names_its_rule_and_totals_add_up():
    players = [
        tally("A", church=3, hand_cards=2, swords=1, gold=2, vp_tokens=1, rats=1),
        tally("B", church=1, sorcery=2, flutes=1, gold=1, rats=2),
        tally("C", peasantry=1, hand_cards=2, rats=9),
    ]
    result = score(players, treasury_used=True, nuns=3)
    for player in result.players:
        assert all(line.rule.startswith("RC-F") and line.note for line in player.lines)
        assert player.total == sum(player.breakdown().values())
    assert {line.rule for line in by_name(result, "A").lines} == {"RC-F1", "RC-F3", "RC-F4", "RC-F5", "RC-F6"}


def test_rc_f7_f8_f9_outcome_and_plague_explained_in_words():
    from companion.games.rattus_cartus.scoring import outcome_note, plague_note

    shared = score([tally("A", rats=1, vp_tokens=2), tally("B", rats=1, vp_tokens=2)], treasury_used=False, nuns=0)
    assert outcome_note(shared)[0] == "RC-F9" and "everyone loses" in outcome_note(shared)[1]
    shared = score([tally("A", rats=1, vp_tokens=2), tally("B", rats=1, vp_tokens=2)], treasury_used=False, nuns=1)
    assert outcome_note(shared) == ("RC-F8", "A and B share the victory: tied on VP and on rats")
    rats = score([tally("A", rats=1, vp_tokens=2), tally("B", rats=0, vp_tokens=2)], treasury_used=False, nuns=1)
    assert "lowest rat sum" in outcome_note(rats)[1]
    assert plague_note(by_name(rats, "A"), 0) == "A: 1 rats against 0 Nuns, is wiped out by the plague"
