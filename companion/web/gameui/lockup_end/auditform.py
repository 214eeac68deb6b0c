"""The audit-only form: typed end-of-game state -> the ``audit lockup`` document -> ``audit.run``.

The form has five player slots (``p0``..``p4``; a slot counts when anything is typed in it) and
a guards slot (``g``, solo only). Crafted items and goons are one per line: ``Bone Shiv: shield,
gem`` and ``dwarf: gem``. Numbers are passed on as typed when they are not numbers, so the
contract's own validation names the field; :func:`field_of` turns its path back into the form
field and a label people recognise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.games.lockup import audit
from companion.games.lockup.model import GUARDS, RESOURCES
from companion.web.gameui.lockup_end.breakdown import RESOURCE_LABELS

PLAYER_SLOTS = ("p0", "p1", "p2", "p3", "p4")
GUARD_SLOT = "g"
SLOT_FIELDS = ("name", "reputation", "power", *RESOURCES, "tomes", "items", "goons", "stars")
TOP_FIELDS = ("mode", "first_player", "leader_goal", "end_kind", "end_treasure")
COUNTS = ("power", *RESOURCES, "tomes")  # blank means 0


@dataclass
class Layout:
    """Where each part of the document came from: doc player index -> slot, item/goon -> line."""

    slots: list[str] = field(default_factory=list)
    lines: dict[tuple[str, str], list[int]] = field(default_factory=dict)


@dataclass(frozen=True)
class FieldError:
    """A problem with one form field: its id, a label people recognise, and the message."""

    field: str
    label: str
    message: str

    def __str__(self) -> str:
        return f"{self.label}: {self.message}"


def values_of(form: Mapping[str, str]) -> dict[str, str]:
    """Only the form's own fields, as typed (so a failed submit shows everything again)."""
    keys = [*TOP_FIELDS] + [f"{s}-{f}" for s in (*PLAYER_SLOTS, GUARD_SLOT) for f in SLOT_FIELDS]
    return {k: form.get(k, "") for k in keys if form.get(k, "")}


def used(values: Mapping[str, str], slot: str) -> bool:
    """A slot counts as a player when anything is typed in it."""
    return any(values.get(f"{slot}-{f}", "").strip() for f in SLOT_FIELDS)


def slot_label(values: Mapping[str, str], slot: str) -> str:
    """"Player 2 (Ana)", "Player 3", "Guards"."""
    if slot == GUARD_SLOT:
        return _("Guards")
    number = PLAYER_SLOTS.index(slot) + 1
    name = values.get(f"{slot}-name", "").strip()
    return _("Player %(n)s (%(name)s)", n=number, name=name) if name else _("Player %(n)s", n=number)


def run(values: Mapping[str, str]) -> tuple[dict, dict | None, FieldError | None]:
    """(document, audit result or None, the first problem or None)."""
    doc, layout = build_doc(values)
    try:
        _precheck(values)
        return doc, audit.run(doc), None
    except InputError as exc:
        return doc, None, field_of(exc, values, layout)


def _precheck(values: Mapping[str, str]) -> None:
    """What the contract cannot see as typed: one player in solo, guards typed outside solo, stars
    without a fixed goal."""
    solo = values.get("mode") == "solo"
    if solo and sum(used(values, s) for s in PLAYER_SLOTS) != 1:
        raise InputError("players", _("solo is one player and the guards: fill in exactly one player"))
    if not solo and used(values, GUARD_SLOT):
        raise InputError(GUARD_SLOT, _("only in solo mode: choose solo, or clear the guards' fields"))
    if values.get("end_kind") != "fixed":
        for slot in (*PLAYER_SLOTS, GUARD_SLOT):
            if values.get(f"{slot}-stars", "").strip() not in ("", "0"):
                raise InputError(f"{slot}-stars", _("stars count only for a fixed end-game goal"))


def build_doc(values: Mapping[str, str]) -> tuple[dict, Layout]:
    """The ``audit lockup`` document the form describes, and where each part was typed."""
    solo = values.get("mode") == "solo"
    layout = Layout(slots=[s for s in PLAYER_SLOTS if used(values, s)])
    if solo:
        layout.slots.append(GUARD_SLOT)
    players = [_player(values, s, layout) for s in layout.slots]
    names = {s: p["name"] for s, p in zip(layout.slots, players, strict=True)}
    doc = {
        "game": "lockup", "mode": values.get("mode") or "standard", "players": players,
        "first_player": _holder(values, "first_player", names),
        "leader_goal": _holder(values, "leader_goal", names),
        "end_game_goal": _end_goal(values, names),
    }
    return doc, layout


def _player(values: Mapping[str, str], slot: str, layout: Layout) -> dict:
    def get(name: str) -> str:
        return values.get(f"{slot}-{name}", "")

    items = _lines(get("items"))
    goons = _lines(get("goons"))
    layout.lines[(slot, "items")] = [n for n, _text in items]
    layout.lines[(slot, "goons")] = [n for n, _text in goons]
    return {
        "name": GUARDS if slot == GUARD_SLOT else get("name").strip(),
        "reputation": _number(get("reputation"), blank=""),
        "power": _number(get("power")),
        "resources": {r: _number(get(r)) for r in RESOURCES},
        "tomes": _number(get("tomes")),
        "items": [_card(text, "name") for _n, text in items],
        "goons": [_card(text, "type") for _n, text in goons],
    }


