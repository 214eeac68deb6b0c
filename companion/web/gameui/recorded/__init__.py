"""The web side shared by the recorded games (Ragami, Rattus Cartus): one blueprint factory for
the new-game form, every recorded action, the BG Stats download and the audit-only form.

A game declares what differs as a :class:`RecordedGame` (its pure module's hooks, its form
readers and the extra context of its templates); the views here stay thin: parse the form into a
setup or command (a bad field is named, 422), run it through the shared game service, render.
Every rule is decided by the game's pure package.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict

from companion.core.errors import InputError
from companion.core.game import GameDefinition
from companion.web import bgstats as shared_bgstats
from companion.web import play
from companion.web.access import game_or_404, host_only
from companion.web.games import render_game, run_command
from companion.web.registry import GameUI, register

Problems = list[tuple[str, str]]


@dataclass(frozen=True)
class RecordedGame:
    """What one recorded game declares to get its pages (templates ``<name>/new.html`` and
    ``<name>/audit.html``, endpoints ``<name>.new``, ``<name>.act``, ``<name>.bgstats_json``,
    ``<name>.audit_form``)."""

    name: str  # blueprint name and template folder
    prefix: str  # the prefix of its pages' ids and classes ("rg": rg-new, rg-audit)
    url_prefix: str
    slug: str  # the download's file name stem and the game's kind in the records
    definition: GameDefinition
    commands: Collection[str]  # the command kinds a form may post
    command_from_dict: Callable[[str, dict], Any]  # the pure game's parser (raises InputError)
    final_result: Callable[[Any], Any]
    bgstats_play: Callable[..., dict]
    max_players: int
    new_game: Callable[[MultiDict], tuple[str, dict]]  # form -> (title, setup), raises InputError
    new_game_problems: Callable[[InputError, MultiDict], Problems]
    command_data: Callable[[str, MultiDict], dict]  # (kind, form) -> the command's fields
    message: Callable[..., str]  # an InputError in words, naming the field (and player)
    # The audit form: form -> (extra template context, status); problems in words; the context
    # every audit page shows (labels, counts, defaults of the extra context).
    audit: Callable[[MultiDict], tuple[dict, int]]
    audit_problems: Callable[[InputError, MultiDict], Problems]
    audit_context: Callable[[], dict] = dict
    new_context: Callable[[], dict] = dict  # extra context of the new-game page (colours, ...)


def register_ui(game: RecordedGame, panel: Any, seating: Any, history: Any, **hooks: Any) -> GameUI:
    """Register the game's :class:`GameUI`: blueprint, endpoints, title and panel template
    (``<name>/_panel.html``) from ``game``; the panel's context from its ``panel`` module; the
    question a form answers (``target``) and the seat an action acts for (``acting_seat_at``) from
    its ``seating`` module; its history and undo's words (``sections``, ``describe_event``) from its
    ``history`` module; ``hooks``: the other fields (``finished``, ``export_in_progress``, ...)."""
    return register(GameUI(
        definition=game.definition, title=game.definition.title, panel=f"{game.name}/_panel.html",
        new_endpoint=f"{game.name}.new", audit_endpoint=f"{game.name}.audit_form", blueprint=blueprint(game),
        context=_panel_context(game, panel.context), target_of=seating.target, acting_seat_at=seating.acting_seat_at,
        describe=history.describe_event, history=history.sections, **hooks))


def _panel_context(game: RecordedGame, context: Callable[[Any, dict, str | None], dict]):
    """The game's panel context plus what ``recorded/_panel.html`` calls the game."""
    def with_naming(state: Any, row: dict, seat: str | None) -> dict:
        if state is None:  # a game without its recorded setup: the frame says so
            return {"started": False, **_naming(game)}
        return {**context(state, row, seat), "started": True, **_naming(game)}

    return with_naming


