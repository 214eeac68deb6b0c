"""Properties of the solo automaton over many seeds (L-SO2, L-SO4, L-SO13, replay).

The normal run plays a few whole games and checks 1,000 Roll Call deals; ``pytest -m slow`` plays
1,000 whole games.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.core.events import decode, encode
from companion.games.lockup.model import LOCATIONS
from companion.solo_guard import decks
from companion.solo_guard.automaton import SOLO
from companion.solo_guard.playthrough import MadeUpCards, play, setup
from companion.solo_guard.state import on_board

PROFILE = json.loads((Path(__file__).parent / "golden" / "made_up_profile.json").read_text())
DIFFICULTIES = list(decks.DIFFICULTIES)


def check_cards(state) -> None:
    """Every guard card is in at most one place; the decks hold only known cards."""
    board = [p.card for loc in LOCATIONS for p in state.game.placements[loc] if p.seat == "guards"]
    assert len(board) == len(set(board)), "a guard card is twice on the board"
    assert not set(board) & set(state.guard_deck), "a guard card is both on the board and in the deck"
    assert len(state.guard_deck) == len(set(state.guard_deck))
    assert set(board) | set(state.guard_deck) <= set(state.cards)
    assert not set(state.location_deck) & set(state.location_shown)
    if not (board or state.guard_deck or state.location_deck or state.location_shown):
        return  # before the first shuffle (L-SO13 happens at each Roll Call's start)
    assert sorted(state.location_deck + state.location_shown) == sorted(decks.LOCATION_CARDS)


def test_l_so4_l_so2_every_first_roll_call_over_1000_seeds_deals_7_to_locations_1_to_7():
    for seed in range(1000):
        difficulty = DIFFICULTIES[seed % 3]
        state = SOLO.fold(SOLO.start(setup(difficulty, PROFILE, seed, MadeUpCards(seed))))
        assert len(state.cards) == 12
        colours = Counter(c.colour for c in state.cards.values())
        assert colours == {"blue": 7, decks.DIFFICULTY_COLOUR[difficulty]: 5}
        board = on_board(state.game)
        assert sorted(loc for loc, _ in board.values()) == sorted(LOCATIONS[:7])
        assert not any(up for _, up in board.values())
        assert len(state.guard_deck) == 5
        check_cards(state)


def _check_game(difficulty: str, seed: int) -> None:
    events, _, final = play(difficulty, PROFILE, seed)
    state = None
    for event in events:  # every card in one place after every event
        state = SOLO.evolve(state, event)
        check_cards(state)
        if event.type == "guard-decks-shuffled":  # L-SO13: both whole decks every round
            assert sorted(event.guards) == sorted(state.cards)
            assert sorted(event.locations) == sorted(decks.LOCATION_CARDS)
        if event.type == "guard-cards-dealt":  # L-SO4
            assert [c["location"] for c in event.cards] == list(LOCATIONS[:7])
    assert state == final  # replay equals live state
    stored = [encode(e) for e in events]
    assert SOLO.fold(decode(t, v, json.loads(json.dumps(p))) for t, v, p in stored) == final
    assert final.game.phase == "over"
    assert sum(e.type == "guard-decks-shuffled" for e in events) == 6


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_whole_games_cards_never_in_two_places_and_replay_equals_live(difficulty, seed):
    _check_game(difficulty, 100 + seed)


@pytest.mark.slow
def test_whole_games_over_1000_seeds(request):
    """``pytest -m slow``: 1,000 whole games; a plain run (no marker expression) plays 3."""
    long_run = "slow" in (request.config.getoption("markexpr") or "")
    for seed in range(1000 if long_run else 3):
        _check_game(DIFFICULTIES[seed % 3], seed)


def test_reputation_log_event_numbers_are_positions_in_the_solo_log():
    """The engine's reputation log cites event numbers; the guards' own events are counted too."""
    events, _, final = play("easy", PROFILE, 5)
    assert final.game.seq == len(events)
    for entry in final.game.rep_log:
        if entry.rule != "adjustment":
            assert events[entry.event].type == "reputation-changed"
