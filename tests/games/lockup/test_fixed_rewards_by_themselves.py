"""Issue 23: a fixed reward is collected by itself unless the table asks (L-LO6, I-1).

Players almost always collect a fixed reward (Exercise Yard, Sewers, Infirmary, Smithy, Library:
L-R1..L-R4, L-R8), so Lights Out asks them only when the table option ``ask_fixed_rewards`` is on
(off by default for a new game). On, a seat may decline and join the stragglers (L-LO6, L-LO5);
the ranks stay (I-1) unless rewards pass down. A game begun before (``game-started`` version 3 or
older) is read with the option on: it goes on asking as it was played. Cards are made up.
"""

from __future__ import annotations

import pytest
from support import ASK_FIXED, deal_guards, roll_call, solo_roll_call

from companion.core.errors import RuleViolation
from companion.core.events import decode
from companion.games.lockup import events as E
from companion.games.lockup.scenario import Table, goon, setup
from companion.games.lockup.setup import setup_as_played

THREE = ("Ana", "Ben", "Cleo")


def at_the_smithy(**options) -> Table:
    """Ana 4 (first: 2 iron), Ben 3 (second: 1 iron), Cleo 1 (no reward) at the Smithy (L-R4)."""
    t = Table(setup(THREE, first="Ana", options=options))
    roll_call(t, ("Ana", "smithy", 4), ("Ben", "smithy", 3), ("Cleo", "smithy", 1))
    return t


def test_option_off_fixed_rewards_are_collected_with_no_prompt_L_LO6_L_LO4_L_R4():
    t = at_the_smithy()
    assert t.state.options["ask_fixed_rewards"] is False
    assert t.pending.kind != "confirm-rewards"  # no tap: Lights Out went on to Patrol
    confirmed = next(e for e in t.events if e.type == "rewards-confirmed" and e.location == "smithy")
    assert confirmed.declined == ()
    assert not [e for e in t.events if e.type == "reward-answered"]
    collected = [e.seat for e in t.events if e.type == "reward-collected" and e.location == "smithy"]
    assert collected == ["Ana", "Ben"]
    assert t.seat("Ana").resources["iron"] == 2 and t.seat("Ben").resources["iron"] == 1
    stragglers = [e.seat for e in t.events if e.type == "straggled" and e.location == "smithy"]
    assert stragglers == ["Cleo"]  # no reward: a straggler anyway (L-LO5)


def test_option_off_the_library_tome_and_the_marker_come_by_themselves_L_R1_L_R8():
    t = Table(setup(("Ana", "Ben"), first="Ana"))
    roll_call(t, ("Ana", "exercise_yard", 1), ("Ben", "exercise_yard", 4))  # 2 players: Ana straggles (I-2)
    assert t.state.first_player == "Ben" and t.seat("Ben").power == 2  # L-R1, no Collect
    assert t.seat("Ana").tomes == 1  # a straggler at the Library (L-LO5, L-R8), no Collect
    assert "confirm-rewards" != t.pending.kind


def test_option_off_a_choice_reward_still_offers_its_decline_L_R5_I_3():
    t = Table(setup(("Ana", "Ben")))
    roll_call(t, ("Ana", "commissary", 4))
    assert t.pending.kind == "choice" and t.pending.seat == "Ana"  # unchanged by the option


def test_option_on_each_seat_with_a_fixed_reward_is_asked_L_LO6():
    t = at_the_smithy(**ASK_FIXED)
    assert (t.pending.kind, t.pending.location) == ("confirm-rewards", "smithy")
    assert t.pending.detail["undecided"] == ["Ana", "Ben"]  # Cleo has no reward: not a decision


def test_option_on_a_decline_makes_a_straggler_and_the_ranks_stay_L_LO6_L_LO5_I_1():
    t = at_the_smithy(**ASK_FIXED)
    t.do("collect", seat="Ben")
    t.do("collect", seat="Ana", declined=["Ana"])
    assert t.seat("Ana").resources["iron"] == 0 and t.seat("Ben").resources["iron"] == 1  # I-1: Ben stays second
    stragglers = {e.seat: e.reason for e in t.events if e.type == "straggled" and e.location == "smithy"}
    assert stragglers == {"Ana": "declined", "Cleo": "no reward"}


