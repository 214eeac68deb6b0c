"""Stale actions: a form drawn for another question than the table's current one is refused, not
applied to something else. Every action form carries the question it answers (``form_target``,
:attr:`GameUI.target_of`, written by :func:`companion.web.live.form_fields`); :func:`check_fresh`
compares it once, under the write lock (``companion.web.play.execute``), and raises
:class:`StaleAction`, which the handler in :mod:`companion.web.games` answers 409 with the table now.
"""

from __future__ import annotations

from typing import Any

from flask import has_request_context, request
from flask_babel import gettext as _

from companion.web.registry import GameUI


class StaleAction(Exception):
    """A form drawn from an older table that would now act on something else (answered 409 with
    the table as it is now by the handler in :mod:`companion.web.games`)."""

    def __init__(self, game: dict, posted: str, current: str):
        super().__init__(f"the form answers {posted!r}, the table now asks {current!r}")
        self.game = game
        self.posted = posted
        self.current = current


def posted() -> str | None:
    """The ``target`` a form was drawn for (None: a post without one, e.g. an older page)."""
    return request.form.get("form_target") if has_request_context() else None


def check_fresh(game: dict, ui: GameUI, state: Any, target: str | None) -> None:
    """Refuse (:class:`StaleAction`) a post drawn for another question than ``state``'s; a post
    whose question is still the current one goes through even if the version moved. Run once,
    under the write lock (``play.execute``), and by a view whose parser refused the post's fields
    (a field drawn for another question is stale, not wrong)."""
    if target is None or ui.target_of is None:
        return
    current = ui.target_of(state)
    if target != current:
        raise StaleAction(game, target, current)


def moved_message() -> str:
    """What a stale post is answered (with the table as it is now)."""
    return _("The table has moved on: nothing was recorded. Here is the table now.")
