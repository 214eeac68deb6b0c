"""The pages every game shares: the game shell, join QR, history with undo/redo, export/import."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.core.errors import InputError, RuleViolation
from companion.core.i18n import T
from companion.events import ConflictError, IdempotencyError
from companion.events.jsonl import export_lines, held_game, parse_export, replay, write_import
from companion.web import damaged, historypages, play, seats, stale
from companion.web import history as game_history
from companion.web.access import game_or_404, host_only, is_host, safe_next
from companion.web.base import get_store, htmx
from companion.web.home import _home
from companion.web.i18n import error_text
from companion.web.qr import join_url, svg
from companion.web.registry import GAMES
from companion.web.rendering import answer_recorded, render_game
from companion.web.stale import StaleAction

bp = Blueprint("games", __name__, url_prefix="/games")


@bp.get("/<game_id>")
def show(game_id: str):
    """The game page: the game's own panel inside the shared shell."""
    game = game_or_404(game_id)
    return render_game(game)


def run_command(
    game: dict, command, key: str | None, request_data, after: play.Projection | None = None
) -> tuple[str, int] | Response:
    """Execute a command for a view and answer: the new panel, or the same panel with the error.

    ``after`` writes more projections (the card catalog) in the command's transaction. Plain
    form posts are redirected to the game page (post/redirect/get) when they succeed.
    """
    if play.answered(game, key, request_data):  # a double tap's copy: the first answer, not a new judgement
        return answer_recorded(game)
    try:
        loaded = play.execute(game, command, key or play.new_key(), request_data, after)
    except (RuleViolation, InputError) as exc:
        return render_game(game, error=error_text(exc), status=422)
    except (ConflictError, IdempotencyError):
        return render_game(game, error=_("Someone else changed the game meanwhile; here is the latest."), status=409)
    if htmx:
        return render_game(loaded.game, loaded=loaded)
    return redirect(url_for("games.show", game_id=game["id"]), 303)


@bp.get("/<game_id>/qr.svg")
def qr(game_id: str):
    """The "join this table" QR code of the game's link."""
    game = game_or_404(game_id)
    return Response(svg(join_url(game)), mimetype="image/svg+xml")


@bp.get("/<game_id>/history")
def history(game_id: str):
    """Every recorded command in the game's own words, each with its rule id, grouped by round (and
    phase), undone commands marked (:mod:`companion.web.history` picks the game's book); one page
    of rounds at a time (``?page=``, :mod:`companion.web.historypages`)."""
    game = game_or_404(game_id)
    loaded = play.load(game)
    # Paged by round (issue 20): a page holds whole rounds up to a bound, the latest by default.
    pages = historypages.pages(game_history.sections_for(game["kind"], loaded.records))
    number = historypages.chosen(request.args.get("page"), len(pages))
    return render_template("games/history.html", game=game, loaded=loaded, new_key=play.new_key(),
                           sections=pages[number - 1]["sections"], pages=historypages.links(pages, number))


@bp.post("/<game_id>/undo")
def undo(game_id: str):
    """Undo the latest action (appends an undo event) once confirmed: a post without ``confirm``
    (the command it names) answers the confirmation naming the action."""
    return _marker(game_id, play.undo, "undo")


@bp.post("/<game_id>/redo")
def redo(game_id: str):
    """Redo the latest undone action (appends a redo event), confirmed like undo."""
    return _marker(game_id, play.redo, "redo")


def _marker(game_id: str, action, which: str):
    game = game_or_404(game_id)
    key, back = request.form.get("key"), safe_next(request.form.get("next"))
    loaded = play.load(game)
    # Looked up after the table is read (a first copy committed before the read is seen here) and
    # before it is judged: a double-tapped "Yes, undo it" must not be judged against the table its
    # first copy left (it would ask to undo the next command).
    if play.answered(game, key, {"action": which}):
        return answer_recorded(game, back)
    target, records = seats.undo_records(loaded, which)
    seats.check_may_undo(game, loaded, which)
    confirmed = request.form.get("confirm")
    if target is not None and confirmed != target:
        stale = confirmed is not None  # confirmed for another command: the table moved on meanwhile
        return _confirm(game, which, target, seats.describe(loaded, records), 409 if stale else 200)
    try:
        action(game, key or play.new_key())
    except RuleViolation as exc:
        return render_game(game, error=error_text(exc), status=422)
    except (ConflictError, IdempotencyError):
        return render_game(game, error=_("Someone else changed the game meanwhile; here is the latest."), status=409)
    return answer_recorded(get_store().game(game_id), back)  # the row as the marker left it


