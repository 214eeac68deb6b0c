"""Issue 23: each player collects or declines their own reward (L-LO6), and a location where
nobody is left to decide is confirmed by the game itself, by the same ``rewards-confirmed`` event a
``collect`` makes, within the command that led to it (L-LO4, L-LO5, I-1, L-R4). A fixed reward is
asked about only with the table option ``ask_fixed_rewards`` (on for every game here; an older game
is read with it on)."""

from __future__ import annotations

import pytest
from support import ASK_FIXED

from companion.core.errors import RuleViolation
from companion.games.lockup.scenario import Table, setup


def _smithy(**options) -> Table:
    """Ana 4 (first: 2 iron), Ben 3 (second: 1 iron), Cleo 1 (no reward) at the Smithy (L-R4)."""
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ana", options={**ASK_FIXED, **options}))
    for seat, tile in (("Ana", 4), ("Ben", 3), ("Cleo", 1)):
        t.do("assign", seat=seat, location="smithy", tiles=[{"tile": tile, "face_up": True}])
    t.pass_all()
    return t


def test_only_players_with_a_reward_are_asked_and_the_last_answer_confirms_L_LO6_L_LO5():
    t = _smithy()
    assert (t.pending.kind, t.pending.location) == ("confirm-rewards", "smithy")
    assert t.pending.detail["undecided"] == ["Ana", "Ben"]  # Cleo straggles anyway: no decision
    new = t.do("collect", seat="Ben")
    assert t.types(new) == ["reward-answered"] and t.pending.detail["undecided"] == ["Ana"]
    new = t.do("collect", seat="Ana", declined=["Ana"])
    # The last answer confirms and pays out in the same command: one undo takes it all back.
    assert t.types(new)[:2] == ["reward-answered", "rewards-confirmed"]
    confirmed = next(e for e in new if e.type == "rewards-confirmed")
    assert confirmed.declined == ("Ana",)
    assert t.seat("Ana").resources["iron"] == 0 and t.seat("Ben").resources["iron"] == 1  # I-1: ranks stay
    library = [p.seat for p in t.state.placements["library"]]
    assert sorted(library) == ["Ana", "Cleo"]  # L-LO5: the decliner and the straggler


def test_with_rewards_passed_down_a_seat_s_decline_moves_the_others_up_I_1():
    t = _smithy(pass_rewards_down=True)
    t.do("collect", seat="Ana", declined=["Ana"])
    t.do("collect", seat="Ben")
    assert t.seat("Ben").resources["iron"] == 2 and t.seat("Cleo").resources["iron"] == 1


@pytest.mark.parametrize("seat, declined, why", [
    ("Cleo", [], "has no reward to collect or decline here"),  # a straggler decides nothing (L-LO5)
    ("Ana", ["Ben"], "may only decline their own reward"),
])
def test_a_seat_answers_only_for_its_own_reward_L_LO6(seat, declined, why):
    t = _smithy()
    with pytest.raises(RuleViolation, match=why) as refused:
        t.do("collect", seat=seat, declined=declined)
    assert refused.value.rule == "L-LO6"


def test_a_seat_answers_once_L_LO6():
    t = _smithy()
    t.do("collect", seat="Ana")
    with pytest.raises(RuleViolation, match="no reward to collect or decline"):
        t.do("collect", seat="Ana", declined=["Ana"])


def test_the_table_may_still_confirm_for_everyone_left_keeping_earlier_answers_L_LO6():
    t = _smithy()
    t.do("collect", seat="Ana", declined=["Ana"])
    new = t.do("collect", declined=["Ben"])  # the host for Ben, whom no phone holds
    confirmed = next(e for e in new if e.type == "rewards-confirmed")
    assert confirmed.declined == ("Ana", "Ben")
    assert t.seat("Ana").resources["iron"] == t.seat("Ben").resources["iron"] == 0


def test_the_wire_form_of_a_seat_s_answer_and_of_the_table_s_collect():
    from companion.games.lockup.codec import command_json, parse_command

    t = _smithy()
    assert command_json(parse_command(t.state, {"type": "collect"})) == {"type": "collect", "declined": []}
    doc = {"type": "collect", "declined": ["Ana"], "seat": "Ana"}
    assert command_json(parse_command(t.state, doc)) == doc


def test_a_log_from_before_issue_23_resting_where_nobody_may_decline_is_still_confirmed_by_collect_L_LO6():
    """Older logs confirmed every location by a command of its own (their version-1 ``game-started`` is
    read with ``confirm_each_location``, as a replay file of one may set it): where nobody has a reward
    left to decline, the game still waits for that ``collect`` instead of confirming by itself."""
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ana", confirm_each_location=True, options=ASK_FIXED))
    for seat, tile in (("Ana", 4), ("Ben", 3), ("Cleo", 1)):
        t.do("assign", seat=seat, location="smithy", tiles=[{"tile": tile, "face_up": True}])
    t.pass_all()
    t.do("collect", seat="Ana")
    assert t.types(t.do("collect", seat="Ben")) == ["reward-answered"]  # not confirmed by the game itself
    assert (t.pending.kind, t.pending.detail["undecided"]) == ("confirm-rewards", [])
    new = t.do("collect")
    assert "rewards-confirmed" in t.types(new) and t.seat("Ana").resources["iron"] == 2
    assert t.state.options["confirm_each_location"] is True
