"""The parts of the Lockup panel an htmx step's answer draws only when the step changed them
(:class:`companion.web.registry.Region`, :func:`companion.web.rendering.kept_regions`).

Each region names the parts of the state its context is built from (:mod:`.panel`, the board and
the tools' templates): the view a device sees is ``view_for(state, viewer)``, a function of those
parts and of the viewer, which a kept region's page shares (the same device, seats and table).
The prompt column (the question, the strip, the feed) changes with nearly every step: it is always
drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.lockup.state import State
from companion.web.registry import Region

# The ids of the regions, as the templates name them.
STATUS, LOCATIONS, CREWS, DISPLAY = "lockup-status", "lockup-locations", "lockup-seats", "lockup-display"
TOOLS, OPTIONS, REASONS = "lockup-tools", "lockup-options-fold", "lockup-guards"


def core_of(state) -> State:
    """The engine state inside a solo state (or the state itself)."""
    return state if isinstance(state, State) else state.game


def _of_core(read: Callable[[Any], tuple]) -> Callable[[Any], tuple]:
    """A region's reads of the engine state (inside a solo state too)."""
    return lambda state: read(core_of(state))


def regions(pending: Callable[[Any], Any]) -> tuple[Region, ...]:
    """The regions of a Lockup panel whose game waits for what ``pending`` says."""

    def crews(state) -> tuple:
        # A crew's box shows the turn (its outer box) and "passed" only in Roll Call.
        core, waiting = core_of(state), pending(state)
        return (core.seats, core.seating, core.first_player, core.leader_holder, core.instant_holder,
                waiting.kind == "roll-call", waiting.seat)

    return (
        Region(STATUS, _of_core(lambda c: (c.round, c.phase, c.first_player))),
        Region(LOCATIONS, _of_core(lambda c: (c.placements, c.loc_suspicion, c.loc_resources, c.goons))),
        Region(CREWS, crews),
        # The solo guards' deck is counted on the solo state (SoloView.guard_deck).
        Region(DISPLAY, lambda state: (*_display(core_of(state)), len(getattr(state, "guard_deck", ())))),
        Region(TOOLS, _of_core(lambda c: (c.seating, c.goals, c.instant_holder, c.phase == "over", c.options))),
        Region(OPTIONS, _of_core(lambda c: (c.options,))),
        Region(REASONS, lambda state: (getattr(state, "reasons", None),)),
    )


def _display(core) -> tuple:
    return core.display, core.goals, core.leader_holder, core.instant_holder, core.supply
