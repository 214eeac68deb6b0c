"""A game scored on paper, entered by the host so it counts in the records (issue 24).

The form takes the date, a title, and each player's name and final score (up to six rows; blank
rows are skipped). The highest score wins, a tie is shared; a Lockup solo game takes the level and
the guards' total instead, and the player wins only above the guards (L-SO14: a tie goes to them).
Each bad field gets a message naming it; nothing is kept until the whole form is right.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.web.base import get_store
from companion.web.records import pages, projection
from companion.web.registry import has_solo_records

ROWS = 6
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def _score(form: Mapping[str, str], field: str, label: str, errors: dict) -> int | None:
    raw = (form.get(field) or "").strip()
    if re.fullmatch(r"-?\d{1,4}", raw):
        return int(raw)
    errors[field] = _("%(field)s: type a whole number, not “%(typed)s”.", field=label, typed=raw)
    return None


def _people(form: Mapping[str, str], errors: dict) -> list[dict]:
    people = []
    for i in range(1, ROWS + 1):
        name = " ".join((form.get(f"name-{i}") or "").split())[:60]
        if not name:
            continue
        score = _score(form, f"score-{i}", _("Score of %(name)s", name=name), errors)
        people.append({"name": name, "score": score or 0, "winner": False, "start": False, "lost": False,
                       "parts": {}})
    keys = [p["name"].casefold() for p in people]
    if not people:
        errors["name-1"] = _("Players: type at least one name and its score.")
    elif len(set(keys)) != len(keys):
        errors["name-1"] = _("Players: each name only once.")
    return people


def parse(kind: str, form: Mapping[str, str]) -> tuple[dict | None, dict]:
    """The play the form describes, or ``None`` and the messages by field."""
    errors: dict[str, str] = {}
    date = (form.get("date") or "").strip()
    if not DATE.fullmatch(date):
        errors["date"] = _("Date: pick the day the game was played.")
    people = _people(form, errors)
    solo = has_solo_records(kind) and form.get("mode") == "solo"
    play = {"game_id": f"paper-{secrets.token_hex(6)}", "kind": kind, "ended": f"{date} 12:00:00",
            "title": " ".join((form.get("title") or "").split())[:80] or _("Scored on paper"),
            "mode": "solo" if solo else "multi", "level": None, "origin": "paper", "guards": None, "curve": None,
            "players": people}
    if solo:
        play["level"] = form.get("level") if form.get("level") in pages.LEVELS else None
        if play["level"] is None:
            errors["level"] = _("Level: pick the variant and the guards' difficulty.")
        play["guards"] = _score(form, "guards", _("Guards' total"), errors)
        if len(people) != 1:
            errors["name-1"] = _("Players: a solo game has one player (the guards have their own field).")
    if errors:
        return None, errors
    if solo:
        people[0]["winner"] = people[0]["score"] > play["guards"]
    else:
        best = max(p["score"] for p in people)
        for p in people:
            p["winner"] = p["score"] == best
    return play, errors


def enter(kind: str):
    """GET: the form; POST: keep the play and show the records page."""
    if kind not in pages.GAMES:
        abort(404)
    form = request.form if request.method == "POST" else {}
    errors: dict[str, str] = {}
    if request.method == "POST":
        play, errors = parse(kind, form)
        if play is not None:
            projection.add_entered(get_store(), [play])
            return redirect(url_for("records.show", kind=kind), 303)
    levels = [(lv, pages.level_label(lv)) for lv in pages.LEVELS]
    return render_template("records/enter.html", kind=kind, game_name=pages.GAMES[kind], form=form, errors=errors,
                           rows=ROWS, levels=levels), 422 if errors else 200
