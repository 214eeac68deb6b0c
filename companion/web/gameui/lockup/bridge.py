"""Where the Lockup table UI meets the modules built next to it: the box profile and card catalog
(``companion.web.gameui.lockup_cards``), the end screen (``companion.web.gameui.lockup_end``) and
the solo automaton (``companion.solo_guard``). The rest of the package goes through here only."""

from __future__ import annotations

from typing import Any

from flask import render_template
from markupsafe import Markup

from companion.solo_guard import automaton
from companion.web.gameui import lockup_cards, lockup_end


def solo_definition():
    """The solo automaton's ``GameDefinition`` (key ``lockup-solo``)."""
    return automaton.SOLO


def solo_pending():
    """The solo automaton's ``pending`` (what it waits for from the player)."""
    return automaton.pending


def profile() -> dict | None:
    """The device's box profile document (``box-profile.md`` format), or None when none was entered."""
    return lockup_cards.get_profile()


def profile_redirect(next_url: str, solo: bool = False):
    """A redirect to the box-profile form when what the game needs is missing (crew tiles; for solo
    also the guard cards), else None."""
    return lockup_cards.require_profile(next_url, solo)


def catalog_names(kind: str) -> list[str]:
    """Names offered for autocomplete (``<datalist>``) for one kind of card."""
    return [e["name"] for e in lockup_cards.catalog_entries(kind) if isinstance(e.get("name"), str)]


def lookup(kind: str, name: str) -> dict | None:
    """The catalogued face of a card by name, or None."""
    face = lockup_cards.lookup(kind, name)
    return dict(face) if face else None


def remember(kind: str, face: dict) -> None:
    """Add or refresh a card face in the catalog (after a command that entered it succeeded)."""
    lockup_cards.remember(kind, face)


def remember_all(cards: list[tuple[str, dict]]) -> None:
    """Remember every (kind, face) entered with a command; called inside its transaction."""
    for kind, face in cards:
        lockup_cards.remember(kind, face)


def final_html(state: Any, game: dict):
    """The end screen: ``lockup_end/_final.html`` with its own context."""
    context = lockup_end.final_context(getattr(state, "game", state), game)
    return Markup(render_template("lockup_end/_final.html", **{"game": game, **context}))