@bp.get("/<game_id>/export.jsonl")
def export(game_id: str):
    """The game's events as JSON Lines (only once finished where the game hides information)."""
    game = game_or_404(game_id)
    ui = GAMES.get(game["kind"])
    hidden = ui is None or (game["status"] != "finished" and not ui.export_in_progress)
    # A damaged game cannot go on: the host may take its record away (companion.web.damaged).
    if hidden and not (ui is not None and is_host() and damaged.is_damaged(game)):
        abort(403, _("This game can be exported once it is finished (it has hidden information)."))
    if not game["last_seq"]:
        raise play.EmptyGame(game_id)
    body = "".join(export_lines(get_store(), game_id, current_app.config["SECRET_KEY"]))
    headers = {"Content-Disposition": f'attachment; filename="{game["kind"]}-{game_id}.jsonl"'}
    return Response(body, mimetype="application/jsonl", headers=headers)


@bp.post("/import")
@host_only
def import_game():
    """Import an exported game (this device only): verified, every command decided again through
    the game's rules (:func:`companion.core.verify.verify`), then written whole; nothing is
    written for a refused file. The same file imported again gives the first game back.
    """
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _import_error(_("File: choose an exported .jsonl file."))
    try:
        # Split on newlines only: a name may hold U+2028 or other characters splitlines() breaks on.
        # utf-8-sig: an editor may have added a byte-order mark (the chain still checks the content).
        export = parse_export(upload.read().decode("utf-8-sig").split("\n"), GAMES.keys(),
                              current_app.config["SECRET_KEY"])
        held = held_game(get_store(), export)
        if held is not None:
            return _offer_held(held)
        ui = GAMES[export.kind]
        # Decided again before writing: a file whose events the rules do not make is refused whole.
        state = replay(export, ui.definition, ui.reveals)
        _check_whole(ui, state)
    except UnicodeDecodeError:
        return _import_error(_("File: not UTF-8 text."))
    except InputError as exc:
        return _import_error(_("File: %(problem)s", problem=error_text(exc)))
    except Exception:  # noqa: BLE001 - never Python text: the file is not a game this app can take
        current_app.logger.exception("import refused")
        return _import_error(_("File: the events do not make a valid game."))
    game, _created = write_import(get_store(), export, play.status_of(ui, state))
    flash(_("Imported: exported by this device.") if export.signed else
          _("Imported: exported by another device, and every command checked by the rules."))
    return redirect(url_for("games.show", game_id=game["id"]), 303)


def _offer_held(game: dict):
    """The device's own game, of which the file holds every event as recorded here: offered
    instead of a second copy of it (issue 23)."""
    flash(_("This device already holds this game: here it is (nothing was imported)."))
    return redirect(url_for("games.show", game_id=game["id"]), 303)


def _check_whole(ui, state) -> None:
    """A game that hides information is exported only once finished: a file of one that is not
    finished was cut short (every command in it may still be legal)."""
    if not ui.export_in_progress and not ui.finished(state):
        raise InputError("file", T("the game does not reach its end, but this game is exported only once it is "
                                   "finished: the file was cut short"))


def _confirm(game: dict, which: str, target: str, action: str, status: int):
    """The confirmation step of undo/redo, naming the action (full page, or the panel for htmx)."""
    question = (_("Undo: %(action)s?", action=action) if which == "undo" else _("Redo: %(action)s?", action=action))
    template = "games/_confirm.html" if htmx else "games/confirm.html"
    moved = _("The table has moved on: this is what it would act on now.") if status == 409 else None
    html = render_template(template, game=game, which=which, target=target, question=question, error=moved,
                           next=safe_next(request.form.get("next")), new_key=play.new_key())
    return html, status


@bp.app_errorhandler(StaleAction)
def stale_action(exc: StaleAction):
    """A form drawn for another question than the table's current one: 409 with the table now."""
    return render_game(exc.game, error=stale.moved_message(), status=409)


@bp.app_errorhandler(seats.Refused)
def refused(exc: seats.Refused):
    """A device acting outside its role: 403 with the panel and the reason."""
    return render_game(exc.game, error=exc.message, status=403)


def _import_error(message: str):
    return _home(join_error=None, status=400, import_error=message)


@bp.app_errorhandler(play.EmptyGame)
def empty_game(_exc: play.EmptyGame):
    """A game without a single event (left by an interrupted import of an older version): say so."""
    message = _("This game has no recorded events (an import or start was interrupted before anything "
                "was written), so there is nothing to show or export. Other games are not affected.")
    return render_template("errors/error.html", code=409, message=message), 409
