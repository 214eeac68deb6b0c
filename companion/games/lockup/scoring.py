"""Final scoring (L-F1..L-F7), goon values (L-G), goals at the end (L-GL1, L-GL3) and solo (L-SO14).

Pure: the engine (or ``companion audit lockup``) builds one :class:`PlayerEnd` per player from
its state after the final raid and calls :func:`final_scores`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.lockup.model import GOON_TYPES, GUARDS, RESOURCES
from companion.games.lockup.raids import Podium, podium

# L-G: set values for 1, 2, 3, ... of a type; the last entry holds for any larger count.
DWARF_SET: tuple[int, ...] = (1, 3, 7, 12, 18, 25, 30)
RATFOLK_SET: tuple[int, ...] = (-3, 1, 6, 13, 25)
BANDIT_EACH, MINDFLAYER_EACH = 3, 2
DEMON_PER_TREASURE = 2

LEADER_GOAL, LEADER_GOAL_2P = 8, 6  # L-F1, L-GL1
MAJORITY = Podium(most=8, second=4, tied_most=4, tied_second=2, most_2p=6)  # L-GL3
FIRST_PLAYER_MARKER = 2  # L-F6
RESOURCE_POINTS: dict[str, int] = {"scrap": 1, "iron": 1, "potion": 1, "gold": 2}  # L-F4
GUARD_RESOURCE_POINTS: dict[str, int] = {"scrap": 0, "iron": 0, "potion": 0, "gold": 2}  # L-SO14

BREAKDOWN_KEYS: tuple[str, ...] = (
    "track", "leader_goal", "end_game_goal", "goons", "resources", "tomes", "first_player",
)


@dataclass(frozen=True)
class Item:
    """A crafted (face-up) item and the treasure icons it shows (L-IT1)."""

    name: str
    treasures: tuple[str, ...] = ()


@dataclass(frozen=True)
class Goon:
    """A recruited goon: its type (L-G) and treasure icons."""

    type: str
    treasures: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayerEnd:
    """One player's (or the guards') state after the final raid, as scoring needs it."""

    name: str
    reputation: int
    power: int = 0
    resources: Mapping[str, int] = field(default_factory=dict)
    tomes: int = 0  # unplayed tomes (L-F5)
    items: tuple[Item, ...] = ()  # crafted items only; reserved ones do not count (I-11)
    goons: tuple[Goon, ...] = ()


@dataclass(frozen=True)
class EndGameGoal:
    """The end-game goal (L-GL3): ``majority`` of a treasure type, or ``fixed`` stars per player."""

    kind: str  # "majority" | "fixed"
    treasure: str | None = None
    stars: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerScore:
    """A player's final score, explained line by line."""

    name: str
    breakdown: Mapping[str, int]  # keys: BREAKDOWN_KEYS
    goons_by_type: Mapping[str, int]
    crafted_items: int

    @property
    def total(self) -> int:
        """The sum of the breakdown."""
        return sum(self.breakdown.values())


@dataclass(frozen=True)
class FinalScores:
    """Everyone's score (in the order given), the winners and how a tie at the top was settled."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    tiebreak: str | None  # None | "items" | "shared" | "guards"

    def to_json(self) -> dict:
        """The JSON shape of ``companion audit lockup`` (cli-contracts.md)."""
        return {
            "players": [
                {
                    "name": p.name,
                    "total": p.total,
                    "breakdown": dict(p.breakdown),
                    "goons_by_type": dict(p.goons_by_type),
                    "crafted_items": p.crafted_items,
                }
                for p in self.players
            ],
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
        }


def _set_value(table: Sequence[int], count: int) -> int:
    """Value of a set of ``count`` cards (0 for none; the last entry for more than the table lists)."""
    return 0 if count <= 0 else table[min(count, len(table)) - 1]


def treasure_icons(items: Iterable[Item], goons: Iterable[Goon]) -> int:
    """Treasure icons on the player's face-up cards: crafted items and goons (L-G Demon, I-11)."""
    return sum(len(i.treasures) for i in items) + sum(len(g.treasures) for g in goons)


def goon_points_by_type(goons: Sequence[Goon], crafted_items: Sequence[Item], power: int) -> dict[str, int]:
    """End-game points of each goon type the player has (L-G, I-11)."""
    counts = _counts(goons)
    unknown = counts.keys() - _GOON_VALUES.keys()
    if unknown:
        raise ValueError(f"unknown goon type(s): {sorted(unknown)}")
    icons = treasure_icons(crafted_items, goons) if "demon" in counts else 0
    items = len(crafted_items)
    return {t: _GOON_VALUES[t](counts[t], items, icons, power) for t in GOON_TYPES if t in counts}


# L-G: points of n goons of a type, given the crafted items, treasure icons and power cubes.
_GOON_VALUES = {
    "bandit": lambda n, _items, _icons, _power: BANDIT_EACH * n,
    "cultist": lambda n, items, _icons, _power: n * items,  # 1 per crafted item, per Cultist (I-11)
    "demon": lambda n, _items, icons, _power: n * DEMON_PER_TREASURE * icons,
    "dwarf": lambda n, _items, _icons, _power: _set_value(DWARF_SET, n),
    "hobgoblin": lambda n, _items, _icons, power: n * power,  # 1 per power cube, per Hobgoblin
    "ratfolk": lambda n, _items, _icons, _power: _set_value(RATFOLK_SET, n),
    "mindflayer": lambda n, _items, _icons, _power: MINDFLAYER_EACH * n,
}


