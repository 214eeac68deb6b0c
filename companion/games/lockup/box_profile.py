"""The Lockup box profile: printed values the engine needs and the companion never guesses.

A box profile holds the numbers printed on the crew tiles (L-C4) and on the 22 guard cards with
the special yellow and red card (L-SO2, L-SO9); ``docs/box-profile.md`` gives the JSON
format. Only the crew tiles are needed for a multiplayer game: the guard cards may be left out
until a solo game asks for them (:func:`require_guards`). There are no defaults: every value
comes from the table, and every wrong field raises an :class:`~companion.core.errors.InputError`
naming it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.core import jsonin, problems
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.problems import Problems

# L-SO2: how many guard cards of each colour the box holds.
GUARD_COLOURS: dict[str, int] = {"blue": 7, "green": 5, "yellow": 5, "red": 5}
# L-SO9: only the yellow and red sets have a special card.
SPECIAL_COLOURS: tuple[str, ...] = ("yellow", "red")
CREW_TILE_COUNT = 4  # L-C4: six tiles = lookout + enforcer + four numbered tiles
POWER = "power"  # a guard card worth the guards' power cubes

GuardValue = int | str  # a printed number, or POWER


@dataclass(frozen=True)
class BoxProfile:
    """The validated printed values of one Lockup box.

    A multiplayer game needs only the crew tiles; the guard cards and the special cards are for
    solo (L-SO2, L-SO9), so a profile may leave them out (both empty) until a solo game needs them.
    """

    crew_tiles: tuple[int, ...]
    guard_cards: tuple[tuple[str, tuple[GuardValue, ...]], ...] = ()  # (colour, values) in GUARD_COLOURS order
    special_guard: tuple[tuple[str, int], ...] = ()  # (colour, 0-based index) for yellow and red

    @property
    def has_guards(self) -> bool:
        """Whether the guard cards (and their special cards) are entered: needed for solo only."""
        return bool(self.guard_cards)

    def cards(self, colour: str) -> tuple[GuardValue, ...]:
        """The printed values of one colour's guard cards, in profile order."""
        return dict(self.guard_cards)[colour]

    def special_index(self, colour: str) -> int | None:
        """Index of the special card (L-SO9) in ``colour``, or ``None`` for blue and green."""
        return dict(self.special_guard).get(colour)


def parse_profile(doc: Any, path: str = "") -> BoxProfile:
    """Validate a box-profile document (already parsed JSON); every wrong field at once
    (``InputErrors`` naming each).

    ``guard_cards`` and ``special_guard`` go together and may both be left out (a profile for
    multiplayer games: crew tiles only).
    """
    found = Problems()
    doc = problems.obj(found, doc, path, required=("crew_tiles",), optional=("game", "guard_cards", "special_guard"))
    if doc is None:
        found.raise_any()
    if "game" in doc:
        found.check(jsonin.choice, doc["game"], jsonin.join(path, "game"), ["lockup"])
    crew_tiles = found.check(_crew_tiles, doc["crew_tiles"], jsonin.join(path, "crew_tiles")) \
        if "crew_tiles" in doc else None
    for given, missing in (("guard_cards", "special_guard"), ("special_guard", "guard_cards")):
        if given in doc and missing not in doc:
            found.add(jsonin.join(path, missing), T("is required with %(given)s (L-SO2, L-SO9)", given=given))
    guards = found.check(_guard_cards, doc["guard_cards"], jsonin.join(path, "guard_cards")) \
        if "guard_cards" in doc else ()
    special = found.check(_special, doc["special_guard"], jsonin.join(path, "special_guard")) \
        if "special_guard" in doc else ()
    found.raise_any()
    if "guard_cards" not in doc:
        return BoxProfile(crew_tiles=crew_tiles)
    return BoxProfile(crew_tiles=crew_tiles, guard_cards=guards, special_guard=special)


def require_guards(profile: BoxProfile, path: str = "") -> BoxProfile:
    """``profile`` if it has the guard cards; else InputError: a solo game needs them (L-SO2)."""
    if not profile.has_guards:
        raise InputError(jsonin.join(path, "guard_cards"),
                         T("is required for a solo game: enter the guard cards in the box profile (L-SO2)"))
    return profile


def _crew_tiles(value: Any, path: str) -> tuple[int, ...]:
    tiles = jsonin.array(value, path, CREW_TILE_COUNT, CREW_TILE_COUNT)
    found = Problems()
    numbers = tuple(found.check(jsonin.integer, v, jsonin.join(path, i)) for i, v in enumerate(tiles))
    found.raise_any()
    # L-C4: the tile printed "2" is the one removed in 5-player games, so the box must have one.
    if 2 not in numbers:
        raise InputError(path, T("must include the tile printed 2 (L-C4)"))
    return numbers


def _guard_cards(value: Any, path: str) -> tuple[tuple[str, tuple[GuardValue, ...]], ...]:
    found = Problems()
    doc = problems.obj(found, value, path, required=tuple(GUARD_COLOURS)) or {}
    out = []
    for colour, count in GUARD_COLOURS.items():
        where = jsonin.join(path, colour)
        cards = found.check(jsonin.array, doc[colour], where, count, count, default=[]) if colour in doc else []
        out.append((colour, tuple(found.check(_guard_value, v, jsonin.join(where, i)) for i, v in enumerate(cards))))
    found.raise_any()
    return tuple(out)


def _guard_value(value: Any, path: str) -> GuardValue:
    if value == POWER and isinstance(value, str):
        return POWER
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(path, T('must be a non-negative integer or "power"'))
    return value


def _special(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    found = Problems()
    doc = problems.obj(found, value, path, required=SPECIAL_COLOURS) or {}
    out = []
    for colour in (c for c in SPECIAL_COLOURS if c in doc):
        where = jsonin.join(path, colour)
        index = found.check(jsonin.integer, doc[colour], where)
        if index is not None and index >= GUARD_COLOURS[colour]:
            found.add(where, T("must be an index from 0 to %(value)s", value=GUARD_COLOURS[colour] - 1))
        out.append((colour, index))
    found.raise_any()
    return tuple(out)


def to_dict(profile: BoxProfile) -> dict[str, Any]:
    """The JSON-ready document of a profile (the format of ``box-profile.md``; no guard parts when
    only the crew tiles are entered)."""
    doc: dict[str, Any] = {"game": "lockup", "crew_tiles": list(profile.crew_tiles)}
    if profile.has_guards:
        doc["guard_cards"] = {colour: list(values) for colour, values in profile.guard_cards}
        doc["special_guard"] = dict(profile.special_guard)
    return doc


def to_json(profile: BoxProfile) -> str:
    """Export a profile as JSON text (for a file or a QR code)."""
    return json.dumps(to_dict(profile), separators=(",", ":"))


def from_json(text: str) -> BoxProfile:
    """Import a profile from JSON text; raises InputError naming the wrong field."""
    return parse_profile(jsonin.parse_json(text))
