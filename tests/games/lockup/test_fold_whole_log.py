"""The whole-log fold of Lockup (issue 11, ``GAME.fold`` -> ``fold.fold_many``): it changes one
private copy of the state in place for the whole log, so it must give exactly the State of
``evolve`` event by event (itself checked never to change its input), never change a state given
in (the web's fold cache hands the same State to every request and thread), and stay exact around
undo and redo.

Games: the random legal player's whole games with made-up cards (5 players, and solo against the
guards in the engine's own solo mode), and the solo automaton's (``SOLO``, made-up guard cards
and the made-up box profile).
"""

from __future__ import annotations

import copy
import dataclasses
import random
import threading
from dataclasses import dataclass
from functools import cache

import pytest
import support

from companion.core import history
from companion.core.errors import InputError
from companion.core.events import decode, encode
from companion.games.lockup import events as E
from companion.games.lockup.autoplay import play
from companion.games.lockup.engine import GAME
from companion.games.lockup.fold import evolve
from companion.games.lockup.state import Seat, State
from companion.solo_guard.automaton import SOLO

GAMES = {"5 players, seed 2026": (2026, 5, "standard"), "5 players, seed 11": (11, 5, "standard"),
         "solo, seed 3": (3, 1, "solo")}


@cache
def game(name: str) -> tuple[tuple, tuple]:
    """(events as stored and read back, the state after each event by ``evolve``, the input
    checked unchanged at every step)."""
    seed, players, mode = GAMES[name]
    events, _ = play(seed, players, mode)
    events = tuple(decode(*encode(e)) for e in events)  # as the store reads them: tuples, copies
    states, state = [], None
    for e in events:
        before = copy.deepcopy(state)
        new = evolve(state, e)
        assert state == before, f"evolve changed the state it was given ({e.type})"
        assert new is not state
        states.append(new)
        state = new
    return events, tuple(states)


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_log_fold_equals_evolve_after_every_event(name):
    """L-C3, L-RC, L-LO, L-P, L-F: every prefix of a whole game folds in one block to the state
    ``evolve`` reaches event by event (seq included)."""
    events, states = game(name)
    assert states[-1].phase == "over"
    for k in range(1, len(events) + 1):
        assert GAME.fold(events[:k]) == states[k - 1], f"after event {k} ({events[k - 1].type})"


@pytest.mark.parametrize("name", list(GAMES))
def test_folding_onto_a_cached_state_never_changes_it(name):
    """The web folds new records onto a cached State: twice from the same one gives equal
    results, and the cached State (compared with a deep copy taken before) is unchanged."""
    events, states = game(name)
    rng = random.Random(name)
    for k in sorted(rng.sample(range(1, len(events)), 25)) + [len(events) - 1]:
        cached = GAME.fold(events[:k])
        before = copy.deepcopy(cached)
        for end in (k + 1, min(k + 7, len(events)), len(events)):
            first, second = GAME.fold(events[k:end], cached), GAME.fold(list(events[k:end]), cached)
            assert first == second == states[end - 1]
            assert first is not cached
            assert cached == before, f"folding events {k}..{end} changed the state given"
        assert GAME.fold((), cached) is cached  # nothing to fold: the same state back


@dataclass(frozen=True)
class Record:
    """What ``core.history`` reads of a stored record."""

    type: str
    payload: dict
    command_id: str


