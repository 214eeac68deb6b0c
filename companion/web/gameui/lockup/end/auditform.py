"""The audit-only form: typed end-of-game state -> the ``audit lockup`` document -> ``audit.run``.

The form has five player slots (``p0``..``p4``; a slot counts when anything is typed in it) and
a guards slot (``g``, solo only). Crafted items and goons are structured rows (:mod:`.auditrows`):
a name or a goon type, and how many of each treasure the card shows. Numbers are passed on as typed when they are
not numbers, so the contract's own validation names the field; :func:`field_of` turns its path
back into the form field and a label people recognise. :func:`respond` is the whole page logic
behind ``/lockup/audit`` (the view only renders what it returns).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.core.problems import Problems
from companion.games.lockup import audit
from companion.games.lockup.model import GUARDS, RESOURCES
from companion.web.gameui.lockup.end import auditrows
from companion.web.gameui.lockup.end.auditrows import KINDS, TREASURE_WORDS, FieldError
from companion.web.gameui.lockup.end.breakdown import RESOURCE_LABELS, explain
from companion.web.i18n import text

__all__ = ["FieldError", "field_of", "respond", "run", "slot_label", "values_of"]

PLAYER_SLOTS = ("p0", "p1", "p2", "p3", "p4")
GUARD_SLOT = "g"
SLOT_FIELDS = ("name", "reputation", "power", *RESOURCES, "tomes", "stars")
TOP_FIELDS = ("mode", "first_player", "leader_goal", "end_kind", "end_treasure", "leader_counts", "leader_minimum",
              *audit.OPTIONS)
COUNTS = ("power", *RESOURCES, "tomes")  # blank means 0


@dataclass
class Layout:
    """Where each part of the document came from: doc player index -> slot, item/goon -> row number."""

    slots: list[str] = field(default_factory=list)
    rows: dict[tuple[str, str], list[int]] = field(default_factory=dict)


def values_of(form: Mapping[str, str]) -> dict[str, str]:
    """Only the form's own fields, as typed (so a failed submit shows everything again)."""
    keys = [*TOP_FIELDS] + [f"{s}-{f}" for s in (*PLAYER_SLOTS, GUARD_SLOT) for f in SLOT_FIELDS]
    return {k: form.get(k, "") for k in keys if form.get(k, "")} | auditrows.row_values(form)


def used(values: Mapping[str, str], slot: str) -> bool:
    """A slot counts as a player when anything is typed in it."""
    return any(values.get(f"{slot}-{f}", "").strip() for f in SLOT_FIELDS) or auditrows.has_rows(values, slot)


def slot_label(values: Mapping[str, str], slot: str) -> str:
    """"Player 2 (Ana)", "Player 3", "Guards"."""
    if slot == GUARD_SLOT:
        return _("Guards")
    number = PLAYER_SLOTS.index(slot) + 1
    name = values.get(f"{slot}-name", "").strip()
    return _("Player %(n)s (%(name)s)", n=number, name=name) if name else _("Player %(n)s", n=number)


def row_who(values: Mapping[str, str], slot: str) -> str:
    """Who a row belongs to in the player's words: the name typed, else "Player 2", or "Guards"."""
    if slot == GUARD_SLOT:
        return _("Guards")
    return values.get(f"{slot}-name", "").strip() or _("Player %(n)s", n=PLAYER_SLOTS.index(slot) + 1)


def run(values: Mapping[str, str]) -> tuple[dict, dict | None, list[FieldError]]:
    """(document, audit result or None, the problems: every row that cannot be read, then every
    other problem, all at once)."""
    doc, layout, errors = build_doc(values)
    found = Problems()
    found.check(_precheck, values)
    result = found.check(audit.run, doc)
    errors = [*errors, *(field_of(InputError(path, message), values, layout) for path, message in found.found)]
    return (doc, None, errors) if errors else (doc, result, [])


def _precheck(values: Mapping[str, str]) -> None:
    """What the contract cannot see as typed: one player in solo, guards typed outside solo, stars
    without a fixed goal (every one of them at once)."""
    found = Problems()
    solo = values.get("mode") == "solo"
    if solo and sum(used(values, s) for s in PLAYER_SLOTS) != 1:
        found.add("players", _("solo is one player and the guards: fill in exactly one player"))
    if not solo and used(values, GUARD_SLOT):
        found.add(GUARD_SLOT, _("only in solo mode: choose solo, or clear the guards' fields"))
    if values.get("end_kind") != "fixed":
        for slot in (*PLAYER_SLOTS, GUARD_SLOT):
            if values.get(f"{slot}-stars", "").strip() not in ("", "0"):
                found.add(f"{slot}-stars", _("stars count only for a fixed end-game goal"))
    found.raise_any()


