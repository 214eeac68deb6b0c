"""The context of the end screen of a finished Lockup game (``lockup_end/_final.html``).

Everything shown is derived from the fold and the stored records; nothing is recorded here.
The game is finished, so nothing on this screen is hidden information any more.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import url_for
from flask_babel import gettext as _

from companion.core import history
from companion.games.lockup.engine import reputation_log
from companion.web.base import get_store
from companion.web.gameui.lockup.end import bgstats
from companion.web.gameui.lockup.end.breakdown import audit_doc, explain
from companion.web.gameui.lockup.end.chart import geometry, reputation_by_round, round_of_events
from companion.web.i18n import text
from companion.web.registry import ui_for


def effective_records(game: dict) -> list:
    """The stored records of the commands in effect (their index is the engine's event number)."""
    return history.effective(get_store().events(game["id"]))


def final_context(state: Any, game: dict, records: Sequence[Any] | None = None,
                  counted: Mapping[str, str] | None = None) -> dict:
    """``{"final": ...}`` for ``lockup_end/_final.html``: breakdown, chart, audit trail, check, exports.

    ``state`` is the engine's state, or a solo game's (its ``.game`` is used). ``final`` is None
    while the game is not over. ``counted`` is the table-count form (see
    :func:`check_rows`): each bad entry gets a message naming the field.
    """
    state = getattr(state, "game", state)  # a solo game's state wraps the engine's (solo_guard)
    if state is None or state.result is None:
        return {"final": None}
    records = effective_records(game) if records is None else records
    doc, result = audit_doc(state), state.result
    explained = explain(doc, result)
    log = reputation_log(state)
    rounds = round_of_events(records)
    track = {n: state.seats[n].reputation for n in state.seating}
    play = bgstats.play(game, records, result)
    final = {
        "game_id": game["id"], "score": explained, "doc": doc,
        "chart": geometry(reputation_by_round(state.seating, track, log, rounds)),
        "trail": trail(log, records, rounds),
        "check": check_rows(explained["players"], counted or {}),
        "bgstats": play, "bgstats_url": bgstats.create_play_url(play),
        "bgstats_json_url": url_for("lockup_end.bgstats_json", game_id=game["id"]),
        "check_url": url_for("lockup_end.check", game_id=game["id"]),
        "end_url": url_for("lockup_end.end", game_id=game["id"]),
        "export_url": url_for("games.export", game_id=game["id"]) if ui_for(game["kind"]) else None,
    }
    return {"final": final}


def trail(log: Sequence[dict], records: Sequence[Any], rounds: Sequence[int]) -> list[dict]:
    """Every reputation change: round, the stored event's seq (as in the history page), who, how
    much, the rule id and the cause. Starting values are marked ``start``; final scoring lines
    have no event: their round is None."""
    rows = []
    for e in log:
        index = e["event"]
        known = index is not None and 0 <= index < len(records)
        rows.append({
            "round": rounds[index] if known else None, "seq": records[index].seq if known else None,
            "seat": e["seat"], "delta": e["delta"], "rule": e["rule"], "reason": text(e["reason"]),
            # The log opens with each seat's starting value, caused by the game-started event.
            "start": known and records[index].type == bgstats.GAME_STARTED,
        })
    return rows


def check_rows(players: Sequence[dict], counted: Mapping[str, str]) -> dict:
    """Compare the totals the table counted (form fields ``count-<i>``, in score order) with ours.

    Blank means "not counted". Rows: name, total, what was typed (kept as typed), the difference
    (None when not counted or not a number), ``diff`` when it differs, and ``error`` naming the field.
    """
    rows = []
    for i, p in enumerate(players):
        typed = (counted.get(f"count-{i}") or "").strip()
        difference, error = None, None
        if typed:
            try:
                difference = int(typed) - p["total"]
            except ValueError:
                error = _("Counted total for %(name)s: type a whole number, not “%(typed)s”.",
                          name=p["name"], typed=typed)
        rows.append({"field": f"count-{i}", "name": p["name"], "total": p["total"], "typed": typed,
                     "difference": difference, "diff": bool(difference), "error": error})
    return {"rows": rows, "checked": sum(r["difference"] is not None for r in rows),
            "differences": sum(r["diff"] for r in rows), "errors": [r["error"] for r in rows if r["error"]]}
