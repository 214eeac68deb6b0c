"""Crafted items and goons of the audit-only form as structured rows, never free text.

Each player slot has two lists of rows: items (``p0-items-2-name`` plus a checkbox per treasure,
``p0-items-2-shield``) and goons (``p0-goons-1-type``, a choice among the goon types, plus the same
checkboxes); rows count from 1, as people do. ``p0-items-rows`` is how many rows the form shows,
so "add a row" works as a plain form post. A row where nothing is typed or ticked is skipped; a
row that cannot be read one way only is refused with a message in the player's words
("Vera, item 2: …"), so the form never scores a guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.core.formfields import FALSE_WORDS, TRUE_WORDS
from companion.games.lockup.model import GOON_TYPES, TREASURES
from companion.web.gameui.lockup_end.breakdown import GOON_LABELS, TREASURE_LABELS

KINDS = ("items", "goons")
HEAD = {"items": "name", "goons": "type"}  # the first field of a row: what the row is
DEFAULT_ROWS = 3
MAX_ROWS = 30  # far above any table (Lockup has 6 rounds); keeps a forged post from drawing a huge page
TREASURE_WORDS = {"shield": _l("Shield"), "gem": _l("Gem"), "magic": _l("Magic")}
ROW_FIELD = re.compile(r"(p[0-4]|g)-(items|goons)-([1-9]\d?)-(name|type|shield|gem|magic)")
ROWS_FIELD = re.compile(r"(p[0-4]|g)-(items|goons)-rows")
NAME_PARTS = re.compile(r"[,;:/+]")


@dataclass(frozen=True)
class FieldError:
    """A problem with one form field: its id, a label people recognise, and the message."""

    field: str
    label: str
    message: str

    def __str__(self) -> str:
        return _("%(field)s: %(problem)s", field=self.label, problem=self.message)


@dataclass(frozen=True)
class Row:
    """One row: where it is, what it names (item name or goon type) and its treasures (those with a
    value while reading, those ticked once read)."""

    slot: str
    kind: str
    n: int
    head: str
    treasures: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.slot}-{self.kind}-{self.n}"


def row_values(form: Mapping[str, str]) -> dict[str, str]:
    """The row fields of a post, as typed (blank ones left out)."""
    keys = [k for k in form if (ROW_FIELD.fullmatch(k) and int(k.split("-")[2]) <= MAX_ROWS)
            or ROWS_FIELD.fullmatch(k)]
    return {k: form.get(k, "") for k in keys if form.get(k, "")}


def has_rows(values: Mapping[str, str], slot: str) -> bool:
    """Anything typed or ticked in the slot's rows."""
    return any(k.startswith(f"{slot}-") and ROW_FIELD.fullmatch(k) and v.strip() for k, v in values.items())


def shown(values: Mapping[str, str], slot: str, kind: str) -> int:
    """How many rows the form draws: as many as it had, and always one empty row after the last
    filled one (at least ``DEFAULT_ROWS``)."""
    declared = values.get(f"{slot}-{kind}-rows", "")
    declared_n = int(declared) if declared.isdigit() else 0
    filled = [row.n for row in _all_rows(values, slot, kind) if not _blank(values, row)]
    return min(MAX_ROWS, max(DEFAULT_ROWS, declared_n, max(filled, default=0) + 1))


def add_row(values: Mapping[str, str], target: str) -> tuple[dict[str, str], str | None]:
    """``target`` is ``p0-items`` (the button pressed): one more row there, and the id of the
    field to put the cursor in. An unknown target changes nothing."""
    match = re.fullmatch(r"(p[0-4]|g)-(items|goons)", target)
    if match is None:
        return dict(values), None
    slot, kind = match.groups()
    n = min(MAX_ROWS, shown(values, slot, kind) + 1)
    return {**values, f"{slot}-{kind}-rows": str(n)}, f"{slot}-{kind}-{n}-{HEAD[kind]}"


