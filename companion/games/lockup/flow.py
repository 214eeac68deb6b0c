"""Helpers shared by the phase modules: an event batch that folds as it grows, cube moves that
respect the finite supply (L-C3, I-15), reputation changes with their cause, and ``Pending``.

``Batch`` is a local accumulator used inside ``decide``: the state it holds is always the fold
of the input state and the events appended so far, so later events can depend on earlier ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.errors import RuleViolation
from companion.core.i18n import T
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.fold import evolve
from companion.games.lockup.state import State, clip


class Batch:
    """Events produced by one command, with the state after each of them."""

    def __init__(self, state: State):
        self.state = state
        self.events: list = []

    def add(self, *events: E.Event) -> None:
        """Append events, folding each into ``state``.

        Each event is normalized through its payload (lists become tuples) so that the live state
        equals the fold of the stored log exactly.
        """
        for event in events:
            event = type(event).from_payload(event.to_payload())
            self.state = evolve(self.state, event)
            self.events.append(event)


@dataclass(frozen=True)
class Pending:
    """What the game waits for: ``kind``, from which ``seat`` (None: the table) and details.

    Kinds: trait, guards-deal, roll-call, guard-turn, special-draw, reveal-tiles (I-16),
    confirm-rewards, choice, effect, discard, refill-items, refill-goons, end-goal, over.
    """

    kind: str
    seat: str | None = None
    location: str | None = None
    detail: dict = field(default_factory=dict)


def gain(b: Batch, seat: str, cubes: dict, rule: str, reason: str) -> dict:
    """Move cubes from the supply to a seat, giving only what is left (L-C3, I-15)."""
    given = clip(b.state.supply, cubes)
    if given:
        b.add(E.CubesMoved("supply", f"seat:{seat}", given, rule, reason))
    return given


def pay(b: Batch, seat: str, cubes: dict, rule: str, reason: str) -> None:
    """Move cubes from a seat back to the supply (cost already validated)."""
    cubes = {c: n for c, n in cubes.items() if n}
    if cubes:
        b.add(E.CubesMoved(f"seat:{seat}", "supply", cubes, rule, reason))


def reputation(b: Batch, seat: str, delta: int, rule: str, reason: str) -> int:
    """Change reputation with its cause; it never drops below 0 (L-RD4). Returns the applied delta."""
    applied = max(delta, -b.state.seats[seat].reputation)
    if applied:
        b.add(E.ReputationChanged(seat, applied, rule, reason))
    return applied


def resources_total(state: State, seat: str) -> int:
    """Resource cubes on a seat's board (scrap, iron, potion, gold)."""
    return sum(state.seats[seat].resources.values())


def check_pay_owned(state: State, seat: str, payment: dict, rule: str) -> None:
    """A payment must come from cubes the seat has."""
    have = state.seats[seat].resources
    for r, n in payment.items():
        if have.get(r, 0) < n:
            raise RuleViolation(T("%(seat)s has only %(get)s %(r)s", seat=seat, get=have.get(r, 0), r=r), rule)


def affordable(have: dict, cost: dict) -> bool:
    """Can ``have`` pay ``cost`` ({resource: n, "any": k}) (L-IT1)?"""
    spare = 0
    for r, n in have.items():
        need = cost.get(r, 0)
        if n < need:
            return False
        spare += n - need
    return spare >= cost.get("any", 0) and all(have.get(r, 0) >= n for r, n in cost.items() if r != "any")


def check_cost(state: State, seat: str, cost: dict, payment: dict, rule: str, what: str) -> None:
    """``payment`` must pay exactly ``cost``: the named resources plus ``any`` of any type (L-IT1)."""
    check_pay_owned(state, seat, payment, rule)
    for r, n in cost.items():
        if r != "any" and payment.get(r, 0) < n:
            raise RuleViolation(T("%(what)s costs %(count)s %(resource)s",
                                  what=what, count=n, resource=terms.quantity(r)), rule)
    if sum(payment.values()) != sum(cost.values()):
        raise RuleViolation(T("%(what)s costs %(cost)s resources in all, not %(paid)s",
                              what=what, cost=sum(cost.values()), paid=sum(payment.values())), rule)
