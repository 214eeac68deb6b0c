"""Ragami commands (frozen dataclasses) and :func:`command_from_dict` for form posts.

Field types and ranges are checked here (``InputError`` naming the field); whether a command is
legal now (names at the table, cubes available, phase) is ``decide``'s job (``RuleViolation``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import formfields as _form
from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.ragami.rules import DEMONS, DIE_FACES, LOCATION_TOKENS, VIRTUE_MAX

WHITE_CUBE_GAINS: tuple[str, ...] = ("saint-placed", "card", "other")
VIRTUE_REASONS: tuple[str, ...] = ("round-setup", "moved", "placed", "card", "spent", "other")


@dataclass(frozen=True)
class ResolveConflict:
    """RG-T4/RG-T5/RG-V3/RG-V4: ``player`` resolved a conflict whose die shows ``die_value``.

    ``saints``: players whose saint stood on it (+1 VP each); ``helper``: the player whose Ragami
    helped (+2 white cubes); what the resolver spent of white cubes and Virtue die points."""

    player: str
    die_value: int
    saints: tuple[str, ...] = ()
    helper: str | None = None
    white_cubes_spent: int = 0
    virtue_spent: int = 0


@dataclass(frozen=True)
class PurifyDemons:
    """RG-V2: a Ragami ended its move on a space with only demons."""

    player: str
    demons: int


@dataclass(frozen=True)
class ConvertWhiteCubes:
    """RG-V1/RG-E2: 2 white cubes per VP."""

    player: str
    vp: int


@dataclass(frozen=True)
class ConvertVirtue:
    """RG-V5: 3 Virtue die points per VP."""

    player: str
    vp: int


@dataclass(frozen=True)
class GainWhiteCubes:
    """White cubes gained outside a resolution: a saint moved onto a conflict, a card."""

    player: str
    count: int
    reason: str = "other"


@dataclass(frozen=True)
class SpendWhiteCubes:
    """White cubes returned to the supply (card costs, power outside ``resolve-conflict``)."""

    player: str
    count: int


@dataclass(frozen=True)
class SetVirtueDie:
    """The Virtue die now shows ``value`` (0 = off the board): round setup, moved, placed, card."""

    player: str
    value: int
    reason: str = "other"


@dataclass(frozen=True)
class UseLocationTokens:
    """Location tokens drawn (1-30) for conflict dice, demons or neutral saints (RG-T2)."""

    tokens: tuple[int, ...]


@dataclass(frozen=True)
class DrawSetupTokens:
    """RG-T2: the location tokens the set-up drew, for the conflict dice (6), the demons (4) and
    the neutral saints (1 with 3 players, 2 with 2, none with 4)."""

    conflict_tokens: tuple[int, ...]
    demon_tokens: tuple[int, ...]
    saint_tokens: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayLastPlaceCard:
    """RG-T2, RG-I3: ``player`` played the action card that gives the last-placed player(s) +1 VP."""

    player: str


@dataclass(frozen=True)
class EndTurn:
    """The current player's turn is over (``passed``: they are done for the round)."""

    passed: bool = False


@dataclass(frozen=True)
class EndRound:
    """Everyone passed: end the round (and announce the end of the game if RG-E1 holds)."""


@dataclass(frozen=True)
class FinishGame:
    """After the last round's conversions: end-game bonus and winner (RG-E2…RG-E4)."""


Command = (ResolveConflict | PurifyDemons | ConvertWhiteCubes | ConvertVirtue | GainWhiteCubes | SpendWhiteCubes
           | SetVirtueDie | UseLocationTokens | DrawSetupTokens | PlayLastPlaceCard | EndTurn | EndRound | FinishGame)


def _player(data: Mapping[str, Any]) -> str:
    return _form.text(data["player"], "player")


def _resolve_conflict(data: Mapping[str, Any]) -> ResolveConflict:
    data = _form.fields(data, required=("player", "die_value"),
                        optional=("saints", "helper", "white_cubes_spent", "virtue_spent"))
    helper = data.get("helper")
    return ResolveConflict(
        player=_player(data),
        die_value=_form.integer(data["die_value"], "die_value", DIE_FACES[0], DIE_FACES[-1]),
        saints=_form.text_list(data.get("saints", []), "saints"),
        helper=_form.text(helper, "helper") if helper not in (None, "") else None,
        white_cubes_spent=_form.integer(data.get("white_cubes_spent", 0), "white_cubes_spent"),
        virtue_spent=_form.integer(data.get("virtue_spent", 0), "virtue_spent", maximum=VIRTUE_MAX),
    )


def _player_amount(name: str, minimum: int = 1, maximum: int | None = None):
    """Parser for commands of the shape (player, one positive amount)."""

    def parse(data: Mapping[str, Any]) -> tuple[str, int]:
        data = _form.fields(data, required=("player", name))
        return _player(data), _form.integer(data[name], name, minimum, maximum)

    return parse


def _gain_white_cubes(data: Mapping[str, Any]) -> GainWhiteCubes:
    data = _form.fields(data, required=("player", "count"), optional=("reason",))
    reason = jsonin.choice(data.get("reason", "other"), "reason", WHITE_CUBE_GAINS)
    return GainWhiteCubes(_player(data), _form.integer(data["count"], "count", 1), reason)


def _set_virtue_die(data: Mapping[str, Any]) -> SetVirtueDie:
    data = _form.fields(data, required=("player", "value"), optional=("reason",))
    reason = jsonin.choice(data.get("reason", "other"), "reason", VIRTUE_REASONS)
    return SetVirtueDie(_player(data), _form.integer(data["value"], "value", 0, VIRTUE_MAX), reason)


