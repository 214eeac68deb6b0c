"""A card's printed facts on one line, after its name (issue 23: first-time set-up halved).

``Iron Helmet: 2 iron 1 gold, 3 reputation, 1 gem`` in a card's name field is the item called
"Iron Helmet" with those facts: one field instead of one per fact. The notation
(``docs/box-profile.md``, "Card facts on one line"; summed up on the page): after the name and a colon, counts and
words, in any order, commas optional; a word without a count counts 1.

- item: a resource (scrap, iron, potion, gold, any) is its cost; ``N reputation`` (or ``rep``);
  a treasure (shield, gem, magic);
- goon: its type (bandit, cultist…), ``N suspicion``, treasures, and a Bandit's resource;
- either: an effect code ``E1``…``E8`` (or ``L-E1``), a resource right after it being the one the
  card shows (L-E1);
- leader goal ``1 mindflayer`` (what it counts and the minimum); instant goal ``3 stars``;
  end-game goal ``gem`` (majority of) or ``4 stars``.

Words are English or the page's language, any case, singular or plural. The line becomes the
card's fact fields (:func:`fields`), so one reading of the fields (``forms``) checks them; a word
it does not know, a count with no word and a missing required fact are refused naming the card
and the part, in words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.games.lockup.model import EFFECTS, GOON_TYPES, RESOURCES, TREASURES
from companion.web.gameui.lockup import words

_TOKEN = re.compile(r"\d+|[^\s,;+\d][^\s,;+]*")
_EFFECT = re.compile(r"^(?:l-)?e(\d)$")


def split(raw: str) -> tuple[str, str | None]:
    """``(name, facts)`` of a name field; ``facts`` is None when no colon follows the name."""
    name, colon, facts = raw.rpartition(":")
    return (name.strip(), facts.strip()) if colon else (raw.strip(), None)


def _forms(*spellings: str) -> set[str]:
    """A word's spellings, lower case, singular and plural (``gem``, ``gems``)."""
    out = set()
    for spelled in spellings:
        word = spelled.strip().lower()
        if word and " " not in word:
            out |= {word, word + "s", word + "es"}
    return out


@words.per_language
def vocabulary() -> dict[str, tuple[str, str]]:
    """``{word: (part, value)}``: English and the page's language (parts: resource, reputation,
    treasure, goon, suspicion, stars)."""
    w = words.words()
    table: dict[str, tuple[str, str]] = {}
    for r in (*RESOURCES, "any"):
        table |= dict.fromkeys(_forms(r, w["resource"][r], _("any") if r == "any" else r), ("resource", r))
    for t in TREASURES:
        table |= dict.fromkeys(_forms(t, w["treasure"][t]), ("treasure", t))
    for g in GOON_TYPES:
        table |= dict.fromkeys(_forms(g, w["goon"][g]), ("goon", g))
    for part, spellings in (("reputation", ("reputation", "rep", _("reputation"))),
                            ("suspicion", ("suspicion", _("suspicion"))), ("stars", ("star", _("stars")))):
        table |= dict.fromkeys(_forms(*spellings), (part, part))
    return table


def _tokens(at: str, card: str, facts: str) -> list[tuple[int | None, str]]:
    """``[(count or None, word)]``; a count with no word after it is refused."""
    out: list[tuple[int | None, str]] = []
    count: str | None = None
    for token in _TOKEN.findall(facts):
        if token.isdigit():
            if count is not None:
                raise InputError(at, _("%(card)s: “%(n)s” has no word after it (%(n)s of what?)", card=card, n=count))
            count = token
            continue
        out.append((int(count) if count is not None else None, token.lower()))
        count = None
    if count is not None:
        raise InputError(at, _("%(card)s: “%(n)s” has no word after it (%(n)s of what?)", card=card, n=count))
    return out


def _unknown(at: str, card: str, word: str, kind: str) -> InputError:
    hints = {"item": _("a resource for the cost (scrap, iron, potion, gold, any), “reputation”, a treasure "
                       "(shield, gem, magic) or an effect E1 to E8"),
             "goon": _("its type (bandit, cultist, demon, dwarf, hobgoblin, ratfolk, mindflayer), “suspicion”, "
                       "a treasure, an effect E1 to E8 or a Bandit’s resource"),
             "goal": _("a treasure or a goon type with the minimum (leader goal), or “stars”")}
    return InputError(at, _("%(card)s: “%(word)s” is not a printed fact; write %(hint)s",
                                card=card, word=word, hint=hints[kind]))


