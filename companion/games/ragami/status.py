"""What a Ragami table sees: what comes next (``pending``), the RG-T3 round setup reminders, the
end-of-game warning (RG-E1) and a JSON-ready view of the game."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from companion.core.i18n import N_, T, and_list, join
from companion.games.ragami import setup_tokens
from companion.games.ragami.game import FINAL, FINISHED, PLAYING, State, current_player, end_reasons, tallies
from companion.games.ragami.rules import LOCATION_TOKENS
from companion.games.ragami.scoring import Result, outcome_note, score

END_REASON_TEXT: dict[str, T] = {
    "30-vp": N_("a player reached 30 VP"),
    "tokens-exhausted": N_("the location tokens ran out"),
}


@dataclass(frozen=True)
class Pending:
    """What the game waits for: a ``step``, a message and its rule; round setup ``reminders``
    as (id, text) pairs; ``warning`` when the current round is the last (RG-E1); ``asks``: the
    commands the table is asked for besides the round's (``draw-setup-tokens`` in round 1 while
    the set-up's location tokens are not recorded, RG-T2)."""

    step: str
    message: str
    rule: str
    reminders: tuple[tuple[str, str], ...] = ()
    warning: str | None = None
    asks: tuple[str, ...] = ()


def dice_roller(state: State) -> str:
    """The "new fourth player" of RG-T3 step 6: the last in turn order (right of the start player)."""
    return state.players[state.players.index(state.start_player) - 1]


def round_setup_reminders(state: State) -> tuple[tuple[str, str], ...]:
    """RG-T3, for every round but the first: what the table does before the start player plays."""
    if state.round < 2:
        return ()
    fourth = dice_roller(state)
    return (
        ("RG-T3.1", T("%(player)s takes the first player cube (it passed to the left).", player=state.start_player)),
        ("RG-T3.2", T("Every conflict die on the board +1; a die reaching 7 leaves the board and its location "
                      "becomes \"no passage\" (Ragami there move to an adjacent building).")),
        ("RG-T3.3", T("Every Virtue die on the board +1, plus +1 per Ragami on or adjacent to its building.")),
        ("RG-T3.4", T("Roll the conflict dice in the supply; place each with a new location token "
                      "(record the tokens).")),
        ("RG-T3.5", T("Players may convert Virtue die points (3 = 1 VP) or move their die (it resets to 1); "
                      "a die off the board may be placed on any building at 1.")),
        ("RG-T3.6", T("%(player)s rolls the 3 action dice: each red 1 places a demon from the supply on a street, "
                      "then is turned to any other face.", player=fourth)),
    )


def last_round_warning(state: State) -> str | None:
    """RG-E1: once a condition holds, the current round is the last one."""
    reasons = end_reasons(state)
    if state.phase != "playing" or not reasons:
        return None
    why = and_list([END_REASON_TEXT[r] for r in reasons])
    return T("This is the last round: %(why)s; the game ends when the round ends.", why=why)


def pending(state: State | None) -> Pending:
    """What the table must do next."""
    if state is None:
        return Pending("setup", T("Set up the game: 2 to 4 players, colours and start player"), "RG-T1")
    if state.phase == FINAL:
        why = join([END_REASON_TEXT[r] for r in state.end_reasons], " and ")
        return Pending("final-conversion", T("The game is over (%(why)s): convert white cubes (2 = 1 VP) if you "
                                             "wish, then finish the game for the conflicts bonus and the winner",
                                             why=why), "RG-E2")
    if state.phase == FINISHED:
        return Pending("finished", T("The game is over: see the final scores"), "RG-E4")
    message = T("Round %(round)s, start player %(player)s: record VP as they are gained; end the round when every "
                "player has passed", round=state.round, player=state.start_player)
    reminders = round_setup_reminders(state)
    asks = ("draw-setup-tokens",) if state.round == 1 and not state.setup_tokens else ()  # RG-T2
    return Pending("round", message, "RG-T3" if reminders else "RG-T1", reminders, last_round_warning(state), asks)


def final_result(state: State | None) -> Result | None:
    """The explained final scores once the game is finished (``None`` before)."""
    if state is None or state.phase != FINISHED:
        return None
    return score(tallies(state), state.options)


def is_finished(state: State | None) -> bool:
    """True once the final scores are in."""
    return state is not None and state.phase == FINISHED


def view_for(state: State | None, seat: str | None) -> dict[str, Any]:
    """The game as any seat sees it (Ragami tracks nothing secret); ``you`` marks ``seat``."""
    if state is None:
        return {"game": "ragami", "phase": "setup", "pending": dataclasses.asdict(pending(state))}
    players = [dict(dataclasses.asdict(s), you=s.name == seat) for s in state.seats]
    return {
        "game": "ragami", "phase": state.phase, "round": state.round, "start_player": state.start_player,
        "dice_roller": dice_roller(state),
        "turn": current_player(state) if state.phase == PLAYING else None, "passed": list(state.passed),
        "players": players, "tokens_used": list(state.tokens_used),
        "tokens_left": len(LOCATION_TOKENS) - len(state.tokens_used), "end_reasons": list(state.end_reasons),
        "setup_tokens": {"recorded": state.setup_tokens, "counts": setup_tokens.counts(len(state.seats))},
        "options": dataclasses.asdict(state.options),
        "pending": dataclasses.asdict(pending(state)), "result": _result_view(final_result(state)),
    }


def _result_view(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    players = [{"name": p.name, "total": p.total, "breakdown": p.breakdown(), "conflicts": p.conflicts,
                "lines": [dataclasses.asdict(line) for line in p.lines]} for p in result.players]
    rule, text = outcome_note(result)
    ruling = {"rule": "RG-I1", "option": result.ruling.option, "applied": result.ruling.applied,
              "changed": [list(pair) for pair in result.ruling.changed], "text": result.ruling.note()}
    return {"players": players, "winners": list(result.winners), "tiebreak": result.tiebreak,
            "outcome": {"rule": rule, "text": text}, "ruling": ruling}
