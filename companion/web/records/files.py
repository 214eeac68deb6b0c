"""Records files (issue 24): every play of a game as one BG Stats file (a JSON list of the same
``createPlay`` documents as a single game's export, :mod:`companion.web.bgstats`) and as CSV (one
row per player per game, columns in docs/records.md), and reading either back from another host.

Reading refuses a bad file whole, naming the line and the column; the plays read carry their
original game ids, so importing the same plays twice (or plays this device recorded) adds nothing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from flask_babel import gettext as _

from companion.core import records as R
from companion.web import bgstats
from companion.web.registry import has_solo_records

COLUMNS = ("game_id", "game", "date", "title", "mode", "level", "origin", "players", "player", "score", "winner",
           "start_player", "lost_to_plague", "nuns", "guards", "curve", "parts")
NAMES = {"lockup": "Lockup: A Roll Player Tale", "rattus-cartus": "Rattus Cartus", "ragami": "Ragami"}
KINDS = {name: kind for kind, name in NAMES.items()}
LEVELS = tuple(f"{v}/{d}" for v in ("standard", "advanced") for d in ("easy", "demanding", "expert"))
MAX_PLAYS = 5000  # a records file of a whole club fits; a larger one is refused


class BadFile(ValueError):
    """A records file that cannot be read: the message names the line and the field."""


def comments(play: dict) -> str | None:
    """The BG Stats comments of a play, in the exporting reader's language (the single-game words)."""
    if play.get("guards") is not None:
        return _("Solo against the guards: guards %(total)s", total=play["guards"])
    wiped = [s["name"] for s in play["players"] if s.get("lost")]
    if wiped and play["kind"] == "rattus-cartus":
        return _("Wiped out by the plague (%(nuns)s Nuns): %(players)s", nuns=play.get("nuns", "?"),
                 players=", ".join(wiped))
    return None


def bgstats_doc(play: dict) -> dict:
    """A records play as a BG Stats ``createPlay`` document."""
    people = [bgstats.player(s["name"], s["score"], s["winner"], s["start"]) for s in play["players"]]
    return bgstats.play({"id": play["game_id"]}, play["ended"], NAMES[play["kind"]], play["kind"], people,
                        comments(play))


def bgstats_file(plays: Sequence[dict]) -> str:
    """Every play as one BG Stats file: a JSON list of ``createPlay`` documents."""
    return json.dumps([bgstats_doc(p) for p in plays], ensure_ascii=False, indent=2)


