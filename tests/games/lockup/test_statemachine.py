"""Random legal Lockup games of 2-5 players (and solo) played to the end, with illegal commands
mixed in, checking invariants after every step:

- L-C3 cube conservation: supply + boards + locations == the printed totals;
- L-C4 every crew tile is in exactly one place (holding cell or one location); a face-down tile
  recorded without its value (I-16) is one of the seat's pool, and the pool covers them all;
- a face-down tile recorded without its value is named in Lights Out before its location is
  ranked (L-LO1, I-16), and near-miss reveals (wrong count, a tile shown face up, a tile named
  twice) are refused with their rule;
- folding the whole (JSON round-tripped) log equals the live state;
- reputation is never negative (L-RD4, after raids and everything else);
- an illegal command raises and appends nothing.

Normal run: a handful of games. ``pytest -m slow`` plays many more.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from companion.core.errors import InputError, RuleViolation
from companion.core.events import decode, encode
from companion.games.lockup.autoplay import Cards, make_setup, random_command
from companion.games.lockup.commands import QUANTITIES
from companion.games.lockup.engine import GAME, decide, pending, start, view_for
from companion.games.lockup.fold import evolve
from companion.games.lockup.model import LOCATIONS, RESOURCES, SUPPLY
from companion.games.lockup.parse import parse
from companion.games.lockup.state import all_cubes, held, in_hand

ILLEGAL = [
    {"type": "assign", "seat": "Ana", "location": "library", "tiles": [1]},
    {"type": "pass", "seat": "Ben"},
    {"type": "collect", "declined": []},
    {"type": "take", "seat": "Ana", "resource": "gold"},
    {"type": "craft", "seat": "Ben", "index": 0, "pay": {}},
    {"type": "recruit", "seat": "Ana", "goons": ["sewers"], "pay": {}},
    {"type": "adjust", "seat": "Ana", "quantity": "gold", "delta": -99, "reason": "test: too many"},
    {"type": "adjust", "seat": "Ben", "quantity": "power", "delta": 99, "reason": "test: beyond supply"},
    {"type": "discard", "seat": "Ana", "resources": {"scrap": 1}},
    {"type": "refill_goons", "goons": {}},
    {"type": "end_goal", "seats": []},
    {"type": "guard_turn", "reveal": None, "place": None},
    {"type": "decline", "seat": "Ben"},
    {"type": "exchange", "seat": "Ana", "give": {"scrap": 5}, "take": "gold"},
    {"type": "effect", "seat": "Ana", "skip": True},
]


def _near_miss(state, pick=0):
    """(an illegal command, the rule it breaks) for what the game waits for, or None."""
    p = pending(state)
    if p.kind == "roll-call":
        return _roll_call_miss(state, p)
    if p.kind == "reveal-tiles":
        return _reveal_miss(state, p, pick)
    if p.kind == "choice" and p.detail["action"] == "recruit" and p.seat != "guards":
        return {"type": "recruit", "seat": p.seat, "goons": ["sewers", "infirmary", "smithy"], "pay": {}}, "L-R6"
    if p.kind == "discard":
        seat = next(iter(p.detail["excess"]))
        have = state.seats[seat].resources
        if sum(have.values()) > p.detail["excess"][seat]:  # more than needed to reach the limit
            return {"type": "discard", "seat": seat, "resources": dict(have)}, "L-P1"
    if p.kind == "confirm-rewards":
        absent = [n for n in state.seating if n not in p.detail["ranking"]]
        if absent:
            return {"type": "collect", "declined": absent[:1]}, "L-LO6"
    return None


def _roll_call_miss(state, p):
    me = state.seats[p.seat]
    free = [loc for loc in LOCATIONS[:7] if loc not in me.visited]
    room = state.face_down_limit - me.face_down_used
    hand = list(in_hand(me))
    if held(me) > room and free:
        if state.mode != "solo":  # I-16: face down, without values
            return {"type": "assign", "seat": p.seat, "location": free[0], "face_down": room + 1}, "L-RC6"
        tiles = [{"tile": t, "face_up": False} for t in hand[: room + 1]]
        return {"type": "assign", "seat": p.seat, "location": free[0], "tiles": tiles}, "L-RC6"
    if me.unknown_down and free:  # every tile face up would leave none for the unknown face-down ones
        return {"type": "assign", "seat": p.seat, "location": free[0], "tiles": hand}, "L-RC2"
    return {"type": "assign", "seat": p.seat, "location": "library", "tiles": [hand[0]]}, "L-RC5"


def _reveal_miss(state, p, pick):
    """Reveals that are near misses: one tile too many, a tile shown face up, a tile named twice."""
    me = state.seats[p.seat]
    pool, count = list(me.pool), p.detail["count"]
    if len(pool) > count and pick == 0:
        return {"type": "reveal_tiles", "seat": p.seat, "tiles": pool[: count + 1]}, "L-LO1"
    shown = [t for t in me.tiles if t not in pool]
    if shown and pick == 1:
        return {"type": "reveal_tiles", "seat": p.seat, "tiles": [shown[0], *pool[: count - 1]]}, "L-RC6"
    if count > 1:
        return {"type": "reveal_tiles", "seat": p.seat, "tiles": [pool[0]] * count}, "L-RC2"
    return {"type": "reveal_tiles", "seat": p.seat, "tiles": []}, "L-LO1"


class LockupGames(RuleBasedStateMachine):
    """One random game per example; each step plays a few legal commands or tries an illegal one."""

    @initialize(count=st.sampled_from([1, 2, 3, 4, 5]), seed=st.integers(0, 2**32), advanced=st.booleans())
    def setup_game(self, count, seed, advanced):
        self.rng = random.Random(seed)
        self.cards = Cards(self.rng)
        mode = "solo" if count == 1 else ("advanced" if advanced else "standard")
        self.log = start(make_setup(self.rng, count, mode, self.cards))
        self.state = GAME.fold(self.log)

    def _apply(self, events):
        for e in events:
            self.state = evolve(self.state, e)
        self.log += events

    def _legal(self):
        if pending(self.state).kind == "reveal-tiles":  # a moment that passes at once: try the misses now
            for pick in range(3):
                self._refused(_near_miss(self.state, pick))
        _, events = random_command(self.state, self.rng, self.cards)
        self._apply(events)

    def _refused(self, miss):
        cmd, rule_id = miss
        before = self.state
        with pytest.raises(RuleViolation) as err:
            decide(self.state, parse(cmd, self.state.seating))
        assert err.value.rule == rule_id and self.state is before

    @rule(n=st.integers(1, 25))
    def play_legal(self, n):
        for _ in range(n):
            if self.state.phase == "over":
                return
            self._legal()
            assert all_cubes(self.state) == SUPPLY

    @rule(cmd=st.sampled_from(ILLEGAL), location=st.sampled_from(LOCATIONS), resource=st.sampled_from(RESOURCES))
    def try_command(self, cmd, location, resource):
        """Mostly illegal; when it happens to be legal, it is simply played."""
        before = self.state
        cmd = dict(cmd)
        if "location" in cmd:
            cmd["location"] = location
        try:
            events = decide(self.state, parse(cmd, self.state.seating))
        except (RuleViolation, InputError):
            assert self.state is before and len(self.log) == self.state.seq
            return
        self._apply(events)

    @rule(seat=st.integers(0, 4), quantity=st.sampled_from(QUANTITIES), delta=st.integers(-3, 3).filter(bool),
          claim=st.booleans())
    def table_adjusts(self, seat, quantity, delta, claim):
        """Manual adjustments and instant-goal claims at any moment: applied, or refused unchanged."""
        name = self.state.seating[seat % len(self.state.seating)]
        cmd = ({"type": "claim_instant", "seat": name} if claim else
               {"type": "adjust", "seat": name, "quantity": quantity, "delta": delta, "reason": "test"})
        before = self.state
        try:
            events = decide(self.state, parse(cmd, self.state.seating))
        except RuleViolation:
            assert self.state is before
            return
        self._apply(events)

    @rule(pick=st.integers(0, 2))
    def try_near_miss(self, pick):
        """A command for the right seat at the right time that breaks one rule: must be refused."""
        miss = _near_miss(self.state, pick)
        if miss is not None:
            self._refused(miss)

    @invariant()
    def cubes_are_conserved_L_C3(self):
        assert all_cubes(self.state) == SUPPLY

    @invariant()
    def every_crew_tile_in_exactly_one_place_L_C4(self):
        for name, seat in self.state.seats.items():
            if name == "guards":
                continue  # guard cards belong to the automaton's decks, not crew tiles
            mine = [p for here in self.state.placements.values() for p in here if p.seat == name]
            placed = [p.tile for p in mine if p.tile is not None]
            unknown = sum(1 for p in mine if p.tile is None)
            assert not any(p.face_up for p in mine if p.tile is None)  # I-16: only face down lacks a value
            assert unknown == seat.unknown_down <= len(seat.pool)
            assert (Counter(map(str, seat.holding + seat.pool)) + Counter(map(str, placed))
                    == Counter(map(str, seat.tiles)))

    @invariant()
    def nobody_else_sees_a_holding_cell_I_16(self):
        for viewer in (None, *self.state.seating):
            view = view_for(self.state, viewer)
            for name, seat in view.seats.items():
                if name != viewer:
                    assert set(seat.holding) <= {None} and not seat.pool
                    assert len(seat.holding) == held(self.state.seats[name])

    @invariant()
    def reputation_never_negative_L_RD4(self):
        assert all(s.reputation >= 0 for s in self.state.seats.values())

    @invariant()
    def folding_the_log_equals_the_live_state(self):
        stored = [json.loads(json.dumps(encode(e))) for e in self.log]
        assert GAME.fold(decode(*r) for r in stored) == self.state

    def teardown(self):
        # Play the game to its end: every example reaches final scoring (L-F).
        if getattr(self, "state", None) is None:
            return
        for _ in range(3000):
            if self.state.phase == "over":
                break
            self._legal()
        assert self.state.phase == "over" and self.state.round == 6
        assert all_cubes(self.state) == SUPPLY
        assert GAME.fold(self.log) == self.state


def _run(examples: int) -> None:
    run_state_machine_as_test(
        LockupGames,
        settings=settings(max_examples=examples, stateful_step_count=12, deadline=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],  # whole games shrink slowly
                          suppress_health_check=list(HealthCheck)),
    )


def test_random_legal_games_keep_the_invariants():
    """Bounded run in the normal suite (a few whole games)."""
    _run(4)


@pytest.mark.slow
def test_random_legal_games_keep_the_invariants_long(request):
    """The long run (``pytest -m slow``): many whole games of 2-5 players and solo."""
    _run(400 if "slow" in (request.config.getoption("markexpr") or "") else 4)
