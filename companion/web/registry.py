"""Which games the app can record, and how each one plugs into the shared game pages.

A game's web package registers a :class:`GameUI`: its pure definition, the template of its
panel (rendered inside ``games/show.html``), a function building that panel's context, and its
blueprint (the actions and the new-game form). Adding a game never touches another game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Flask

from companion.core.game import GameDefinition


@dataclass(frozen=True)
class GameUI:
    """How one kind of game is shown and started."""

    definition: GameDefinition
    title: str
    panel: str  # template of the game's panel, e.g. "lockup/_panel.html"
    context: Callable[[Any, dict, str | None], dict]  # (state, game row, seat) -> panel context
    new_endpoint: str  # endpoint of the new-game form
    finished: Callable[[Any], bool]
    blueprint: Blueprint | None = None
    export_in_progress: bool = False  # False where a game in progress has hidden information
    audit_endpoint: str | None = None  # audit-only form (final scores without a recorded game)
    extra: dict[str, Any] = field(default_factory=dict)
    # The signature of the question the table waits on ("confirm-rewards||sewers|r2"): a form
    # drawn for another one is refused as stale (companion.web.live). None: no check.
    target_of: Callable[[Any], str] | None = None


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


def register_game_blueprints(app: Flask) -> None:
    """Import every game web module in ``companion.web.gameui`` and register its blueprint."""
    from companion.web import gameui

    for module in pkgutil.iter_modules(gameui.__path__):
        importlib.import_module(f"{gameui.__name__}.{module.name}")
    blueprints = [ui.blueprint for ui in GAMES.values() if ui.blueprint is not None] + EXTRA_BLUEPRINTS
    for bp in blueprints:
        if bp.name not in app.blueprints:
            app.register_blueprint(bp)


def ui_for(kind: str) -> GameUI | None:
    """The registered UI of a game kind, if any."""
    return GAMES.get(kind)
