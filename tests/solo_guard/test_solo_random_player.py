"""A seeded random legal solo player (the engine's autoplay for the player's own choices, random
reveals and Atlas plays for the guard turns): invariants after every command (L-C3, L-SO4,
L-SO5, L-SO13, replay)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.core.errors import RuleViolation
from companion.games.lockup.autoplay import Cards, candidates
from companion.games.lockup.model import SUPPLY
from companion.games.lockup.state import all_cubes
from companion.solo_guard.automaton import SOLO, pending
from companion.solo_guard.decks import DIFFICULTIES
from companion.solo_guard.playthrough import MadeUpCards, setup
from companion.solo_guard.state import face_down

PROFILE = json.loads((Path(__file__).parent / "golden" / "made_up_profile.json").read_text())


def _commands(state, rng: random.Random, cards: Cards):
    p = pending(state)
    if p.kind == "guard-turn":
        choices = p.detail["reveal"]
        if state.game.seats["Ana"].tomes and rng.random() < 0.3:  # L-SO6
            yield {"type": "atlas_reveal", "location": rng.choice(choices)}
        yield {"type": "reveal_guard", "location": rng.choice(choices)}
        return
    yield from candidates(state.game, rng, cards)


def _step(state, rng, cards):
    for command in _commands(state, rng, cards):
        try:
            return SOLO.decide(state, SOLO.parse_command(state, command))
        except RuleViolation:
            continue
    raise AssertionError(f"no legal command at {pending(state)}")  # pragma: no cover


def _random_game(seed: int) -> None:
    rng = random.Random(seed)
    events = SOLO.start(setup(DIFFICULTIES[seed % 3], PROFILE, seed, MadeUpCards(seed), advanced=False))
    state = SOLO.fold(events)
    cards = Cards(rng)
    for _ in range(3000):
        if state.game.phase == "over":
            break
        new = _step(state, rng, cards)
        state = SOLO.fold(new, state)
        events += new
        assert all_cubes(state.game) == SUPPLY  # L-C3
        assert len(face_down(state.game)) <= 7  # L-SO4 (a special draw is revealed at once)
        assert pending(state).seat != "guards"  # the app answers everything the guards do
    assert state.game.phase == "over"
    assert SOLO.fold(events) == state


@pytest.mark.parametrize("seed", range(12))
def test_random_solo_games_keep_the_invariants(seed):
    _random_game(seed)


@pytest.mark.slow
def test_random_solo_games_keep_the_invariants_long(request):
    """``pytest -m slow``: 500 more random games; a plain run (no marker expression) plays 3."""
    long_run = "slow" in (request.config.getoption("markexpr") or "")
    for seed in range(12, 512 if long_run else 15):
        _random_game(seed)