def blueprint(game: RecordedGame) -> Blueprint:
    """The blueprint of a recorded game's pages (see :class:`RecordedGame`)."""
    bp = Blueprint(game.name, f"companion.web.gameui.{game.name}", url_prefix=game.url_prefix)
    _new_routes(bp, game)
    _play_routes(bp, game)
    _audit_routes(bp, game)
    return bp


def _naming(game: RecordedGame) -> dict[str, str]:
    """What the shared templates call the game: its blueprint (and stylesheet), ids' prefix, name
    and its kind in the records (``slug``)."""
    return {"recorded": game.name, "prefix": game.prefix, "game_name": game.definition.title, "slug": game.slug}


def _form():
    return request.form if request.method == "POST" else None


def _new_routes(bp: Blueprint, game: RecordedGame) -> None:
    def page(problems: Problems = (), status: int = 200):
        html = render_template(f"{game.name}/new.html", problems=problems, errors=dict(problems), form=_form(),
                               seats=range(game.max_players), new_key=play.new_key(), **_naming(game),
                               **game.new_context())
        return html, status

    @bp.route("/new", methods=["GET", "POST"])
    @host_only
    def new():
        """The new-game form (this device only, like the home page's "Start a game")."""
        if request.method == "GET":
            return page()
        try:
            title, setup = game.new_game(request.form)
            key = request.form.get("key") or play.new_key()
            game_id = play.start_from_form(game.definition.key, setup, title, key)
        except InputError as exc:  # every problem at once, each next to its seat
            return page(game.new_game_problems(exc, request.form), 422)
        return redirect(url_for("games.show", game_id=game_id), 303)


def _play_routes(bp: Blueprint, game: RecordedGame) -> None:
    @bp.post("/<game_id>/<kind>")
    def act(game_id: str, kind: str):
        """Any recorded action: ``kind`` is a command of the game (end-round, ...)."""
        row = game_or_404(game_id)
        if kind not in game.commands:
            abort(404)
        data = game.command_data(kind, request.form)
        try:
            command = game.command_from_dict(kind, data)
        except InputError as exc:
            message = game.message(exc, player=str(data.get("player") or ""))
            return render_game(row, error=message, status=422)
        return run_command(row, command, request.form.get("key"), {"kind": kind, **data})

    @bp.get("/<game_id>/bgstats.json")
    def bgstats_json(game_id: str):
        """The BG Stats play of a finished game, as a download (403 before the end)."""
        return shared_bgstats.finished_download(game_id, game.definition.key, game.final_result,
                                                game.bgstats_play, game.slug)


def _audit_routes(bp: Blueprint, game: RecordedGame) -> None:
    def page(problems: Problems = (), status: int = 200, **shown):
        context = {"rows": range(game.max_players), "output": None, **game.audit_context(), **shown}
        html = render_template(f"{game.name}/audit.html", problems=problems, errors=dict(problems),
                               form=_form(), **_naming(game), **context)
        return html, status

    @bp.route("/audit", methods=["GET", "POST"])
    def audit_form():
        """Final scores from typed end-of-game values, without a recorded game (nothing is stored)."""
        if request.method == "GET":
            return page()
        try:
            shown, status = game.audit(request.form)  # every field checked; all problems at once
        except InputError as exc:
            return page(problems=game.audit_problems(exc, request.form), status=422)
        return page(status=status, **shown)


def exports(game: dict, state: Any, final_result: Callable[[Any], Any], play: Callable[..., dict],
            json_endpoint: str) -> dict[str, str] | None:
    """The final screen's export links once the game has a final result (None before): BG Stats
    (app link, JSON download of ``play``) and every event (JSON Lines)."""
    result = final_result(state)
    if result is None:
        return None
    doc = play(game, shared_bgstats.effective_records(game), result)
    return {"bgstats_url": shared_bgstats.create_play_url(doc),
            "bgstats_json_url": url_for(json_endpoint, game_id=game["id"]),
            "export_url": url_for("games.export", game_id=game["id"])}
