"""A Lockup game as ``companion replay`` prints it: the public state and the result (JSON data).

Kept apart from the codec (``companion.games.lockup.codec``), which the engine is built from.
"""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.lockup.engine import seat_view, view_for


def public(state: Any) -> dict:
    """The game as every seat may see it (``view_for(state, None)``): round, phase, supply, the
    board (face-down tiles without values, the cubes lying on each location: the Bandit's, L-P4,
    and suspicion) and each seat's board (holding cells as counts, I-16)."""
    core = getattr(state, "game", state)  # a solo game's state wraps the engine's (solo_guard)
    view = view_for(core, None)
    out = {
        "mode": view.mode, "round": view.round, "phase": view.phase, "turn": view.turn,
        "first_player": view.first_player, "leader_goal": view.leader_holder, "supply": dict(view.supply),
        "placements": codec.jsonable(view.placements),
        "location_cubes": _location_cubes(view),
        "seats": [seat_view(view, name) for name in view.seating],
    }
    if core is not state:  # solo: the automaton's decks, as counts only (their order is hidden)
        out["guards"] = {"difficulty": state.difficulty, "guard_deck": len(state.guard_deck),
                         "location_deck": len(state.location_deck)}
    return out


def _location_cubes(view: Any) -> dict:
    """The cubes on each location that has some (Bandit resources, L-P4, I-6; suspicion, L-LO3)."""
    out = {}
    for loc in view.placements:
        cubes = {**view.loc_resources.get(loc, {}), "suspicion": view.loc_suspicion.get(loc, 0)}
        if any(cubes.values()):
            out[loc] = {kind: n for kind, n in cubes.items() if n}
    return out


def result(state: Any) -> dict | None:
    """The final scores once the game is over, as ``companion audit lockup`` prints them (L-F)."""
    core = getattr(state, "game", state)
    return codec.jsonable(core.result) if core.result else None
