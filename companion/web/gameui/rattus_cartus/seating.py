"""Rattus Cartus seats (issue 12): the plague reveal cannot be undone, and a rat sum once entered is
replaced by the host only (each player types their own on their own phone, RC-G3)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.games.rattus_cartus.commands import RecordRats


def reveals(before: Any, record: Any) -> bool:
    """The plague reveal shows every rat sum to the table (RC-F7)."""
    return record.type == "rc-plague-revealed"


def host_only_when(state: Any, command: Any) -> str | None:
    """Why only the host may record ``command`` now (``None``: anyone allowed may)."""
    if isinstance(command, RecordRats) and command.player in state.players:
        if state.rats[state.players.index(command.player)] is not None:
            return _("%(name)s’s rat sum is already entered: only the host can replace it.", name=command.player)
    return None
