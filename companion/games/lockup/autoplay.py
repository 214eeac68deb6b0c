"""A seeded random *legal* player, for property tests, the benchmark and demos.

Every card it makes up is named as such ("Test Item 7", "Test Goon 3"): these are not real cards.
``random_command`` proposes candidate commands (in their wire form, as a device posts them) for
what the game waits for and returns the first that ``decide`` accepts, so it never needs to
duplicate the rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.core.errors import RuleViolation
from companion.games.lockup.engine import decide, pending, start
from companion.games.lockup.fold import evolve
from companion.games.lockup.model import EFFECTS, GOON_LOCATIONS, GOON_TYPES, GUARDS, LOCATIONS, RESOURCES, TREASURES
from companion.games.lockup.parse import parse
from companion.games.lockup.state import State, held, in_hand

NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")


class Cards:
    """Made-up card faces with unique names."""

    def __init__(self, rng: random.Random):
        self.rng, self.n = rng, 0

    def _effect(self) -> dict:
        code = self.rng.choice([None, None, *EFFECTS])
        return {"effect": code, "effect_resource": self.rng.choice(RESOURCES) if code == "L-E1" else None}

    def item(self) -> dict:
        """A made-up item face."""
        self.n += 1
        cost = {r: self.rng.randint(0, 2) for r in self.rng.sample(RESOURCES, 2)}
        cost["any"] = self.rng.randint(0, 2)
        return {"name": f"Test Item {self.n}", "cost": cost, "reputation": self.rng.randint(1, 6),
                "treasures": self.rng.sample(TREASURES, self.rng.randint(0, 2)), **self._effect()}

    def goon(self) -> dict:
        """A made-up goon face."""
        self.n += 1
        kind = self.rng.choice(GOON_TYPES)
        return {"name": f"Test Goon {self.n}", "type": kind, "suspicion": self.rng.randint(0, 2),
                "treasures": self.rng.sample(TREASURES, self.rng.randint(0, 1)), **self._effect(),
                "resource": self.rng.choice(RESOURCES) if kind == "bandit" else None}


def make_setup(rng: random.Random, count: int, mode: str = "standard", cards: Cards | None = None) -> dict:
    """A random valid setup with made-up cards (``count`` players; solo: 1)."""
    cards = cards or Cards(rng)
    names = list(NAMES[:count])
    size = (2 if mode == "solo" else count) + 1
    players = [{"name": n} for n in names]
    if mode == "advanced":
        for p in players:
            p["start"] = {"power": rng.randint(0, 2), "suspicion": rng.randint(0, 1), "storage_limit": 5}
    leader = {"name": "Test Leader Goal", "kind": "leader", "counts": rng.choice((*TREASURES, *GOON_TYPES)),
              "minimum": rng.randint(1, 3)}
    end = rng.choice([{"name": "Test Majority Goal", "kind": "end_game", "treasure": rng.choice(TREASURES)},
                      {"name": "Test Fixed Goal", "kind": "end_game", "stars": 5}])
    goals = {"leader": leader, "end_game": end,
             "instant": None if mode == "solo" else {"name": "Test Instant Goal", "kind": "instant", "stars": 3}}
    return {"mode": mode, "players": players, "first_player": rng.choice(names), "crew_tiles": [1, 2, 3, 4],
            "goals": goals, "display": [cards.item() for _ in range(size)],
            "goons": {loc: cards.goon() for loc in GOON_LOCATIONS},
            "options": _options(rng.random())}


def _options(draw: float) -> dict:
    """I-1 "pass rewards down" in 30% of the games, each of them asking before a fixed reward (L-LO6)
    so that its declines happen, and half of the others asking too. One draw: the seeds' games stay."""
    return {"pass_rewards_down": draw < 0.3, "ask_fixed_rewards": draw < 0.65}


def _pay_any(rng: random.Random, have: dict, cost: dict) -> dict | None:
    rest = dict(have)
    pay = {}
    for r, n in cost.items():
        if r != "any":
            if rest.get(r, 0) < n:
                return None
            pay[r] = n
            rest[r] -= n
    for _ in range(cost.get("any", 0)):
        options = [r for r, n in rest.items() if n]
        if not options:
            return None
        r = rng.choice(options)
        rest[r] -= 1
        pay[r] = pay.get(r, 0) + 1
    return pay


