"""The command codec of every game (issue 19): ``parse_command`` reads the web's vocabulary,
``command_json`` is its inverse on commands drawn from whole games, ``waiting_for`` is JSON data."""

from __future__ import annotations

import json
import typing

import pytest
from support import wire

from companion.core.codec import kind_name
from companion.core.errors import InputError
from companion.games import ragami, rattus_cartus
from companion.games.lockup.engine import GAME as LOCKUP
from companion.solo_guard.automaton import SOLO

PLAYED = {"lockup": lambda: wire.lockup(5, 3), "lockup-2": lambda: wire.lockup(11, 2),
          "lockup-solo": lambda: wire.solo(7, "expert"), "rattus-cartus": wire.rattus_cartus, "ragami": wire.ragami}


@pytest.fixture(scope="module", params=list(PLAYED))
def played(request) -> wire.Played:
    return PLAYED[request.param]()


def test_codec_round_trips_every_command_of_a_whole_game(played):
    game = played.game
    for state, command, events in zip(played.states, played.commands, played.events[1:], strict=True):
        parsed = game.parse_command(state, command)
        data = json.loads(json.dumps(game.command_json(parsed)))  # JSON data, nothing else
        assert game.parse_command(state, data) == parsed, command
        assert game.decide(state, parsed) == events  # the parsed command decides as the posted one
        assert json.loads(json.dumps(game.waiting_for(state))) == game.waiting_for(state)


def test_codec_whole_games_use_every_kind_of_the_tracked_games(played):
    parsers = {"rattus-cartus": rattus_cartus.PARSERS, "ragami": ragami.PARSERS}.get(played.game.key)
    if parsers is not None:
        assert {c["type"] for c in played.commands} == set(parsers)


@pytest.mark.parametrize("module", [rattus_cartus, ragami])
def test_codec_every_parser_kind_names_a_command_class(module):
    # The wire kind of a dataclass command is its class name in kebab case: a new command keeps it.
    classes = typing.get_args(module.commands.Command)
    assert {kind_name(c) for c in classes} == set(module.PARSERS)


@pytest.mark.parametrize(("game", "data", "field"), [
    (rattus_cartus.GAME, {"player": "Rojo"}, "type"),
    (rattus_cartus.GAME, {"type": "end-game"}, "type"),
    (rattus_cartus.GAME, {"type": "record-rats", "player": "Rojo", "rats": -1}, "rats"),
    (rattus_cartus.GAME, ["end-round"], "command"),
    (ragami.GAME, {"type": "resolve-conflict", "player": "Ana", "die_value": 7}, "die_value"),
    (ragami.GAME, {"type": "end-turn", "passed": "maybe"}, "passed"),
    (ragami.GAME, {"type": "end-round", "extra": 1}, "extra"),
])
def test_codec_parse_command_names_the_field(game, data, field):
    state = game.fold(game.start({"players": ["Rojo", "Ana", "Bo"], "start_player": "Ana"}))
    with pytest.raises(InputError) as caught:
        game.parse_command(state, data)
    assert caught.value.field == field


def test_codec_lockup_parse_command_names_the_field_and_keeps_face_down_tiles_once():
    played = wire.lockup(5, 3)
    state = played.states[0]
    with pytest.raises(InputError) as caught:
        LOCKUP.parse_command(state, {"type": "assign", "seat": "Nobody", "location": "sewers"})
    assert caught.value.field == "seat"
    seat = state.seating[0]
    parsed = LOCKUP.parse_command(state, {"type": "assign", "seat": seat, "location": "sewers", "face_down": 2})
    assert parsed["tiles"] == [{"tile": None, "face_up": False}] * 2 and "face_down" not in parsed
    assert LOCKUP.parse_command(state, LOCKUP.command_json(parsed)) == parsed


def test_codec_solo_guard_commands_are_validated():
    played = wire.solo(7, "expert")
    state = next(s for s in played.states if SOLO.waiting_for(s)["kind"] == "guard-turn")
    location = SOLO.waiting_for(state)["detail"]["reveal"][0]
    assert SOLO.parse_command(state, {"type": "reveal_guard", "location": location}) == \
        {"type": "reveal_guard", "location": location}
    with pytest.raises(InputError) as caught:
        SOLO.parse_command(state, {"type": "reveal_guard", "location": "moon"})
    assert caught.value.field == "location"


def test_codec_waiting_for_names_the_seats_that_must_answer():
    rc = wire.rattus_cartus()
    assert rc.game.waiting_for(rc.states[0])["kind"] == "round"
    assert rc.game.waiting_for(rc.states[0])["seats"] == [rc.states[0].current_player()]
    assert rc.game.waiting_for(rc.state) == {**rc.game.waiting_for(rc.state), "kind": "finished", "seats": None}
    rg = wire.ragami()
    assert rg.game.waiting_for(rg.state)["kind"] == "finished" and rg.game.waiting_for(rg.state)["seats"] is None
    lockup = wire.lockup(5, 3)
    first = LOCKUP.waiting_for(lockup.states[0])
    assert first["kind"] == "roll-call" and first["seats"] == [lockup.commands[0]["seat"]]
    assert LOCKUP.waiting_for(lockup.state)["kind"] == "over"


@pytest.mark.parametrize("module", [rattus_cartus, ragami])
def test_a_given_seed_draws_the_same_start_player_and_is_recorded(module):
    # RC-G1 setup step 9 / Ragami setup step 7: the drawn start player; a replay gives the seed.
    setup = {"players": ["A", "B", "C", "D"], "seed": 12345}
    first, again = module.GAME.start(setup)[0], module.GAME.start(setup)[0]
    assert first == again and first.seed == 12345
    assert module.GAME.start({**setup, "start_player": "C"})[0].seed is None  # nothing drawn
    with pytest.raises(InputError) as caught:
        module.GAME.start({**setup, "seed": "soon"})
    assert caught.value.field == "seed"
