"""Where the Lockup table UI meets the modules other engineers build next to it.

The box profile and card catalog (``companion.web.gameui.lockup_cards``), the end screen
(``companion.web.gameui.lockup_end``) and the solo automaton (``companion.solo_guard``) are
imported here only, each with a clear fallback while it is missing, so the play pages stay
importable and the rest of the package never guesses which one is present.
"""

from __future__ import annotations

import importlib
from typing import Any


def _module(name: str):
    try:
        return importlib.import_module(name)
    except ImportError:  # not landed yet: the fallbacks below apply
        return None


def cards_module():
    """The box-profile and catalog module, or None."""
    return _module("companion.web.gameui.lockup_cards")


def end_module():
    """The end-screen module, or None."""
    return _module("companion.web.gameui.lockup_end")


def solo_definition():
    """The solo automaton's ``GameDefinition`` (key ``lockup-solo``), or None."""
    pkg = _module("companion.solo_guard")
    solo = getattr(pkg, "SOLO", None) if pkg else None
    if solo is None:
        auto = _module("companion.solo_guard.automaton")
        solo = getattr(auto, "SOLO", None) if auto else None
    return solo


def solo_pending():
    """The solo automaton's ``pending`` (what it waits for from the player), or None."""
    auto = _module("companion.solo_guard.automaton")
    return getattr(auto, "pending", None) if auto else None


def profile() -> dict | None:
    """The device's box profile document (``box-profile.md`` format), or None when none was entered."""
    mod = cards_module()
    return mod.get_profile() if mod else None


def profile_redirect(next_url: str):
    """A redirect to the box-profile form when the profile is missing, else None."""
    mod = cards_module()
    return mod.require_profile(next_url) if mod else None


def catalog_names(kind: str) -> list[str]:
    """Names offered for autocomplete (``<datalist>``) for one kind of card."""
    mod = cards_module()
    if mod is None:
        return []
    names = []
    for entry in mod.catalog_entries(kind):
        name = entry.get("name") if isinstance(entry, dict) else getattr(entry, "name", entry)
        if isinstance(name, str):
            names.append(name)
    return names


def lookup(kind: str, name: str) -> dict | None:
    """The catalogued face of a card by name, or None."""
    mod = cards_module()
    face = mod.lookup(kind, name) if mod else None
    return dict(face) if face else None


def remember(kind: str, face: dict) -> None:
    """Add or refresh a card face in the catalog (after a command that entered it succeeded)."""
    mod = cards_module()
    if mod is not None:
        mod.remember(kind, face)


def final_html(state: Any, game: dict):
    """The end screen (``lockup_end/_final.html`` with its own context), or None while it is missing."""
    mod = end_module()
    if mod is None:
        return None
    from flask import render_template
    from markupsafe import Markup

    context = mod.final_context(getattr(state, "game", state), game)
    return Markup(render_template("lockup_end/_final.html", **{"game": game, **context}))
