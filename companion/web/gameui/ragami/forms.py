"""Ragami forms: posted fields into the plain dicts the pure game and audit read.

Nothing here decides a rule: the game's ``start``/``command_from_dict`` and the audit's ``run``
validate, and their ``InputError`` names the field; :func:`message` turns that path into words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from companion.core.errors import InputError
from companion.core.problems import Problems
from companion.games.ragami import FIELDS, audit, setup_tokens
from companion.games.ragami.rules import MAX_PLAYERS, MIN_PLAYERS
from companion.web import fieldwords, formrows

SKIP = ("csrf_token", "key", "form_version", "form_target")  # the last two: companion.web.live
AUDIT_COUNTS: tuple[str, ...] = ("vp", "conflicts", "white_cubes")


def labels() -> dict[str, str]:
    """Words for every field name (translated per request)."""
    return {
        "player": _("Player"), "players": _("Players"), "name": _("Name"), "colour": _("Colour"),
        "start_player": _("Start player"), "die_value": _("Conflict die"), "saints": _("Saints on the conflict"),
        "helper": _("Helping Ragami"), "white_cubes_spent": _("White cubes spent"),
        "virtue_spent": _("Virtue points spent"), "demons": _("Demons purified"), "vp": _("VP"),
        "count": _("White cubes"), "reason": _("Why"), "value": _("Virtue die"), "tokens": _("Location tokens"),
        "conflicts": _("Conflicts resolved"), "white_cubes": _("White cubes"), "title": _("Title"),
        "command": _("Form"), "kind": _("Action"),
        "bonus_needs_conflict": _("No conflicts bonus without a conflict resolved (RG-I1)"),
        "setup_tokens": _("Set-up"), **setup_token_labels(),
    }


def setup_token_labels() -> dict[str, str]:
    """The set-up's location token fields in words (RG-T2), in form order."""
    return {"conflict_tokens": _("Location tokens of the conflict dice"),
            "demon_tokens": _("Location tokens of the demons"),
            "saint_tokens": _("Location tokens of the neutral saints")}


def colour_labels() -> dict[str, str]:
    """The four player colours in words (RG-T1)."""
    return {"yellow": _("yellow"), "green": _("green"), "blue": _("blue"), "purple": _("purple")}


def label(path: str, names: Sequence[str] = ()) -> str:
    """A field path (``players[1].conflicts``) in words: "Verde · Conflicts resolved"."""
    return fieldwords.label(path, labels(), names)


def message(exc: InputError, names: Sequence[str] = (), player: str | None = None) -> str:
    """The error for a person: the field in words (with the player whose form it was), then what is wrong."""
    return fieldwords.message(exc, labels(), names, player)


def command_data(kind: str, form: MultiDict) -> dict[str, Any]:
    """A command's fields from a form post. List fields (saints, tokens) arrive as one control
    per value; blank optional fields are left out so the command's defaults apply, while a blank
    required field stays, so the game names it."""
    specs = {spec.name: spec for spec in FIELDS.get(kind, ())}
    data: dict[str, Any] = {}
    for name, values in form.lists():
        if name in SKIP:
            continue
        values = [v.strip() for v in values]
        spec = specs.get(name)
        if spec is not None and spec.type in ("players", "integers"):
            data[name] = [v for v in values if v]
        elif len(values) > 1:
            data[name] = values
        elif values[0] or spec is None or spec.required:
            data[name] = values[0]
    return data


def new_game(form: MultiDict) -> tuple[str, dict[str, Any]]:
    """(title, setup) from the new-game form: names clockwise with colours, the start seat or a draw."""
    names = [name.strip() for name in form.getlist("players")][:MAX_PLAYERS]
    colours = form.getlist("colours")
    seats = []
    for i, name in enumerate(names):
        if name:
            colour = colours[i] if i < len(colours) else ""
            seats.append({"name": name, "colour": colour} if colour else {"name": name})
    seat = form.get("start_seat", "").strip()
    problems = fieldwords.seat_problems(names, MIN_PLAYERS, seat) + _colour_problems(names, colours)
    if problems:  # every seat's problem at once
        raise fieldwords.FormProblems(problems)
    start = names[int(seat)] if seat else None  # blank: the companion draws the start player
    # Without a title, the players' names tell games apart in the home page's lists.
    title = form.get("title", "").strip()[:80] or ", ".join(s["name"] for s in seats)[:80] or "Ragami"
    setup = {"players": seats, "start_player": start, "bonus_needs_conflict": ticked_by_default(form)}
    drawn = {name: form.get(name, "").strip() for name in setup_tokens.FIELDS}
    if any(drawn.values()):  # all blank: the first round asks for them (RG-T2)
        setup["setup_tokens"] = drawn
    return title, setup


