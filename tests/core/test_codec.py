"""The command codec of every game (issue 19): ``parse_command`` reads the web's vocabulary,
``command_json`` is its inverse on commands drawn from whole games, ``waiting_for`` is JSON data."""

from __future__ import annotations

import json
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import wire

from companion.core.codec import kind_name
from companion.core.errors import InputError
from companion.games import ragami, rattus_cartus
from companion.games.lockup.commands import TileChoice
from companion.games.lockup.engine import GAME as LOCKUP
from companion.solo_guard.automaton import SOLO
from companion.solo_guard.commands import RevealGuard

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


NAMES = ["Rojo", "Ana", "Bo"]


def _value(spec):
    """Values a form may post for one field (``FieldSpec``), in range or not."""
    low, high = spec.minimum or 0, spec.maximum if spec.maximum is not None else 40
    numbers = st.integers(low - 1, high + 1)
    return {"player": st.sampled_from(NAMES), "players": st.lists(st.sampled_from(NAMES), max_size=3, unique=True),
            "integer": numbers, "integers": st.lists(numbers, min_size=1, max_size=4, unique=True),
            "boolean": st.booleans(), "choice": st.sampled_from(spec.choices or ("x",))}[spec.type]


@st.composite
def posted(draw, module):
    """A command of any kind of ``module`` as a form would post it (every kind, new ones included)."""
    kind = draw(st.sampled_from(sorted(module.PARSERS)))
    fields = {spec.name: draw(_value(spec)) for spec in module.FIELDS[kind]
              if spec.required or draw(st.booleans())}
    return {"type": kind, **fields}


@pytest.mark.parametrize("module", [rattus_cartus, ragami])
@settings(max_examples=120, deadline=None)
@given(data=st.data())
def test_codec_round_trips_every_kind_a_form_may_post(module, data):
    game = module.GAME
    state = game.fold(game.start({"players": NAMES, "start_player": "Ana"}))
    command = data.draw(posted(module))
    try:
        parsed = game.parse_command(state, command)
    except InputError:
        return  # out of range: refused by name (the other tests check the field)
    wire_form = json.loads(json.dumps(game.command_json(parsed)))
    assert wire_form["type"] == command["type"]
    assert game.parse_command(state, wire_form) == parsed


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
    assert parsed.tiles == (TileChoice(None, False),) * 2
    wire_form = LOCKUP.command_json(parsed)
    assert wire_form["tiles"] == [{"tile": None, "face_up": False}] * 2 and "face_down" not in wire_form
    assert LOCKUP.parse_command(state, wire_form) == parsed


def test_codec_solo_guard_commands_are_validated():
    played = wire.solo(7, "expert")
    state = next(s for s in played.states if SOLO.waiting_for(s)["kind"] == "guard-turn")
    location = SOLO.waiting_for(state)["detail"]["reveal"][0]
    parsed = SOLO.parse_command(state, {"type": "reveal_guard", "location": location})
    assert parsed == RevealGuard(location)
    assert SOLO.command_json(parsed) == {"type": "reveal_guard", "location": location}
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


def test_codec_lockup_waiting_for_keeps_the_holding_cell_secret():
    # I-16: at reveal-tiles the engine lists the values the seat may name (its holding cell's);
    # waiting_for is public data: the count only.
    from companion.games.lockup.engine import pending

    played = wire.lockup(5, 3)
    state = next(s for s in played.states if pending(s).kind == "reveal-tiles")
    assert pending(state).detail["tiles"]
    detail = LOCKUP.waiting_for(state)["detail"]
    assert "tiles" not in detail and detail["count"] == pending(state).detail["count"]
