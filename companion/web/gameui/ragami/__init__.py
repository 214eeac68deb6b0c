"""Ragami in the app: new game, live tracking (VP with causes RG-V, conflicts, white cubes,
Virtue dice, location tokens), round setup reminders (RG-T3), the end of the game announced at
the end of its round (RG-E1), final conversion, bonus and winner (RG-E2…RG-E4); plus the
audit-only form.

Views are thin: parse the form into a setup or command (a bad field is named, 422), run it
through the shared game service, render. Every rule is decided by ``companion.games.ragami``.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for

from companion.core.errors import InputError
from companion.games import ragami
from companion.games.ragami import audit
from companion.games.ragami.rules import COLOURS, MAX_PLAYERS
from companion.games.ragami.scoring import score
from companion.web import bgstats as shared_bgstats
from companion.web import play
from companion.web.access import game_or_404, host_only
from companion.web.games import render_game, run_command
from companion.web.gameui.ragami import bgstats, forms, history, panel, seating
from companion.web.registry import GameUI, register

bp = Blueprint("ragami", __name__, url_prefix="/ragami")


@bp.route("/new", methods=["GET", "POST"])
@host_only
def new():
    """The new-game form (this device only, like the home page's "Start a game")."""
    if request.method == "GET":
        return _new_page()
    try:
        title, setup = forms.new_game(request.form)
        game_id = play.start_from_form(ragami.GAME.key, setup, title, request.form.get("key") or play.new_key())
    except InputError as exc:  # every problem at once, each next to its seat
        return _new_page(forms.new_game_problems(exc, request.form), 422)
    return redirect(url_for("games.show", game_id=game_id), 303)


def _new_page(problems=(), status: int = 200):
    form = request.form if request.method == "POST" else None
    html = render_template("ragami/new.html", problems=problems, errors=dict(problems), form=form,
                           seats=range(MAX_PLAYERS), colours=COLOURS, rg_colours=forms.colour_labels(),
                           setup_fields=list(forms.setup_token_labels().items()),
                           new_key=play.new_key())
    return html, status


@bp.post("/<game_id>/<kind>")
def act(game_id: str, kind: str):
    """Any recorded action: ``kind`` is a command of the game (resolve-conflict, end-round, ...)."""
    game = game_or_404(game_id)
    if kind not in ragami.COMMANDS:
        abort(404)
    data = forms.command_data(kind, request.form)
    try:
        command = ragami.command_from_dict(kind, data)
    except InputError as exc:
        return render_game(game, error=forms.message(exc, player=str(data.get("player") or "")), status=422)
    return run_command(game, command, request.form.get("key"), {"kind": kind, **data})


@bp.get("/<game_id>/bgstats.json")
def bgstats_json(game_id: str):
    """The BG Stats play of a finished game, as a download (403 before the end)."""
    return shared_bgstats.finished_download(game_id, ragami.GAME.key, ragami.final_result, bgstats.play, "ragami")


@bp.route("/audit", methods=["GET", "POST"])
def audit_form():
    """Final scores from typed end-of-game values, without a recorded game (nothing is stored)."""
    if request.method == "GET":
        return _audit_page()
    try:
        tallies, options = forms.audit_document(request.form)  # every field checked; all problems at once
    except InputError as exc:
        return _audit_page(problems=forms.audit_problems(exc, request.form), status=422)
    result = score(tallies, options)  # every line explained, RG-I1 by the table option
    return _audit_page(result=panel.result_view(result), output=audit.to_output(result))


def _audit_page(problems=(), status: int = 200, result=None, output=None):
    form = request.form if request.method == "POST" else None
    html = render_template("ragami/audit.html", problems=problems, errors=dict(problems), form=form,
                           rows=range(MAX_PLAYERS),
                           counts=forms.AUDIT_COUNTS, rg_labels=forms.labels(), rg_result=result, output=output)
    return html, status


register(GameUI(
    definition=ragami.GAME,
    title="Ragami",
    panel="ragami/_panel.html",
    context=panel.context,
    new_endpoint="ragami.new",
    finished=ragami.is_finished,
    blueprint=bp,
    export_in_progress=True,  # nothing is secret in Ragami
    audit_endpoint="ragami.audit_form",
    target_of=seating.target,  # step, round, whose turn (issue 12)
    extra={"acting_seat_at": seating.acting_seat_at,  # ending a turn acts for its player
           "describe": history.describe_event},  # undo/redo name the action in words
))
