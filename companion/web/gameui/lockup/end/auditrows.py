"""Crafted items and goons of the audit-only form as structured rows, never free text.

Each player slot has two lists of rows: items (``p0-items-2-name`` plus how many of each treasure
the card shows, ``p0-items-2-gem`` = "2") and goons (``p0-goons-1-type``, a choice among the goon
types, plus the same counts); rows count from 1, as people do. A count is a number from 0 to
:data:`MOST` (blank is 0), because a card may show the same treasure twice and a Demon scores 2 per
treasure icon (L-G). ``p0-items-rows`` is how many rows the form shows, so "add a row" works as a
plain form post. A row where nothing is typed is skipped; a row that cannot be read one way only
is refused with a message in the player's words ("Vera, item 2: …"), so the form never scores a
guess.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.games.lockup.model import GOON_TYPES, TREASURES
from companion.web.gameui.lockup.end.breakdown import GOON_LABELS, TREASURE_LABELS

KINDS = ("items", "goons")
HEAD = {"items": "name", "goons": "type"}  # the first field of a row: what the row is
DEFAULT_ROWS = 3
MAX_ROWS = 30  # far above any table (Lockup has 6 rounds); keeps a forged post from drawing a huge page
MOST = 3  # the most of one treasure a row takes; the rules give no number, the CLI takes any
COUNT = re.compile(r"\s*0*([0-9])\s*")  # "2", " 2 ", "02"; only ASCII digits (int() takes other scripts')
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
    count typed while reading; once read, each treasure as many times as the card shows it)."""

    slot: str
    kind: str
    n: int
    head: str
    treasures: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.slot}-{self.kind}-{self.n}"


def row_values(form: Mapping[str, str]) -> dict[str, str]:
    """The row fields of a post, as typed (blank ones and counts of 0 left out, so an untouched
    row stays blank)."""
    keys = [k for k in form if (ROW_FIELD.fullmatch(k) and int(k.split("-")[2]) <= MAX_ROWS)
            or ROWS_FIELD.fullmatch(k)]
    return {k: form.get(k, "") for k in keys if _typed(k, form.get(k, ""))}


def has_rows(values: Mapping[str, str], slot: str) -> bool:
    """Anything typed in the slot's rows (a count of 0 is nothing)."""
    return any(k.startswith(f"{slot}-") and ROW_FIELD.fullmatch(k) and _typed(k, v).strip() for k, v in values.items())


def shown(values: Mapping[str, str], slot: str, kind: str) -> int:
    """How many rows the form draws: as many as it had, and always one empty row after the last
    filled one (at least ``DEFAULT_ROWS``)."""
    declared, last = _extent(values, slot, kind)
    return min(MAX_ROWS, max(DEFAULT_ROWS, declared, last + 1))


def add_row(values: Mapping[str, str], target: str) -> tuple[dict[str, str], str | None]:
    """``target`` is ``p0-items`` (the button pressed): one more row there, and the id of the
    field to put the cursor in. An unknown target changes nothing."""
    match = re.fullmatch(r"(p[0-4]|g)-(items|goons)", target)
    if match is None:
        return dict(values), None
    slot, kind = match.groups()
    # One row after those the page drew (not after the empty row shown() would add: the cursor
    # would land two rows down, past a blank one).
    n = min(MAX_ROWS, max(DEFAULT_ROWS, *_extent(values, slot, kind)) + 1)
    return {**values, f"{slot}-{kind}-rows": str(n)}, f"{slot}-{kind}-{n}-{HEAD[kind]}"


def _extent(values: Mapping[str, str], slot: str, kind: str) -> tuple[int, int]:
    """(rows the page drew, as posted; the number of the last filled row), 0 for none."""
    declared = values.get(f"{slot}-{kind}-rows", "")
    filled = [row.n for row in _all_rows(values, slot, kind) if not _blank(values, row)]
    # ASCII and short: "²" passes isdigit() but not int(), and a huge count must not draw rows.
    ok = declared.isascii() and declared.isdigit() and len(declared) <= 3
    return (int(declared) if ok else 0), max(filled, default=0)


def read(values: Mapping[str, str], slot: str, kind: str, who: str) -> tuple[list[Row], list[FieldError]]:
    """The slot's filled rows of one kind, in order, and what cannot be read in them."""
    rows, errors = [], []
    for row in _all_rows(values, slot, kind):
        if _blank(values, row):
            continue
        problems = _count_problems(values, row, who)
        row = replace(row, treasures=_counted(values, row))
        problems += _row_problems(row, who, counts_read=not problems)
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
        typed = tuple(t for t in TREASURES if _given(values.get(f"{slot}-{kind}-{n}-{t}", "")))
        rows.append(Row(slot, kind, n, values.get(f"{slot}-{kind}-{n}-{HEAD[kind]}", "").strip(), typed))
    return rows


def _given(value: str) -> bool:
    """Something typed: neither blank nor a count of 0."""
    match = COUNT.fullmatch(value)
    return bool(value.strip()) and not (match and match.group(1) == "0")


def _typed(key: str, value: str) -> str:
    """The value as typed, or "" for a count of 0 (a name or a type is kept as typed)."""
    return value if not key.endswith(TREASURES) or _given(value) else ""


def _blank(values: Mapping[str, str], row: Row) -> bool:
    return not row.head and not row.treasures


def _count(value: str) -> int | None:
    """A count from 0 to MOST, or None (a word, a fraction, "5", "1_0": refused, not guessed)."""
    match = COUNT.fullmatch(value)
    return int(match.group(1)) if match and int(match.group(1)) <= MOST else None


def _count_problems(values: Mapping[str, str], row: Row, who: str) -> list[FieldError]:
    bad = [t for t in row.treasures if _count(values[f"{row.id}-{t}"]) is None]
    return [FieldError(f"{row.id}-{t}", row_label(who, row.kind, row.n) + " · " + str(TREASURE_WORDS[t]),
                       _("type how many, from 0 to %(most)s", most=MOST)) for t in bad]


def _counted(values: Mapping[str, str], row: Row) -> tuple[str, ...]:
    """Each treasure as many times as typed ("gem", "gem" for a card showing two gems)."""
    return tuple(t for t in row.treasures for _n in range(_count(values[f"{row.id}-{t}"]) or 0))


def _row_problems(row: Row, who: str, counts_read: bool = True) -> list[FieldError]:
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
                                          "and, below it, how many of each treasure it shows", name=row.head))]
    if counts_read and not row.treasures:  # a count refused already says what to fix
        return [FieldError(f"{row.id}-{TREASURES[0]}", label,
                           _("type how many of each treasure it shows (every crafted item shows at least "
                             "one, L-IT1)"))]
    return []


def _names_treasures(name: str) -> bool:
    """"Crowbar, shield, gem": treasure words after a separator (a name such as "Magic Lamp" is fine)."""
    words = set(TREASURES) | {str(w).lower() for w in (*TREASURE_WORDS.values(), *TREASURE_LABELS.values())}
    words |= {w + "s" for w in words}
    parts = [p.strip().lower() for p in NAME_PARTS.split(name)[1:]]
    return any(part in words or any(word in words for word in part.split()) for part in parts)
