"""Building blocks for scenario tests and demos: made-up cards (named "Test ...", not real cards),
a setup document, and ``Table``, which records commands against a live state.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.lockup.engine import decide, pending, start
from companion.games.lockup.fold import evolve
from companion.games.lockup.model import GOON_LOCATIONS
from companion.games.lockup.parse import parse
from companion.games.lockup.state import State


def item(name: str = "Test Shiv", cost: dict | None = None, reputation: int = 3, treasures: Sequence[str] = (),
         effect: str | None = None, effect_resource: str | None = None) -> dict:
    """A made-up item face."""
    return {"name": name, "cost": cost if cost is not None else {"scrap": 1}, "reputation": reputation,
            "treasures": list(treasures), "effect": effect, "effect_resource": effect_resource}


def goon(name: str = "Test Goon", type: str = "dwarf", suspicion: int = 0, treasures: Sequence[str] = (),
         effect: str | None = None, effect_resource: str | None = None, resource: str | None = None) -> dict:
    """A made-up goon face."""
    return {"name": name, "type": type, "suspicion": suspicion, "treasures": list(treasures), "effect": effect,
            "effect_resource": effect_resource, "resource": resource}


def setup(names: Sequence[str] = ("Ana", "Ben"), mode: str = "standard", first: str | None = None,
          goons: dict | None = None, display: list | None = None, goals: dict | None = None,
          options: dict | None = None, crew_tiles: Sequence[int] = (1, 2, 3, 4), **extra) -> dict:
    """A valid setup document with made-up cards; override any part."""
    count = 2 if mode == "solo" else len(names)
    base_goons = {loc: goon(f"Test Goon {i}") for i, loc in enumerate(GOON_LOCATIONS)}
    base_goals = {"leader": {"name": "Test Leader", "kind": "leader", "counts": "shield", "minimum": 2},
                  "instant": None if mode == "solo" else {"name": "Test Instant", "kind": "instant", "stars": 3},
                  "end_game": {"name": "Test Majority", "kind": "end_game", "treasure": "gem"}}
    doc = {"mode": mode, "players": [{"name": n} for n in names], "first_player": first or names[0],
           "crew_tiles": list(crew_tiles), "goals": {**base_goals, **(goals or {})},
           "display": display if display is not None else [item(f"Test Item {i}") for i in range(count + 1)],
           "goons": {**base_goons, **(goons or {})}, "options": options or {}}
    doc.update(extra)
    return doc


class Table:
    """A game under test: ``do`` decides a command and folds its events."""

    def __init__(self, setup_doc: dict):
        self.events = start(setup_doc)
        self.state: State = None
        for e in self.events:
            self.state = evolve(self.state, e)

    def do(self, type: str, **fields) -> list:
        """Run one command given in its wire form (``InputError`` or ``RuleViolation`` leaves the
        table unchanged)."""
        new = decide(self.state, parse({"type": type, **fields}, self.state.seating))
        for e in new:
            self.state = evolve(self.state, e)
        self.events += new
        return new

    @property
    def pending(self):
        """What the game waits for."""
        return pending(self.state)

    def seat(self, name: str):
        """A seat's board."""
        return self.state.seats[name]

    def pass_all(self) -> None:
        """Everyone still in Roll Call passes (L-RC7)."""
        while self.pending.kind == "roll-call":
            self.do("pass", seat=self.pending.seat)

    def collect(self, *declined: str) -> list:
        """Confirm the current location's rewards; nothing to do where the game confirmed them by
        itself (its players' rewards are choices, each declined at its own prompt: issue 23)."""
        if not declined and self.pending.kind != "confirm-rewards":
            return []
        return self.do("collect", declined=list(declined))

    def types(self, events: list | None = None) -> list[str]:
        """Event types (of ``events`` or the whole log)."""
        return [e.type for e in (self.events if events is None else events)]