def _missing(at: str, card: str, what: str) -> InputError:
    return InputError(at, _("%(card)s: the %(what)s is missing after the colon", card=card, what=what))


def _card_facts(at: str, card: str, kind: str, facts: str) -> dict[str, str]:
    """An item's or a goon's fact fields (suffixes of ``forms.ITEM_FACTS``/``GOON_FACTS``)."""
    table, out, counts = vocabulary(), {}, {}
    after_effect = False
    for n, word in _tokens(at, card, facts):
        effect = _EFFECT.match(word)
        part, value = ("effect", f"L-E{effect[1]}") if effect and f"L-E{effect[1]}" in EFFECTS else \
            table.get(word, (None, word))
        if after_effect and part == "resource" and n is None and value != "any":
            part = "shown"  # L-E1: the resource printed with the effect
        after_effect = part == "effect"
        key = _KEYS.get((kind, part)) or _KEYS.get(part)
        if key is None:
            raise _unknown(at, card, word, kind)
        if key in ("effect", "effect_resource", "type", "resource"):
            out[key] = value
        else:
            key = key.format(value)
            counts[key] = counts.get(key, 0) + (n or 1)
    if kind == "item" and "reputation" not in counts:
        raise _missing(at, card, _("reputation (for example “3 reputation”)"))
    if kind == "goon" and "type" not in out:
        raise _missing(at, card, _("goon type (for example “dwarf”)"))
    return {**out, **{key: str(n) for key, n in counts.items()}}


# Which field a part of the line fills (by kind of card, else for both): "{}" is the word's value.
_KEYS = {"effect": "effect", "shown": "effect_resource", "treasure": "t_{}", ("item", "resource"): "cost_{}",
         ("item", "reputation"): "reputation", ("goon", "goon"): "type", ("goon", "suspicion"): "suspicion",
         ("goon", "resource"): "resource"}


def _goal_facts(at: str, card: str, goal: str, facts: str) -> dict[str, str]:
    """A goal's fact fields: ``counts``/``minimum`` (leader), ``stars`` or ``treasure`` (end game)."""
    table = vocabulary()
    tokens = _tokens(at, card, facts)
    if len(tokens) != 1:
        raise _missing(at, card, _("one fact") if tokens else _("fact (for example “1 gem” or “3 stars”)"))
    n, word = tokens[0]
    part, value = table.get(word, (None, word))
    if goal == "leader" and part in ("treasure", "goon"):
        return {"counts": value, "minimum": str(n if n is not None else 1)}
    if goal != "leader" and part == "stars" and n is not None:
        return {"stars": str(n)}
    if goal == "end_game" and part == "treasure" and n is None:
        return {"treasure": value}
    raise _unknown(at, card, word if n is None else f"{n} {word}", "goal")


def fields(kind: str, raw: str, at: str, goal: str | None = None) -> tuple[str, dict[str, str] | None]:
    """``(name, fact fields)`` of a name field; the fields are None when it holds only a name.

    ``kind`` is item, goon or goal (then ``goal`` is leader, instant or end_game). Raises
    :class:`InputError` on ``at`` (the name field's path), in words naming the card and the part."""
    name, facts = split(raw)
    if facts is None:
        return raw.strip(), None
    card = name or _("this card")
    if not name:
        raise InputError(at, _("%(card)s: the name goes before the colon", card=card))
    if not facts:
        raise InputError(at, _("%(card)s: nothing follows the colon: type the card’s printed facts after it, or "
                                "its name alone", card=card))
    if kind == "goal":
        return name, _goal_facts(at, card, goal or "", facts)
    return name, _card_facts(at, card, kind, facts)


def overlay(form: Mapping, prefix: str, name: str, facts: dict[str, str], blank: tuple[str, ...]) -> dict:
    """The form with the card's name and its line's facts in its fields (``blank``: the card's
    other fact fields, emptied: the line says the whole card)."""
    out = {key: form.get(key) for key in form}
    out |= dict.fromkeys((prefix + f for f in blank), "")
    return out | {prefix + "name": name} | {prefix + key: value for key, value in facts.items()}
