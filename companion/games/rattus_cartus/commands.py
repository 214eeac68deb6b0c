"""Rattus Cartus commands (frozen dataclasses) and :func:`command_from_dict` for form posts.

Field types are checked here (``InputError`` naming the field); whether a command is legal in
the current state (names at the table, phase) is ``decide``'s job (``RuleViolation``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import formfields as _form
from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.rattus_cartus.rules import CLASSES, NUNS_ROW, SPECIALS

TALLY_COUNTS: tuple[str, ...] = ("hand_cards", *SPECIALS, "gold", "vp_tokens")


@dataclass(frozen=True)
class EndRound:
    """Phase E of the current round: the start player card passes left (RC-G1).

    ``treasury_used``: the Treasury building was used this round, so Gold scores at the end (RC-F5)."""

    treasury_used: bool = False


@dataclass(frozen=True)
class EndTurn:
    """Phase C: the current player has accessed a building and laid their cards (RC-G1)."""


@dataclass(frozen=True)
class PlaySafeConduct:
    """Phase C: the current player plays a Safe-conduct at the start of their turn instead of
    accessing a building; they choose again after all the others have chosen (RC-G7)."""


@dataclass(frozen=True)
class RecordPreferredAction:
    """Phase D with 2 players: ``player`` takes the round's only preferred action (RC-G5)."""

    player: str


@dataclass(frozen=True)
class RecordTally:
    """A player's end-of-game entry (RC-F1, RC-F3…RC-F6): influence per class and card counts."""

    player: str
    influence: tuple[int, ...]  # in rules.CLASSES order
    hand_cards: int = 0
    swords: int = 0
    safe_conducts: int = 0
    flutes: int = 0
    gold: int = 0
    vp_tokens: int = 0


@dataclass(frozen=True)
class RecordRats:
    """A player's secret rat sum (RC-G3, RC-F7)."""

    player: str
    rats: int


@dataclass(frozen=True)
class RecordTreasury:
    """Whether the Treasury was used this game (RC-F5)."""

    used: bool


@dataclass(frozen=True)
class RecordInfluenceOrder:
    """Stacking order of tied markers in a class, bottom (first arrived, wins) first (RC-F2)."""

    influence_class: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class RevealPlague:
    """The Nuns row is revealed: ``nuns`` Nuns counted (RC-F7)."""

    nuns: int


Command = (EndRound | EndTurn | PlaySafeConduct | RecordPreferredAction | RecordTally | RecordRats | RecordTreasury
           | RecordInfluenceOrder | RevealPlague)


def _end_round(data: Mapping[str, Any]) -> EndRound:
    data = _form.fields(data, optional=("treasury_used",))
    return EndRound(_form.boolean(data.get("treasury_used", False), "treasury_used"))


def _end_turn(data: Mapping[str, Any]) -> EndTurn:
    _form.fields(data)
    return EndTurn()


def _play_safe_conduct(data: Mapping[str, Any]) -> PlaySafeConduct:
    _form.fields(data)
    return PlaySafeConduct()


def _record_preferred_action(data: Mapping[str, Any]) -> RecordPreferredAction:
    data = _form.fields(data, required=("player",))
    return RecordPreferredAction(_form.text(data["player"], "player"))


def _record_tally(data: Mapping[str, Any]) -> RecordTally:
    data = _form.fields(data, required=("player",), optional=(*CLASSES, *TALLY_COUNTS))
    influence = tuple(_form.integer(data.get(c, 0), c) for c in CLASSES)
    counts = {key: _form.integer(data.get(key, 0), key) for key in TALLY_COUNTS}
    return RecordTally(_form.text(data["player"], "player"), influence, **counts)


def _record_rats(data: Mapping[str, Any]) -> RecordRats:
    data = _form.fields(data, required=("player", "rats"))
    return RecordRats(_form.text(data["player"], "player"), _form.integer(data["rats"], "rats"))


def _record_treasury(data: Mapping[str, Any]) -> RecordTreasury:
    data = _form.fields(data, required=("used",))
    return RecordTreasury(_form.boolean(data["used"], "used"))


def _record_influence_order(data: Mapping[str, Any]) -> RecordInfluenceOrder:
    data = _form.fields(data, required=("influence_class", "order"))
    cls = jsonin.choice(data["influence_class"], "influence_class", CLASSES)
    _no_blank_place(data["order"])
    order = _form.text_list(data["order"], "order")
    if len(order) < 2:
        raise InputError("order", T("must list at least the two tied players"))
    return RecordInfluenceOrder(cls, order)


def _no_blank_place(order: Any) -> None:
    """A place of the stack left blank is named by its number, in words (issue 23): never "must be a
    non-empty string"."""
    if isinstance(order, list | tuple):
        for i, name in enumerate(order):
            if isinstance(name, str) and not name.strip():
                raise InputError(jsonin.join("order", i), T(
                    "no player chosen: choose whose marker lies in this place of the stack, counting from "
                    "the bottom (RC-F2)"))
    elif isinstance(order, str) and not order.strip():
        raise InputError("order", T("no player chosen: choose the tied players from the bottom of the "
                                    "stack up (RC-F2)"))


def _reveal_plague(data: Mapping[str, Any]) -> RevealPlague:
    data = _form.fields(data, required=("nuns",))
    return RevealPlague(_form.integer(data["nuns"], "nuns", maximum=NUNS_ROW))


PARSERS: dict[str, Callable[[Mapping[str, Any]], Command]] = {
    "end-round": _end_round,
    "end-turn": _end_turn,
    "play-safe-conduct": _play_safe_conduct,
    "record-preferred-action": _record_preferred_action,
    "record-tally": _record_tally,
    "record-rats": _record_rats,
    "record-treasury": _record_treasury,
    "record-influence-order": _record_influence_order,
    "reveal-plague": _reveal_plague,
}


def command_from_dict(kind: str, data: Mapping[str, Any] | None = None) -> Command:
    """Build a command of ``kind`` (see ``PARSERS``) from plain data; ``InputError`` names the field."""
    parser = PARSERS.get(kind)
    if parser is None:
        raise InputError("kind", T("must be one of %(choices)s", choices=", ".join(PARSERS)))
    return parser(data or {})


_COUNT = {"type": "integer", "required": False, "minimum": 0}

# Machine-readable fields of every command, in form order (see the package docstring).
FIELDS: dict[str, tuple[_form.FieldSpec, ...]] = {
    "end-round": (_form.FieldSpec("treasury_used", "boolean", required=False),),
    "end-turn": (),
    "play-safe-conduct": (),
    "record-preferred-action": (_form.FieldSpec("player", "player"),),
    "record-tally": (
        _form.FieldSpec("player", "player"),
        *(_form.FieldSpec(name, **_COUNT) for name in (*CLASSES, *TALLY_COUNTS)),
    ),
    "record-rats": (_form.FieldSpec("player", "player"), _form.FieldSpec("rats", "integer", minimum=0)),
    "record-treasury": (_form.FieldSpec("used", "boolean"),),
    "record-influence-order": (
        _form.FieldSpec("influence_class", "choice", choices=CLASSES),
        _form.FieldSpec("order", "players"),
    ),
    "reveal-plague": (_form.FieldSpec("nuns", "integer", minimum=0, maximum=NUNS_ROW),),
}
