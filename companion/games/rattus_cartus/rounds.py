"""Rattus Cartus rounds (RC-G1, RC-G5): phase C turns with Safe-conducts, the 2-player preferred
action and the round end, decided and evolved for ``game``. Pure like ``game``; ``State`` comes
from there (imported for types only, as ``game`` imports these handlers)."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event
from companion.core.i18n import T
from companion.games.rattus_cartus import events as ev
from companion.games.rattus_cartus.commands import EndRound, EndTurn, PlaySafeConduct, RecordPreferredAction
from companion.games.rattus_cartus.rules import PREFERRED_ONE_PER_ROUND

if TYPE_CHECKING:
    from companion.games.rattus_cartus.game import State

ROUNDS, FINAL, FINISHED = "rounds", "final", "finished"


def _player(state: State, name: str) -> str:
    if name not in state.players:
        raise RuleViolation(T("%(name)s is not playing this game", name=name))
    return name


def _in_rounds(state: State) -> None:
    if state.phase != ROUNDS:
        raise RuleViolation(T("All %(rounds)s rounds have been played", rounds=state.rounds), "RC-G1")


def _end_round(state: State, command: EndRound) -> list[Event]:
    _in_rounds(state)
    if state.asks_preferred():  # RC-G5: the table is asked before the buildings' actions are settled
        raise RuleViolation(T("First record which of the two players takes this round's preferred action"),
                            "RC-G5")
    # RC-G1 phase E: the start player card passes to the left (next seat clockwise).
    following = state.players[(state.seat(state.start_player) + 1) % len(state.players)]
    return [ev.RoundEnded(state.round, following, last=state.round == state.rounds,
                          treasury_used=command.treasury_used)]


def _turn_player(state: State) -> str:
    _in_rounds(state)
    player = state.current_player()
    if player is None:
        raise RuleViolation(T("Every player has accessed a building this round: resolve the buildings, then end "
                              "the round"), "RC-G1")
    return player


def _end_turn(state: State, command: EndTurn) -> list[Event]:
    return [ev.TurnEnded(state.round, _turn_player(state))]


def _play_safe_conduct(state: State, command: PlaySafeConduct) -> list[Event]:
    player = _turn_player(state)
    # Ruling RC-I3: the last player still to choose has nobody left to wait for; a Safe-conduct
    # would hand the turn straight back, so they access a building now.
    if len(state.queue) == 1:
        raise RuleViolation(T("%(player)s is the last to choose: nobody is left to wait for, so they access a "
                              "building now", player=player), "RC-I3")
    return [ev.SafeConductPlayed(state.round, player)]


def _record_preferred(state: State, command: RecordPreferredAction) -> list[Event]:
    _in_rounds(state)
    if len(state.players) != PREFERRED_ONE_PER_ROUND:
        raise RuleViolation(T("Only with 2 players does one player alone take the round's preferred action"),
                            "RC-G5")
    if state.queue or len(state.accessed) < len(state.players):
        raise RuleViolation(T("Both players access a building first; then record who takes the preferred action"),
                            "RC-G5")
    return [ev.PreferredActionRecorded(state.round, _player(state, command.player))]


HANDLERS = {
    EndRound: _end_round,
    EndTurn: _end_turn,
    PlaySafeConduct: _play_safe_conduct,
    RecordPreferredAction: _record_preferred,
}


def _round_ended(state: State, event: ev.RoundEnded) -> State:
    # A round that noted the Treasury answers the end's question (RC-F5); none leaves it to the end.
    treasury = True if event.treasury_used else state.treasury_used
    state = dataclasses.replace(state, start_player=event.next_start_player, turns=0, treasury_used=treasury,
                                queue=state.clockwise(event.next_start_player), accessed=(), preferred=None)
    if event.last:
        return dataclasses.replace(state, phase=FINAL, queue=())
    return dataclasses.replace(state, round=event.round + 1)


def _turn_ended(state: State, event: ev.TurnEnded) -> State:
    _check_turn(state, event)
    return dataclasses.replace(state, turns=state.turns + 1, queue=state.queue[1:],
                               accessed=(*state.accessed, event.player))


def _safe_conduct_played(state: State, event: ev.SafeConductPlayed) -> State:
    # RC-G7: the turn passes on; the player chooses again once all the others have chosen.
    _check_turn(state, event)
    return dataclasses.replace(state, turns=state.turns + 1, queue=(*state.queue[1:], state.queue[0]))


def _check_turn(state: State, event: ev.TurnEnded | ev.SafeConductPlayed) -> None:
    """A turn recorded for someone else than whose turn it is (a forged import) is refused."""
    if event.player != state.current_player():
        raise InputError(f"{event.type}.player", T("is not whose turn it is (RC-G1)"))


EVOLVERS = {
    ev.RoundEnded: _round_ended,
    ev.TurnEnded: _turn_ended,
    ev.SafeConductPlayed: _safe_conduct_played,
    ev.PreferredActionRecorded: lambda s, e: dataclasses.replace(s, preferred=e.player),
}


def round_pending(state: State) -> tuple[str, T, str]:
    """During the rounds: ``(step, message, rule)``; with 2 players, once both accessed a
    building, the step ``preferred-action`` asks who takes the round's only preferred action."""
    final = state.round == state.rounds
    if state.asks_preferred():
        first = state.accessed[0]
        if final:
            return "preferred-action", T(
                "Round %(round)s, the last: which of the two players gains +1 influence for the preferred action? "
                "The one who played more population cards and wildcards; on a tie %(player)s, who accessed a "
                "building first", round=state.round, player=first), "RC-G5"
        return "preferred-action", T(
            "Round %(round)s: which of the two players takes the preferred action? The one who played more "
            "population cards and wildcards; on a tie %(player)s, who accessed a building first",
            round=state.round, player=first), "RC-G5"
    values = {"round": state.round, "rounds": state.rounds, "player": state.start_player}
    if not final:
        return "round", T("Round %(round)s of %(rounds)s, start player %(player)s: end the round when every "
                          "building is resolved", **values), "RC-G1"
    if len(state.players) == PREFERRED_ONE_PER_ROUND:
        return "round", T("Round %(round)s of %(rounds)s, start player %(player)s: end the round when every "
                          "building is resolved (final round: no building actions; only the one player who takes "
                          "the round's preferred action gains +1 influence)", **values), "RC-G1"
    return "round", T("Round %(round)s of %(rounds)s, start player %(player)s: end the round when every building "
                      "is resolved (final round: no building actions, the preferred action gives +1 influence)",
                      **values), "RC-G1"
