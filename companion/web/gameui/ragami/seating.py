"""Ragami seats (issue 12): whose turn a form answers, and who may end it.

Ragami hides nothing, so every device sees the same panel; what differs is what it may do. A
seat's phone records its own gains and ends its own turn; the host's device does anything.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.games import ragami
from companion.games.ragami.commands import EndRound, EndTurn
from companion.games.ragami.game import current_player
from companion.web import seats


def target(state: Any) -> str:
    """The question a form answers: the step, the round, whose turn and how many passed. Two
    phones tapping "End Ana's turn" at once: the second finds Ben's turn (409), never ends it."""
    step = ragami.pending(state).step
    if state is None:
        return step
    return f"{step}|r{state.round}|{current_player(state) or ''}|p{len(state.passed)}"


def acting_seat_at(state: Any, command: Any) -> str | None:
    """Ending a turn acts for the player whose turn it is (the command itself names nobody)."""
    if isinstance(command, EndTurn) and state is not None:
        return current_player(state)
    return None


def ends_round(command: Any) -> bool:
    """Ending the round is kept to the host and the last player to act (issue 23)."""
    return isinstance(command, EndRound)


def device_view(game: dict, state: Any) -> dict[str, Any]:
    """What this device may do, for the panel (issue 12): ``rg_can_play`` (host or a seat: any
    form at all; a spectator sees none), ``rg_can_turn`` (end or pass the current turn),
    ``rg_pickable`` (the players its forms may name: all for the host, its own seat for a phone),
    ``rg_can_end`` (end the round: the host or the last player to act) and ``rg_waiting`` (whose
    turn it waits for, on a device that cannot end it)."""
    who = seats.role(game)
    turn = current_player(state) if state is not None else None
    can_turn = turn is not None and seats.can_act(game, turn, who)
    return {
        "rg_role": who.kind or "spectator",
        "rg_can_play": who.kind in ("host", "seat"),
        "rg_can_turn": can_turn,
        "rg_can_end": who.kind in ("host", "seat") and seats.may_end_round(game),
        "rg_pickable": [{"name": n} for n in state.players if seats.can_act(game, n, who)] if state else [],
        "rg_waiting": _("Waiting for %(name)s: their turn", name=turn) if turn and not can_turn else None,
    }
