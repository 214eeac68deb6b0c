"""Scenario tests of Ragami final scoring (RG-E1…RG-E4, RG-I1, RG-I2)."""

from __future__ import annotations

from companion.games.ragami.scoring import Tally, conflicts_bonus, score


def totals(result) -> dict[str, int]:
    return {p.name: p.total for p in result.players}


def test_rg_e3_most_conflicts_7_second_4_third_and_fourth_nothing():
    assert conflicts_bonus({"A": 6, "B": 4, "C": 3, "D": 1}) == {"A": 7, "B": 4, "C": 0, "D": 0}


def test_rg_e3_two_tied_first_and_two_tied_second_get_7_7_4_4():
    assert conflicts_bonus({"A": 6, "B": 6, "C": 3, "D": 3}) == {"A": 7, "B": 7, "C": 4, "D": 4}


def test_rg_i2_three_tied_for_most_get_7_and_the_fourth_gets_4():
    assert conflicts_bonus({"A": 5, "B": 5, "C": 5, "D": 1}) == {"A": 7, "B": 7, "C": 7, "D": 4}


def test_rg_i1_zero_conflicts_never_take_a_bonus():
    assert conflicts_bonus({"A": 5, "B": 5, "C": 5, "D": 0}) == {"A": 7, "B": 7, "C": 7, "D": 0}
    assert conflicts_bonus({"A": 0, "B": 0}) == {"A": 0, "B": 0}
    assert conflicts_bonus({"A": 2, "B": 0, "C": 0}) == {"A": 7, "B": 0, "C": 0}


def test_rg_e3_everyone_tied_all_get_7_and_nobody_4():
    assert conflicts_bonus({"A": 2, "B": 2, "C": 2, "D": 2}) == dict.fromkeys("ABCD", 7)


def test_rg_e3_dense_ties_next_distinct_count_is_second():
    assert conflicts_bonus({"A": 4, "B": 2, "C": 2, "D": 2}) == {"A": 7, "B": 4, "C": 4, "D": 4}


def test_rg_e2_white_cubes_convert_2_to_1_rounded_down():
    result = score([Tally("A", vp=10, conflicts=0, white_cubes=5), Tally("B", vp=0, conflicts=0, white_cubes=1)])
    assert result.players[0].breakdown()["white_cubes"] == 2
    assert result.players[1].breakdown()["white_cubes"] == 0


def test_rg_e4_most_vp_wins():
    result = score([Tally("A", 20, 1, 0), Tally("B", 21, 1, 0)])
    assert result.winners == ("B",) and result.tiebreak is None


def test_rg_e4_tie_goes_to_most_conflicts_resolved():
    # A: 20 + 4 (second) = 24; B: 17 + 7 (most) = 24; B resolved more conflicts.
    result = score([Tally("A", 20, 2, 0), Tally("B", 17, 3, 0)])
    assert totals(result) == {"A": 24, "B": 24}
    assert result.winners == ("B",) and result.tiebreak == "conflicts"


def test_rg_e4_still_tied_is_shared():
    result = score([Tally("A", 20, 3, 1), Tally("B", 20, 3, 0), Tally("C", 1, 1, 0)])
    assert result.winners == ("A", "B") and result.tiebreak == "shared"


def test_rg_every_line_names_its_rule_and_totals_add_up():
    result = score([Tally("A", 24, 6, 3), Tally("B", 22, 6, 4), Tally("C", 25, 3, 1)])
    for player in result.players:
        assert all(line.rule.startswith("RG-E") and line.note for line in player.lines)
        assert player.total == sum(player.breakdown().values())
    assert totals(result) == {"A": 32, "B": 31, "C": 29}


def test_rg_e4_outcome_explained_in_words():
    from companion.games.ragami.scoring import outcome_note

    assert outcome_note(score([Tally("A", 20, 2, 0), Tally("B", 17, 3, 0)])) == (
        "RG-E4", "B wins the tie on VP with the most conflicts resolved")
    assert outcome_note(score([Tally("A", 9, 1, 0), Tally("B", 9, 1, 0)]))[1].startswith("A and B share")
    assert outcome_note(score([Tally("A", 9, 1, 0), Tally("B", 1, 0, 0)])) == ("RG-E4", "A wins with the most VP")
