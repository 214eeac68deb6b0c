"""Reading Lockup form fields: whole numbers, cube counts and card faces, each error naming its field;
and the other way round, the fields a person fills in for a card face.

Field paths in messages follow the engine's (``display[1].cost.any``) so one wording covers the
form and the engine's own validation; a card face reports every problem of the card at once. A
card whose name is in the catalog may leave its printed facts blank: the catalogued face is used
(``box-profile.md``: entered once, picked afterwards).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.core.problems import Problems
from companion.games.lockup.cards import parse_goal, parse_goon, parse_item
from companion.games.lockup.model import EFFECTS, GOON_TYPES, RESOURCES, TREASURES
from companion.web.gameui.lockup import cards, notation

ITEM_FACTS = ("cost_scrap", "cost_iron", "cost_potion", "cost_gold", "cost_any", "reputation",
              "t_shield", "t_gem", "t_magic", "effect", "effect_resource")
GOON_FACTS = ("type", "suspicion", "t_shield", "t_gem", "t_magic", "effect", "effect_resource", "resource")
GOAL_FACTS = ("counts", "minimum", "stars", "treasure")


def with_line(form: Mapping, prefix: str, path: str, kind: str, goal: str | None = None) -> Mapping:
    """The form with a card's one-line facts (``Name: 2 iron, 3 reputation``, :mod:`.notation`)
    read into its fact fields; the form itself when the name field holds only a name."""
    facts = {"item": ITEM_FACTS, "goon": GOON_FACTS, "goal": GOAL_FACTS}[kind]
    raw = text(form, f"{prefix}name")
    if ":" not in raw or _known(kind, raw):  # a catalogued name may hold a colon of its own
        return form
    name, read = notation.fields(kind, raw, f"{path}.name", goal)
    return form if read is None else notation.overlay(form, prefix, name, read, facts)


def text(form: Mapping, name: str) -> str:
    """A trimmed text field ('' when absent)."""
    return (form.get(name) or "").strip()


def number(form: Mapping, name: str, path: str, blank: int | None = 0, signed: bool = False) -> int:
    """A whole number; blank gives ``blank`` (None: the field is required)."""
    raw = text(form, name)
    if not raw:
        if blank is None:
            raise InputError(path, _("is required"))
        return blank
    try:
        value = int(raw)
    except ValueError:
        raise InputError(path, _("must be a whole number")) from None
    if value < 0 and not signed:
        raise InputError(path, _("must be 0 or more"))
    return value


def cube_counts(form: Mapping, prefix: str, path: str, names=RESOURCES) -> dict:
    """``{resource: n}`` from fields ``<prefix><resource>`` (zeros left out)."""
    out = {r: number(form, f"{prefix}{r}", f"{path}.{r}") for r in names}
    return {r: n for r, n in out.items() if n}


def choice(form: Mapping, name: str, path: str, options, required: bool = True) -> str | None:
    """One of ``options``; blank is None unless required."""
    value = text(form, name)
    if not value:
        if required:
            raise InputError(path, _("choose one"))
        return None
    if value not in options:
        raise InputError(path, _("is not one of the choices"))
    return value


def _treasures(form: Mapping, prefix: str, path: str, found: Problems) -> list[str]:
    out: list[str] = []
    for t in TREASURES:
        out += [t] * found.check(number, form, f"{prefix}t_{t}", f"{path}.treasures.{t}", default=0)
    return out


def _counts(form: Mapping, prefix: str, path: str, names, found: Problems) -> dict:
    out = {r: found.check(number, form, f"{prefix}{r}", f"{path}.{r}", default=0) for r in names}
    return {r: n for r, n in out.items() if n}


def _known(kind: str, name: str) -> dict | None:
    """The catalogued face of a card by name (a copy: the caller may change it), or None."""
    face = cards.lookup(kind, name)
    return dict(face) if face else None


def _blank(form: Mapping, prefix: str, facts) -> bool:
    return not any(text(form, prefix + f) for f in facts)


def _effect(form: Mapping, prefix: str, path: str, found: Problems) -> dict:
    return {"effect": found.check(choice, form, f"{prefix}effect", f"{path}.effect", EFFECTS, required=False),
            "effect_resource": found.check(choice, form, f"{prefix}effect_resource", f"{path}.effect_resource",
                                           RESOURCES, required=False)}


def _named(form: Mapping, prefix: str, path: str, found: Problems) -> str:
    name = text(form, f"{prefix}name")
    if not name:
        found.add(f"{path}.name", _("is required"))
    return name


def _face(found: Problems, doc: dict, parse, *args) -> dict:
    """``doc`` after the engine's own checks of the card (L-E1, L-P4) ran too: every problem at once."""
    found.check(parse, doc, *args)  # a field the form already refused keeps the form's words
    found.raise_any()
    return doc


def _named_face(form: Mapping, prefix: str, path: str, found: Problems, kind: str, facts) -> tuple[str, dict | None]:
    """The card's name, and its catalog face when only a known name is given (else ``None``);
    an empty card raises at once: its name is what to ask for."""
    name = _named(form, prefix, path, found)
    blank = _blank(form, prefix, facts)
    known = _known(kind, name) if name else None
    if known and blank:
        return name, known
    if not name and blank:
        found.raise_any()
    return name, None


