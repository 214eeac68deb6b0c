"""Hidden information in a solo game in progress: face-down guard values, deck orders and the seed
never reach a view or the public form of the log (issue 4, L-SO4, L-SO5, L-SO9)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from companion.games.lockup.model import GUARDS
from companion.solo_guard.automaton import SOLO, view_for
from companion.solo_guard.events import public_payload
from companion.solo_guard.playthrough import play
from companion.solo_guard.state import face_down

PROFILE = json.loads((Path(__file__).parent / "golden" / "made_up_profile.json").read_text())
SEED = 918_273_645_546_372  # distinctive, so its digits are easy to look for


def _json(value) -> str:
    return json.dumps(dataclasses.asdict(value), default=repr, sort_keys=True)


def _scrambled(state):
    """The same public facts with different hidden ones: face-down guards swapped with deck cards,
    both decks in another order, another seed."""
    game = state.game
    spots = face_down(game)
    pool = [(game.placements[loc][i].tile, game.placements[loc][i].card, game.placements[loc][i].special)
            for loc, i in spots]
    pool += [(state.cards[c].value, c, state.cards[c].special) for c in state.guard_deck]
    pool = pool[1:] + pool[:1]
    placements = dict(game.placements)
    for (loc, i), (tile, card, special) in zip(spots, pool, strict=False):
        here = list(placements[loc])
        here[i] = dataclasses.replace(here[i], tile=tile, card=card, special=special)
        placements[loc] = tuple(here)
    deck = tuple(card for _, card, _ in pool[len(spots):])[::-1]
    return dataclasses.replace(state, game=dataclasses.replace(game, placements=placements), guard_deck=deck,
                               location_deck=state.location_deck[::-1], seed=(state.seed or 0) + 1)


@pytest.mark.parametrize("difficulty", [pytest.param("easy", marks=pytest.mark.slow), "expert"])  # easy: -m slow
def test_views_do_not_depend_on_hidden_information_at_any_point(difficulty):
    """At every step, the view of the player and of a spectator is the same whatever the hidden
    values and deck orders are; and it never holds the seed."""
    events, _, _ = play(difficulty, PROFILE, SEED % 1000)
    state, differing = None, 0
    for n, event in enumerate(events):
        state = SOLO.evolve(state, event)
        if n % 3 == 0 and state.cards and state.game.phase != "over":  # every third step keeps it fast
            other = _scrambled(state)
            differing += other != state
            for seat in ("Ana", None, GUARDS):
                assert _json(view_for(state, seat)) == _json(view_for(other, seat))
    assert differing > 50  # the scramble really changed hidden facts in most states


def test_face_down_guards_show_no_value_card_or_special_flag():
    state = SOLO.fold(play("expert", PROFILE, SEED)[0][:6])
    assert face_down(state.game)
    view = view_for(state, "Ana")
    for loc, i in face_down(state.game):
        shown = view.game.placements[loc][i]
        assert (shown.tile, shown.card, shown.special) == (None, None, False)
    assert view.guard_deck == len(state.guard_deck) and view.location_deck == len(state.location_deck)
    assert str(state.seed) not in _json(view)


def test_public_log_has_no_deck_order_no_dealt_value_and_no_seed():
    events, _, _ = play("demanding", PROFILE, SEED)
    text = json.dumps([public_payload(e) for e in events])
    assert str(SEED) not in text
    for event in events:
        public = public_payload(event)
        if event.type == "guard-decks-shuffled":
            assert public == {"round": event.round, "guards": 12, "locations": 8}
        if event.type == "guard-cards-dealt":
            assert all(set(c) == {"location"} for c in public["cards"])
        if event.type == "guard-card-placed":
            assert public == {"location": event.location}


def test_special_draw_reason_names_no_card():
    """L-SO9: the drawn reinforcement lies face down; the reason line does not name it."""
    _, lines, _ = play("demanding", PROFILE, 2)
    reasons = [x for x in lines if "Special guard" in x]
    assert reasons and all("-" not in x.split(":", 1)[1].split("(L-SO9)")[0] for x in reasons)
