"""Box profile validation and round trips (L-C4, L-SO2, L-SO9). All profiles here are made up."""

from __future__ import annotations

import copy

import pytest

from companion.core.errors import InputError
from companion.games.lockup.box_profile import POWER, from_json, parse_profile, require_guards, to_dict, to_json

# A made-up profile (not the real box): only the format is real.
MADE_UP_PROFILE = {
    "game": "lockup",
    "crew_tiles": [1, 2, 3, 4],
    "guard_cards": {
        "blue": [2, 3, "power", 1, 4, 2, 3],
        "green": [1, 1, 2, 2, 3],
        "yellow": [2, 3, 3, 4, 4],
        "red": [3, 4, 4, 5, 5],
    },
    "special_guard": {"yellow": 4, "red": 4},
}


def _with(path: tuple, value) -> dict:
    doc = copy.deepcopy(MADE_UP_PROFILE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()


def test_made_up_profile_is_read_with_every_value():
    profile = parse_profile(MADE_UP_PROFILE)
    assert profile.crew_tiles == (1, 2, 3, 4)
    assert profile.cards("blue") == (2, 3, POWER, 1, 4, 2, 3)
    assert profile.cards("red") == (3, 4, 4, 5, 5)
    assert profile.special_index("yellow") == 4
    assert profile.special_index("blue") is None


def test_json_export_import_round_trip():
    profile = parse_profile(MADE_UP_PROFILE)
    assert from_json(to_json(profile)) == profile
    assert to_dict(profile) == MADE_UP_PROFILE


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (("crew_tiles",), [1, 2, 3], "crew_tiles"),
        (("crew_tiles",), [1, 3, 3, 4], "crew_tiles"),  # L-C4: a tile printed 2 is required
        (("crew_tiles", 2), -1, "crew_tiles[2]"),
        (("crew_tiles", 0), "1", "crew_tiles[0]"),
        (("guard_cards", "blue"), [1, 2, 3, 4, 5, 6], "guard_cards.blue"),  # L-SO2: 7 blue
        (("guard_cards", "green"), [1, 1, 2, 2, 3, 3], "guard_cards.green"),
        (("guard_cards", "yellow", 1), "Power", "guard_cards.yellow[1]"),
        (("guard_cards", "red", 0), -2, "guard_cards.red[0]"),
        (("guard_cards", "red", 0), True, "guard_cards.red[0]"),
        (("guard_cards", "red"), _DELETE, "guard_cards.red"),
        (("guard_cards", "purple"), [1], "guard_cards.purple"),
        (("special_guard", "red"), 5, "special_guard.red"),  # L-SO9: 0-based index in range
        (("special_guard", "yellow"), _DELETE, "special_guard.yellow"),
        (("special_guard", "blue"), 0, "special_guard.blue"),
        (("special_guard",), _DELETE, "special_guard"),  # the guard parts go together
        (("guard_cards",), _DELETE, "guard_cards"),
        (("game",), "ragami", "game"),
        (("crew_tiles",), _DELETE, "crew_tiles"),
        (("extra",), 1, "extra"),
    ],
)
def test_each_wrong_field_is_named(path, value, field):
    with pytest.raises(InputError) as info:
        parse_profile(_with(path, value))
    assert info.value.field == field


def test_no_defaults_an_empty_document_is_rejected():
    with pytest.raises(InputError) as info:
        parse_profile({})
    assert info.value.field == "crew_tiles"


def test_bad_json_text_is_an_input_error():
    with pytest.raises(InputError) as info:
        from_json("{not json")
    assert info.value.field == "input"


CREW_ONLY = {"game": "lockup", "crew_tiles": [1, 2, 3, 4]}  # made up, like the profile above


def test_a_profile_with_crew_tiles_only_is_valid_for_multiplayer_L_C4():
    """A game with players needs only the crew tiles; the guard cards are for solo (L-SO2)."""
    profile = parse_profile(CREW_ONLY)
    assert profile.crew_tiles == (1, 2, 3, 4) and not profile.has_guards
    assert to_dict(profile) == CREW_ONLY
    assert from_json(to_json(profile)) == profile
    assert parse_profile(MADE_UP_PROFILE).has_guards


def test_solo_asks_for_the_guard_cards_L_SO2():
    with pytest.raises(InputError) as info:
        require_guards(parse_profile(CREW_ONLY), "box_profile")
    assert info.value.field == "box_profile.guard_cards" and "solo" in info.value.message
    assert require_guards(parse_profile(MADE_UP_PROFILE)).has_guards


def test_a_solo_game_refuses_a_crew_only_profile_naming_the_field_L_SO2():
    from companion.games.lockup.scenario import setup
    from companion.solo_guard.automaton import start

    doc = {**setup(("Ana",), mode="solo"), "difficulty": "easy", "box_profile": CREW_ONLY, "seed": 1}
    with pytest.raises(InputError) as info:
        start(doc)
    assert info.value.field == "box_profile.guard_cards"
    assert start({**doc, "box_profile": MADE_UP_PROFILE})  # the full (made-up) profile starts it