def item_face(form: Mapping, prefix: str, path: str) -> dict:
    """An item face from the form, or from the catalog when only a known name is given.

    Every problem of the card is raised at once (:class:`InputErrors`, one path per field)."""
    form, found = with_line(form, prefix, path, "item"), Problems()
    name, known = _named_face(form, prefix, path, found, "item", ITEM_FACTS)
    if known:
        return known
    reputation = found.check(number, form, f"{prefix}reputation", f"{path}.reputation", blank=None)
    doc = {"name": name, "cost": _counts(form, f"{prefix}cost_", f"{path}.cost", (*RESOURCES, "any"), found),
           "reputation": reputation, "treasures": _treasures(form, prefix, path, found),
           **_effect(form, prefix, path, found)}
    return _face(found, doc, parse_item, path)


def goon_face(form: Mapping, prefix: str, path: str) -> dict:
    """A goon face from the form, or from the catalog when only a known name is given (every problem at once)."""
    form, found = with_line(form, prefix, path, "goon"), Problems()
    name, known = _named_face(form, prefix, path, found, "goon", GOON_FACTS)
    if known:
        return known
    doc = {"name": name, "type": found.check(choice, form, f"{prefix}type", f"{path}.type", GOON_TYPES),
           "suspicion": found.check(number, form, f"{prefix}suspicion", f"{path}.suspicion", default=0),
           "treasures": _treasures(form, prefix, path, found), **_effect(form, prefix, path, found),
           "resource": found.check(choice, form, f"{prefix}resource", f"{path}.resource", RESOURCES, required=False)}
    return _face(found, doc, parse_goon, path)


def goal_face(form: Mapping, prefix: str, path: str, kind: str) -> dict:
    """A goal face of ``kind`` (leader, instant, end_game), or the catalogued one by name (every problem at once)."""
    form, found = with_line(form, prefix, path, "goal", kind), Problems()
    name = _named(form, prefix, path, found)
    known = _known("goal", name) if name else None
    if known and known.get("kind") == kind and _blank(form, prefix, GOAL_FACTS):
        return known
    if not name and _blank(form, prefix, GOAL_FACTS):
        found.raise_any()
    if kind == "leader":
        doc = {"name": name, "kind": kind,
               "counts": found.check(choice, form, f"{prefix}counts", f"{path}.counts", (*TREASURES, *GOON_TYPES)),
               "minimum": found.check(number, form, f"{prefix}minimum", f"{path}.minimum", blank=None)}
        return _face(found, doc, parse_goal, path, kind)
    treasure = found.check(choice, form, f"{prefix}treasure", f"{path}.treasure", TREASURES, required=False)
    if kind == "end_game" and treasure:
        return _face(found, {"name": name, "kind": kind, "treasure": treasure}, parse_goal, path, kind)
    stars = found.check(number, form, f"{prefix}stars", f"{path}.stars", blank=None)
    return _face(found, {"name": name, "kind": kind, "stars": stars}, parse_goal, path, kind)


# The other way round: a face's fields (step 2 filled in with the last game's cards, setup_memory;
# the scripted games of the tests and benchmarks, formdriver).


def count_fields(prefix: str, cubes: dict, names=RESOURCES) -> dict:
    """The fields of cube counts (``<prefix><resource>``), the zero ones left out."""
    return {f"{prefix}{r}": str(cubes[r]) for r in names if cubes.get(r)}


def item_fields(prefix: str, face: dict) -> dict:
    """The card-entry fields of an item face."""
    out = {f"{prefix}name": face["name"], f"{prefix}reputation": str(face["reputation"]),
           **count_fields(f"{prefix}cost_", face.get("cost", {}), (*RESOURCES, "any"))}
    return {**out, **_facts(prefix, face)}


def goon_fields(prefix: str, face: dict) -> dict:
    """The card-entry fields of a goon face."""
    out = {f"{prefix}name": face["name"], f"{prefix}type": face["type"],
           f"{prefix}suspicion": str(face.get("suspicion", 0))}
    if face.get("resource"):
        out[f"{prefix}resource"] = face["resource"]
    return {**out, **_facts(prefix, face)}


def _facts(prefix: str, face: dict) -> dict:
    out = {f"{prefix}t_{t}": str(face.get("treasures", []).count(t)) for t in TREASURES
           if t in face.get("treasures", [])}
    if face.get("effect"):
        out[f"{prefix}effect"] = face["effect"]
    if face.get("effect_resource"):
        out[f"{prefix}effect_resource"] = face["effect_resource"]
    return out


def goal_fields(prefix: str, face: dict) -> dict:
    """The fields of a goal face."""
    out = {f"{prefix}name": face["name"]}
    for key in ("counts", "minimum", "treasure", "stars"):
        if face.get(key) is not None:
            out[f"{prefix}{key}"] = str(face[key])
    return out


def indexes(form: Mapping, name: str, path: str, size: int) -> list[int]:
    """Checked indexes (checkbox values) into a list of ``size`` entries."""
    out = []
    for raw in form.getlist(name) if hasattr(form, "getlist") else []:
        try:
            i = int(raw)
        except ValueError:
            raise InputError(path, _("is not one of the choices")) from None
        if not 0 <= i < size:
            raise InputError(path, _("is not one of the choices"))
        out.append(i)
    return out