def candidates(state: State, rng: random.Random, cards: Cards) -> Iterator[dict]:
    """Plausible commands for what the game waits for, most interesting first."""
    p = pending(state)
    yield from _PROPOSERS[p.kind](state, rng, cards, p)


def _trait(state, rng, cards, p):
    yield {"type": "pick_trait", "seat": p.seat, "trait": "Test Trait"}


def _deal(state, rng, cards, p):
    yield {"type": "deal_guards", "cards": [
        {"location": loc, "value": rng.choice([0, 1, 2, 3, 4, "power"]), "special": rng.random() < 0.1}
        for loc in LOCATIONS[:7]]}


def _guard_turn(state, rng, cards, p):
    down = [(loc, i) for loc in LOCATIONS for i, x in enumerate(state.placements[loc])
            if x.seat == GUARDS and not x.face_up]
    reveal = None if not down else dict(zip(("location", "index"), rng.choice(down), strict=True))
    place = {"location": rng.choice(LOCATIONS[:6]), "value": rng.randint(0, 4)} if rng.random() < 0.7 else None
    yield {"type": "guard_turn", "reveal": reveal, "place": place, "done": rng.random() < 0.1}


def _special(state, rng, cards, p):
    yield {"type": "place_guard", "value": rng.randint(0, 4)}
    yield {"type": "skip_guard_draw"}


def _confirm(state, rng, cards, p):
    yield {"type": "collect", "declined": [n for n in p.detail["ranking"] if n != GUARDS and rng.random() < 0.1]}


def _effect(state, rng, cards, p):
    have = state.seats[p.seat].resources
    yield {"type": "effect", "seat": p.seat, "target": rng.choice([n for n in state.seating if n != p.seat])}
    for give in rng.sample(RESOURCES, 4):
        if have.get(give):
            yield {"type": "effect", "seat": p.seat, "give": {give: 1}, "take": rng.choice(RESOURCES)}
    yield {"type": "effect", "seat": p.seat, "skip": True}


def _discard(state, rng, cards, p):
    seat = rng.choice(list(p.detail["excess"]))
    owned = [r for r, n in state.seats[seat].resources.items() for _ in range(n)]
    drop = rng.sample(owned, p.detail["excess"][seat])
    yield {"type": "discard", "seat": seat, "resources": {r: drop.count(r) for r in set(drop)}}


def _refill_items(state, rng, cards, p):
    yield {"type": "refill_items", "items": [cards.item() for _ in p.detail["slots"]]}


def _refill_goons(state, rng, cards, p):
    yield {"type": "refill_goons", "goons": {loc: cards.goon() for loc in p.detail["slots"]}}


def _end_goal(state, rng, cards, p):
    yield {"type": "end_goal", "seats": [n for n in state.seating if rng.random() < 0.5]}


def _roll_call(state: State, rng: random.Random, cards: Cards, p) -> Iterator[dict]:
    seat = p.seat
    me = state.seats[seat]
    if rng.random() < 0.08:
        yield {"type": "pass", "seat": seat}
    for location in rng.sample(LOCATIONS[:7], 7):
        if location in me.visited:
            continue
        yield {"type": "assign", "seat": seat, "location": location, "tiles": _tiles(state, me, rng)}
    yield {"type": "pass", "seat": seat}


def _tiles(state: State, me, rng: random.Random) -> list[dict]:
    """Some tiles, a few face down; with players, most face-down ones without a value (I-16).

    Face-up tiles are drawn from every tile that may be in the cell: when that leaves too few for
    the unknown face-down ones, ``decide`` refuses and the next candidate is tried."""
    hand = list(in_hand(me))
    tiles = rng.sample(hand, rng.randint(1, min(3, held(me))))
    room = state.face_down_limit - me.face_down_used
    chosen = []
    for t in tiles:
        down = room > 0 and rng.random() < 0.3
        room -= down
        if down and state.mode != "solo" and rng.random() < 0.8:
            chosen.append({"tile": None, "face_up": False})
        else:
            chosen.append({"tile": t, "face_up": not down})
    return sorted(chosen, key=lambda t: t["tile"] is None)  # named first, as the Roll Call form sends them


