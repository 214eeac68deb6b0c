"""A deterministic scripted solo player and a readable narration of a solo game.

Used by the golden playthrough tests (``tests/solo_guard/golden/``), ``scripts/regen_golden.py``
and demos. Every card it invents is named "Made-up ...": these are not the real cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.core.errors import RuleViolation
from companion.games.lockup.model import GOON_LOCATIONS, GOON_TYPES, GUARDS, RARITY_ASCENDING, RESOURCES, TREASURES
from companion.games.lockup.rewards import with_bandit
from companion.solo_guard import decisions
from companion.solo_guard.automaton import SOLO, pending
from companion.solo_guard.narrate import narrate
from companion.solo_guard.state import SoloState

PLAYER = "Ana"
PREFERENCE = ("smithy", "commissary", "cell_block", "infirmary", "sewers", "chow_hall", "exercise_yard")
MAX_COMMANDS = 2000


class MadeUpCards:
    """Made-up item and goon faces with unique names, from a seeded generator."""

    def __init__(self, seed: int):
        self.rng, self.n = random.Random(seed), 0

    def item(self) -> dict:
        """A made-up item face."""
        self.n += 1
        cost = {r: self.rng.randint(0, 2) for r in self.rng.sample(RESOURCES, 2)}
        cost["any"] = self.rng.randint(0, 1)
        effect = self.rng.choice([None, None, "L-E1", "L-E4", "L-E5", "L-E7"])
        return {"name": f"Made-up Item {self.n}", "cost": cost, "reputation": self.rng.randint(1, 5),
                "treasures": self.rng.sample(TREASURES, self.rng.randint(1, 2)), "effect": effect,
                "effect_resource": self.rng.choice(RESOURCES) if effect == "L-E1" else None}

    def goon(self) -> dict:
        """A made-up goon face."""
        self.n += 1
        kind = self.rng.choice(GOON_TYPES)
        effect = self.rng.choice([None, None, "L-E2", "L-E3", "L-E4", "L-E5", "L-E7"])
        return {"name": f"Made-up Goon {self.n}", "type": kind, "suspicion": self.rng.randint(0, 2),
                "treasures": self.rng.sample(TREASURES, self.rng.randint(0, 1)), "effect": effect,
                "effect_resource": None, "resource": self.rng.choice(RESOURCES) if kind == "bandit" else None}


def setup(difficulty: str, profile: dict, seed: int, cards: MadeUpCards, advanced: bool = False) -> dict:
    """A solo setup document with made-up cards."""
    return {
        "mode": "solo", "players": [{"name": PLAYER}], "difficulty": difficulty, "box_profile": profile,
        "seed": seed, "advanced": advanced,
        "goals": {"leader": {"name": "Made-up Leader Goal", "kind": "leader", "counts": "shield", "minimum": 2},
                  "instant": None,
                  "end_game": {"name": "Made-up Majority Goal", "kind": "end_game", "treasure": "gem"}},
        "display": [cards.item() for _ in range(3)],
        "goons": {loc: cards.goon() for loc in GOON_LOCATIONS},
    }


def play(difficulty: str, profile: dict, seed: int) -> tuple[list, list[str], SoloState]:
    """Play a whole solo game with the scripted player: (events, narration lines, final state)."""
    cards = MadeUpCards(seed)
    events = SOLO.start(setup(difficulty, profile, seed, cards))
    state = SOLO.fold(events)
    lines = [line for e in events for line in narrate(e)]
    for _ in range(MAX_COMMANDS):
        if state.game.phase == "over":
            break
        command, new = next_command(state, cards)
        lines.append(f"> {command}")
        for e in new:
            lines.extend(narrate(e))
            state = SOLO.evolve(state, e)
        events += new
    return events, lines, state


def next_command(state: SoloState, cards: MadeUpCards) -> tuple[dict, list]:
    """The scripted player's command for ``state`` (its wire form, as a device posts it) and the
    events it causes."""
    for command in _candidates(state, cards):
        try:
            return command, SOLO.decide(state, SOLO.parse_command(state, command))
        except RuleViolation:
            continue
    raise RuntimeError(f"the scripted player is stuck at {pending(state)}")  # pragma: no cover


def _candidates(state: SoloState, cards: MadeUpCards) -> Iterator[dict]:
    p = pending(state)
    g = state.game
    if p.kind == "guard-turn":  # a varied but scripted pick among the face-down guards
        choices = p.detail["reveal"]
        yield {"type": "reveal_guard", "location": choices[(g.round * 3 + len(state.location_shown)) % len(choices)]}
    elif p.kind == "roll-call":
        yield from _roll_call(state)
    elif p.kind == "confirm-rewards":
        yield {"type": "collect", "declined": []}
    elif p.kind == "choice":
        yield from _choice(state, p.location, p.detail["action"], p.detail["tier"])
    elif p.kind == "effect":
        yield from _effect(state, p.detail["code"])
    elif p.kind == "discard":
        yield {"type": "discard", "seat": PLAYER, "resources": _excess(g.seats[PLAYER].resources,
                                                                       p.detail["excess"][PLAYER])}
    elif p.kind == "refill-items":
        yield {"type": "refill_items", "items": [cards.item() for _ in p.detail["slots"]]}
    elif p.kind == "refill-goons":
        yield {"type": "refill_goons", "goons": {loc: cards.goon() for loc in p.detail["slots"]}}
    elif p.kind == "end-goal":
        yield {"type": "end_goal", "seats": []}


def _roll_call(state: SoloState) -> Iterator[dict]:
    """One tile per turn, highest number first, to the next unvisited location of a rotating plan."""
    g = state.game
    me = g.seats[PLAYER]
    if g.round == 3 and len(me.holding) == 1:  # exercise I-7: pass with a tile left
        yield {"type": "pass", "seat": PLAYER}
    tiles = sorted(me.holding, key=lambda t: (isinstance(t, str), -t if isinstance(t, int) else t == "lookout"))
    shift = g.round % len(PREFERENCE)
    for location in PREFERENCE[shift:] + PREFERENCE[:shift]:
        if location not in me.visited:
            down = isinstance(tiles[0], int) and me.face_down_used < g.face_down_limit and tiles[0] >= 3
            yield {"type": "assign", "seat": PLAYER, "location": location,
                   "tiles": [{"tile": tiles[0], "face_up": not down}]}
    yield {"type": "pass", "seat": PLAYER}


def _choice(state: SoloState, location: str, action: str, tier: str) -> Iterator[dict]:
    g = state.game
    have = with_bandit(g, PLAYER, location)  # I-17: the Bandit cubes come first and can pay
    if action == "take":
        yield {"type": "take", "seat": PLAYER, "resource": decisions.commissary(have, g.supply).result["take"]}
    elif action == "exchange":
        give = _excess(have, 1 if tier == "second" else 2)
        yield {"type": "exchange", "seat": PLAYER, "give": give, "take": "gold"}
    elif action == "recruit":
        pay = decisions.payment({"any": 1 if tier != "other" else 2}, have)
        goons = [loc for loc in GOON_LOCATIONS if g.goons[loc] is not None]
        if pay is not None and goons:
            yield {"type": "recruit", "seat": PLAYER, "goons": goons[-1:], "pay": pay}
    else:
        yield from _cell_block(state)
    yield {"type": "keep_bandit", "seat": PLAYER}  # refused without Bandit cubes here (I-17)
    yield {"type": "decline", "seat": PLAYER}


def _cell_block(state: SoloState) -> Iterator[dict]:
    g = state.game
    me = g.seats[PLAYER]
    display = [decisions.Item(i.name, i.reputation, dict(i.cost)) for i in g.display if i is not None]
    reserved = [decisions.Item(i.name, i.reputation, dict(i.cost)) for i in me.reserved]
    r = decisions.cell_block(me.resources, reserved, display).result
    if r.get("action") == "craft":
        yield {"type": "craft", "seat": PLAYER, "source": r["from"], "item": r["item"], "pay": dict(r["pay"])}
    elif r.get("action") == "reserve" and sum(me.resources.values()):
        yield {"type": "reserve", "seat": PLAYER, "item": r["item"], "pay": _excess(me.resources, 1)}


def _effect(state: SoloState, code: str) -> Iterator[dict]:
    g = state.game
    if code == "L-E3":
        yield {"type": "effect", "seat": PLAYER, "target": GUARDS}
    elif code == "L-E7":
        d = decisions.exchange(g.seats[PLAYER].resources, g.supply).result
        if "give" in d:
            yield {"type": "effect", "seat": PLAYER, "give": {d["give"]: 1}, "take": d["take"]}
    yield {"type": "effect", "seat": PLAYER, "skip": True}


def _excess(have: dict, count: int) -> dict:
    """``count`` cubes taken from the most plentiful resources (least rare first on ties)."""
    left, out = dict(have), {}
    for _ in range(count):
        r = max(RESOURCES, key=lambda x: (left.get(x, 0), -RARITY_ASCENDING.index(x)))
        left[r] -= 1
        out[r] = out.get(r, 0) + 1
    return out


# The golden playthroughs (tests/solo_guard/golden/): difficulty -> seed, chosen so that between
# them they show a special guard's draw in Lights Out (L-SO9) and a guard turn with nothing to
# reveal (I-8).
GOLDEN_GAMES: dict[str, int] = {"easy": 4, "demanding": 2, "expert": 7}


def golden_text(difficulty: str, profile: dict) -> str:
    """The readable text of a golden playthrough (made-up profile and cards)."""
    seed = GOLDEN_GAMES[difficulty]
    _, lines, _ = play(difficulty, profile, seed)
    header = [f"# Golden solo playthrough: difficulty {difficulty}, seed {seed}.",
              "# Made-up box profile and made-up cards; regenerate with scripts/regen_golden.py."]
    return "\n".join(header + lines) + "\n"
