"""Property tests of the recorded Ragami game: any sequence of commands keeps the tracked values
legal (no negative cubes, dice 0-6), replay equals live, and a refused command records nothing."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleViolation
from companion.games.ragami import GAME, command_from_dict, pending, view_for

NAMES = ["Ana", "Bo", "Cy"]
name = st.sampled_from(NAMES)
small = st.integers(min_value=1, max_value=4)

commands = st.one_of(
    st.builds(lambda p, d, s, c, v: ("resolve-conflict", {"player": p, "die_value": d, "saints": s,
                                                          "white_cubes_spent": c, "virtue_spent": v}),
              name, st.integers(1, 6), st.lists(name, max_size=2, unique=True), st.integers(0, 2),
              st.integers(0, 2)),
    st.builds(lambda p, n: ("purify-demons", {"player": p, "demons": n}), name, small),
    st.builds(lambda p, n: ("convert-white-cubes", {"player": p, "vp": n}), name, small),
    st.builds(lambda p, n: ("convert-virtue", {"player": p, "vp": n}), name, small),
    st.builds(lambda p, n: ("gain-white-cubes", {"player": p, "count": n}), name, small),
    st.builds(lambda p, n: ("spend-white-cubes", {"player": p, "count": n}), name, small),
    st.builds(lambda p, n: ("set-virtue-die", {"player": p, "value": n, "reason": "round-setup"}), name,
              st.integers(0, 6)),
    st.builds(lambda t: ("use-location-tokens", {"tokens": t}),
              st.lists(st.integers(1, 30), min_size=1, max_size=8, unique=True)),
    st.just(("end-round", {})),
    st.just(("finish-game", {})),
)


@settings(max_examples=80, deadline=None)
@given(st.lists(commands, max_size=60))
def test_ragami_replay_equals_live_and_values_stay_legal(script):
    events = GAME.start({"players": NAMES, "start_player": "Ana"})
    state = GAME.fold(events)
    for kind, data in script:
        try:
            new = GAME.decide(state, command_from_dict(kind, data))
        except RuleViolation:
            continue
        events += new
        for event in new:
            state = GAME.evolve(state, event)
        for seat in state.seats:
            assert seat.white_cubes >= 0 and 0 <= seat.virtue_die <= 6 and seat.vp >= 0
        json.dumps(view_for(state, "Bo"))  # the view is JSON-ready at every step
        conflicts = sum(1 for e in events if e.type == "ragami-vp-gained" and e.cause == "conflict")
        assert sum(s.conflicts for s in state.seats) == conflicts  # RG-T5
    assert GAME.fold(events) == state
    assert pending(state).step in {"round", "final-conversion", "finished"}
