"""Lockup commands as data (``companion.core.codec``): the engine's and the solo game's codec.

A Lockup command stays a JSON mapping (``companion.games.lockup.commands``): ``parse_command``
validates it with ``commands.parse`` and returns its canonical wire form, the mapping ``decide``
takes (card faces as their JSON documents, every face-down tile listed in ``tiles``, so reading
it again gives the same command).
"""

from __future__ import annotations

from typing import Any

from companion.core import codec
from companion.games.lockup import commands as C
from companion.games.lockup.cards import Goon, Item, card_doc
from companion.games.lockup.flow import Pending


def command_json(command: dict) -> dict:
    """The wire form of a Lockup command (as given, or as ``commands.parse`` returns it)."""
    # face_down was folded into ``tiles`` by the parser: kept, it would add those tiles twice.
    return {key: _plain(value) for key, value in command.items() if key != "face_down"}


def _plain(value: Any) -> Any:
    if isinstance(value, Item | Goon):
        return card_doc(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def parse_command(state: Any, data: Any) -> dict:
    """A validated Lockup command (``InputError`` naming the field), in its wire form."""
    return command_json(C.parse(data, state.seating))


def pending_json(waiting: Pending) -> dict:
    """What a Lockup game waits for, as ``waiting_for`` data: several seats for a discard (L-P1);
    public facts only (no holding cell's tiles, I-16)."""
    seats = list(waiting.detail.get("excess") or ()) if waiting.kind == "discard" else waiting.seat
    detail = waiting.detail
    if waiting.kind == "reveal-tiles":  # I-16: the values the seat may name are its holding cell's secret
        detail = {key: value for key, value in detail.items() if key != "tiles"}
    return codec.waiting(waiting.kind, seats, location=waiting.location, detail=detail)



def public(state: Any) -> dict:
    """The game as every seat may see it (``view_for(state, None)``): round, phase, supply, the
    board (face-down tiles without values, the cubes lying on each location: the Bandit's, L-P4,
    and suspicion) and each seat's board (holding cells as counts, I-16)."""
    from companion.games.lockup.engine import seat_view, view_for  # the engine is built from this module

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
