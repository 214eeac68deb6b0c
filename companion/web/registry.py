"""Which games the app can record, and how each one plugs into the shared game pages.

A game's web package registers a :class:`GameUI`: its pure definition, the template of its
panel (rendered inside ``games/show.html``), a function building that panel's context, and its
blueprint (the actions and the new-game form). Adding a game never touches another game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from flask import Blueprint, Flask

from companion.core.game import GameDefinition


@dataclass(frozen=True)
class Region:
    """A part of a game's panel that an htmx step's answer leaves to the page when the step did not
    change what it shows (:func:`companion.web.rendering.kept_regions`): the page keeps its own
    element (with what the player opened or typed there) in place of an ``hx-preserve`` stand-in."""

    id: str  # the element's id in the panel
    # The parts of a state the region shows (with the device's view and language, which a kept
    # region's page shares): equal parts draw the same region. States evolve by
    # ``dataclasses.replace``, so an unchanged part is the same object and the comparison is O(1).
    reads: Callable[[Any], tuple]

    def same(self, before: Any, after: Any) -> bool:
        """Whether ``after`` shows this region as ``before`` did."""
        return all(a is b or a == b for a, b in zip(self.reads(before), self.reads(after), strict=True))


@dataclass(frozen=True)
class GameUI:
    """How one kind of game is shown and started."""

    definition: GameDefinition
    title: str
    panel: str  # template of the game's panel, e.g. "lockup/_panel.html"
    # (state, game row, seat) -> panel context; a game that declares ``regions`` is also given the
    # ids of those the page keeps, whose context it need not build, when there are any.
    context: Callable[..., dict]
    new_endpoint: str  # endpoint of the new-game form
    finished: Callable[[Any], bool]
    blueprint: Blueprint | None = None
    export_in_progress: bool = False  # False where a game in progress has hidden information
    audit_endpoint: str | None = None  # audit-only form (final scores without a recorded game)
    # How the game's history reads (companion.web.history): recorded events -> sections of lines;
    # None: one neutral line per command. And one event in words (undo/redo name the action), or None.
    history: Callable[[list], list[dict]] | None = None
    describe: Callable[[Any], str | None] | None = None
    # The signature of the question the table waits on ("confirm-rewards||sewers|r2"): a form
    # drawn for another one is refused as stale (companion.web.live). None: no check.
    target_of: Callable[[Any], str] | None = None
    # Seats (companion.web.seats): who a command acts for, the seats a device may take, which
    # recorded events showed the table something hidden (such a command is never undone), and a
    # check only the host passes (a message saying why, or None).
    acting_seat: Callable[[Any], Any] = field(default=lambda command: default_acting_seat(command))
    seats_of: Callable[[Any], tuple[str, ...]] = field(default=lambda state: default_seats(state))
    reveals: Callable[[Any, Any], bool] = field(default=lambda before, record: False)
    host_only_when: Callable[[Any, Any], Any] | None = None
    # The seat a command acts for in this state (e.g. whose turn is ended), checked under the
    # write lock; None: ``acting_seat`` of the command alone decides.
    acting_seat_at: Callable[[Any, Any], Any] | None = None
    # The commands only the host or the last player to act may record (ending a round, issue 23);
    # None: no such command.
    last_to_act_only: Callable[[Any], bool] | None = None
    # Records (companion.web.records): a finished game as a records play, from (game row, state,
    # records); None: the game is not counted. The records page it counts on (None: its own kind)
    # and whether that page has a solo mode (levels, the guards' total).
    record_play: Callable[[dict, Any, Sequence[Any]], dict | None] | None = None
    records_page: str | None = None
    records_solo: bool = False
    # The parts of the panel an htmx step's answer draws only when the step changed them (:class:`Region`);
    # none: every answer draws the whole panel.
    regions: tuple[Region, ...] = ()


def default_acting_seat(command: Any) -> str | None:
    """The seat a command acts for: its ``seat`` (a mapping) or ``player`` (a dataclass); ``None``
    for a step of the whole table. A game may return a tuple of seats (a command for several)."""
    seat = command.get("seat") if isinstance(command, dict) else getattr(command, "player", None)
    return seat if isinstance(seat, str) else None


def default_seats(state: Any) -> tuple[str, ...]:
    """The seats a device may take: the names of the state's ``players``."""
    return tuple(p if isinstance(p, str) else p.name for p in getattr(state, "players", ()) or ())


GAMES: dict[str, GameUI] = {}
EXTRA_BLUEPRINTS: list[Blueprint] = []  # game pages that are not a GameUI (settings, end screens)
SETTINGS_LINKS: list[tuple[Any, str]] = []  # (lazily translated label, endpoint) shown on the home page


def register_settings_link(label: Any, endpoint: str) -> None:
    """Show a device-settings page (box profile, catalog) on the server device's home page."""
    if (label, endpoint) not in SETTINGS_LINKS:
        SETTINGS_LINKS.append((label, endpoint))



def register(ui: GameUI) -> GameUI:
    """Register a game kind (idempotent for the same definition)."""
    GAMES[ui.definition.key] = ui
    return ui


def register_blueprint(bp: Blueprint) -> Blueprint:
    """Register a game-related blueprint that is not itself a GameUI (e.g. a box-profile page)."""
    if bp not in EXTRA_BLUEPRINTS:
        EXTRA_BLUEPRINTS.append(bp)
    return bp


def register_game_blueprints(app: Flask, games_package: ModuleType) -> None:
    """Import every game web module in ``games_package`` (``companion.web.gameui``, given by the app
    factory, which sits above the game UIs) and register its blueprint."""
    for module in pkgutil.iter_modules(games_package.__path__):
        importlib.import_module(f"{games_package.__name__}.{module.name}")
    blueprints = [ui.blueprint for ui in GAMES.values() if ui.blueprint is not None] + EXTRA_BLUEPRINTS
    for bp in blueprints:
        if bp.name not in app.blueprints:
            app.register_blueprint(bp)


def ui_for(kind: str) -> GameUI | None:
    """The registered UI of a game kind, if any."""
    return GAMES.get(kind)


def recorded_kinds() -> dict[str, str]:
    """Each registered game kind counted in the records, and the records page it counts on."""
    return {kind: ui.records_page or kind for kind, ui in GAMES.items() if ui.record_play is not None}


def has_solo_records(page: str) -> bool:
    """Whether a records page counts solo games (a level and the guards' total per play)."""
    return any(ui.records_solo for kind, ui in GAMES.items() if (ui.records_page or kind) == page)
