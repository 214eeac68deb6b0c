"""Scenario tests of Ragami final scoring (RG-E1…RG-E4, RG-I1, RG-I2)."""

from __future__ import annotations

import pytest

from companion.games.ragami.scoring import Options, Tally, conflicts_bonus, score


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


# --- RG-I1 as a table option (default on) ----------------------------------------------------------

OFF = Options(bonus_needs_conflict=False)


def bonus(result) -> dict[str, int]:
    return {p.name: p.breakdown()["conflicts_bonus"] for p in result.players}


def test_rg_i1_is_on_by_default_and_the_result_says_it_withheld_a_bonus():
    result = score([Tally("A", 20, 3, 0), Tally("B", 22, 0, 0)])
    assert bonus(result) == {"A": 7, "B": 0}
    assert result.ruling.option and result.ruling.applied and result.ruling.changed == (("B", 4),)
    assert result.ruling.note().startswith("RG-I1 (table option on") and "B (+4)" in result.ruling.note()
    assert result.winners == ("A",)


def test_rg_i1_on_without_a_player_at_0_in_line_for_a_bonus_is_named_but_not_applied():
    result = score([Tally("A", 20, 3, 0), Tally("B", 22, 2, 0), Tally("C", 1, 0, 0)])
    assert bonus(result) == {"A": 7, "B": 4, "C": 0}
    assert result.ruling.option and not result.ruling.applied and result.ruling.changed == ()
    assert "changed no bonus" in result.ruling.note()


def test_rg_i1_off_a_player_with_0_conflicts_takes_the_bonus_and_it_can_decide_the_winner():
    tallies = [Tally("A", 26, 5, 2), Tally("V", 31, 0, 1), Tally("Z", 25, 5, 0)]
    on, off = score(tallies), score(tallies, OFF)
    assert bonus(on) == {"A": 7, "V": 0, "Z": 7} and on.winners == ("A",)
    assert bonus(off) == {"A": 7, "V": 4, "Z": 7} and off.winners == ("V",)
    assert not off.ruling.option and not off.ruling.applied and off.ruling.changed == (("V", 4),)
    assert "V (+4) took the bonus" in off.ruling.note()
    [line] = [line for line in off.players[1].lines if line.rule == "RG-E3"]
    assert "RG-I1 table option off" in line.note


@pytest.mark.parametrize(("needs_conflict", "expected"), [
    (True, {"A": 0, "B": 0}),
    (False, {"A": 7, "B": 7}),  # everyone tied for most at 0
])
def test_rg_i1_nobody_resolved_a_conflict_for_each_option_value(needs_conflict, expected):
    assert conflicts_bonus({"A": 0, "B": 0}, needs_conflict) == expected
    result = score([Tally("A", 5, 0, 0), Tally("B", 5, 0, 0)], Options(needs_conflict))
    assert bonus(result) == expected and result.ruling.applied == needs_conflict


@pytest.mark.parametrize("needs_conflict", [True, False])
def test_rg_i1_the_option_changes_nothing_when_everyone_resolved_a_conflict(needs_conflict):
    tallies = [Tally("A", 20, 3, 0), Tally("B", 20, 1, 0), Tally("C", 20, 2, 0)]
    result = score(tallies, Options(needs_conflict))
    assert bonus(result) == {"A": 7, "B": 0, "C": 4} and result.ruling.changed == () and not result.ruling.applied