def read(values: Mapping[str, str], slot: str, kind: str, who: str) -> tuple[list[Row], list[FieldError]]:
    """The slot's filled rows of one kind, in order, and what cannot be read in them."""
    rows, errors = [], []
    for row in _all_rows(values, slot, kind):
        if _blank(values, row):
            continue
        problems = _tick_problems(values, row, who)
        row = replace(row, treasures=_ticked(values, row))
        problems += _row_problems(row, who)
        errors.extend(problems)
        if not problems:
            rows.append(row)
    return rows, errors


def row_label(who: str, kind: str, n: int) -> str:
    """"Vera, item 2", "Guards, goon 1"."""
    if kind == "items":
        return _("%(who)s, item %(n)s", who=who, n=n)
    return _("%(who)s, goon %(n)s", who=who, n=n)


def goon_options() -> list[tuple[str, str]]:
    """The goon type choices, in the player's words."""
    return [("", "—")] + [(t, str(GOON_LABELS[t])) for t in GOON_TYPES]


def _all_rows(values: Mapping[str, str], slot: str, kind: str) -> list[Row]:
    numbers = sorted({int(m.group(3)) for k in values if (m := ROW_FIELD.fullmatch(k))
                      and m.group(1) == slot and m.group(2) == kind})
    rows = []
    for n in numbers:
        ticked = tuple(t for t in TREASURES if values.get(f"{slot}-{kind}-{n}-{t}", "").strip())
        rows.append(Row(slot, kind, n, values.get(f"{slot}-{kind}-{n}-{HEAD[kind]}", "").strip(), ticked))
    return rows


def _blank(values: Mapping[str, str], row: Row) -> bool:
    return not row.head and not any(values.get(f"{row.id}-{t}", "").strip() for t in TREASURES)


def _tick_problems(values: Mapping[str, str], row: Row, who: str) -> list[FieldError]:
    """A checkbox sends "on"; anything that is not a yes or a no word is refused, not guessed."""
    bad = [t for t in row.treasures if values[f"{row.id}-{t}"].strip().lower() not in TRUE_WORDS | FALSE_WORDS]
    return [FieldError(f"{row.id}-{t}", row_label(who, row.kind, row.n) + " · " + str(TREASURE_WORDS[t]),
                       _("tick it or leave it empty")) for t in bad]


def _ticked(values: Mapping[str, str], row: Row) -> tuple[str, ...]:
    return tuple(t for t in row.treasures if values[f"{row.id}-{t}"].strip().lower() in TRUE_WORDS)


def _row_problems(row: Row, who: str) -> list[FieldError]:
    label = row_label(who, row.kind, row.n)
    head = f"{row.id}-{HEAD[row.kind]}"
    if row.kind == "goons":
        if not row.head:
            return [FieldError(head, label, _("choose the goon's type, or clear the row"))]
        if row.head not in GOON_TYPES:
            return [FieldError(head, label, _("choose the goon's type from the list"))]
        return []
    if not row.head:
        return [FieldError(head, label, _("type the item's name, or clear the row"))]
    if _names_treasures(row.head):
        return [FieldError(head, label, _("“%(name)s” has treasures in its name: type only the item's name "
                                          "and tick the treasures it shows", name=row.head))]
    if not row.treasures:
        return [FieldError(f"{row.id}-{TREASURES[0]}", label,
                           _("tick the treasures it shows (every crafted item shows at least one, L-IT1)"))]
    return []


def _names_treasures(name: str) -> bool:
    """"Crowbar, shield, gem": treasure words after a separator (a name such as "Magic Lamp" is fine)."""
    words = set(TREASURES) | {str(w).lower() for w in (*TREASURE_WORDS.values(), *TREASURE_LABELS.values())}
    words |= {w + "s" for w in words}
    parts = [p.strip().lower() for p in NAME_PARTS.split(name)[1:]]
    return any(part in words or any(word in words for word in part.split()) for part in parts)
