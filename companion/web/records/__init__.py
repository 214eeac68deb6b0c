"""Records pages (issue 24): every finished game as a play, statistics and charts per game,
exports (BG Stats, CSV), imports from another host, plays scored on paper.

Routes (blueprint ``records``): ``/records/`` (the three games), ``/records/<kind>`` (filters
``players``, ``from``, ``to``; solo curve ``game``), ``/records/<kind>/plays`` (the games behind a
figure), ``/records/<kind>/bgstats.json`` and ``/records/<kind>/plays.csv``; host only (POST):
``/records/<kind>/import``, ``/records/<kind>/enter`` (GET too), ``/records/merge`` and
``/records/<kind>/plays/<id>/hide``. The host sees everything; a phone that joined a game reads
the records (no form to change them is shown or accepted); another device gets a 403.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.core import records as R
from companion.web import play
from companion.web.access import can_see, granted, host_only, is_host
from companion.web.base import error_page, get_store
from companion.web.records import audits, entry, files, pages, projection

bp = Blueprint("records", __name__, url_prefix="/records")


def _project(store, game: dict, state) -> None:
    projection.project(store, game, state)


play.STATE_PROJECTIONS.append(_project)


@bp.before_request
def readers_only():
    """The host, or a phone that joined a game at this device: others get a 403 page."""
    if is_host() or granted():
        return None
    return error_page(403, _("The records open on the device running the companion, or on a phone that "
                             "joined one of its games."))


def _kind(kind: str) -> str:
    if kind not in pages.GAMES:
        abort(404)
    return kind


def _plays(kind: str) -> list[dict]:
    store = get_store()
    projection.catch_up(store)  # a missing or partial projection is folded again from the log
    return projection.plays(store, kind)


@bp.get("/")
def index():
    """The three games' records pages, each with its number of plays."""
    counts = {kind: len(_plays(kind)) for kind in pages.GAMES}
    return render_template("records/index.html", games=pages.GAMES, counts=counts)


@bp.get("/<kind>")
def show(kind: str):
    """A game's records: filters, figures, charts; every number links to its games."""
    kind = _kind(kind)
    shown = pages.filters(request.args)
    context = pages.context(kind, _plays(kind), shown, projection.aliases(get_store()), request.args.get("game"))
    return render_template("records/show.html", **_host_context(kind), **context), 422 if shown.errors else 200


def _host_context(kind: str) -> dict:
    """The host's tools: the merges in force and the plays taken out (nothing for a phone)."""
    if not is_host():
        return {"host": False}
    store = get_store()
    return {"host": True, "merges": sorted(projection.aliases(store).items()),
            "taken_out": projection.taken_out(store, kind)}


@bp.get("/<kind>/plays")
def plays(kind: str):
    """The plays behind a figure: the page's filters and the figure's pick (level, player, won)."""
    kind = _kind(kind)
    shown = pages.filters(request.args)
    which = _pick(request.args)
    aliases = projection.aliases(get_store())
    chosen = R.pick(R.narrow(_plays(kind), shown.count, shown.since, shown.until), which, aliases)
    return render_template("records/plays.html", kind=kind, game_name=pages.GAMES[kind], plays=list(reversed(chosen)),
                           shown=shown, which=which, level_label=pages.level_label, can_see=can_see, host=is_host(),
                           back=url_for("records.show", kind=kind, **shown.params()))


def _pick(args) -> R.Pick:
    """The figure's pick from the query string (a value that means nothing is left out)."""
    band, mode, streak = args.get("band", ""), args.get("mode"), args.get("streak")
    return R.Pick(args.get("level") or None, args.get("player") or None,
                  {"1": True, "0": False}.get(args.get("won", "")), mode if mode in ("solo", "multi") else None,
                  int(band) if band.isdigit() and len(band) < 6 else None, args.get("lost") == "1",
                  args.get("shared") == "1", streak if streak in ("current", "longest") else None)


@bp.get("/<kind>/bgstats.json")
def bgstats_json(kind: str):
    """Every play of the game (the page's filters apply) as one BG Stats file."""
    kind = _kind(kind)
    return _download(files.bgstats_file(_shown(kind)), "application/json", f"{kind}-records-bgstats.json")


@bp.get("/<kind>/plays.csv")
def csv_file(kind: str):
    """Every play of the game (the page's filters apply) as CSV, one row per player per game."""
    kind = _kind(kind)
    return _download(files.csv_file(_shown(kind)), "text/csv", f"{kind}-records.csv")


