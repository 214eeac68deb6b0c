"""One contract over every registered game (issue 22), in the spirit of OpenSpiel's ``random_sim_test``.

Each game the app registers (``companion.web.registry.GAMES``: Lockup, solo Lockup, Rattus Cartus,
Ragami, and any game added later) is played to its end from several seeds by its random legal
player (:mod:`support.players`), and held to the same rules:

- ``decide`` never changes the state or the command it is given (deep copies compared, for every
  command tried, refused ones too);
- the fold of the events equals the chain of ``evolve``s, after every command;
- commands travel as data (``parse_command(command_json(c)) == c``, JSON through and through) and
  ``waiting_for`` is JSON data naming a step (:mod:`companion.core.codec`);
- ``view_for`` of every seat (and of a spectator) holds nothing that seat may not see (:data:`LEAKS`
  says per game what is hidden; a game without an entry fails by name);
- undoing a command gives the state before it back, redoing it the state after it
  (:mod:`companion.core.history`);
- export -> import (format 2, with the commands) gives the same events, and deciding the file
  again (:mod:`companion.core.verify`) the same final state and result;
- every command has a history sentence in English, Spanish and Polish (never the neutral
  sentence of an event no book knows, never an English run on a Spanish or Polish page).

The normal run plays two seeds per game; ``-m slow`` plays many more.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from itertools import groupby
from pathlib import Path

import pytest
from support import players
from support.english import english_runs

from companion.core import history
from companion.core.codec import jsonable
from companion.core.events import decode, encode
from companion.core.verify import marker_command, start_command
from companion.events import jsonl
from companion.events.store import EventStore, StoredEvent

GAMES = players.registered()
SEEDS = (0, 1)
SLOW_SEEDS = tuple(range(2, 40))


# --- what each game hides from a seat --------------------------------------------------------------


def lockup_leaks(state, seat, view) -> list[str]:
    """Lockup (I-16, L-RC6): another seat's holding cell is a count only (no tile, no pool, no
    face-down count of unknown tiles), a face-down tile or guard card of another seat shows no
    value, and only the guards see the seed their shuffles come from."""
    from companion.games.lockup.model import GUARDS

    out = [f"the seed, to {seat}"] if view.seed is not None and seat != GUARDS else []
    for name, board in view.seats.items():
        if name != seat and (any(t is not None for t in board.holding) or board.pool or board.unknown_down):
            out.append(f"{name}'s holding cell, to {seat}")
    for location, here in view.placements.items():
        hidden = [p for p in here if not p.face_up and p.seat != seat and (p.tile is not None or p.card is not None)]
        out += [f"{p.seat}'s face-down tile or card at {location}, to {seat}" for p in hidden]
    return out


def solo_leaks(state, seat, view) -> list[str]:
    """Solo Lockup (L-SO): as Lockup, nobody at the table seeing as the guards; the guard and
    location decks are their sizes only (never their order)."""
    from companion.games.lockup.model import GUARDS

    out = lockup_leaks(state.game, None if seat == GUARDS else seat, view.game)
    decks = {"guard deck": view.guard_deck, "location deck": view.location_deck}
    return out + [f"the {name}'s cards, to {seat}" for name, deck in decks.items() if not isinstance(deck, int)]


def rattus_cartus_leaks(state, seat, view) -> list[str]:
    """Rattus Cartus (RC-G3): another player's rat sum stays hidden until the plague is revealed."""
    from companion.games.rattus_cartus.game import FINISHED

    if state is None or state.phase == FINISHED:
        return []
    return [f"{p['name']}'s rats, to {seat}" for p in view["players"] if p["name"] != seat and p["rats"] is not None]


def ragami_leaks(state, seat, view) -> list[str]:
    """Ragami keeps nothing secret: every seat sees what the table sees."""
    return []


LEAKS = {"lockup": lockup_leaks, "lockup-solo": solo_leaks, "rattus-cartus": rattus_cartus_leaks,
         "ragami": ragami_leaks}


# --- playing ----------------------------------------------------------------------------------------


def pure(game):
    """``game`` whose ``decide`` fails the test if it changes its state or command."""

    def decide(state, command):
        state_before, command_before = copy.deepcopy(state), copy.deepcopy(command)
        try:
            return game.decide(state, command)
        finally:
            assert state == state_before, f"{game.key}: decide changed the state it was given"
            assert command == command_before, f"{game.key}: decide changed the command it was given"

    return dataclasses.replace(game, decide=decide)


_PLAYED: dict = {}


