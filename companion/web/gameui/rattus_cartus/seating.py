"""Rattus Cartus seats (issue 12): whose turn a form answers and who may end it; the plague reveal
cannot be undone, and a rat sum once entered is replaced by the host only (each player types their
own on their own phone, RC-G3). The state-dependent checks run under the write lock
(``seats.check_in_state``): two posts at the same instant are judged one after the other."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.games import rattus_cartus as rc
from companion.games.rattus_cartus.commands import EndRound, EndTurn, PlaySafeConduct, RecordRats
from companion.web import seats


def reveals(before: Any, record: Any) -> bool:
    """The plague reveal shows every rat sum to the table (RC-F7)."""
    return record.type == "rc-plague-revealed"


def host_only_when(state: Any, command: Any) -> str | None:
    """Why only the host may record ``command`` now (``None``: anyone allowed may)."""
    if isinstance(command, RecordRats) and command.player in state.players:
        if state.rats[state.players.index(command.player)] is not None:
            return _("%(name)s’s rat sum is already entered: only the host can replace it.", name=command.player)
    return None


def target(state: Any) -> str:
    """The question a form answers: the step, the round and, during the rounds, whose turn and how
    many turns were taken (two phones tapping "Ana has accessed a building" at once: the second
    finds Ben's turn, 409). The final entry is one question: every phone types its own counts and
    sum at once, so one player's entry never makes another's form stale."""
    step = rc.pending(state).step
    if state is None:
        return step
    if step != "round":
        return f"{step}|r{state.round}"
    return f"{step}|r{state.round}|{state.current_player() or ''}|t{state.turns}"


def acting_seat_at(state: Any, command: Any) -> str | None:
    """Ending a turn or playing a Safe-conduct acts for the player whose turn it is (the command
    itself names nobody)."""
    if isinstance(command, EndTurn | PlaySafeConduct) and state is not None:
        return state.current_player()
    return None


def ends_round(command: Any) -> bool:
    """Ending the round is kept to the host and the last player to act (issue 23)."""
    return isinstance(command, EndRound)


def device_view(game: dict, state: Any) -> dict[str, Any]:
    """What this device may do, for the panel (issue 12): ``rc_can_play`` (host or a seat: any form
    at all; a spectator sees none), ``rc_can_turn`` (end the current turn), ``rc_mine`` (the players
    whose entries it may record: all for the host, its own seat for a phone), ``rc_can_end`` (end
    the round: the host or the last player to act) and ``rc_waiting`` (whose turn it waits for, on
    a device that cannot end it)."""
    who = seats.role(game)
    turn = state.current_player() if state is not None else None
    can_turn = turn is not None and seats.can_act(game, turn, who)
    return {
        "rc_can_play": who.kind in ("host", "seat"),
        "rc_can_turn": can_turn,
        "rc_can_end": who.kind in ("host", "seat") and seats.may_end_round(game),
        "rc_mine": [n for n in state.players if seats.can_act(game, n, who)] if state is not None else [],
        "rc_waiting": _("Waiting for %(name)s: their turn", name=turn) if turn and not can_turn else None,
    }
