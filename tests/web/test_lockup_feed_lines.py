"""Feed and explanation lines describe the event they belong to (issue 9): the Lights Out suspicion
line counts the cubes moved at this reveal, not at an earlier one at the same location (L-LO3),
and an Atlas of Hideouts reveal cites L-SO6, not the Lights Out reveal of L-LO1. Cards are made up."""

from __future__ import annotations

import pytest
from support import ASK_FIXED

from companion.games.lockup import events as E
from companion.games.lockup.scenario import Table, goon, setup
from companion.web.gameui.lockup import feed, lightsout


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def test_suspicion_line_counts_the_cubes_of_this_resolution_L_LO3(ctx):
    """Round 1: 2 cubes at the Sewers go to Ana; round 2: 1 cube there (a new goon). The round-2
    explanation says 1, as the log does, although round 1's move is still in the tail."""
    t = Table(setup(("Ana", "Ben"), goons={"sewers": goon("Test Snitch", suspicion=2)}, options=ASK_FIXED))
    t.do("assign", seat="Ana", location="sewers", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    t.collect()
    while t.pending.kind == "confirm-rewards":
        t.collect()
    t.do("refill_goons", goons={"sewers": goon("Test Whisperer", suspicion=1)})
    t.do("assign", seat="Ana", location="sewers", tiles=[{"tile": 3, "face_up": True}])
    t.pass_all()
    assert (t.pending.kind, t.pending.location) == ("confirm-rewards", "sewers")
    moves = [e.cubes["suspicion"] for e in t.events if isinstance(e, E.CubesMoved) and e.rule == "L-LO3"]
    assert moves == [2, 1]
    line = lightsout.explain(t.state, list(t.events))["suspicion"]
    assert line.startswith("Ana takes 1 suspicion") and line.endswith("(L-LO3)")


def test_atlas_reveal_cites_L_SO6_and_the_lights_out_reveal_L_LO1(ctx):
    atlas = E.Adjusted("Ana", "tomes", -1, "played Atlas of Hideouts (L-SO6)")
    reveal = E.GuardCardRevealed("smithy", 0)
    line = feed.describe(reveal, atlas)
    assert "Atlas of Hideouts" in line and line.endswith("(L-SO6)") and "L-LO1" not in line
    assert feed.describe(reveal).endswith("(L-LO1)")
    assert feed.describe(reveal, E.Adjusted("Ana", "tomes", -1, "a tome played by hand")).endswith("(L-LO1)")


def test_the_bandit_cube_is_explained_as_part_of_the_first_reward_I_17(ctx):
    thief = goon("Test Thief", "bandit", resource="gold")
    t = Table(setup(("Ana", "Ben"), goons={"infirmary": thief}, options=ASK_FIXED))  # stops at the Smithy
    t.pass_all()
    t.do("refill_goons", goons={"sewers": goon("Test New")})
    t.do("assign", seat="Ana", location="smithy", tiles=[{"tile": 1, "face_up": True}])
    t.do("assign", seat="Ben", location="smithy", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    line = lightsout.explain(t.state, list(t.events))["bandit"]
    assert line == ("Bandit cubes here: 1 gold. They go to Ben with the first reward; if it is declined they stay "
                    "here (L-R9, I-17)")
    t.collect()
    assert t.state.resolution is None or lightsout.explain(t.state, list(t.events))["bandit"] is None