def _shown(kind: str) -> list[dict]:
    shown = pages.filters(request.args)
    return R.narrow(_plays(kind), shown.count, shown.since, shown.until)


def _download(body: str, mimetype: str, filename: str) -> Response:
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@bp.post("/<kind>/import")
@host_only
def import_file(kind: str):
    """Merge another host's records file (CSV or BG Stats): plays already known are skipped."""
    kind = _kind(kind)
    upload = request.files.get("file")
    try:
        if upload is None or not upload.filename:
            raise files.BadFile(_("File: choose a records file (.csv or .json)."))
        found = files.read(upload.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        return _back(kind, _("File: not UTF-8 text."), 400)
    except files.BadFile as exc:
        return _back(kind, _("File: %(problem)s", problem=str(exc)), 400)
    added = projection.add_entered(get_store(), found)
    message = _("%(added)s plays added, %(skipped)s already in the records.", added=added, skipped=len(found) - added)
    return _back(kind, message, 200, error=False)


def _back(kind: str, message: str, status: int, error: bool = True):
    shown = pages.filters({})
    context = pages.context(kind, _plays(kind), shown, projection.aliases(get_store()), None)
    return render_template("records/show.html", notice=message, notice_error=error, **_host_context(kind),
                           **context), status


def _page_of_form() -> str:
    """The records page a merge form was posted from (the first page when it names none)."""
    kind = request.form.get("kind", "")
    return kind if kind in pages.GAMES else next(iter(pages.GAMES))


@bp.post("/merge")
@host_only
def merge():
    """Count one spelling of a name as another (``name`` into ``into``), on every records page."""
    name, into = request.form.get("name", ""), request.form.get("into", "")
    kind = _page_of_form()
    key, target = R.name_key(name), R.name_key(into)
    if not key or not target or key == target:
        return _back(kind, _("Merge names: pick two different names."), 422)
    aliases = projection.aliases(get_store())
    if R.name_key(target, aliases) == key:
        return _back(kind, _("Merge names: “%(into)s” is already counted as “%(name)s”.", into=into, name=name), 422)
    get_store().update_setting(projection.ALIASES, lambda now: {**(now or {}), key: target})
    return redirect(url_for("records.show", kind=kind), 303)


@bp.post("/<kind>/plays/<play_id>/hide")
@host_only
def hide(kind: str, play_id: str):
    """Take a play out of the records (its game and events stay as they are)."""
    kind = _kind(kind)
    get_store().update_setting(projection.HIDDEN, lambda now: sorted({*(now or []), play_id}))
    return redirect(url_for("records.show", kind=kind), 303)


@bp.post("/<kind>/plays/<play_id>/restore")
@host_only
def restore(kind: str, play_id: str):
    """Put a play taken out of the records back."""
    kind = _kind(kind)
    get_store().update_setting(projection.HIDDEN, lambda now: sorted(set(now or []) - {play_id}))
    return redirect(url_for("records.show", kind=kind), 303)


@bp.post("/separate")
@host_only
def separate():
    """Undo a merge: the name counts under its own spelling again."""
    key = R.name_key(request.form.get("name", ""))
    kind = _page_of_form()
    get_store().update_setting(projection.ALIASES, lambda now: {k: v for k, v in (now or {}).items() if k != key})
    return redirect(url_for("records.show", kind=kind), 303)


@bp.post("/<kind>/audit")
@host_only
def save_audit(kind: str):
    """Keep an audit-only result (computed again from its fields) as a finished play, dated."""
    kind = _kind(kind)
    try:
        found = audits.play_of(kind, request.form)
    except audits.Unsaved as exc:
        return _back(kind, str(exc), 422)
    projection.add_entered(get_store(), [found])
    return redirect(url_for("records.plays", kind=kind, player=R.name_key(found["players"][0]["name"])), 303)


@bp.app_template_global("records_levels")
def records_levels() -> list[tuple[str, str]]:
    """The Lockup solo levels and their words (the save-an-audit form asks one)."""
    return [(level, pages.level_label(level)) for level in pages.LEVELS]


bp.add_app_template_global(is_host, "records_host")
bp.add_url_rule("/<kind>/enter", view_func=host_only(entry.enter), methods=["GET", "POST"])