def _token_list(raw: Any, path: str, min_len: int = 0) -> tuple[int, ...]:
    """Location token numbers (1-30), each once: a list, or text like "3, 17 22" (also inside a
    list, as a form's text box sends it)."""
    if isinstance(raw, str | int) and not isinstance(raw, bool):
        raw = [raw]
    items = jsonin.array(raw, path)
    parts = [p for item in items for p in (item.replace(",", " ").split() if isinstance(item, str) else [item])]
    jsonin.array(parts, path, min_len=min_len)
    low, high = LOCATION_TOKENS[0], LOCATION_TOKENS[-1]
    tokens = tuple(_form.integer(t, jsonin.join(path, i), low, high) for i, t in enumerate(parts))
    for i, token in enumerate(tokens):
        if token in tokens[:i]:
            raise InputError(jsonin.join(path, i), T("token %(token)s is listed twice", token=token))
    return tokens


def _use_location_tokens(data: Mapping[str, Any]) -> UseLocationTokens:
    data = _form.fields(data, required=("tokens",))
    return UseLocationTokens(_token_list(data["tokens"], "tokens", min_len=1))


def _draw_setup_tokens(data: Mapping[str, Any]) -> DrawSetupTokens:
    data = _form.fields(data, required=("conflict_tokens", "demon_tokens"), optional=("saint_tokens",))
    # How many each field needs depends on the players: decide (or start) checks the counts.
    return DrawSetupTokens(*(_token_list(data.get(name, []), name) for name in
                             ("conflict_tokens", "demon_tokens", "saint_tokens")))


def _end_turn(data: Mapping[str, Any]) -> EndTurn:
    data = _form.fields(data, optional=("passed",))
    return EndTurn(_form.boolean(data.get("passed", False), "passed"))


def _no_fields(cls):
    def parse(data: Mapping[str, Any]):
        _form.fields(data)
        return cls()

    return parse


_demons = _player_amount("demons", 1, DEMONS)
_vp = _player_amount("vp")
_count = _player_amount("count")

PARSERS: dict[str, Callable[[Mapping[str, Any]], Command]] = {
    "resolve-conflict": _resolve_conflict,
    "purify-demons": lambda d: PurifyDemons(*_demons(d)),
    "convert-white-cubes": lambda d: ConvertWhiteCubes(*_vp(d)),
    "convert-virtue": lambda d: ConvertVirtue(*_vp(d)),
    "gain-white-cubes": _gain_white_cubes,
    "spend-white-cubes": lambda d: SpendWhiteCubes(*_count(d)),
    "set-virtue-die": _set_virtue_die,
    "use-location-tokens": _use_location_tokens,
    "draw-setup-tokens": _draw_setup_tokens,
    "play-last-place-card": lambda d: PlayLastPlaceCard(_player(_form.fields(d, required=("player",)))),
    "end-turn": _end_turn,
    "end-round": _no_fields(EndRound),
    "finish-game": _no_fields(FinishGame),
}


def command_from_dict(kind: str, data: Mapping[str, Any] | None = None) -> Command:
    """Build a command of ``kind`` (see ``PARSERS``) from plain data; ``InputError`` names the field."""
    parser = PARSERS.get(kind)
    if parser is None:
        raise InputError("kind", T("must be one of %(choices)s", choices=", ".join(PARSERS)))
    return parser(data or {})


_PLAYER = _form.FieldSpec("player", "player")


def _spec(name: str, type_: str, required: bool = True, minimum: int | None = None, maximum: int | None = None,
          choices: tuple[str, ...] = ()) -> _form.FieldSpec:
    return _form.FieldSpec(name, type_, required, minimum, maximum, choices)


# Machine-readable fields of every command, in form order (see the package docstring).
FIELDS: dict[str, tuple[_form.FieldSpec, ...]] = {
    "resolve-conflict": (
        _PLAYER, _spec("die_value", "integer", minimum=DIE_FACES[0], maximum=DIE_FACES[-1]),
        _spec("saints", "players", required=False), _spec("helper", "player", required=False),
        _spec("white_cubes_spent", "integer", False, 0), _spec("virtue_spent", "integer", False, 0, VIRTUE_MAX),
    ),
    "purify-demons": (_PLAYER, _spec("demons", "integer", minimum=1, maximum=DEMONS)),
    "convert-white-cubes": (_PLAYER, _spec("vp", "integer", minimum=1)),
    "convert-virtue": (_PLAYER, _spec("vp", "integer", minimum=1)),
    "gain-white-cubes": (_PLAYER, _spec("count", "integer", minimum=1),
                         _spec("reason", "choice", False, choices=WHITE_CUBE_GAINS)),
    "spend-white-cubes": (_PLAYER, _spec("count", "integer", minimum=1)),
    "set-virtue-die": (_PLAYER, _spec("value", "integer", minimum=0, maximum=VIRTUE_MAX),
                       _spec("reason", "choice", False, choices=VIRTUE_REASONS)),
    "use-location-tokens": (_spec("tokens", "integers", minimum=LOCATION_TOKENS[0], maximum=LOCATION_TOKENS[-1]),),
    "draw-setup-tokens": tuple(
        _spec(name, "integers", name != "saint_tokens", LOCATION_TOKENS[0], LOCATION_TOKENS[-1])
        for name in ("conflict_tokens", "demon_tokens", "saint_tokens")),
    "play-last-place-card": (_PLAYER,),
    "end-turn": (_spec("passed", "boolean", False),),
    "end-round": (),
    "finish-game": (),
}