def test_undo_and_redo_refold_exactly():
    """Undo and redo (``core.history``) at random points of a whole 5-player game: a few commands
    undone, then some redone and the rest given up for a new command; after every marker and
    command the fold of the commands in effect, from nothing and (after a command) onto the state
    cached before it, equals ``evolve`` over the same events."""
    events, states = game("5 players, seed 2026")
    commands = _commands(events)
    rng = random.Random(2026)
    records: list[Record] = []
    cached, done, ids = None, 0, iter(range(10**6))  # command ids: never one used before

    def check(new_command: bool):
        nonlocal cached
        indices = [r.payload["i"] for r in history.effective(records)]
        # Commands are taken in the game's order, so what is in effect is always a prefix of the
        # game: ``evolve``'s state after it is already known (``game``), no need to evolve again.
        assert indices == list(range(len(indices)))
        effective, expected = events[:len(indices)], states[len(indices) - 1]
        folded = GAME.fold(effective)
        assert folded == expected
        if new_command and cached is not None:
            assert GAME.fold(effective[-len(commands[done - 1]):], cached) == expected
        cached = folded

    while done < len(commands):
        command_id = f"c{next(ids)}"
        records += [Record(e.type, {"i": i}, command_id) for i, e in commands[done]]
        done += 1
        check(True)
        if rng.random() < 0.1 and done > 3:
            back = rng.randint(1, 3)
            for _ in range(back):
                records.append(Record(history.UNDO, {"command_id": history.timeline(records).undo_target()}, "m"))
                check(False)
            for _ in range(rng.randint(0, back)):
                records.append(Record(history.REDO, {"command_id": history.timeline(records).redo_target()}, "m"))
                check(False)
            done = len(history.timeline(records).in_effect)  # a new command gives up what was not redone


def _commands(events) -> list[list[tuple[int, E.Event]]]:
    # The recorded game cut into commands: the start, then one per event (enough for history).
    return [[(i, events[i]) for i in range(2)]] + [[(i, events[i])] for i in range(2, len(events))]


def test_threads_folding_from_one_cached_state():
    """Folds run at once in request threads, each on its own private copy: they all reach the same
    state from one shared cached State, which stays as it was."""
    events, states = game("5 players, seed 11")
    cached = GAME.fold(events[:200])
    before = copy.deepcopy(cached)
    found, errors = [], []

    def work():
        try:
            for _ in range(15):
                found.append(GAME.fold(events[200:], cached))
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(found) == 60 and all(state == states[-1] for state in found)
    assert cached == before


def test_a_failing_fold_leaves_nothing_behind():
    """L-F: a forged final result is refused; the state given in is unchanged, and folding from it
    again gives the right state."""
    events, states = game("5 players, seed 2026")
    ended = events[-1]
    forged = E.GameEnded({**ended.result, "winners": ("Nobody",)})
    cached = GAME.fold(events[:300])
    before = copy.deepcopy(cached)
    with pytest.raises(InputError) as raised:
        GAME.fold((*events[300:-1], forged), cached)
    assert raised.value.field == "game-ended.result"
    assert cached == before
    assert GAME.fold(events[300:], cached) == states[-1]


def test_a_log_must_start_with_game_started():
    """The whole-log fold checks the first event as ``evolve`` does."""
    events, _ = game("solo, seed 3")
    with pytest.raises(InputError) as raised:
        GAME.fold(events[1:5])
    assert raised.value.field == "events[0]"


def test_the_solo_automatons_fold_never_changes_its_input():
    """The solo automaton (made-up guard cards) folds with the engine's ``evolve``: its cached
    state is never changed by folding more onto it, and the result equals folding from nothing."""
    commands = support.solo_lockup_commands(seed=7)
    events = [e for command in commands for e in command]
    half = len(events) // 2
    cached = SOLO.fold(events[:half])
    before = copy.deepcopy(cached)
    assert SOLO.fold(events[half:], cached) == SOLO.fold(events)
    assert cached == before


def test_a_fold_hands_out_frozen_dataclasses_only_issue_21():
    """The fold's drafts never leave it: the State and its seats are frozen dataclasses."""
    events, _ = play(11, 3)
    for k in (1, 40, len(events) // 2, len(events)):
        state = GAME.fold(events[:k])
        assert type(state) is State and all(type(seat) is Seat for seat in state.seats.values())
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.turn = "nobody"
        with pytest.raises(dataclasses.FrozenInstanceError):
            next(iter(state.seats.values())).passed = True
