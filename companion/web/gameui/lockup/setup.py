"""New Lockup game on the table phone, in two short steps (L-S, L-C4, L-C6, L-SO1, L-SO2).

1. Who plays: names and crews in seating order (clockwise), or how many play with the names left
   blank ("Player 2", issue 23), mode, solo difficulty.
2. What was dealt: first player, the goals, the item display and the five active goons, each
   entered the first time it appears or picked by name from the catalog; advanced mode also asks
   each crew board's side-B starting values (L-S10).

The box profile comes from the profile page: a game with players needs only the crew tile
numbers, a solo game also the guard cards; when what the game needs is missing the table is sent
there first (a solo game once step 1 says solo, keeping what was typed). Nothing typed is lost
when a field is refused.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.games.lockup import deck
from companion.games.lockup.model import GOON_LOCATIONS, RESOURCES
from companion.games.lockup.setup import TABLE_OPTIONS
from companion.web import play
from companion.web.access import host_only
from companion.web.gameui.lockup import cards, entry, forms, words
from companion.web.gameui.lockup import catalog as lockup_catalog
from companion.web.gameui.lockup import setup_errors as E
from companion.web.gameui.lockup import setup_memory as memory
from companion.web.gameui.lockup.blueprint import bp
from companion.web.i18n import text

MAX_PLAYERS = 5
DIFFICULTIES = ("easy", "demanding", "expert")  # L-SO2: green, yellow, red


def _mode(form: Mapping) -> str:
    return forms.choice(form, "mode", "mode", ("standard", "advanced", "solo"))


PLAYER_COUNTS = tuple(str(n) for n in range(2, MAX_PLAYERS + 1))


def _player_count(form: Mapping, mode: str, problems: list) -> int | None:
    """How many play when step 1 says so (then names may be left blank); None when not chosen."""
    if mode == "solo":
        return 1
    count = E.collect(problems, forms.choice, form, "players", "players", PLAYER_COUNTS, False)
    return int(count) if count else None


def parse_players(form: Mapping, mode: str) -> list[dict]:
    """Names and crews in seating order (step 1). A blank row is skipped, unless step 1 says how
    many play: a row left blank up to that count (or a crew without a name) is named by its own
    label, "Player 2", in the language of the page. Every problem at once
    (:class:`setup_errors.SetupErrors`)."""
    problems: list[tuple[str, str]] = []
    count = _player_count(form, mode, problems)
    players, seen = [], set()
    for i in range(1 if mode == "solo" else MAX_PLAYERS):
        name, crew = forms.text(form, f"name-{i}"), forms.text(form, f"crew-{i}")
        if count is not None and i >= count and (name or crew):
            problems.append((f"players[{i}].name", ngettext("is filled in, but %(num)s player was chosen",
                                                            "is filled in, but %(num)s players were chosen", count)))
        if (count is not None and i >= count) or not (name or crew or count):
            continue
        name = name or _("Player %(n)s", n=i + 1)
        if name in seen or name == "guards":
            problems.append((f"players[{i}].name", _("is used twice") if name in seen else _("is reserved")))
            continue
        seen.add(name)
        players.append({"name": name, "crew": crew or None})
    if count is None and len(players) + len(problems) < 2 and not forms.text(form, "players"):
        problems.append(("players", _("enter at least 2 player names, or choose how many play")))
    if problems:
        raise E.refused(problems, [])
    return players


def _seated(players: list[dict]) -> dict:
    """Step 1's name and crew fields of ``players`` (the names left blank filled in), in order."""
    rows = {f"name-{i}": p["name"] for i, p in enumerate(players)}
    return {**rows, **{f"crew-{i}": p["crew"] for i, p in enumerate(players) if p["crew"]}}


def _start_values(form: Mapping, i: int, problems: list) -> dict:
    """Side B's starting values of player ``i`` (L-S10); each refused field is noted, all at once."""
    path = f"players[{i}].start"

    def whole(field: str, blank=None):
        return E.collect(problems, forms.number, form, f"start-{i}-{field}", f"{path}.{field}", blank)

    values = {"power": whole("power"), "suspicion": whole("suspicion"), "storage_limit": whole("storage_limit")}
    resources = {r: whole(r, 0) for r in RESOURCES}
    return {**values, "resources": {r: n for r, n in resources.items() if n}}


def _goals(form: Mapping, solo: bool, problems: list) -> dict:
    def face(prefix: str, path: str, kind: str):
        return E.collect(problems, forms.goal_face, form, prefix, path, kind)

    return {"leader": face("goal-leader-", "goals.leader", "leader"),
            "instant": None if solo else face("goal-instant-", "goals.instant", "instant"),
            "end_game": face("goal-end-", "goals.end_game", "end_game")}


