"""The per-class decoders of ``companion.core.events`` (issue 11) give exactly the events the plain
dataclass constructor gives: same values, tuples for lists at every depth, defaults filled, a
missing field refused, unknown keys ignored, old versions upcast. Logs: the random legal player's
games with made-up cards (5 players, and solo with the made-up box profile)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import ClassVar

import pytest
import support

from companion.core.events import Event, decode, encode, event_type, registered_types, upcaster
from companion.games.lockup.autoplay import play
from companion.solo_guard.playthrough import play as solo_play


def reference(type_: str, payload: dict) -> Event:
    """The decoding before issue 11: ``cls(**frozen payload)`` through the dataclass ``__init__``."""

    def freeze(value):
        if isinstance(value, list | tuple):
            return tuple(freeze(v) for v in value)
        if isinstance(value, dict):
            return {k: freeze(v) for k, v in value.items()}
        return value

    cls = registered_types()[type_]
    names = {f.name for f in dataclasses.fields(cls)}
    return cls(**{k: freeze(v) for k, v in payload.items() if k in names})


def logs():
    yield play(2026, 5)[0]
    yield solo_play("demanding", support.made_up_profile(), 7)[0]


@pytest.mark.parametrize("events", list(logs()), ids=["five-players", "solo"])
def test_every_event_of_whole_games_decodes_as_the_constructor_would(events):
    for event in events:
        type_, version, payload = json.loads(json.dumps(encode(event)))  # as stored and read back
        fast, slow = decode(type_, version, payload), reference(type_, payload)
        assert fast == slow == event and repr(fast) == repr(slow)
        assert type(fast) is type(slow) and vars(fast) == vars(slow)


@event_type
@dataclass(frozen=True)
class MadeUpNoted(Event):
    """A made-up event type (not a game's) with a default and a nested list."""

    type: ClassVar[str] = "test-made-up-noted"
    version: ClassVar[int] = 2
    who: str
    marks: tuple = ()
    note: str = "none"


@upcaster("test-made-up-noted", 1)
def _v1_to_v2(payload: dict) -> dict:
    return {"who": payload["name"], "marks": payload.get("marks", [])}


def test_defaults_unknown_keys_nesting_and_upcasting():
    event = decode("test-made-up-noted", 2, {"who": "Ana", "marks": [[1, [2]], {"k": [3]}], "extra": 1})
    assert event == MadeUpNoted("Ana", ((1, (2,)), {"k": (3,)}), "none")
    assert decode("test-made-up-noted", 1, {"name": "Ben"}) == MadeUpNoted("Ben")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.who = "Cleo"  # type: ignore[misc]


def test_a_missing_field_is_refused_as_before():
    with pytest.raises(TypeError):
        decode("test-made-up-noted", 2, {"marks": []})
