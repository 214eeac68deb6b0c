"""Reading Lockup form fields: whole numbers, cube counts and card faces, each error naming its field.

Field paths in messages follow the engine's (``display[1].cost.any``) so one wording covers the
form and the engine's own validation. A card whose name is in the catalog may leave its printed
facts blank: the catalogued face is used (``box-profile.md``: entered once, picked afterwards).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.games.lockup.model import EFFECTS, GOON_TYPES, RESOURCES, TREASURES
from companion.web.gameui.lockup import cards

ITEM_FACTS = ("cost_scrap", "cost_iron", "cost_potion", "cost_gold", "cost_any", "reputation",
              "t_shield", "t_gem", "t_magic", "effect", "effect_resource")
GOON_FACTS = ("type", "suspicion", "t_shield", "t_gem", "t_magic", "effect", "effect_resource", "resource")


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


def _treasures(form: Mapping, prefix: str, path: str) -> list[str]:
    out: list[str] = []
    for t in TREASURES:
        out += [t] * number(form, f"{prefix}t_{t}", f"{path}.treasures.{t}")
    return out


def _known(kind: str, name: str) -> dict | None:
    """The catalogued face of a card by name (a copy: the caller may change it), or None."""
    face = cards.lookup(kind, name)
    return dict(face) if face else None


def _blank(form: Mapping, prefix: str, facts) -> bool:
    return not any(text(form, prefix + f) for f in facts)


def _effect(form: Mapping, prefix: str, path: str) -> dict:
    return {"effect": choice(form, f"{prefix}effect", f"{path}.effect", EFFECTS, required=False),
            "effect_resource": choice(form, f"{prefix}effect_resource", f"{path}.effect_resource", RESOURCES,
                                      required=False)}


def item_face(form: Mapping, prefix: str, path: str) -> dict:
    """An item face from the form, or from the catalog when only a known name is given."""
    name = text(form, f"{prefix}name")
    if not name:
        raise InputError(f"{path}.name", _("is required"))
    known = _known("item", name)
    if known and _blank(form, prefix, ITEM_FACTS):
        return known
    cost = cube_counts(form, f"{prefix}cost_", f"{path}.cost", (*RESOURCES, "any"))
    return {"name": name, "cost": cost, "reputation": number(form, f"{prefix}reputation", f"{path}.reputation",
                                                             blank=None),
            "treasures": _treasures(form, prefix, path), **_effect(form, prefix, path)}


def goon_face(form: Mapping, prefix: str, path: str) -> dict:
    """A goon face from the form, or from the catalog when only a known name is given."""
    name = text(form, f"{prefix}name")
    if not name:
        raise InputError(f"{path}.name", _("is required"))
    known = _known("goon", name)
    if known and _blank(form, prefix, GOON_FACTS):
        return known
    kind = choice(form, f"{prefix}type", f"{path}.type", GOON_TYPES)
    return {"name": name, "type": kind, "suspicion": number(form, f"{prefix}suspicion", f"{path}.suspicion"),
            "treasures": _treasures(form, prefix, path), **_effect(form, prefix, path),
            "resource": choice(form, f"{prefix}resource", f"{path}.resource", RESOURCES, required=False)}


def goal_face(form: Mapping, prefix: str, path: str, kind: str) -> dict:
    """A goal face of ``kind`` (leader, instant, end_game), or the catalogued one by name."""
    name = text(form, f"{prefix}name")
    if not name:
        raise InputError(f"{path}.name", _("is required"))
    facts = ("counts", "minimum", "stars", "treasure")
    known = _known("goal", name)
    if known and known.get("kind") == kind and _blank(form, prefix, facts):
        return known
    if kind == "leader":
        counts = choice(form, f"{prefix}counts", f"{path}.counts", (*TREASURES, *GOON_TYPES))
        return {"name": name, "kind": kind, "counts": counts,
                "minimum": number(form, f"{prefix}minimum", f"{path}.minimum", blank=None)}
    treasure = choice(form, f"{prefix}treasure", f"{path}.treasure", TREASURES, required=False)
    if kind == "end_game" and treasure:
        return {"name": name, "kind": kind, "treasure": treasure}
    return {"name": name, "kind": kind, "stars": number(form, f"{prefix}stars", f"{path}.stars", blank=None)}


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
