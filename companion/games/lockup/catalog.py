"""The Lockup card catalog: card faces the table entered, remembered by name (box-profile.md, L-C5).

The companion ships no card texts. Items, goons and goals are stored exactly in the form the
engine's commands take (``cards.card_doc`` of ``parse_item`` / ``parse_goon`` / ``parse_goal``), so
an entry picked by name can be put into a command as it is. Traits and tomes are a name and free
text (their effects are applied as logged manual adjustments).

A catalog document (export/import format)::

    {"game": "lockup", "items": [...], "goons": [...], "goals": [...], "traits": [...], "tomes": [...]}

Names match case-insensitively (and ignoring repeated spaces); the newest spelling is kept. All
functions are pure: they return new documents and never change their arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core import jsonin, problems
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.lockup.cards import card_doc, parse_goal, parse_goon, parse_item

KINDS: tuple[str, ...] = ("item", "goon", "goal", "trait", "tome")
DOC_KEYS: dict[str, str] = {"item": "items", "goon": "goons", "goal": "goals", "trait": "traits", "tome": "tomes"}
# Bounds against runaway input (a pasted novel), not printed values.
MAX_NAME = 80
MAX_TEXT = 2000

_CARD_PARSERS = {"item": parse_item, "goon": parse_goon, "goal": parse_goal}


def empty() -> dict:
    """A catalog with no entries."""
    return {"game": "lockup", **{key: [] for key in DOC_KEYS.values()}}


def name_key(name: str) -> str:
    """The matching key of a card name: case-insensitive, repeated spaces ignored."""
    return " ".join(name.split()).casefold()


def check_kind(kind: Any, path: str = "kind") -> str:
    """``kind`` if it is one of :data:`KINDS`; otherwise InputError naming ``path``."""
    return jsonin.choice(kind, path, KINDS)


def parse_entry(kind: str, value: Any, path: str = "") -> dict:
    """Validate one card face of ``kind``; returns its stored form (every problem of the card at once:
    ``InputErrors`` naming each field)."""
    check_kind(kind)
    found = Problems()
    if kind in _CARD_PARSERS:
        face = found.check(_CARD_PARSERS[kind], value, path)
        doc = None if face is None else card_doc(face)
    else:
        doc = _text_card(value, path, found)
    if doc is not None and len(" ".join(doc["name"].split())) > MAX_NAME:
        found.add(jsonin.join(path, "name"), T("must be at most %(max_name)s characters", max_name=MAX_NAME))
    found.raise_any()
    return {**doc, "name": " ".join(doc["name"].split())}


def _text_card(value: Any, path: str, found: Problems) -> dict | None:
    """A trait or tome: a name and free text (L-C5: their effects are applied by hand)."""
    raw = problems.obj(found, value, path, ["name"], ["text"])
    if raw is None:
        return None
    text = raw.get("text", "")
    if not isinstance(text, str):
        found.add(jsonin.join(path, "text"), T("must be a string"))
    elif len(text) > MAX_TEXT:
        found.add(jsonin.join(path, "text"), T("must be at most %(max_text)s characters", max_text=MAX_TEXT))
    name = found.check(jsonin.string, raw.get("name"), jsonin.join(path, "name")) if "name" in raw else None
    return None if found else {"name": name, "text": text.strip()}


def entries(catalog: Mapping, kind: str) -> list[dict]:
    """The entries of one kind, sorted by name."""
    return list(catalog.get(DOC_KEYS[check_kind(kind)], []))


def lookup(catalog: Mapping, kind: str, name: Any) -> dict | None:
    """The entry of ``kind`` called ``name`` (any case), or ``None``."""
    if not isinstance(name, str) or not name.strip():
        return None
    key = name_key(name)
    return next((e for e in entries(catalog, kind) if name_key(e["name"]) == key), None)


def merge(catalog: Mapping, kind: str, entry: Any) -> dict:
    """A new catalog holding ``entry`` (validated); an entry of the same name is replaced.

    Replacing rather than refusing keeps the newest game's spelling and printed facts.
    """
    entry = parse_entry(kind, entry)
    return _with_entries(catalog, kind, [*_without(catalog, kind, entry["name"]), entry])


def remove(catalog: Mapping, kind: str, name: str) -> dict:
    """A new catalog without the entry of ``kind`` called ``name`` (no error if absent)."""
    return _with_entries(catalog, kind, _without(catalog, kind, name))


def merge_all(catalog: Mapping, other: Mapping) -> dict:
    """``catalog`` with every entry of the (validated) catalog ``other`` merged in; ``other`` wins."""
    result = dict(catalog)
    for kind in KINDS:
        for entry in entries(other, kind):
            result = merge(result, kind, entry)
    return result


def parse_catalog(value: Any, path: str = "") -> dict:
    """Validate a whole catalog document; every problem of every entry at once (``InputErrors``
    naming each field, ``items[3].cost.gold``).

    A name repeated within one kind is merged, the later entry winning (as in play).
    """
    found = Problems()
    doc = problems.obj(found, value, path, optional=("game", *DOC_KEYS.values()))
    if doc is None:
        found.raise_any()
    if "game" in doc:
        found.check(jsonin.choice, doc["game"], jsonin.join(path, "game"), ["lockup"])
    result = empty()
    for kind, key in DOC_KEYS.items():
        where = jsonin.join(path, key)
        for i, raw in enumerate(found.check(jsonin.array, doc.get(key, []), where, default=[])):
            entry = found.check(parse_entry, kind, raw, jsonin.join(where, i))
            if entry is not None:
                result = merge(result, kind, entry)
    found.raise_any()
    return result


def _without(catalog: Mapping, kind: str, name: str) -> list[dict]:
    key = name_key(name)
    return [e for e in entries(catalog, kind) if name_key(e["name"]) != key]


def _with_entries(catalog: Mapping, kind: str, items: list[dict]) -> dict:
    base = {**empty(), **catalog}
    return {**base, DOC_KEYS[kind]: sorted(items, key=lambda e: name_key(e["name"]))}
