"""Lockup commands as data (issue 22): every command type is a frozen dataclass with a stable
``type``, read once from its wire form and written back to the same JSON (``codec``), so stored
commands, exports and ``companion replay`` files read as they always did."""

from __future__ import annotations

import dataclasses
import json

import pytest

from companion.core.errors import InputError
from companion.games.lockup import commands
from companion.games.lockup.codec import command_json, parse_command
from companion.games.lockup.parse import parse
from companion.games.lockup.scenario import goon, item
from companion.solo_guard.commands import AtlasReveal, RevealGuard
from companion.solo_guard.commands import command_json as solo_json

SEATS = ("Ana", "Ben", "guards")
GUARD_CARD = {"value": 2, "card": "g-7", "special": False, "location": "smithy"}

# One wire command of every type, as a device posts it (or the stored command of format 2 holds it).
WIRE = {
    "pick_trait": {"type": "pick_trait", "seat": "Ana", "trait": "Test Trait", "goon": goon("Test Snoop")},
    "deal_guards": {"type": "deal_guards", "cards": [GUARD_CARD, {**GUARD_CARD, "location": "sewers"}]},
    "assign": {"type": "assign", "seat": "Ana", "location": "sewers",
               "tiles": [{"tile": 3, "face_up": True}, {"tile": None, "face_up": False}]},
    "pass": {"type": "pass", "seat": "Ben"},
    "guard_turn": {"type": "guard_turn", "reveal": {"location": "smithy", "index": 0}, "place": GUARD_CARD,
                   "done": False},
    "place_guard": {"type": "place_guard", "value": "power", "card": "g-1", "special": True},
    "skip_guard_draw": {"type": "skip_guard_draw"},
    "reveal_tiles": {"type": "reveal_tiles", "seat": "Ana", "tiles": [3, "lookout"]},
    "collect": {"type": "collect", "declined": ["Ben"]},
    "take": {"type": "take", "seat": "Ana", "resource": "gold"},
    "exchange": {"type": "exchange", "seat": "Ana", "give": {"scrap": 2}, "take": "gold"},
    "recruit": {"type": "recruit", "seat": "Ana", "goons": ["chow_hall"], "pay": {"scrap": 1}},
    "craft": {"type": "craft", "seat": "Ana", "source": "reserved", "index": 0, "pay": {"scrap": 1}},
    "reserve": {"type": "reserve", "seat": "Ana", "item": "Test Shiv", "pay": {"gold": 1}},
    "keep_bandit": {"type": "keep_bandit", "seat": "Ana"},
    "decline": {"type": "decline", "seat": "Ben"},
    "effect": {"type": "effect", "seat": "Ana", "give": {"scrap": 1}, "take": "gold", "skip": False},
    "discard": {"type": "discard", "seat": "Ana", "resources": {"scrap": 1}},
    "refill_items": {"type": "refill_items", "items": [item("Test Shiv"), item("Test Spoon")]},
    "refill_goons": {"type": "refill_goons", "goons": {"chow_hall": goon("Test Snoop")}},
    "end_goal": {"type": "end_goal", "seats": ["Ana"]},
    "claim_instant": {"type": "claim_instant", "seat": "Ben"},
    "play_tome": {"type": "play_tome", "seat": "Ana", "tome": "Test Tome"},
    "adjust": {"type": "adjust", "seat": "Ana", "quantity": "tomes", "delta": -1, "reason": "a test"},
    "ask_fixed_rewards": {"type": "ask_fixed_rewards", "seat": "Ben"},
}


def test_every_command_type_has_a_wire_example():
    assert set(WIRE) == set(commands.CLASSES)
    assert {kind for kind, waits in commands.KINDS.items() if waits is None} == {"claim_instant", "play_tome",
                                                                                  "adjust", "ask_fixed_rewards"}


@pytest.mark.parametrize("kind", sorted(commands.CLASSES))
def test_every_command_round_trips_dataclass_and_json_and_is_frozen(kind):
    command = parse(WIRE[kind], SEATS)
    assert type(command) is commands.CLASSES[kind] and command.type == kind
    assert dataclasses.is_dataclass(command) and type(command).__dataclass_params__.frozen
    wire_form = json.loads(json.dumps(command_json(command)))  # JSON data, nothing else
    assert wire_form == WIRE[kind]  # the wire form is kept exactly
    assert parse(wire_form, SEATS) == command
    field = dataclasses.fields(command)[0].name if dataclasses.fields(command) else "type"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(command, field, None)


def test_the_pieces_of_a_command_are_frozen_too():
    turn = parse(WIRE["guard_turn"], SEATS)
    tiles = parse(WIRE["assign"], SEATS).tiles
    for piece in (turn.reveal, turn.place, tiles[0]):
        with pytest.raises(dataclasses.FrozenInstanceError):
            piece.location = "moon"
    assert isinstance(tiles, tuple) and tiles[1] == commands.TileChoice(None, False)


def test_the_wire_form_leaves_out_what_was_not_given_and_lists_face_down_tiles_once():
    # I-16: face_down: n becomes n face-down tiles without a value, written in "tiles" only.
    assigned = parse({"type": "assign", "seat": "Ana", "location": "sewers", "face_down": 2}, SEATS)
    assert command_json(assigned) == {"type": "assign", "seat": "Ana", "location": "sewers",
                                      "tiles": [{"tile": None, "face_up": False}] * 2}
    craft = parse({"type": "craft", "seat": "Ana", "item": "Test Shiv"}, SEATS)
    assert command_json(craft) == {"type": "craft", "seat": "Ana", "item": "Test Shiv", "pay": {}}
    trait = parse({"type": "pick_trait", "seat": "Ana", "trait": "Test Trait"}, SEATS)
    assert command_json(trait) == {"type": "pick_trait", "seat": "Ana", "trait": "Test Trait", "goon": None}


@pytest.mark.parametrize(("data", "field"), [
    ({"type": "fly"}, "type"),
    (["pass"], "command"),
    ({"type": "pass"}, "seat"),
    ({"type": "pass", "seat": "Zed"}, "seat"),
    ({"type": "take", "seat": "Ana", "resource": "gems"}, "resource"),
    ({"type": "guard_turn", "reveal": {"location": "moon", "index": 0}}, "reveal.location"),
    ({"type": "deal_guards", "cards": [{**GUARD_CARD, "value": -1}]}, "cards[0].value"),
    ({"type": "adjust", "seat": "Ana", "quantity": "tomes", "delta": 0, "reason": "x"}, "delta"),
    ({"type": "reserve", "seat": "Ana"}, "index"),
    ({"type": "pass", "seat": "Ana", "extra": 1}, "extra"),
])
def test_a_bad_command_is_refused_naming_the_field(data, field):
    with pytest.raises(InputError) as caught:
        parse(data, SEATS)
    assert caught.value.field == field


def test_the_solo_players_guard_commands_are_frozen_and_keep_their_wire_form():
    for cls in (RevealGuard, AtlasReveal):
        command = cls("smithy")
        assert solo_json(command) == {"type": cls.type, "location": "smithy"}
        with pytest.raises(dataclasses.FrozenInstanceError):
            command.location = "sewers"


def test_the_codec_reads_the_seats_of_the_state():
    class Seated:
        seating = SEATS

    assert parse_command(Seated(), WIRE["pass"]) == commands.Pass("Ben")
