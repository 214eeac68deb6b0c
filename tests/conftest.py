"""Shared fixtures: an app on a fresh instance folder, and a made-up test game ("Tally")."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import settings
from jinja2 import ChoiceLoader, DictLoader
from support.compiled_once import share_compiled_code

from companion import create_app
from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event, event_type
from companion.core.game import GameDefinition
from companion.web import registry

share_compiled_code()  # each template compiled once in the run, not once per test

# --- "Tally": a made-up test game (not a real game) used to test the shared machinery ---------


@event_type
@dataclass(frozen=True)
class TallyStarted(Event):
    type = "test-tally-started"
    players: tuple[str, ...]


@event_type
@dataclass(frozen=True)
class TallyAdded(Event):
    type = "test-tally-added"
    player: str
    points: int


@dataclass(frozen=True)
class TallyState:
    scores: dict[str, int]


@dataclass(frozen=True)
class Add:
    player: str
    points: int


def tally_start(setup: dict[str, Any]) -> list[Event]:
    players = setup.get("players")
    if not isinstance(players, list) or not players:
        raise InputError("players", "must list at least one player")
    return [TallyStarted(players=tuple(players))]


def tally_decide(state: TallyState, command: Add) -> list[Event]:
    if command.player not in state.scores:
        raise RuleViolation(f"{command.player} is not playing", "T-1")
    if state.scores[command.player] + command.points > 10:
        raise RuleViolation("Nobody may pass 10 points", "T-2")
    return [TallyAdded(player=command.player, points=command.points)]


def tally_evolve(state: TallyState | None, event: Event) -> TallyState:
    if isinstance(event, TallyStarted):
        return TallyState({p: 0 for p in event.players})
    assert state is not None and isinstance(event, TallyAdded)
    return replace(state, scores={**state.scores, event.player: state.scores[event.player] + event.points})


def tally_parse(state: TallyState, data: Any) -> Add:
    """A Tally command as data (``{"type": "add", "player": ..., "points": ...}``), as the codec reads one."""
    if not isinstance(data, dict) or data.get("type") != "add":
        raise InputError("type", 'must be "add"')
    if not isinstance(data.get("player"), str):
        raise InputError("player", "must be text")
    if not isinstance(data.get("points"), int) or isinstance(data.get("points"), bool):
        raise InputError("points", "must be a whole number")
    return Add(data["player"], data["points"])


TALLY = GameDefinition(
    key="test-tally", title="Tally (test game)", start=tally_start, decide=tally_decide,
    evolve=tally_evolve, view_for=lambda state, seat: state, parse_command=tally_parse,
    command_json=lambda command: {"type": "add", "player": command.player, "points": command.points},
)

TALLY_PANEL = """<section id="tally">{% for p, n in scores.items() %}<p class="score">{{ p }}: {{ n }}</p>{% endfor %}
<form method="post" action="/test-tally/{{ game.id }}/add">
<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">
<input name="player"><input name="points"><button>Add</button></form></section>"""


def _register_tally(app) -> None:
    from flask import Blueprint, request

    from companion.web.access import game_or_404
    from companion.web.games import run_command

    bp = Blueprint("test_tally", __name__, url_prefix="/test-tally")

    @bp.post("/<game_id>/add")
    def add(game_id: str):
        game = game_or_404(game_id)
        try:
            points = int(request.form.get("points", ""))
        except ValueError:
            from companion.web.games import render_game

            return render_game(game, error="points: must be a whole number", status=422)
        command = Add(request.form.get("player", ""), points)
        return run_command(game, command, request.form.get("key"), dict(request.form))

    registry.register(
        registry.GameUI(
            definition=TALLY, title="Tally (test game)", panel="test/_tally.html",
            context=lambda state, game, seat: {"scores": state.scores}, new_endpoint="home.index",
            finished=lambda state: sum(state.scores.values()) >= 10, blueprint=bp, export_in_progress=True,
            seats_of=lambda state: tuple(state.scores),  # a phone may take any player's seat (issue 12)
        )
    )
    app.register_blueprint(bp)
    app.jinja_loader = ChoiceLoader([app.jinja_loader, DictLoader({"test/_tally.html": TALLY_PANEL})])


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "WTF_CSRF_ENABLED": False})
    _register_tally(app)
    yield app
    registry.GAMES.pop("test-tally", None)


@pytest.fixture
def tally_device(app, tmp_path):
    """Another device that can show the made-up test game Tally (registered by ``app``)."""
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "tally-device"), "WTF_CSRF_ENABLED": False})
    other.jinja_loader = ChoiceLoader([other.jinja_loader, DictLoader({"test/_tally.html": TALLY_PANEL})])
    return other


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def profiled(app, client):
    """The test client, with the made-up Lockup box profile stored on the device first."""
    import support

    support.store_profile(app)
    return client


@pytest.fixture
def device(tmp_path):
    """Another device: a fresh instance folder."""
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other"), "WTF_CSRF_ENABLED": False})


@pytest.fixture(scope="module")
def lockup_lines(tmp_path_factory) -> list[dict]:
    """The lines of an export of a finished 3-player Lockup game (made-up cards), as exported."""
    from support import gamelogs

    return gamelogs.exported_lockup_lines(tmp_path_factory.mktemp("exported"))


REMOTE = {"REMOTE_ADDR": "192.168.1.23"}


@pytest.fixture
def remote(app):
    """A test client that looks like another phone on the Wi-Fi."""
    other = app.test_client()
    other.environ_base.update(REMOTE)
    return other


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the group marks
def pytest_collection_modifyitems(config, items):
    """With pytest-xdist (``scripts/test.sh`` runs ``-n 2 --dist loadgroup``) every browser test
    runs in the same worker, one Chromium at a time, while the other worker runs the rest."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))


# Hypothesis: the normal run's verdict must not depend on chance (a CI failure that the next run
# does not repeat cannot be fixed), so it tries the same examples every time (derived from each
# test), and a failure is repeated by running the test again. The ``-m slow`` run explores new
# examples on every run; a failure there prints ``@reproduce_failure`` to replay it. The variable
# HYPOTHESIS_PROFILE chooses either (``normal``, ``explore``) for any run.
settings.register_profile("normal", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)


def pytest_configure(config):
    """Load the Hypothesis profile of this run (above): ``explore`` when slow tests are selected."""
    marks = config.getoption("markexpr") or ""
    explore = "slow" in marks and "not slow" not in marks
    settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("explore" if explore else "normal"))