def _crew_tiles(profile: dict | None) -> list[int]:
    if profile is None:
        raise InputError("crew_tiles", _("enter the box profile first (the numbers printed on the crew tiles)"))
    return list(profile["crew_tiles"])


def build_setup(form: Mapping, profile) -> tuple[dict, list]:
    """The engine's (or the solo automaton's) setup document and the card faces it entered.

    Every refused field is noted and all are raised at once (:class:`setup_errors.SetupErrors`)."""
    mode = _mode(form)
    solo = mode == "solo"
    players = parse_players(form, mode)
    problems: list[tuple[str, str]] = []
    if mode == "advanced" or (solo and forms.text(form, "advanced_solo")):
        for i, p in enumerate(players):
            p["start"] = _start_values(form, i, problems)
    size = 3 if solo else len(players) + 1  # L-C6 (solo: the 2-player display)
    display = [E.collect(problems, forms.item_face, form, f"item{i}-", f"display[{i}]") for i in range(size)]
    goons = {loc: E.collect(problems, forms.goon_face, form, f"goon-{loc}-", f"goons.{loc}")
             for loc in GOON_LOCATIONS}
    setup = {"mode": mode, "players": players, "goals": _goals(form, solo, problems),
             "crew_tiles": E.collect(problems, _crew_tiles, profile), "display": display, "goons": goons,
             "options": {key: bool(forms.text(form, key)) for key in TABLE_OPTIONS}}
    if solo:
        setup.update(difficulty=E.collect(problems, forms.choice, form, "difficulty", "difficulty", DIFFICULTIES),
                     box_profile=profile, advanced=bool(forms.text(form, "advanced_solo")))
    else:
        setup["first_player"] = E.collect(problems, forms.choice, form, "first_player", "first_player",
                                          [p["name"] for p in players])
    if problems:
        raise E.refused(problems, [p["name"] for p in players])
    copies = _copies(form, [(f"item{i}-", face) for i, face in enumerate(display)] +
                     [(f"goon-{loc}-", face) for loc, face in goons.items()])
    if copies:  # L-C5: the table's word that a card dealt twice is a second copy
        setup["copies"] = copies
    faces = [("goal", g) for g in setup["goals"].values() if g] + [("item", i) for i in display]
    return setup, faces + [("goon", g) for g in goons.values()]


def _copies(form: Mapping, entries: list[tuple[str, dict]]) -> list[str]:
    """The names whose "it's a second copy" box is ticked (L-C5)."""
    return [face["name"] for prefix, face in entries if entry.copy_ticked(form, prefix)]


# Step 1's fields besides the players' names and crews: carried to step 2 and back.
STEP_ONE_FIELDS = ("title", "mode", "difficulty", "advanced_solo", "setup_token", *TABLE_OPTIONS)


def _step_one(fields: Mapping) -> dict:
    """Step 1's fields (names, crews, mode, options) from a form or query string, to show them again."""
    return {k: v for k, v in fields.items() if v and (k in STEP_ONE_FIELDS or k.startswith(("name-", "crew-")))}


def _vocabulary() -> dict:
    return {**words.vocabulary(), "goon_slots": [(loc, words.location(loc)) for loc in GOON_LOCATIONS],
            "difficulties": DIFFICULTIES, "names": {k: cards.catalog_names(k) for k in ("item", "goon", "goal")}}


def _page(template: str, form: Mapping, error: str | None = None, status: int = 200, **extra):
    page = render_template(template, form=form, error=error, max_players=MAX_PLAYERS, step_one_fields=STEP_ONE_FIELDS,
                           new_key=play.new_key(), **_vocabulary(), **extra)
    return page, status


@bp.get("/new")
@host_only
def new():
    """Step 1: who plays and how (the profile form first when it is missing); the players of the
    last game filled in."""
    missing = cards.require_profile(request.full_path, solo=request.args.get("mode") == "solo")
    if missing is not None:
        return missing
    typed = _step_one(request.args)
    last = {} if any(k.startswith("name-") for k in typed) else memory.last_players(solo=False)
    return _page("lockup/new.html", {"mode": "standard", **last, **typed})


@bp.get("/new/solo")
@host_only
def new_solo():
    """Step 1 with solo chosen (the home page's solo entry): one player row, last game's player."""
    missing = cards.require_profile(request.full_path, solo=True)  # the guard cards too (L-SO2)
    if missing is not None:
        return missing
    typed = _step_one(request.args)
    last = {} if any(k.startswith("name-") for k in typed) else memory.last_players(solo=True)
    return _page("lockup/new.html", {"difficulty": "expert", **last, **typed, "mode": "solo"})


