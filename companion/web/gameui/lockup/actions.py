"""The one action view of a Lockup game: parse the form of an action into a command, run it.

Thin by design (parse -> command -> append -> fold -> render): each phase module owns its
parsers; a bad field is answered with the panel and a message naming it (422), never a 500.
"""

from __future__ import annotations

from flask import Response, abort, request, url_for
from flask_htmx.responses import make_response

from companion.core.errors import InputError
from companion.web import play, stale
from companion.web.access import game_or_404
from companion.web.base import htmx
from companion.web.games import answer_recorded, render_game, run_command
from companion.web.gameui.lockup import cards, entry, lightsout, patrol, rollcall, table
from companion.web.gameui.lockup.blueprint import bp
from companion.web.gameui.lockup.panel import core_of
from companion.web.i18n import error_text

PARSERS = {**rollcall.PARSERS, **lightsout.PARSERS, **patrol.PARSERS, **table.PARSERS}


@bp.post("/<game_id>/do/<action>")
def act(game_id: str, action: str):
    """Run one table action (assign, pass, collect, take, ..., adjust) posted as a plain form."""
    game = game_or_404(game_id)
    parser = PARSERS.get(action)
    if parser is None or game["kind"] not in ("lockup", "lockup-solo"):
        abort(404)
    # The CSRF token is a secret of this browser session: it is not kept with the command.
    recorded = {k: v for k, v in request.form.to_dict(flat=False).items() if k != "csrf_token"}
    loaded = play.load(game)
    if play.answered(game, request.form.get("key"), {"action": action, "form": recorded}):
        # A double tap's copy (its first copy committed before the read above, or since): the
        # first answer, not the form parsed against the table the first copy left.
        answer = answer_recorded(game)
        return _to_end_page(game, answer) or _to_prompt(answer)
    core = core_of(loaded.state)
    try:
        posted, entered = parser(request.form, core)
        command = loaded.ui.definition.parse_command(loaded.state, posted)  # validated once, as a dataclass
    except InputError as exc:
        # A form drawn for the question before another device's move is stale, not a bad field.
        stale.check_fresh(game, loaded.ui, loaded.state, stale.posted())
        return render_game(game, error=entry.refused(action, exc, core) or error_text(exc), status=422)
    # Cards entered are remembered in the catalog in the command's own transaction.
    answer = run_command(game, command, request.form.get("key"), {"action": action, "form": recorded},
                         after=lambda: cards.remember_all(entered))
    return _to_end_page(game, answer) or _to_prompt(answer)


def _to_end_page(game: dict, answer) -> Response | None:
    """An htmx step that ended the game is answered with a redirect to the game page, which
    shows the final scoring (tens of KB): the step's answer stays small, the page is loaded once.
    A refusal (4xx) is answered as it is."""
    done = isinstance(answer, tuple) and answer[1] == 200
    if not done or not htmx:
        return None
    if core_of(play.load(game).state).phase != "over":  # this request's fold: as the command left it
        return None
    # No #fragment: the page is the game page already, and htmx's location.href to it plus a
    # fragment would only scroll, not load it. A whole load focuses the prompt (autofocus), which
    # a browser skips when the URL names a fragment.
    return make_response("", 200, redirect=url_for("games.show", game_id=game["id"]))


def _to_prompt(answer):
    """A plain post's redirect lands on the next prompt (``#prompt``), not at the top of the page."""
    if isinstance(answer, Response) and answer.status_code in (302, 303) and "#" not in answer.location:
        answer.location += "#prompt"
    return answer
