"""Plain form fields (strings) to and from box-profile and catalog documents, without a web framework.

Form field names are the JSON paths the validators report (``guard_cards.blue[3]``, ``cost.gold``),
so every :class:`InputError` names the form field to mark. Validation itself is left to
``box_profile.parse_profile`` and ``catalog.parse_entry`` (which use the engine's card parsers).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.lockup import catalog
from companion.games.lockup.box_profile import (
    CREW_TILE_COUNT,
    GUARD_COLOURS,
    POWER,
    SPECIAL_COLOURS,
    parse_profile,
    to_dict,
)
from companion.games.lockup.model import RESOURCES, TREASURES

COST_KEYS: tuple[str, ...] = (*RESOURCES, "any")
_SEPARATOR = re.compile(r"[\s,;/]+")
_VALUE_FIELD = re.compile(r"^(?P<row>crew_tiles|guard_cards\.[a-z]+)\[(?P<i>\d+)\]$")
MAX_ICONS = 9  # icons of one treasure on a card: a bound against typos, not a printed value


def crew_field(i: int) -> str:
    """Form field of crew tile ``i`` (0-based)."""
    return f"crew_tiles[{i}]"


def guard_field(colour: str, i: int) -> str:
    """Form field of guard card ``i`` (0-based) of ``colour``."""
    return f"guard_cards.{colour}[{i}]"


def special_field(colour: str) -> str:
    """Form field (radio) of the special card of ``colour``."""
    return f"special_guard.{colour}"


def _rows() -> list[tuple[str, int, Any]]:
    """``(row field, how many values, per-value field)`` of every row of the profile form."""
    rows: list[tuple[str, int, Any]] = [("crew_tiles", CREW_TILE_COUNT, crew_field)]
    return rows + [(f"guard_cards.{c}", n, lambda i, c=c: guard_field(c, i)) for c, n in GUARD_COLOURS.items()]


def _tokens(raw: str, count: int) -> list[str]:
    """The values typed in a row: separated by spaces or commas, or one character each when exactly
    ``count`` characters are typed without separators ("1234": a numeric keypad has no space)."""
    raw = raw.strip()
    if raw and not _SEPARATOR.search(raw) and len(raw) == count:
        return list(raw)
    return [t for t in _SEPARATOR.split(raw) if t]


def split_rows(form: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """The form with every posted row split into its per-value fields, and the rows whose count of
    values is wrong (``{row field: message}``). A row left out of the form leaves its fields as posted."""
    out, errors = dict(form), {}
    for row, count, field in _rows():
        values = _tokens(str(form.get(row) or ""), count) if row in form else []
        if values and len(values) != count:
            errors[row] = T("type %(n)s values in order, one per card (%(got)s typed)", n=count, got=len(values))
        elif values:
            out.update({field(i): v for i, v in enumerate(values)})
    return out, errors


def _by_row(errors: dict[str, str]) -> dict[str, Any]:
    """Problems of single values shown on their row (the form types each row in one field):
    "tile 3 must be…", "card 3 must be…"; a row with every value missing is "required" once."""
    out: dict[str, Any] = {}
    per_row: dict[str, list] = {}
    for field, message in errors.items():
        m = _VALUE_FIELD.match(field)
        if m is None:
            out[field] = message
        else:
            per_row.setdefault(m["row"], []).append((int(m["i"]) + 1, message))
    for row, count, _field in _rows():
        found = per_row.get(row)
        if not found:
            continue
        if len(found) == count and all(getattr(msg, "msgid", "") == "is required" for _n, msg in found):
            out[row] = T("is required")
            continue
        words = [T("tile %(n)s %(problem)s", n=n, problem=msg) if row == "crew_tiles" else
                 T("card %(n)s %(problem)s", n=n, problem=msg) for n, msg in found]
        out[row] = _joined(words)
    return out


def _joined(problems: list) -> Any:
    """Several problems of one row as one message."""
    return problems[0] if len(problems) == 1 else T("%(first)s; %(rest)s", first=problems[0],
                                                     rest=_joined(problems[1:]))


def profile_from_form(form: Mapping[str, str]) -> tuple[dict | None, dict[str, str]]:
    """``(profile document, {})`` from the form, or ``(None, {field: message})`` for every wrong field.

    The guard cards may all be left blank (crew tiles only: enough for multiplayer games); once any
    guard value or special card is given, all of them are asked for (L-SO2, L-SO9). Values typed
    in rows (:func:`split_rows`) have their problems shown on the row.
    """
    form, errors = split_rows(form)
    doc, found = _profile(form)
    found = _by_row(found)
    return (None, {**found, **errors}) if errors or found else (doc, {})  # a miscounted row: its count


def _profile(form: Mapping[str, str]) -> tuple[dict | None, dict[str, str]]:
    errors: dict[str, str] = {}
    doc: dict[str, Any] = {
        "game": "lockup",
        "crew_tiles": [_collect(errors, _whole, form, crew_field(i)) for i in range(CREW_TILE_COUNT)],
    }
    if guards_given(form):
        doc["guard_cards"] = {
            colour: [_collect(errors, _guard_value, form, guard_field(colour, i)) for i in range(count)]
            for colour, count in GUARD_COLOURS.items()
        }
        doc["special_guard"] = {c: _collect(errors, _special, form, special_field(c)) for c in SPECIAL_COLOURS}
    if errors:
        return None, errors
    try:
        return to_dict(parse_profile(doc)), {}
    except InputError as exc:  # what only the whole profile can tell (e.g. no tile printed 2)
        return None, {exc.field: exc.message}


def guards_given(form: Mapping[str, str]) -> bool:
    """Whether any guard card value or special card is filled in on the profile form."""
    fields = [guard_field(c, i) for c, n in GUARD_COLOURS.items() for i in range(n)]
    fields += [f"guard_cards.{c}" for c in GUARD_COLOURS]
    fields += [special_field(c) for c in SPECIAL_COLOURS]
    return any(str(form.get(f, "")).strip() for f in fields)


def profile_form_values(doc: Mapping | None) -> dict[str, str]:
    """The form fields of a stored profile (empty when there is none: nothing is guessed)."""
    if not doc:
        return {}
    values = {crew_field(i): str(n) for i, n in enumerate(doc["crew_tiles"])}
    values["crew_tiles"] = " ".join(str(n) for n in doc["crew_tiles"])
    for colour, cards in doc.get("guard_cards", {}).items():
        values.update({guard_field(colour, i): str(v) for i, v in enumerate(cards)})
        values[f"guard_cards.{colour}"] = " ".join("P" if v == POWER else str(v) for v in cards)
    values.update({special_field(c): str(i) for c, i in doc.get("special_guard", {}).items()})
    return values


def entry_from_form(kind: str, form: Mapping[str, str]) -> dict:
    """A validated catalog entry of ``kind`` from form fields; every wrong field at once
    (``InputErrors`` naming each form field)."""
    builder = _BUILDERS[catalog.check_kind(kind)]
    found = Problems()
    doc = builder(form, found)
    # The card's own rules (L-E1, L-P4) too; a field refused above keeps its words.
    found.check(catalog.parse_entry, kind, doc)
    found.raise_any()
    return catalog.parse_entry(kind, doc)


def entry_form_values(kind: str, entry: Mapping | None) -> dict[str, str]:
    """The form fields of a catalog entry (for editing it)."""
    if not entry:
        return {}
    values = {k: "" if v is None else str(v) for k, v in entry.items() if not isinstance(v, dict | list)}
    for key, n in entry.get("cost", {}).items():
        values[f"cost.{key}"] = str(n)
    for t in TREASURES:
        count = list(entry.get("treasures", [])).count(t)
        values[f"treasures.{t}"] = str(count) if count else ""
    return values


def _collect(errors: dict[str, str], parse, form: Mapping[str, str], field: str) -> Any:
    try:
        return parse(form, field)
    except InputError as exc:
        errors[exc.field] = exc.message
        return None


def _raw(form: Mapping[str, str], field: str) -> str:
    value = form.get(field)
    return value.strip() if isinstance(value, str) else ""


def _whole(form: Mapping[str, str], field: str, required: bool = True) -> int | None:
    raw = _raw(form, field)
    if not raw:
        if required:
            raise InputError(field, T("is required"))
        return None
    # ASCII digits only (str.isdigit accepts "²"), and short: no printed value has 5 digits.
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 4:
        raise InputError(field, T("must be a whole number (0 or more)"))
    return int(raw)


def _guard_value(form: Mapping[str, str], field: str) -> int | str:
    raw = _raw(form, field).casefold()
    if raw in (POWER, "p"):
        return POWER
    if raw and not (raw.isascii() and raw.isdigit()):
        raise InputError(field, T('must be a number, or "power" (P) for a card worth the guards\' power cubes'))
    return _whole(form, field)


def _special(form: Mapping[str, str], field: str) -> int:
    if not _raw(form, field):
        raise InputError(field, T("choose which card is the special one (L-SO9)"))
    return _whole(form, field)


def _optional(form: Mapping[str, str], field: str) -> str | None:
    return _raw(form, field) or None


def _name(form: Mapping[str, str], found: Problems) -> str:
    if not _raw(form, "name"):
        found.add("name", T("is required"))
    return _raw(form, "name")


def _treasures(form: Mapping[str, str], found: Problems) -> list[str]:
    out: list[str] = []
    for t in TREASURES:
        n = found.check(_whole, form, f"treasures.{t}", required=False) or 0
        if n > MAX_ICONS:
            found.add(f"treasures.{t}", T("must be at most %(max_icons)s", max_icons=MAX_ICONS))
        out += [t] * min(n, MAX_ICONS)
    return out


def _effect(form: Mapping[str, str]) -> dict:
    effect = _optional(form, "effect")
    # Only L-E1 shows a resource; a leftover choice from another effect is dropped.
    return {"effect": effect, "effect_resource": _optional(form, "effect_resource") if effect == "L-E1" else None}


def _item(form: Mapping[str, str], found: Problems) -> dict:
    cost = {k: n for k in COST_KEYS if (n := found.check(_whole, form, f"cost.{k}", required=False))}
    return {"name": _name(form, found), "cost": cost, "reputation": found.check(_whole, form, "reputation"),
            "treasures": _treasures(form, found), **_effect(form)}


def _choose(form: Mapping[str, str], field: str, found: Problems) -> str | None:
    """A drop-down that must not be left on "choose" (said so, rather than listing the JSON values)."""
    value = _optional(form, field)
    if value is None:
        found.add(field, T("choose one"))
    return value


def _goon(form: Mapping[str, str], found: Problems) -> dict:
    kind = _choose(form, "type", found)
    doc = {"name": _name(form, found), "type": kind,
           "suspicion": found.check(_whole, form, "suspicion", required=False) or 0,
           "treasures": _treasures(form, found), **_effect(form)}
    if kind == "bandit":  # only a Bandit feeds a resource to its location (L-P4)
        doc["resource"] = _optional(form, "resource")
    return doc


def _goal(form: Mapping[str, str], found: Problems) -> dict:
    doc: dict[str, Any] = {"name": _name(form, found)}
    kind = doc["kind"] = _choose(form, "kind", found)
    if kind == "leader":
        doc.update(counts=_choose(form, "counts", found), minimum=found.check(_whole, form, "minimum"))
    elif kind == "end_game" and _optional(form, "treasure"):
        doc["treasure"] = _optional(form, "treasure")
    elif kind in ("end_game", "instant"):
        doc["stars"] = found.check(_whole, form, "stars")
    return doc


def _text_card(form: Mapping[str, str], found: Problems) -> dict:
    text = form.get("text")
    return {"name": _name(form, found), "text": text if isinstance(text, str) else ""}


_BUILDERS = {"item": _item, "goon": _goon, "goal": _goal, "trait": _text_card, "tome": _text_card}