def build_doc(values: Mapping[str, str]) -> tuple[dict, Layout, list[FieldError]]:
    """The ``audit lockup`` document the form describes, where each part was typed, and the rows
    that cannot be read (left out of the document)."""
    solo = values.get("mode") == "solo"
    layout = Layout(slots=[s for s in PLAYER_SLOTS if used(values, s)])
    if solo:
        layout.slots.append(GUARD_SLOT)
    errors: list[FieldError] = []
    players = [_player(values, s, layout, errors) for s in layout.slots]
    names = {s: p["name"] for s, p in zip(layout.slots, players, strict=True)}
    doc = {
        "game": "lockup", "mode": values.get("mode") or "standard", "players": players,
        "first_player": _holder(values, "first_player", names),
        "leader_goal": _holder(values, "leader_goal", names),
        "end_game_goal": _end_goal(values, names),
    }
    if values.get("leader_counts"):  # the card, to check the holder (L-GL1, I-19)
        doc["leader_goal_card"] = {"counts": values["leader_counts"],
                                   "minimum": _number(values.get("leader_minimum", ""))}
    doc.update({key: True for key in audit.OPTIONS if values.get(key)})  # the table options (I-12, I-19)
    return doc, layout, errors


def _player(values: Mapping[str, str], slot: str, layout: Layout, errors: list[FieldError]) -> dict:
    def get(name: str) -> str:
        return values.get(f"{slot}-{name}", "")

    cards = {}
    for kind in KINDS:
        rows, problems = auditrows.read(values, slot, kind, row_who(values, slot))
        errors.extend(problems)
        layout.rows[(slot, kind)] = [row.n for row in rows]
        key = auditrows.HEAD[kind]
        cards[kind] = [{key: row.head, "treasures": list(row.treasures)} for row in rows]
    return {
        "name": GUARDS if slot == GUARD_SLOT else get("name").strip(),
        "reputation": _number(get("reputation"), blank=""),
        "power": _number(get("power")),
        "resources": {r: _number(get(r)) for r in RESOURCES},
        "tomes": _number(get("tomes")),
        **cards,
    }


def _number(raw: str, blank: Any = 0) -> Any:
    # Not a number: passed on as typed, so audit.run names the field ("must be a non-negative integer").
    # Only plain ASCII digits are read: int() would also take "1_000" or other scripts' digits.
    text = raw.strip()
    if not text:
        return blank
    return int(text) if re.fullmatch(r"-?[0-9]{1,9}", text) else text


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
    path, problem = exc.field, text(exc.message)
    labels = {"mode": _("Mode"), "players": _("Players"), "first_player": _("First player marker"),
              "leader_goal": _("Leader goal holder"), "end_game_goal": _("End-game goal"),
              "end_game_goal.kind": _("End-game goal"), "end_game_goal.treasure": _("End-game goal treasure"),
              "leader_goal_card.counts": _("What the leader goal counts"),
              "leader_goal_card.minimum": _("Leader goal minimum")}
    if path in labels:
        target = {"end_game_goal": "end_kind", "end_game_goal.kind": "end_kind",
                  "end_game_goal.treasure": "end_treasure", "leader_goal_card.counts": "leader_counts",
                  "leader_goal_card.minimum": "leader_minimum"}.get(path, path)
        return FieldError(target, labels[path], problem)
    if path == GUARD_SLOT or path.endswith("-stars"):
        slot = path.split("-")[0]
        target = f"{slot}-reputation" if path == GUARD_SLOT else path
        label = slot_label(values, slot) + ("" if path == GUARD_SLOT else " · " + _("End-game goal stars"))
        return FieldError(target, label, problem)
    if path.startswith("end_game_goal.stars."):
        name = path.removeprefix("end_game_goal.stars.")
        slot = next((s for s in layout.slots if _name(values, s) == name), layout.slots[0])
        return FieldError(f"{slot}-stars", slot_label(values, slot) + " · " + _("End-game goal stars"), problem)
    match = _PLAYER_PATH.fullmatch(path)
    if match is None:  # every contract path is covered above; keep the raw path rather than fail
        return FieldError("players", path, problem)
    return _player_field(match, values, layout, problem)