def _colour_problems(names: list[str], colours: list[str]) -> list[tuple[str, str]]:
    """A colour chosen for two seats with a name (RG-T1: one colour each)."""
    chosen = [colours[i] if i < len(colours) and name else "" for i, name in enumerate(names)]
    return [(f"colour-{i}", _("%(field)s: %(problem)s", field=_("Seat %(n)d", n=i + 1),
                                 problem=_("the same colour as seat %(n)d", n=chosen.index(c) + 1)))
            for i, c in enumerate(chosen) if c and c in chosen[:i]]


def new_game_problems(exc: InputError, form: MultiDict) -> list[tuple[str, str]]:
    """Every problem of a refused new game as ``(form field, words)``; a set-up token's problem
    marks its whole box (``setup_tokens.demon_tokens[2]`` -> ``setup_tokens.demon_tokens``)."""
    names = [n.strip() for n in form.getlist("players")][:MAX_PLAYERS]
    return [(field.split("[")[0] if field.startswith("setup_tokens.") else field, words)
            for field, words in fieldwords.new_game_problems(exc, labels(), names)]


def ticked_by_default(form: MultiDict, name: str = "bonus_needs_conflict") -> bool:
    """A checkbox that is on unless unticked: the form sends a hidden "off" before the box's "on",
    so a shown form left unticked reads off, while a post without the field keeps the default."""
    values = form.getlist(name)
    return not values or "on" in values


def number(text: str | None, path: str) -> int:
    """A whole number typed in a form (blank is 0). Negative numbers pass through so the audit
    names them ("must be a non-negative integer")."""
    text = (text or "").strip()
    if not text:
        return 0
    if not re.fullmatch(r"-?\d{1,6}", text):
        raise InputError(path, _("must be a whole number"))
    return int(text)


def audit_rows(form: MultiDict) -> list[int]:
    """Form rows that hold a player: a name or any number (the form always offers four)."""
    return formrows.filled_rows(form, AUDIT_COUNTS, MAX_PLAYERS)


def audit_names(form: MultiDict) -> list[str]:
    """Names of the players in the audit form, in document order (for error messages)."""
    return formrows.row_names(form, audit_rows(form))


def audit_document(form: MultiDict):
    """The validated players and options: every problem of the form and of the audit at once (``InputErrors``)."""
    return formrows.read_audit(form, audit_doc, audit.read)


def audit_problems(exc: InputError, form: MultiDict) -> list[tuple[str, str]]:
    """Every problem of a refused audit as ``(form field, words)``."""
    rows = audit_rows(form)
    return fieldwords.messages(exc, labels(), formrows.row_names(form, rows), lambda p: formrows.row_field(p, rows))


def audit_doc(form: MultiDict, found: Problems | None = None) -> dict[str, Any]:
    """The audit document of ``cli-contracts.md`` from the audit form. With ``found``, every wrong
    field is noted there (a refused number stands as 0) instead of raised."""
    noted = found if found is not None else Problems()
    players = []
    for index, row in enumerate(audit_rows(form)):
        # Paths use the document index, as the audit's own errors do.
        counts = {f: noted.check(number, form.get(f"p{row}.{f}"), f"players[{index}].{f}", default=0)
                  for f in AUDIT_COUNTS}
        players.append({"name": form.get(f"p{row}.name", "").strip(), **counts})
    if found is None:
        noted.raise_any()
    return {"game": "ragami", "players": players, "bonus_needs_conflict": ticked_by_default(form)}
