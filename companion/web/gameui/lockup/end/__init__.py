"""Lockup end screens: final scores explained, reputation chart, audit trail, the table's count,
BG Stats export, and the audit-only form (issue 5, the end part).

Public: :func:`final_context` and :func:`final_html` (the Lockup panel shows ``lockup_end/_final.html``
when the game is over), :func:`audit_doc` and ``AUDIT_ENDPOINT`` (for ``GameUI.audit_endpoint``).
Routes (blueprint ``lockup_end``): ``/lockup/<id>/end`` (the end screen as a page),
``/lockup/<id>/end/check`` (POST: the table's count), ``/lockup/<id>/end/bgstats.json`` and
``/lockup/audit`` (GET/POST). Views are thin: read the game, fold, render; nothing is recorded.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from markupsafe import Markup

from companion.core.events import decode
from companion.games.lockup.engine import GAME as LOCKUP
from companion.solo_guard.automaton import SOLO
from companion.web import bgstats as shared_bgstats
from companion.web.access import game_or_404
from companion.web.base import htmx
from companion.web.gameui.lockup.end import auditform
from companion.web.gameui.lockup.end.breakdown import audit_doc
from companion.web.gameui.lockup.end.context import effective_records, final_context
from companion.web.registry import register_blueprint

__all__ = ["AUDIT_ENDPOINT", "audit_doc", "bp", "final_context", "final_html"]

bp = Blueprint("lockup_end", __name__, url_prefix="/lockup")
AUDIT_ENDPOINT = "lockup_end.audit"


def _definition(kind: str):
    """The pure definition that folds a Lockup game: the engine, or the solo automaton around it."""
    return {"lockup": LOCKUP, "lockup-solo": SOLO}.get(kind)


def _finished(game_id: str) -> tuple[dict, object, list]:
    """The game, its folded engine state and effective records; 404 unless a visible Lockup game,
    403 while it is in progress (the end screen would show face-down tiles and guard values)."""
    game = game_or_404(game_id)
    definition = _definition(game["kind"])
    if definition is None:
        abort(404)
    records = effective_records(game)
    state = definition.fold(decode(r.type, r.version, r.payload) for r in records)
    state = getattr(state, "game", state)  # solo: the engine's state inside the automaton's
    if state is None or state.result is None:
        abort(403, _("The end screen opens once the game is finished (it has hidden information)."))
    return game, state, records


def final_html(state, game: dict) -> Markup:
    """The end screen inside the game page: ``lockup_end/_final.html`` with its own context."""
    context = final_context(getattr(state, "game", state), game)
    return Markup(render_template("lockup_end/_final.html", **{"game": game, **context}))


@bp.get("/<game_id>/end")
def end(game_id: str):
    """The end screen of a finished game as a page of its own."""
    game, state, records = _finished(game_id)
    return render_template("lockup_end/end.html", game=game, **final_context(state, game, records))


@bp.post("/<game_id>/end/check")
def check(game_id: str):
    """Compare the totals the table counted with the app's; nothing is recorded."""
    game, state, records = _finished(game_id)
    context = final_context(state, game, records, counted=request.form)
    status = 422 if context["final"]["check"]["errors"] else 200
    if htmx:
        return render_template("lockup_end/_check.html", **context), status
    return render_template("lockup_end/end.html", game=game, **context), status


@bp.get("/<game_id>/end/bgstats.json")
def bgstats_json(game_id: str):
    """The BG Stats play of a finished game, as a download."""
    game, state, records = _finished(game_id)
    play = final_context(state, game, records)["final"]["bgstats"]
    return shared_bgstats.download(play, f"lockup-{game_id}-bgstats.json")


@bp.route("/audit", methods=["GET", "POST"])
def audit():
    """Audit-only mode: type an end-of-game state, get the breakdown; no game is recorded."""
    form = request.form if request.method == "POST" else None
    template, context, status = auditform.respond(form, htmx=bool(htmx))
    return render_template(template, **context), status


register_blueprint(bp)
