"""Rattus Cartus in the app: new game, round tracker (RC-G1), end-of-game entry with secret rat
sums, plague reveal (RC-F7) and explained final scores (RC-F1…RC-F9); plus the audit-only form.

Views are thin: parse the form into a setup or command (a bad field is named, 422), run it
through the shared game service, render. Every rule is decided by ``companion.games.rattus_cartus``.
"""

from __future__ import annotations

import dataclasses

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.core.errors import InputError
from companion.games import rattus_cartus as rc
from companion.games.rattus_cartus import audit
from companion.games.rattus_cartus.rules import CLASSES, MAX_PLAYERS
from companion.web import bgstats as shared_bgstats
from companion.web import play
from companion.web.access import game_or_404, host_only
from companion.web.games import render_game, run_command
from companion.web.gameui.rattus_cartus import bgstats, forms, history, panel, seating
from companion.web.registry import GameUI, register

bp = Blueprint("rattus_cartus", __name__, url_prefix="/rattus-cartus")

# Fields that arrive as one form control per position (a select per place in the stack).
LIST_FIELDS = ("order",)
OPTIONAL_COUNTS = (*CLASSES, *forms.COUNTS)


@bp.route("/new", methods=["GET", "POST"])
@host_only
def new():
    """The new-game form (this device only, like the home page's "Start a game")."""
    if request.method == "GET":
        return _new_page()
    try:
        title, setup = forms.new_game(request.form)
        game_id = play.start_from_form(rc.GAME.key, setup, title, request.form.get("key") or play.new_key())
    except InputError as exc:  # every problem at once, each next to its seat
        return _new_page(forms.new_game_problems(exc, request.form), 422)
    return redirect(url_for("games.show", game_id=game_id), 303)


def _new_page(problems=(), status: int = 200):
    form = request.form if request.method == "POST" else None
    html = render_template("rattus_cartus/new.html", problems=problems, errors=dict(problems), form=form,
                           seats=range(MAX_PLAYERS), new_key=play.new_key())
    return html, status


@bp.post("/<game_id>/<kind>")
def act(game_id: str, kind: str):
    """Any recorded action: ``kind`` is a command of the game (end-round, record-tally, ...)."""
    game = game_or_404(game_id)
    if kind not in rc.COMMANDS:
        abort(404)
    data = forms.command_data(request.form, LIST_FIELDS)
    if kind == "record-tally":
        data = forms.drop_blank(data, OPTIONAL_COUNTS)
    try:
        command = rc.command_from_dict(kind, data)
    except InputError as exc:
        return render_game(game, error=forms.message(exc, player=str(data.get("player") or "")), status=422)
    return run_command(game, command, request.form.get("key"), {"kind": kind, **data})


@bp.get("/<game_id>/bgstats.json")
def bgstats_json(game_id: str):
    """The BG Stats play of a finished game, as a download (403 before the end)."""
    return shared_bgstats.finished_download(game_id, rc.GAME.key, rc.final_result, bgstats.play, "rattus-cartus")


@bp.route("/audit", methods=["GET", "POST"])
def audit_form():
    """Final scores from typed end-of-game counts, without a recorded game (nothing is stored)."""
    if request.method == "GET":
        return _audit_page()
    try:
        document = forms.audit_document(request.form)  # every field checked; all problems at once
    except InputError as exc:
        return _audit_page(problems=forms.audit_problems(exc, request.form), status=422)
    unordered = document.unordered_ties()
    if unordered:  # RC-F2: every tie that decides a score is asked for at once, as on the end screen
        return _audit_page(tie_needs=unordered, status=422)
    result = document.score()
    options = dataclasses.asdict(document.options)
    return _audit_page(result=panel.result_view(result, options), output=audit.to_output(result))


def _audit_page(problems=(), status: int = 200, result=None, output=None, tie_needs=()):
    form = request.form if request.method == "POST" else None
    html = render_template(
        "rattus_cartus/audit.html", problems=problems, errors=dict(problems), form=form, rows=range(MAX_PLAYERS),
        classes=CLASSES,
        counts=forms.AUDIT_COUNTS[len(CLASSES):], rc_labels=forms.labels(), rc_result=result, output=output,
        rc_tiebreaks=panel.tiebreak_texts(), rc_tie_needs=dict(panel.influence_ties(
            [{"influence_class": cls, "players": names} for cls, names in tie_needs])),
        rc_tie_texts=[panel.tie_need_text(cls, names) for cls, names in tie_needs],
    )
    return html, status


register(GameUI(
    definition=rc.GAME,
    title="Rattus Cartus",
    panel="rattus_cartus/_panel.html",
    context=panel.context,
    new_endpoint="rattus_cartus.new",
    finished=rc.is_finished,
    blueprint=bp,
    export_in_progress=False,  # rat sums are secret until the plague reveal (RC-G3)
    audit_endpoint="rattus_cartus.audit_form",
    target_of=seating.target,  # step, round, whose turn (issue 12)
    extra={"acting_seat_at": seating.acting_seat_at,  # ending a turn acts for its player
           "describe": history.describe_event},  # undo/redo name the action in words
    reveals=seating.reveals,  # the plague reveal is never undone (issue 12)
    host_only_when=seating.host_only_when,  # a rat sum entered is replaced by the host only
))