def played_game(key: str, seed: int):
    """The whole game of ``key`` from ``seed`` (played once per test session), ``decide`` checked pure."""
    if (key, seed) not in _PLAYED:
        ui = GAMES[key]
        _PLAYED[key, seed] = players.play(dataclasses.replace(ui, definition=pure(ui.definition)), seed)
    return _PLAYED[key, seed]


def records(played, extra: dict | None = None) -> list[StoredEvent]:
    """The game as stored records, command ``c<n>`` for the n-th batch (the start: ``c0``);
    ``extra``: more records (undo/redo markers) after a batch, by its index."""
    out: list[StoredEvent] = []
    for n, batch in enumerate(played.events):
        for event in [*batch, *(extra or {}).get(n, [])]:
            cid = f"m{n}-{event.type}" if event.type in (history.UNDO, history.REDO) else f"c{n}"
            out.append(StoredEvent("g", len(out) + 1, *encode(event), "2026-01-01T00:00:00+00:00", cid))
    return out


def undoable(ui, played) -> list[int]:
    """Indexes of the commands (in ``played.commands``) that showed nothing hidden: the ones undo may cancel."""
    out = []
    for j, batch in enumerate(played.events[1:]):
        recs = [StoredEvent("g", 0, *encode(e), "", "c") for e in batch]
        if not any(ui.reveals(played.states[j], r) for r in recs):
            out.append(j)
    return out


