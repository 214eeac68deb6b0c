"""Property tests of the recorded Rattus Cartus game: any sequence of commands, legal or not,
folds to the same state on replay, and a refused command records nothing (RC-G1, RC-F)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import RuleViolation
from companion.games.rattus_cartus import GAME, command_from_dict, pending, view_for

NAMES = ["A", "B", "C"]
name = st.sampled_from(NAMES)
count = st.integers(min_value=0, max_value=3)

commands = st.one_of(
    st.just(("end-round", {})),
    st.builds(lambda p, c, g: ("record-tally", {"player": p, "church": c, "gold": g}), name, count, count),
    st.builds(lambda p, r: ("record-rats", {"player": p, "rats": r}), name, st.integers(0, 6)),
    st.builds(lambda u: ("record-treasury", {"used": u}), st.booleans()),
    st.builds(lambda o: ("record-influence-order", {"influence_class": "church", "order": o}),
              st.permutations(NAMES)),
    st.builds(lambda n: ("reveal-plague", {"nuns": n}), st.integers(0, 5)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(commands, min_size=0, max_size=40), st.integers(min_value=6, max_value=12))
def test_rc_replay_equals_live_and_refusals_record_nothing(script, rounds_first):
    events = GAME.start({"players": NAMES, "start_player": "B"})
    state = GAME.fold(events)
    script = [("end-round", {})] * rounds_first + script
    for kind, data in script:
        try:
            new = GAME.decide(state, command_from_dict(kind, data))
        except RuleViolation:
            continue  # decide never mutates: the state and the log stay as they were
        events += new
        for event in new:
            state = GAME.evolve(state, event)
        assert pending(state).step in {"round", "final-entry", "plague", "finished"}
        json.dumps(view_for(state, "A"))  # the view is JSON-ready at every step
    assert GAME.fold(events) == state
    if state.phase != "finished":  # RC-G3: nobody sees another player's rats before the plague
        assert all(p["rats"] is None for p in view_for(state, "A")["players"] if p["name"] != "A")
    else:
        assert all(p["rats"] is not None for p in view_for(state, None)["players"])