def _name(values: Mapping[str, str], slot: str) -> str:
    return GUARDS if slot == GUARD_SLOT else values.get(f"{slot}-name", "").strip()


def _player_field(match: re.Match, values: Mapping[str, str], layout: Layout, message: str) -> FieldError:
    slot = layout.slots[int(match.group(1))]
    part, index, sub = match.group(2), match.group(3), match.group(4)
    who = slot_label(values, slot)
    words = {"name": _("Name"), "reputation": _("Reputation"), "power": _("Power"), "tomes": _("Unplayed tomes"),
             "items": _("Crafted items"), "goons": _("Goons")}
    if part in KINDS and index is not None:
        n = layout.rows[(slot, part)][int(index)]
        label = auditrows.row_label(row_who(values, slot), part, n)
        return FieldError(f"{slot}-{part}-{n}-{auditrows.HEAD[part]}", label, message)
    if part == "resources" and sub in RESOURCES:
        return FieldError(f"{slot}-{sub}", f"{who} · {RESOURCE_LABELS[sub]}", message)
    if part in words:
        return FieldError(f"{slot}-{part}", f"{who} · {words[part]}", message)
    return FieldError(f"{slot}-reputation" if slot == GUARD_SLOT else f"{slot}-name", who, message)


def respond(form: Mapping[str, str] | None, htmx: bool = False) -> tuple[str, dict, int]:
    """(template, context, status) for ``/lockup/audit``: ``form`` is None for the empty form; a
    post with ``add`` shows one more row and scores nothing (htmx gets just those rows); any other
    post is scored, or refused with every problem next to its field (422)."""
    if form is None:
        return "lockup_end/audit.html", context({"mode": "standard"}), 200
    values = values_of(form)
    if form.get("add"):
        values, focus = auditrows.add_row(values, form.get("add", ""))
        page = context(values, focus=focus)
        if htmx and focus:
            slot, kind = focus.split("-")[:2]
            return "lockup_end/_audit_rows.html", page | {"slot": slot, "kind": kind}, 200
        return "lockup_end/audit.html", page, 200
    doc, result, errors = run(values)
    score = explain(doc, result) if result is not None else None
    doc_json = json.dumps(doc, ensure_ascii=False, indent=2)
    return "lockup_end/audit.html", context(values, errors, score, doc_json), 422 if errors else 200


def context(values: dict[str, str], errors: Sequence[FieldError] = (), score: dict | None = None,
            doc_json: str | None = None, focus: str | None = None) -> dict:
    """What the audit templates draw: the values as typed, the problems by field and by row, the
    score, and the words of the choices (markers and goals are chosen by slot, so a choice
    survives a name typed after it)."""
    slots = [*PLAYER_SLOTS, GUARD_SLOT]
    holders = [("", _("Nobody"))] + [(s, slot_label(values, s)) for s in slots]
    by_row: dict[str, list[FieldError]] = {}
    for error in errors:
        if auditrows.ROW_FIELD.fullmatch(error.field):
            by_row.setdefault(error.field.rsplit("-", 1)[0], []).append(error)
    return {
        "values": values, "errors": list(errors), "score": score, "doc_json": doc_json, "focus": focus,
        "bad": {e.field: e for e in reversed(errors)}, "bad_rows": by_row,
        "open_slots": _open_slots(values, errors, focus),
        "player_slots": PLAYER_SLOTS, "guard_slot": GUARD_SLOT, "slot_label": slot_label, "holders": holders,
        "rows_shown": auditrows.shown, "row_label": auditrows.row_label, "row_who": row_who,
        "goon_options": auditrows.goon_options(), "treasures": list(TREASURE_WORDS.items()),
        "most_of_a_treasure": auditrows.MOST,
    }


def _open_slots(values: Mapping[str, str], errors: Sequence[FieldError], focus: str | None) -> set[str]:
    """The slots drawn unfolded: the first two players, any slot typed in, with a problem or with
    the cursor, and the guards in solo."""
    marks = [e.field for e in errors] + ([focus] if focus else [])
    slots = {s for s in (*PLAYER_SLOTS, GUARD_SLOT) if used(values, s) or any(m.startswith(f"{s}-") for m in marks)}
    return slots | set(PLAYER_SLOTS[:2]) | ({GUARD_SLOT} if values.get("mode") == "solo" else set())