def _reveal(state: State, rng: random.Random, cards: Cards, p) -> Iterator[dict]:
    """Name face-down tiles (L-LO1, I-16): any of the tiles not shown this round will do."""
    pool = list(state.seats[p.seat].pool)
    yield {"type": "reveal_tiles", "seat": p.seat, "tiles": rng.sample(pool, p.detail["count"])}


def _choice(state: State, rng: random.Random, cards: Cards, p) -> Iterator[dict]:
    seat, action = p.seat, p.detail["action"]
    have = dict(state.seats[seat].resources)
    if action == "take":
        yield from ({"type": "take", "seat": seat, "resource": r} for r in rng.sample(RESOURCES, 4))
    elif action == "exchange":
        owned = [r for r, n in have.items() for _ in range(n)]
        for _ in range(6):
            give = rng.sample(owned, min(len(owned), 1 if p.detail["tier"] == "second" else 2))
            yield {"type": "exchange", "seat": seat, "give": {r: give.count(r) for r in set(give)},
                   "take": rng.choice(RESOURCES)}
    elif action == "recruit":
        slots = [loc for loc in GOON_LOCATIONS if state.goons[loc] is not None]
        for n in (2, 1):
            if len(slots) >= n:
                chosen = rng.sample(slots, n)
                cost = {1: 1, 2: 4 if p.detail["tier"] == "first" else 5}.get(n, 2)
                cost = 2 if p.detail["tier"] == "other" else cost
                pay = {} if seat == GUARDS else _pay_any(rng, have, {"any": cost})
                if pay is not None:
                    yield {"type": "recruit", "seat": seat, "goons": chosen, "pay": pay}
    else:
        yield from _cell_block(state, rng, seat, have)
    yield {"type": "decline", "seat": seat}


def _cell_block(state: State, rng: random.Random, seat: str, have: dict) -> Iterator[dict]:
    mine = state.seats[seat]
    for source, pile in (("display", state.display), ("reserved", mine.reserved)):
        for i, item in enumerate(pile):
            pay = None if item is None else _pay_any(rng, have, item.cost)
            if pay is not None:
                yield {"type": "craft", "seat": seat, "source": source, "index": i, "pay": pay}
    owned = [r for r, n in have.items() if n]
    for i, item in enumerate(state.display):
        if item is not None and (owned or seat == GUARDS):
            yield {"type": "reserve", "seat": seat, "index": i, "pay": {} if seat == GUARDS else {rng.choice(owned): 1}}


_PROPOSERS = {
    "trait": _trait, "guards-deal": _deal, "roll-call": _roll_call, "guard-turn": _guard_turn,
    "special-draw": _special, "reveal-tiles": _reveal, "confirm-rewards": _confirm, "choice": _choice,
    "effect": _effect,
    "discard": _discard, "refill-items": _refill_items, "refill-goons": _refill_goons, "end-goal": _end_goal,
}


def random_command(state: State, rng: random.Random, cards: Cards) -> tuple[dict, list]:
    """A legal command for ``state`` (its wire form) and the events it causes."""
    for command in candidates(state, rng, cards):
        try:
            return command, decide(state, parse(command, state.seating))
        except RuleViolation:
            continue
    raise RuntimeError(f"no legal command found for {pending(state)}")  # pragma: no cover


def play(seed: int, count: int, mode: str = "standard", max_commands: int = 5000) -> tuple[list, State]:
    """A whole random legal game: (events, final state)."""
    rng = random.Random(seed)
    cards = Cards(rng)
    events = start(make_setup(rng, count, mode, cards))
    state = None
    for e in events:
        state = evolve(state, e)
    for _ in range(max_commands):
        if state.phase == "over":
            break
        _, new = random_command(state, rng, cards)
        for e in new:
            state = evolve(state, e)
        events += new
    return events, state