def csv_file(plays: Sequence[dict]) -> str:
    """Every play as CSV: one row per player per game (the columns of docs/records.md)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for play in plays:
        for seat in play["players"]:
            writer.writerow([
                play["game_id"], play["kind"], play["ended"], play["title"], play["mode"], play.get("level") or "",
                play.get("origin") or "app", len(play["players"]), seat["name"], seat["score"], int(seat["winner"]),
                int(seat["start"]), int(bool(seat.get("lost"))), "" if play.get("nuns") is None else play["nuns"],
                "" if play.get("guards") is None else play["guards"],
                " ".join(str(v) for v in play.get("curve") or []),
                ";".join(f"{k}={v}" for k, v in (seat.get("parts") or {}).items()),
            ])
    return out.getvalue()


def read(text: str) -> list[dict]:
    """The plays of a records file: a BG Stats file (JSON) or a records CSV, checked whole."""
    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith(("[", "{")):
        return _read_bgstats(stripped)
    return _read_csv(stripped)


def _number(value: str | None, line: int, column: str, blank: Any = 0) -> Any:
    value = value or ""  # a short row leaves its last columns out (None)
    if value.strip() == "":
        return blank
    try:
        return int(value)
    except ValueError:
        raise BadFile(_("Line %(line)s, column %(column)s: a whole number, not “%(typed)s”.", line=line,
                        column=column, typed=value)) from None


def _read_csv(text: str) -> list[dict]:
    rows = csv.DictReader(io.StringIO(text))
    missing = [c for c in COLUMNS if c not in (rows.fieldnames or ())]
    if missing:
        raise BadFile(_("Line 1: the columns %(columns)s are missing (see the records help).",
                        columns=", ".join(missing)))
    plays: dict[str, dict] = {}
    for line, row in enumerate(rows, start=2):
        play = plays.get(row["game_id"]) or plays.setdefault(row["game_id"], _csv_play(row, line))
        parts = {}
        for item in filter(None, (row["parts"] or "").split(";")):
            key, _sep, value = item.partition("=")
            parts[key] = _number(value, line, "parts")
        play["players"].append({"name": _text(row["player"], line, "player"),
                                "score": _number(row["score"], line, "score"),
                                "winner": row["winner"] == "1", "start": row["start_player"] == "1",
                                "lost": row["lost_to_plague"] == "1", "parts": parts})
        if len(plays) > MAX_PLAYS:
            raise BadFile(_("The file holds more than %(count)s plays.", count=MAX_PLAYS))
    return list(plays.values())


def _text(value: str | None, line: int, column: str) -> str:
    text = " ".join((value or "").split())
    if not text or len(text) > 200:
        raise BadFile(_("Line %(line)s, column %(column)s: must not be empty (200 characters at most).",
                        line=line, column=column))
    return text


def _csv_play(row: dict, line: int) -> dict:
    if (row["game"] or "") not in NAMES:
        raise BadFile(_("Line %(line)s, column %(column)s: not a game of this app: “%(typed)s”.", line=line,
                        column="game", typed=row["game"]))
    curve = [_number(v, line, "curve") for v in (row["curve"] or "").split()]
    return {"game_id": _text(row["game_id"], line, "game_id"), "kind": row["game"],
            "ended": _date(row["date"], line, "date"), "title": (row["title"] or "").strip(),
            "mode": "solo" if row["mode"] == "solo" else "multi",
            "level": row["level"] if row["level"] in LEVELS else None,
            "origin": "import", "guards": _number(row["guards"], line, "guards", None), "curve": curve or None,
            "players": [], **({"nuns": _number(row["nuns"], line, "nuns")} if row["nuns"] else {})}


def _date(value: str | None, line: int, column: str) -> str:
    value = value or ""
    try:
        return datetime.fromisoformat(value.strip()).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        raise BadFile(_("Line %(line)s, column %(column)s: a date and time (year-month-day hours:minutes), not "
                        "“%(typed)s”.", line=line, column=column, typed=value)) from None


def _read_bgstats(text: str) -> list[dict]:
    try:
        docs = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadFile(_("Line %(line)s: not JSON (%(problem)s).", line=exc.lineno, problem=exc.msg)) from None
    except (ValueError, RecursionError):  # nested too deep, or a number too long to read
        raise BadFile(_("Line %(line)s: not JSON (%(problem)s).", line=1, problem="…")) from None
    docs = docs if isinstance(docs, list) else [docs]
    if len(docs) > MAX_PLAYS:
        raise BadFile(_("The file holds more than %(count)s plays.", count=MAX_PLAYS))
    return [_bgstats_play(doc, n) for n, doc in enumerate(docs, start=1)]


def _bgstats_play(doc: Any, n: int) -> dict:
    try:
        kind = doc["game"]["sourceGameId"]
        people = [R.new_seat(_text(p["name"], n, "players.name"), int(p["score"]), p["winner"],
                             p.get("startPlayer"), {}) for p in doc["players"]]
        play = R.new_play(_text(str(doc["sourcePlayId"]), n, "sourcePlayId"), kind,
                          _date(str(doc["playDate"]), n, "playDate"), "", people, origin="import")
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, BadFile):
            raise
        raise BadFile(_("Play %(number)s: not a BG Stats play of this app (%(problem)s).", number=n,
                        problem=str(exc))) from None
    if kind not in NAMES:
        raise BadFile(_("Play %(number)s: not a game of this app: “%(typed)s”.", number=n, typed=kind))
    if has_solo_records(kind) and len(people) == 1:
        play["mode"] = "solo"  # BG Stats keeps no level: the play counts under "level unknown"
    return play