def _counts(goons: Iterable[Goon]) -> dict[str, int]:
    # Goons per type (a plain loop: final scoring runs on every fold of a finished game).
    counts: dict[str, int] = {}
    for g in goons:
        counts[g.type] = counts.get(g.type, 0) + 1
    return counts


def goon_points(goons: Sequence[Goon], crafted_items: Sequence[Item], power: int) -> int:
    """Total end-game points of a player's goons (L-F3, L-G)."""
    return sum(goon_points_by_type(goons, crafted_items, power).values())


def leader_need(minimum: int, above: bool) -> int:
    """The least count that claims a leader goal printed with ``minimum`` (L-GL1, I-19): reach it
    (the Spanish rulebook) or go above it (the Polish rulebook, table option
    ``polish_leader_minimum``); at least 1 either way."""
    return minimum + 1 if above else max(minimum, 1)


def leader_count(player: PlayerEnd, counts: str) -> int:
    """What a leader goal counts for a player: goons of a type, or treasure icons on crafted items
    and goons (L-GL1, I-11)."""
    if counts in GOON_TYPES:
        return sum(1 for g in player.goons if g.type == counts)
    return sum(card.treasures.count(counts) for card in (*player.items, *player.goons))


def majority_points(counts: Mapping[str, int], player_count: int, zero_ranks: bool = False) -> dict[str, int]:
    """L-GL3 majority goal: points per player from their count of qualifying items (I-12).

    3+ players: most 8, second 4; tie for most each 4 and no second; tie for second each 2.
    2 players: most 6, nobody else; a tie for most: nobody. A count of 0 never scores (I-12),
    unless ``zero_ranks`` (the I-12 table option: the books as printed).
    """
    return podium(counts, player_count, MAJORITY, zero_ranks)


def end_game_goal_points(
    goal: EndGameGoal | None, players: Sequence[PlayerEnd], player_count: int, zero_ranks: bool = False
) -> dict[str, int]:
    """Points of the end-game goal per player (L-F2, L-GL3, I-12)."""
    if goal is None:
        return {p.name: 0 for p in players}
    if goal.kind == "fixed":
        # L-GL3: every player who meets a fixed goal scores the printed stars (entered by the table).
        return {p.name: goal.stars.get(p.name, 0) for p in players}
    if goal.kind != "majority":
        raise ValueError(f"unknown end-game goal kind {goal.kind!r}")
    # I-12: count item cards showing at least one icon of the goal's treasure.
    counts = {p.name: sum(1 for i in p.items if goal.treasure in i.treasures) for p in players}
    return majority_points(counts, player_count, zero_ranks)


def _resource_points(player: PlayerEnd, solo: bool) -> int:
    """L-F4 (L-SO14 for the guards: 2 per gold only)."""
    table = GUARD_RESOURCE_POINTS if solo and player.name == GUARDS else RESOURCE_POINTS
    return sum(table[r] * player.resources.get(r, 0) for r in RESOURCES)


def _score_player(
    player: PlayerEnd, goal_points: int, first_player: str | None, leader_goal: str | None, two: bool, solo: bool
) -> PlayerScore:
    """One player's breakdown (L-F1..L-F6)."""
    leader = (LEADER_GOAL_2P if two else LEADER_GOAL) if player.name == leader_goal else 0
    breakdown = {
        "track": player.reputation,
        "leader_goal": leader,  # L-F1, L-GL1
        "end_game_goal": goal_points,  # L-F2
        "goons": goon_points(player.goons, player.items, player.power),  # L-F3
        "resources": _resource_points(player, solo),  # L-F4
        "tomes": player.tomes,  # L-F5
        "first_player": FIRST_PLAYER_MARKER if player.name == first_player else 0,  # L-F6
    }
    by_type = _counts(player.goons)
    return PlayerScore(
        name=player.name,
        breakdown=breakdown,
        goons_by_type={t: by_type[t] for t in GOON_TYPES if t in by_type},
        crafted_items=len(player.items),
    )


def final_scores(
    players: Sequence[PlayerEnd],
    first_player: str | None,
    leader_goal: str | None,
    end_game_goal: EndGameGoal | None,
    solo: bool = False,
    majority_zero_ranks: bool = False,
) -> FinalScores:
    """Final scoring of every player and the winners (L-F1..L-F7; solo: L-SO14 with 2-player values).

    ``majority_zero_ranks``: the I-12 table option (a count of 0 can place in a majority goal)."""
    two = solo or len(players) <= 2
    goal = end_game_goal_points(end_game_goal, players, 2 if two else len(players), majority_zero_ranks)
    scores = tuple(_score_player(p, goal[p.name], first_player, leader_goal, two, solo) for p in players)
    winners, tiebreak = _solo_winner(scores) if solo else _winners(scores)
    return FinalScores(players=scores, winners=winners, tiebreak=tiebreak)


def _winners(scores: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None]:
    """L-F7: most reputation; tie: most crafted items among the tied; still tied: shared."""
    best = max(s.total for s in scores)
    tied = [s for s in scores if s.total == best]
    if len(tied) == 1:
        return (tied[0].name,), None
    most_items = max(s.crafted_items for s in tied)
    leaders = tuple(s.name for s in tied if s.crafted_items == most_items)
    return leaders, ("items" if len(leaders) == 1 else "shared")


def _solo_winner(scores: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None]:
    """L-SO14: the player wins only with strictly more reputation; a tie goes to the guards."""
    guards = next(s for s in scores if s.name == GUARDS)
    player = next(s for s in scores if s.name != GUARDS)
    if player.total > guards.total:
        return (player.name,), None
    return (GUARDS,), ("guards" if player.total == guards.total else None)