def marked(ui, played) -> dict:
    """An undo and a redo after a command that revealed nothing (about two thirds into the game)."""
    choices = undoable(ui, played)
    if not choices:
        return {}
    j = choices[len(choices) * 2 // 3]
    cid = f"c{j + 1}"
    return {j + 1: [history.CommandUndone(command_id=cid), history.CommandRedone(command_id=cid)]}


def cases(seeds):
    return [pytest.param(key, seed, id=f"{key}-{seed}") for key in GAMES for seed in seeds]


# --- the contract -----------------------------------------------------------------------------------


def check_plays_to_the_end(key, seed):
    played = played_game(key, seed)
    assert GAMES[key].finished(played.state), f"{key}: the random game did not end"
    assert played.commands, f"{key}: a game with no command"


def check_fold_is_the_chain_of_evolves(key, seed):
    played, game = played_game(key, seed), GAMES[key].definition
    state = None
    for n, batch in enumerate(played.events):
        before = copy.deepcopy(state)
        folded = game.fold(batch, state)
        assert state == before, f"{key}: fold changed the state it started from"
        for event in batch:
            state = game.evolve(state, event)
        assert folded == state, f"{key}: fold differs from evolving one by one after command {n}"
        assert state == (played.states[n] if n < len(played.states) else played.state)
    assert game.fold(played.all_events()) == state == played.state


def check_commands_travel_as_data(key, seed):
    played, game = played_game(key, seed), GAMES[key].definition
    for state, wire in zip(played.states, played.commands, strict=True):
        command = game.parse_command(state, wire)
        again = game.command_json(command)
        assert json.loads(json.dumps(again)) == again, f"{key}: command_json is not JSON data: {again}"
        assert game.parse_command(state, again) == command, f"{key}: parse_command(command_json(c)) != c"
        waiting = game.waiting_for(state)
        assert json.loads(json.dumps(waiting)) == waiting and waiting["kind"], f"{key}: waiting_for {waiting}"


def check_views_hide_what_they_must(key, seed):
    played, ui = played_game(key, seed), GAMES[key]
    assert key in LEAKS, f"{key}: say in LEAKS what a seat of this game may not see"
    for state in [*played.states, played.state]:
        for seat in (*ui.seats_of(state), None):
            assert LEAKS[key](state, seat, ui.definition.view_for(state, seat)) == []


def check_undo_and_redo_round_trip(key, seed):
    played, ui = played_game(key, seed), GAMES[key]
    game = ui.definition
    picks = undoable(ui, played)
    assert picks, f"{key}: every command revealed something: undo was never tried"
    for j in sorted({picks[0], picks[len(picks) // 2], picks[-1]}):
        after = played.states[j + 1] if j + 1 < len(played.states) else played.state
        cid = f"c{j + 1}"
        base = records(played)[: max(r.seq for r in records(played) if r.command_id == cid)]
        undone = [*base, *records_of([history.CommandUndone(command_id=cid)], len(base))]
        assert history.timeline(base).undo_target() == cid
        assert game.fold(e_of(history.effective(undone))) == played.states[j], f"{key}: undo of command {j}"
        redone = [*undone, *records_of([history.CommandRedone(command_id=cid)], len(undone))]
        assert game.fold(e_of(history.effective(redone))) == after, f"{key}: redo of command {j}"


def records_of(events, after: int) -> list[StoredEvent]:
    """``events`` as records numbered after ``after``, each its own command (undo/redo markers)."""
    return [StoredEvent("g", after + i + 1, *encode(e), "", f"m{after + i}") for i, e in enumerate(events)]


def e_of(recs):
    """The events of stored records."""
    return [decode(r.type, r.version, r.payload) for r in recs]


def check_export_import_round_trip(key, seed, folder: Path):
    played, ui = played_game(key, seed), GAMES[key]
    store = EventStore(folder / "contract.sqlite3")
    recs = records(played, marked(ui, played))
    game_id = record(store, played, recs)
    export = jsonl.parse_export(list(jsonl.export_lines(store, game_id)), GAMES)
    assert [(r["type"], r["payload"], r["command_id"]) for r in export.records] == [
        (r.type, r.payload, r.command_id) for r in recs]
    assert jsonl.replay(export, ui.definition, ui.reveals) == played.state
    again = EventStore(folder / "imported.sqlite3")
    row, created = jsonl.write_import(again, export, "finished")
    assert created and [(r.type, r.payload) for r in again.events(row["id"])] == [(r.type, r.payload) for r in recs]
    store.close()
    again.close()


def record(store, played, recs) -> str:
    """Store ``recs`` as the app does: one append per command, each with its command's JSON."""
    runs = [list(run) for _cid, run in groupby(recs, key=lambda r: r.command_id)]  # a command's events are contiguous
    wire = {f"c{n + 1}": c for n, c in enumerate(played.commands)}
    wire |= {r.command_id: marker_command("undo" if r.type == history.UNDO else "redo")
             for r in recs if r.type in (history.UNDO, history.REDO)}
    start = start_command(jsonable(played.setup), played.events[0])
    row = store.start_game(played.game.key, "Contract", played.events[0], "c0", {}, command=start)
    for run in runs[1:]:
        cid = run[0].command_id
        store.append(row["id"], store.last_seq(row["id"]), e_of(run), cid, command=wire[cid])
    return row["id"]


def check_history_in_every_language(key, seed, app):
    from companion.web import history as web_history

    played = played_game(key, seed)
    recs = records(played, marked(GAMES[key], played))
    for lang in ("en", "es", "pl"):
        with app.test_request_context(headers={"Accept-Language": lang}):
            lines = [i["text"] for s in web_history.sections_for(key, recs) for i in s["items"]]
            neutral = web_history.fallback()
        assert lines, f"{key}: no history"
        assert [line for line in lines if neutral in line] == [], f"{key}: an event without a sentence ({lang})"
        if lang != "en":
            assert [run for line in lines for run in english_runs(line)] == [], f"{key}: English on a {lang} page"


CHECKS = {
    "plays-to-the-end": check_plays_to_the_end,
    "fold-is-evolve": check_fold_is_the_chain_of_evolves,
    "codec": check_commands_travel_as_data,
    "views-hide": check_views_hide_what_they_must,
    "undo-redo": check_undo_and_redo_round_trip,
}


@pytest.mark.parametrize(("key", "seed"), cases(SEEDS))
@pytest.mark.parametrize("check", list(CHECKS))
def test_contract(check, key, seed):
    """Every registered game keeps the contract in random legal play."""
    CHECKS[check](key, seed)


@pytest.mark.parametrize(("key", "seed"), cases(SEEDS))
def test_export_then_import_gives_the_same_game(key, seed, tmp_path):
    check_export_import_round_trip(key, seed, tmp_path)


@pytest.mark.parametrize(("key", "seed"), cases(SEEDS[:1]))
def test_every_command_has_a_history_sentence_in_every_language(key, seed, app):
    check_history_in_every_language(key, seed, app)


def test_a_game_the_contract_cannot_play_fails_by_name(app):
    """A game added later is held to the contract too: one without field specs (so no random
    player) fails naming what it lacks. Here: the made-up Tally game of tests/conftest.py."""
    from companion.web import registry

    with pytest.raises(AssertionError, match="test-tally: its package declares no FIELDS"):
        players.play(registry.GAMES["test-tally"], 0)


@pytest.mark.slow
@pytest.mark.parametrize(("key", "seed"), cases(SLOW_SEEDS))
def test_contract_many_seeds(key, seed, tmp_path, app):
    """The whole contract over many more seeds (``-m slow``)."""
    for check in CHECKS.values():
        check(key, seed)
    check_export_import_round_trip(key, seed, tmp_path)
    check_history_in_every_language(key, seed, app)
    _PLAYED.pop((key, seed), None)
