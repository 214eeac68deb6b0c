"""Holding cells are private (ruling I-16) and face-down tiles may be recorded without their value.

Every crew has the same known tile set (L-C4), so showing which tiles a seat still holds would
reveal its face-down tiles (L-RC6). On a shared device a face-down tile is therefore recorded as
*unknown* (``tile: null`` in ``tiles-assigned``); the seat's ``pool`` then holds every tile that is
in the holding cell or face down without a value, ``unknown_down`` of them face down. What is
public and checked: which tiles were not yet shown face up, and how many are face down.

When Lights Out reaches a location holding unknown face-down tiles of a seat, the game waits for
that seat to name them (``reveal-tiles``, L-LO1) before ranking; ``tiles-revealed`` records it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.core.errors import RuleViolation
from companion.core.i18n import T, Tn
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.flow import Batch, Pending
from companion.games.lockup.model import GUARDS, LOCATIONS
from companion.games.lockup.state import Placement, Seat, State, clockwise_from, held


def masked(s: Seat) -> Seat:
    """A seat as others see it: the holding cell as a count (``None`` per tile), never its tiles."""
    return replace(s, holding=(None,) * held(s), pool=(), unknown_down=0)


def unshown(state: State, name: str) -> list:
    """The seat's tiles not shown face up on the board: what it may still name (public knowledge).

    In Roll Call every tile on the board was assigned this round (all go home in Lights Out)."""
    shown = Counter(str(p.tile) for here in state.placements.values() for p in here
                    if p.seat == name and p.face_up)
    out = []
    for t in state.seats[name].tiles:
        if shown[str(t)]:
            shown[str(t)] -= 1
        else:
            out.append(t)
    return out


def _unknown_here(here: tuple[Placement, ...], name: str) -> int:
    return sum(1 for p in here if p.seat == name and p.tile is None and not p.face_up)


def reveal_waiting(state: State, location: str) -> Pending | None:
    """``reveal-tiles`` for the first seat (clockwise from the first player) with face-down tiles
    of unknown value at ``location``, or None (L-LO1, I-16)."""
    here = state.placements[location]
    for name in clockwise_from(state, state.first_player):
        count = _unknown_here(here, name) if name != GUARDS else 0
        if count:
            return Pending("reveal-tiles", name, location,
                           {"count": count, "tiles": list(state.seats[name].pool)})
    return None


def current_location(state: State) -> str:
    """The location Lights Out is at."""
    return LOCATIONS[state.lo_index]


def decide_reveal(b: Batch, command: cmd.RevealTiles) -> None:
    """A seat names its face-down tiles at the location being revealed (L-LO1, L-RC2, L-RC6)."""
    s, seat = b.state, command.seat
    location = current_location(s)
    count = _unknown_here(s.placements[location], seat)
    values = list(command.tiles)
    if len(values) != count:
        raise RuleViolation(Tn("%(seat)s has %(num)s face-down tile to reveal at the %(where)s, not %(named)s",
                               "%(seat)s has %(num)s face-down tiles to reveal at the %(where)s, not %(named)s",
                               count, seat=seat, where=terms.location(location), named=len(values)), "L-LO1")
    rest = list(s.seats[seat].pool)
    for value in values:
        if value not in s.seats[seat].tiles:
            raise RuleViolation(T("%(seat)s has no %(value)s tile", seat=seat, value=value), "L-RC2")
        if value in rest:
            rest.remove(value)
        elif values.count(value) > 1 and value in s.seats[seat].pool:
            raise RuleViolation(T("%(seat)s's face-down tiles are different tiles: %(value)s is named twice",
                                  seat=seat, value=value), "L-RC2")
        else:
            raise RuleViolation(T("%(seat)s's %(value)s tile was shown face up or revealed this round, "
                                  "so it is not face down here", seat=seat, value=value), "L-RC6")
    b.add(E.TilesRevealed(seat, location, tuple(values)))
