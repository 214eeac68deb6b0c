"""The solo guards follow the Bandit cube rule of the players (L-R9, I-17, issue 19): ranked first
at a choice location, they get its Bandit cubes first, before they take, arrest, craft or reserve,
and never lose them for having nothing to choose. Profiles and cards are made up."""

from __future__ import annotations

import json
from pathlib import Path

from companion.games.lockup import events as LE
from companion.games.lockup.model import GUARDS
from companion.solo_guard.playthrough import PLAYER, play

PROFILE = json.loads((Path(__file__).parent / "golden" / "made_up_profile.json").read_text())
CHOICES = (LE.GoonRecruited, LE.ItemCrafted, LE.ItemReserved)


def _resolutions(events):
    """Each location's events from its reveal to its end, with the location."""
    start = None
    for i, e in enumerate(events):
        if isinstance(e, LE.LocationRevealed):
            start = i
        elif isinstance(e, LE.LocationFinished) and start is not None:
            yield e.location, events[start:i]
            start = None


def test_l_r9_i_17_solo_the_bandit_cube_comes_before_the_choice_for_guards_and_player():
    seen = 0
    for difficulty, seed in (("expert", 7), ("demanding", 2), ("easy", 4), ("expert", 3)):
        events, _, _ = play(difficulty, PROFILE, seed)
        for location, run in _resolutions(events):
            cubes = [i for i, e in enumerate(run) if isinstance(e, LE.CubesMoved) and e.rule == "L-R9"]
            for i in cubes:
                seat = run[i].target.removeprefix("seat:")
                assert seat in (GUARDS, PLAYER)
                acts = [j for j, e in enumerate(run) if isinstance(e, CHOICES) and e.seat == seat]
                taken = [j for j, e in enumerate(run) if isinstance(e, LE.CubesMoved) and e.rule == "L-R5"
                         and e.target == f"seat:{seat}"]
                assert all(i < j for j in acts + taken), (difficulty, seed, location)
                collected = [e for e in run if isinstance(e, LE.RewardCollected) and e.seat == seat]
                straggled = [e for e in run if isinstance(e, LE.Straggled) and e.seat == seat]
                assert collected and not straggled  # the cube is a reward: never a straggler (I-17)
                seen += bool(acts or taken)
    assert seen >= 2
