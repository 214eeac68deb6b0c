"""L-C3: the one-pass ``move`` of issue 11 (fold speed) gives exactly the State, or the error, of
the general move (both places' counts built, then written back), for any two places and cubes,
from states of a random legal 5-player game with made-up cards."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lockup.autoplay import play
from companion.games.lockup.engine import GAME
from companion.games.lockup.model import CUBES, LOCATIONS
from companion.games.lockup.state import _move_general, move


@cache
def states():
    events, _ = play(2026, 5)
    return tuple(GAME.fold(events[:k]) for k in (1, 120, 300, len(events) - 1))


@cache
def places():
    seats = states()[0].seating
    return ("supply", *(f"seat:{n}" for n in seats), *(f"location:{loc}" for loc in LOCATIONS))


def outcome(fn, state, source, target, cubes):
    try:
        return fn(state, source, target, cubes)
    except ValueError as error:  # too few cubes at the source (L-C3)
        return str(error)


@settings(max_examples=400, deadline=None)
@given(which=st.integers(0, 3), source=st.integers(0, 50), target=st.integers(0, 50),
       cubes=st.dictionaries(st.sampled_from(CUBES), st.integers(0, 4), min_size=1, max_size=4))
def test_l_c3_one_pass_move_equals_the_general_move(which, source, target, cubes):
    state, names = states()[which], places()
    source, target = names[source % len(names)], names[target % len(names)]
    fast, general = outcome(move, state, source, target, cubes), outcome(_move_general, state, source, target, cubes)
    assert fast == general