@bp.post("/new")
@host_only
def new_players():
    """Step 1 posted: check the players, then redirect to step 2 (post/redirect/get: Back from the
    game started there shows step 2 again, never the browser's resubmission error); with
    ``same_cards`` (step 2's one-tap button) the cards come filled in as in the last game."""
    back = memory.back_to_game(forms.text(request.form, "setup_token"))  # a step 1 re-posted after the start
    if back is not None:
        return back
    try:
        mode = _mode(request.form)
        players = parse_players(request.form, mode)
    except InputError as exc:  # every problem at once, each next to its row
        problems = exc.problems if isinstance(exc, E.SetupErrors) else \
            E.refused([(field, text(message)) for field, message in problems_of(exc)], []).problems
        return _page("lockup/new.html", request.form, problems=problems, errors=dict(problems), status=422)
    typed = {k: v for k, v in _step_one(request.form).items() if not k.startswith(("name-", "crew-"))}
    step_one = {**typed, **_seated(players)}  # the names left blank, as named here
    if mode == "solo":  # only a solo game needs the guard cards; come back with what was typed
        missing = cards.require_profile(url_for("lockup.new_solo", **step_one), solo=True)
        if missing is not None:
            return missing
    # The start's key rides along: step 2 shown again by Back and sent again gives the same game.
    extra = {"key": play.new_key(), **({"same_cards": "1"} if request.form.get("same_cards") else {})}
    return redirect(url_for("lockup.new_cards", **step_one, **extra), 303)


@bp.get("/new/cards")
@host_only
def new_cards():
    """Step 2: what was dealt, for the players of step 1 (in the query string; step 1 again when
    they do not hold)."""
    return _cards_step(request.args)


@bp.post("/new/cards/import")
@host_only
def import_cards_catalog():
    """Step 2's import of another companion's card catalog (step 1's fields in the query string):
    back to step 2, where names are then enough; a refused file is said on step 2, next to the
    import field, the pasted text kept (the table keeps its place)."""
    text = request.form.get("text", "")
    _count, problems = lockup_catalog.import_upload_or_text(text)
    if not problems:
        return redirect(url_for("lockup.new_cards", **request.args.to_dict()), 303)
    return _cards_step(request.args, status=422, import_errors=problems, import_text=text)


def _cards_step(args: Mapping, status: int = 200, **extra):
    """Step 2's page for step 1's fields ``args`` (step 1 again when they do not hold)."""
    try:
        mode = _mode(args)
        players = parse_players(args, mode)
    except InputError:
        return redirect(url_for("lockup.new", **_step_one(args)), 303)
    size = 3 if mode == "solo" else len(players) + 1
    last = memory.last_cards(size, solo=mode == "solo")
    same = bool(last and args.get("same_cards"))
    form = {**args.to_dict(), **last} if same else args
    return _page("lockup/new_cards.html", form, status=status, mode=mode, players=players, size=size,
                 last_cards=bool(last), same_cards=same,
                 import_action=url_for("lockup.import_cards_catalog", **args.to_dict()), **extra)


@bp.post("/new/start")
@host_only
def start_game():
    """Step 2 posted: record the game (a refused field re-shows step 2 with everything typed)."""
    form = request.form
    try:
        mode = _mode(form)
        setup, entered = build_setup(form, cards.get_profile())
        kind = "lockup-solo" if mode == "solo" else "lockup"
        title = forms.text(form, "title") or _("Lockup game")
        game_id = play.start_from_form(kind, setup, title, forms.text(form, "key") or play.new_key(),
                                       after=lambda: cards.remember_all(entered))
    except InputError as exc:
        return _refused_cards(form, exc)
    memory.remember_started(forms.text(form, "setup_token"), game_id)
    return redirect(url_for("games.show", game_id=game_id), 303)


def _refused_cards(form: Mapping, exc: InputError):
    """Step 2 again with everything typed: each problem in words, next to its field."""
    mode = form.get("mode", "standard")
    players = [{"name": forms.text(form, f"name-{i}")} for i in range(MAX_PLAYERS) if forms.text(form, f"name-{i}")]
    copy_asked = [E.form_field(path) for path, message in problems_of(exc) if deck.on_table(message)]
    if not isinstance(exc, E.SetupErrors):  # the engine's own checks: their paths, said the same way
        exc = E.refused([(field, text(message)) for field, message in problems_of(exc)],
                        [p["name"] for p in players])
    return _page("lockup/new_cards.html", form, status=422, mode=mode, players=players, problems=exc.problems,
                 errors=dict(exc.problems), copy_asked=copy_asked, size=3 if mode == "solo" else len(players) + 1)