def test_option_on_with_rewards_passed_down_the_decline_moves_the_others_up_I_1():
    t = at_the_smithy(**ASK_FIXED, pass_rewards_down=True)
    t.collect("Ana")
    assert t.seat("Ben").resources["iron"] == 2 and t.seat("Cleo").resources["iron"] == 1


def test_solo_option_off_the_player_is_not_asked_at_a_fixed_reward_L_LO6_L_SO8():
    t = Table(setup(("Ana",), mode="solo"))
    deal_guards(t, (1, 0, 0, 0, 0, 0, 0))
    solo_roll_call(t, ("Ana", "exercise_yard", 4), reveals=("exercise_yard", "sewers"))
    assert t.pending.kind != "confirm-rewards"
    assert ("Ana", "exercise_yard") in {(e.seat, e.location) for e in t.events if e.type == "reward-collected"}


def test_a_version_3_game_started_is_read_asking_before_a_fixed_reward_L_LO6():
    started = next(e for e in Table(setup(THREE)).events if isinstance(e, E.GameStarted))
    payload = started.to_payload()
    old_options = {k: v for k, v in payload["options"].items() if k != "ask_fixed_rewards"}
    old = decode(E.GameStarted.type, 3, {**payload, "options": old_options})  # as stored then
    assert old.options["ask_fixed_rewards"] is True
    assert decode(E.GameStarted.type, 1, {**payload, "options": old_options}).options["ask_fixed_rewards"] is True
    assert decode(E.GameStarted.type, 4, payload).options["ask_fixed_rewards"] is False


def test_an_older_game_decided_again_keeps_asking_L_LO6():
    """Re-deciding a recorded game (an import, a replay file): its set-up is read as it was played."""
    doc = setup(THREE)
    assert setup_as_played(doc, "game-started", 3)["options"]["ask_fixed_rewards"] is True
    assert setup_as_played(doc, "game-started", 4) == doc
    t = Table(setup_as_played(doc, "game-started", 3))
    roll_call(t, ("Ana", "smithy", 4))
    assert t.pending.kind == "confirm-rewards" and t.pending.detail["undecided"] == ["Ana"]


def test_a_player_may_turn_asking_on_mid_game_from_the_next_location_L_LO6():
    t = Table(setup(THREE, first="Ana"))
    roll_call(t, ("Ana", "exercise_yard", 4), ("Ben", "smithy", 3))
    assert t.seat("Ana").power == 2  # round 1: the Exercise Yard and the Smithy came by themselves
    new = t.do("ask_fixed_rewards", seat="Cleo")  # in Patrol: any time, by any player
    assert t.types(new) == ["reward-asking-changed"] and t.state.options["ask_fixed_rewards"] is True
    assert t.events[-1].seat == "Cleo"
    t.do("refill_goons", goons={"sewers": goon("Test New")})  # L-P3, then round 2
    roll_call(t, ("Ana", "smithy", 4))
    assert t.pending.kind == "confirm-rewards" and t.pending.detail["undecided"] == ["Ana"]
    t.do("collect", seat="Ana", declined=["Ana"])  # now Ana may decline and straggle (L-LO6, L-LO5)
    assert ("Ana", "smithy") in {(e.seat, e.location) for e in t.events if e.type == "straggled"}


def test_asking_is_turned_on_once_and_never_by_the_guards_L_LO6_L_SO8():
    t = Table(setup(THREE, options=ASK_FIXED))
    with pytest.raises(RuleViolation) as err:
        t.do("ask_fixed_rewards", seat="Ana")
    assert err.value.rule == "L-LO6"
    solo = Table(setup(("Ana",), mode="solo"))
    with pytest.raises(RuleViolation) as err:
        solo.do("ask_fixed_rewards", seat="guards")
    assert err.value.rule == "L-SO8"
