"""Rattus Cartus forms: posted fields into the plain dicts the pure game and audit read.

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
from companion.games.rattus_cartus import audit
from companion.games.rattus_cartus.rules import CLASSES, GOLD_TWO_PLAYER_TIE_DEFAULT, MAX_PLAYERS, MIN_PLAYERS
from companion.web import fieldwords, formrows

SPECIALS: tuple[str, ...] = ("swords", "safe_conducts", "flutes")
COUNTS: tuple[str, ...] = ("hand_cards", *SPECIALS, "gold", "vp_tokens")
AUDIT_COUNTS: tuple[str, ...] = (*CLASSES, *COUNTS, "rats")
SKIP = ("csrf_token", "key", "form_version", "form_target")  # the last two: companion.web.live


def labels() -> dict[str, str]:
    """Words for every field name and scoring subject (translated per request)."""
    return {
        "peasantry": _("Peasantry"), "burghers": _("Burghers"), "church": _("Church"),
        "knighthood": _("Knighthood"), "royalty": _("Royalty"), "sorcery": _("Sorcery"),
        "hand_cards": _("Cards in hand"), "hand": _("Hand"), "swords": _("Swords"),
        "safe_conducts": _("Safe-conducts"), "flutes": _("Flutes"), "gold": _("Gold"),
        "vp_tokens": _("VP tokens"), "rats": _("Rat sum"), "nuns": _("Nuns"), "player": _("Player"),
        "players": _("Players"), "start_player": _("Start player"), "used": _("Treasury used"),
        "treasury_used": _("Treasury used"), "influence_class": _("Class"), "order": _("Stacking order"),
        "influence_ties": _("Influence ties"), "influence": _("Influence"), "name": _("Name"),
        "plague_survivor": _("Plague survivor option"), "gold_two_player_tie": _("Two-player Gold tie"),
        "title": _("Title"), "command": _("Form"), "kind": _("Action"),
    }


def label(path: str, names: Sequence[str] = ()) -> str:
    """A field path (``players[1].influence.church``) in words: "Azul · Influence · Church"."""
    return fieldwords.label(path, labels(), names)


def message(exc: InputError, names: Sequence[str] = (), player: str | None = None) -> str:
    """The error for a person: the field in words (with the player whose form it was), then what is wrong."""
    return fieldwords.message(exc, labels(), names, player)


def new_game_problems(exc: InputError, form: MultiDict) -> list[tuple[str, str]]:
    """Every problem of a refused new game as ``(form field, words)``."""
    return fieldwords.new_game_problems(exc, labels(), [n.strip() for n in form.getlist("players")][:MAX_PLAYERS])


def command_data(form: MultiDict, list_fields: Sequence[str] = ()) -> dict[str, Any]:
    """A command's fields from a form post. ``list_fields`` arrive as lists (one select per
    position); blank values are left out so the command's defaults apply, except that the game
    itself must see an empty required field to name it."""
    data: dict[str, Any] = {}
    for name, values in form.lists():
        if name in SKIP:
            continue
        values = [v.strip() for v in values]
        if name in list_fields:
            data[name] = [v for v in values if v]
        elif len(values) > 1:
            data[name] = values
        else:
            data[name] = values[0]
    return data


def drop_blank(data: dict[str, Any], optional: Sequence[str]) -> dict[str, Any]:
    """``data`` without blank optional fields (a blank count means "none")."""
    return {k: v for k, v in data.items() if not (k in optional and v == "")}


def new_game(form: MultiDict) -> tuple[str, dict[str, Any]]:
    """(title, setup) from the new-game form: names in seating order, the start seat or a draw."""
    names = [name.strip() for name in form.getlist("players")][:MAX_PLAYERS]
    seat = form.get("start_seat", "").strip()
    problems = fieldwords.seat_problems(names, MIN_PLAYERS, seat)  # every seat's problem at once
    if problems:
        raise fieldwords.FormProblems(problems)
    start = names[int(seat)] if seat else None  # blank: the companion draws the start player (setup step 9)
    setup = {
        "players": [name for name in names if name],
        "start_player": start,
        "plague_survivor": form.get("plague_survivor") == "on",
        "gold_two_player_tie": form.get("gold_two_player_tie", GOLD_TWO_PLAYER_TIE_DEFAULT),  # RC-F5
    }
    # Without a title, the players' names tell games apart in the home page's lists.
    title = form.get("title", "").strip()[:80] or ", ".join(setup["players"])[:80] or "Rattus Cartus"
    return title, setup


def number(text: str | None, path: str, required: bool = False) -> int:
    """A whole number typed in a form; blank is 0 unless ``required``. Negative numbers pass
    through so the audit names them ("must be a non-negative integer")."""
    text = (text or "").strip()
    if not text:
        if required:
            raise InputError(path, _("is required"))
        return 0
    if not re.fullmatch(r"-?\d{1,6}", text):
        raise InputError(path, _("must be a whole number"))
    return int(text)


def yes_no(text: str | None, path: str) -> bool:
    """A required yes/no radio choice."""
    if text not in ("yes", "no"):
        raise InputError(path, _("choose yes or no"))
    return text == "yes"


def audit_rows(form: MultiDict) -> list[int]:
    """Form rows that hold a player: a name or any number (the form always offers five)."""
    return formrows.filled_rows(form, AUDIT_COUNTS, MAX_PLAYERS)


def audit_names(form: MultiDict) -> list[str]:
    """Names of the players in the audit form, in document order (for error messages)."""
    return formrows.row_names(form, audit_rows(form))


def audit_document(form: MultiDict) -> audit.Document:
    """The validated audit document: every problem of the form and of the audit at once (``InputErrors``)."""
    return formrows.read_audit(form, audit_doc, audit.read)


def audit_problems(exc: InputError, form: MultiDict) -> list[tuple[str, str]]:
    """Every problem of a refused audit as ``(form field, words)``."""
    rows = audit_rows(form)
    return fieldwords.messages(exc, labels(), formrows.row_names(form, rows), lambda path: _audit_field(path, rows))


def _audit_field(path: str, rows: Sequence[int]) -> str:
    if path.startswith("influence_ties."):
        return "ties." + path.split(".")[1].split("[")[0]
    return formrows.row_field(path, rows)  # players[1].influence.church -> p3.church


def audit_doc(form: MultiDict, found: Problems | None = None) -> dict[str, Any]:
    """The audit document of ``cli-contracts.md`` from the audit form. With ``found``, every wrong
    field is noted there (a refused number stands as 0) instead of raised."""
    noted = found if found is not None else Problems()
    doc: dict[str, Any] = {
        "game": "rattus-cartus",
        "treasury_used": noted.check(yes_no, form.get("treasury_used"), "treasury_used", default=False),
        "nuns": noted.check(number, form.get("nuns"), "nuns", required=True, default=0),
        "players": [_audit_row(form, row, i, noted) for i, row in enumerate(audit_rows(form))],
        "plague_survivor": form.get("plague_survivor") == "on",
        "gold_two_player_tie": form.get("gold_two_player_tie", GOLD_TWO_PLAYER_TIE_DEFAULT),  # RC-F5
    }
    # Names as the rows spell them: a tie typed "ana, BEN" is Ana's and Ben's (case does not matter).
    spelled = {row["name"].casefold(): row["name"] for row in doc["players"] if row["name"]}
    ties = {cls: [spelled.get(name.casefold(), name) for name in order]
            for cls in CLASSES if (order := _names_list(form.get(f"ties.{cls}")))}
    if ties:
        doc["influence_ties"] = ties
    if found is None:
        noted.raise_any()
    return doc


def _audit_row(form: MultiDict, row: int, index: int, found: Problems) -> dict[str, Any]:
    # Paths use the document index, as the audit's own errors do.
    path = f"players[{index}]"
    values = {field: found.check(number, form.get(f"p{row}.{field}"), f"{path}.{field}", default=0)
              for field in AUDIT_COUNTS}
    influence = {cls: values.pop(cls) for cls in CLASSES}
    return {"name": form.get(f"p{row}.name", "").strip(), "influence": influence, **values}


def _names_list(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]
