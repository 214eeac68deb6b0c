"""What one seat may see of a Rattus Cartus game (``view_for``): a JSON-ready dict in which other
players' rat sums stay hidden until the plague reveal (RC-G3)."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.rattus_cartus.game import FINISHED, State, final_result, pending
from companion.games.rattus_cartus.rules import CLASSES, buildings_drawn, reserve_deck
from companion.games.rattus_cartus.scoring import Result, Tally, outcome_note, plague_note, scoring_ties


def view_for(state: State | None, seat: str | None) -> dict[str, Any]:
    """What ``seat`` (a player name, or ``None`` for a spectator) may see: rat sums are secret
    until the plague reveal, except a player's own (RC-G3)."""
    if state is None:
        return {"game": "rattus-cartus", "phase": "setup", "pending": dataclasses.asdict(pending(state))}
    revealed = state.phase == FINISHED
    players = []
    for name, tally, rats in zip(state.players, state.tallies, state.rats, strict=True):
        visible = revealed or name == seat
        players.append({
            "name": name,
            "you": name == seat,
            "tally": _tally_view(tally),
            "rats_recorded": rats is not None,
            "rats": rats if visible else None,
        })
    return {
        "game": "rattus-cartus", "phase": state.phase, "round": state.round, "rounds": state.rounds,
        "start_player": state.start_player, "players": players, "treasury_used": state.treasury_used,
        "turn": state.current_player(), "turns": state.turns,
        # Phase C order still to play (the current player first; a Safe-conduct sends its player to
        # the end, RC-G7), who accessed a building so far, and with 2 players who takes the
        # round's only preferred action (RC-G5).
        "queue": list(state.queue) if state.current_player() else [], "accessed": list(state.accessed),
        "preferred_action": state.preferred,
        "buildings_drawn": buildings_drawn(len(state.players)), "reserve_deck": reserve_deck(len(state.players)),
        "influence_orders": {c: list(o) for c, o in state.orders}, "influence_ties": _ties_view(state),
        "nuns": state.nuns,
        "options": dataclasses.asdict(state.options), "pending": dataclasses.asdict(pending(state)),
        "result": _result_view(final_result(state)),
    }


def _ties_view(state: State) -> list[dict[str, Any]]:
    """The influence ties among the recorded counts that decide a score (RC-F2), each needing a
    stacking order; ties below the scoring places are left out (they change nothing)."""
    recorded = [t for t in state.tallies if t is not None]
    return [{"influence_class": c, "players": list(names)}
            for c, names in scoring_ties(recorded, len(state.players))]


def _tally_view(tally: Tally | None) -> dict[str, Any] | None:
    if tally is None:
        return None
    counts = dataclasses.asdict(tally)
    counts.pop("rats")
    counts.pop("name")
    counts["influence"] = dict(zip(CLASSES, tally.influence, strict=True))
    return counts


def _result_view(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    players = [
        {"name": p.name, "total": p.total, "breakdown": p.breakdown(), "rats": p.rats, "survives": p.survives,
         "lines": [dataclasses.asdict(line) for line in p.lines], "plague": plague_note(p, result.nuns)}
        for p in result.players
    ]
    rule, text = outcome_note(result)
    return {"players": players, "winners": list(result.winners), "tiebreak": result.tiebreak, "nuns": result.nuns,
            "outcome": {"rule": rule, "text": text}}