def _number(raw: str, blank: Any = 0) -> Any:
    # Not a number: passed on as typed, so audit.run names the field ("must be a non-negative integer").
    text = raw.strip()
    if not text:
        return blank
    try:
        return int(text)
    except ValueError:
        return text


def _lines(text: str) -> list[tuple[int, str]]:
    """Non-blank lines with their 1-based line numbers."""
    return [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def _card(text: str, key: str) -> dict:
    """``Bone Shiv: shield, gem`` -> name and treasures; for goons the part before ``:`` is the type."""
    head, _sep, rest = text.partition(":")
    treasures = [t.lower() for t in re.split(r"[,;\s]+", rest.strip()) if t]
    head = head.strip()
    return {key: head.lower() if key == "type" else head, "treasures": treasures}


def _holder(values: Mapping[str, str], key: str, names: dict[str, str]) -> str | None:
    """A marker or goal holder chosen by slot; an empty slot passes its label so the error names it."""
    slot = values.get(key, "")
    if not slot:
        return None
    return names.get(slot, slot_label(values, slot) if slot in (*PLAYER_SLOTS, GUARD_SLOT) else slot)


def _end_goal(values: Mapping[str, str], names: dict[str, str]) -> Any:
    kind = values.get("end_kind", "")
    if not kind:
        return None
    if kind == "majority":
        return {"kind": kind, "treasure": values.get("end_treasure", "")}
    if kind == "fixed":
        stars = {names[s]: _number(values.get(f"{s}-stars", "")) for s in names}
        return {"kind": kind, "stars": {n: v for n, v in stars.items() if v != 0}}
    return {"kind": kind}


_PLAYER_PATH = re.compile(r"players\[(\d+)\](?:\.(\w+))?(?:\[(\d+)\])?(?:\.(\w+))?(?:\[\d+\])?")


def field_of(exc: InputError, values: Mapping[str, str], layout: Layout) -> FieldError:
    """The form field and label behind a contract path such as ``players[1].items[0].treasures[0]``."""
    path = exc.field
    labels = {"mode": _("Mode"), "players": _("Players"), "first_player": _("First player marker"),
              "leader_goal": _("Leader goal holder"), "end_game_goal": _("End-game goal"),
              "end_game_goal.kind": _("End-game goal"), "end_game_goal.treasure": _("End-game goal treasure")}
    if path in labels:
        target = {"end_game_goal": "end_kind", "end_game_goal.kind": "end_kind",
                  "end_game_goal.treasure": "end_treasure"}.get(path, path)
        return FieldError(target, labels[path], exc.message)
    if path == GUARD_SLOT or path.endswith("-stars"):
        slot = path.split("-")[0]
        target = f"{slot}-reputation" if path == GUARD_SLOT else path
        label = slot_label(values, slot) + ("" if path == GUARD_SLOT else " · " + _("End-game goal stars"))
        return FieldError(target, label, exc.message)
    if path.startswith("end_game_goal.stars."):
        name = path.removeprefix("end_game_goal.stars.")
        slot = next((s for s in layout.slots if _name(values, s) == name), layout.slots[0])
        return FieldError(f"{slot}-stars", slot_label(values, slot) + " · " + _("End-game goal stars"), exc.message)
    match = _PLAYER_PATH.fullmatch(path)
    if match is None:  # every contract path is covered above; keep the raw path rather than fail
        return FieldError("players", path, exc.message)
    return _player_field(match, values, layout, exc.message)


def _name(values: Mapping[str, str], slot: str) -> str:
    return GUARDS if slot == GUARD_SLOT else values.get(f"{slot}-name", "").strip()


def _player_field(match: re.Match, values: Mapping[str, str], layout: Layout, message: str) -> FieldError:
    slot = layout.slots[int(match.group(1))]
    part, index, sub = match.group(2), match.group(3), match.group(4)
    who = slot_label(values, slot)
    words = {"name": _("Name"), "reputation": _("Reputation"), "power": _("Power"), "tomes": _("Unplayed tomes"),
             "items": _("Crafted items"), "goons": _("Goons")}
    if part in ("items", "goons") and index is not None:
        line = layout.lines[(slot, part)][int(index)]
        return FieldError(f"{slot}-{part}", f"{who} · {words[part]} · " + _("line %(n)s", n=line), message)
    if part == "resources" and sub in RESOURCES:
        return FieldError(f"{slot}-{sub}", f"{who} · {RESOURCE_LABELS[sub]}", message)
    if part in words:
        return FieldError(f"{slot}-{part}", f"{who} · {words[part]}", message)
    return FieldError(f"{slot}-reputation" if slot == GUARD_SLOT else f"{slot}-name", who, message)
