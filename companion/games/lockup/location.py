"""Resolving one location in Lights Out: strength, ranking, suspicion, reward tiers, stragglers.

Rules L-LO1..L-LO6, L-R1..L-R8, rulings I-1 and I-2 (both table options: "pass rewards down",
"second tiers as in the Spanish rulebook"), and the guards' differences L-SO7/L-SO8.
Pure functions: the engine calls :func:`resolve_location` and turns the outcome into events;
``companion referee lockup location`` prints it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.lockup.model import GUARDS, LOCATIONS

Tile = int | str  # a number, "enforcer", "lookout"; for the guards: guard-card values (int or "power")

ENFORCER = "enforcer"
LOOKOUT = "lookout"
POWER_CARD = "power"

TIER_NAMES: tuple[str, ...] = ("first", "second", "third", "last", "other", "each")


@dataclass(frozen=True)
class Reward:
    """The reward tier a participant collects and the fixed cubes it gives.

    ``gain`` is empty for a tier that is a choice (Commissary, Chow Hall, Cell Block, Library
    draws): the player still collects a reward and is not a straggler.
    """

    tier: str
    gain: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class LocationOutcome:
    """Everything that happens at one location (see ``referee lockup location`` in cli-contracts.md)."""

    location: str
    strength: dict[str, int]  # participants in seating order
    ranking: tuple[str, ...]
    suspicion_to: str | None
    rewards: dict[str, Reward | None]  # in ranking order
    stragglers: tuple[str, ...]  # ranking order; () at the Library
    first_player_after: str

    def to_json(self) -> dict:
        """The JSON document of the referee contract."""
        return {
            "location": self.location,
            "strength": dict(self.strength),
            "ranking": list(self.ranking),
            "suspicion_to": self.suspicion_to,
            "rewards": {
                name: None if r is None else {"tier": r.tier, "gain": dict(r.gain)} for name, r in self.rewards.items()
            },
            "stragglers": list(self.stragglers),
            "first_player_after": self.first_player_after,
        }


# Fixed cubes of each tier (L-R1..L-R8). A choice tier has no fixed cubes: {}.
# (gain in a 3+ player game, gain in a 2-player game)
_FIRST: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    "exercise_yard": ({"power": 1}, {"power": 1}),  # L-R1 (+ the first player marker)
    "sewers": ({"scrap": 3}, {"scrap": 2}),  # L-R2
    "infirmary": ({"potion": 3}, {"potion": 2}),  # L-R3
    "smithy": ({"iron": 2}, {"iron": 2}),  # L-R4
    "commissary": ({}, {}),  # L-R5: 1 cube of any resource (a choice)
    "chow_hall": ({}, {}),  # L-R6: recruit
    "library": ({}, {}),  # L-R8: draw 2 tomes, keep 1
}
# Second tier: (gain, minimum player count); below it the tier is absent (I-2, PL notes).
_SECOND: dict[str, tuple[dict[str, int], int]] = {
    "exercise_yard": ({"power": 1}, 3),  # L-R1
    "sewers": ({"scrap": 2}, 4),  # L-R2
    "smithy": ({"iron": 1}, 2),  # L-R4
    "commissary": ({}, 3),  # L-R5: exchange 1 for 1
    "chow_hall": ({}, 2),  # L-R6
    "library": ({}, 2),  # L-R8: draw 1 tome
}
# I-2 table option: ES (and the English original) print no "3+ players only" on these second tiers.
_SPANISH_SECOND_MIN = {"exercise_yard": 2, "commissary": 2}
# Every other ranked player without a higher tier (L-R2, L-R5, L-R6; I-2).
_OTHER: dict[str, dict[str, int]] = {"sewers": {"scrap": 1}, "commissary": {}, "chow_hall": {}}


def tile_value(tile: Tile, power: int) -> int:
    """Strength of one tile (L-LO1): lookout 0, enforcer (or a guards' "power" card) = power cubes."""
    if isinstance(tile, bool):
        raise ValueError(f"not a tile: {tile!r}")
    if isinstance(tile, int):
        if tile < 0:
            raise ValueError(f"a tile value is never negative: {tile}")
        return tile
    if tile == LOOKOUT:
        return 0
    if tile in (ENFORCER, POWER_CARD):
        return power
    raise ValueError(f"not a tile: {tile!r}")


def rank(strength: Mapping[str, int], seating: Sequence[str], first_player: str) -> tuple[str, ...]:
    """Participants by strength, highest first (L-LO2).

    Ties: the tied participant nearest clockwise from the *current* first player ranks higher,
    the first player themself being nearest.
    """
    start = seating.index(first_player)
    size = len(seating)

    def distance(name: str) -> int:
        return (seating.index(name) - start) % size

    return tuple(sorted(strength, key=lambda name: (-strength[name], distance(name))))


def _tier(location: str, position: int, count: int, player_count: int, spanish: bool = False) -> Reward | None:
    """The tier at ``position`` (0 = first) among ``count`` collecting participants (L-R, I-2).

    ``spanish``: the I-2 table option, the Exercise Yard and Commissary second tiers with 2 players too.
    """
    two = player_count <= 2  # 2p values also apply to solo (L-SO1)
    if location == "cell_block":
        return Reward("each", {})  # L-R7: every participant crafts or reserves
    if position == 0:
        return Reward("first", dict(_FIRST[location][1 if two else 0]))
    if location == "infirmary":
        # L-R3: only the weakest gets the "last" potion; a lone player gets only the first reward.
        return Reward("last", {"potion": 1}) if position == count - 1 else None
    least = _SPANISH_SECOND_MIN.get(location, 99) if spanish else 99
    if position == 1 and location in _SECOND and player_count >= min(_SECOND[location][1], least):
        return Reward("second", dict(_SECOND[location][0]))
    if position == 2 and location == "library":
        return Reward("third", {})  # L-R8
    if location in _OTHER:
        return Reward("other", dict(_OTHER[location]))
    return None


def _guards_tier(location: str, reward: Reward | None) -> Reward | None:
    """The guards' version of a tier (L-SO8); elsewhere they take the normal reward."""
    if reward is None:
        return None
    if location in ("commissary", "chow_hall") and reward.tier != "first":
        return None  # L-SO8: not first there -> nothing
    if location == "library":
        return Reward(reward.tier, {"reputation": 1})  # L-SO8 / L-SO10: +1 reputation instead of a tome
    return reward


def _assign_rewards(
    location: str, ranking: Sequence[str], player_count: int, declined: set[str], pass_down: bool,
    spanish: bool = False,
) -> dict[str, Reward | None]:
    """Rewards in ranking order; declining (L-LO6) leaves ranks unchanged unless ``pass_down`` (I-1)."""
    # I-1 table option (ES): the rewards stay available to the next players in the usual order,
    # i.e. the tiers are dealt among those who do not decline.
    collectors = [n for n in ranking if n not in declined] if pass_down else list(ranking)
    rewards: dict[str, Reward | None] = {}
    for name in ranking:
        if name in declined:
            rewards[name] = None
            continue
        reward = _tier(location, collectors.index(name), len(collectors), player_count, spanish)
        rewards[name] = _guards_tier(location, reward) if name == GUARDS else reward
    return rewards


def _suspicion_to(ranking: Sequence[str], tiles: Mapping[str, Sequence[Tile]], suspicion: int) -> str | None:
    """L-LO3: the highest-ranked participant without a lookout here takes every cube (guards: L-SO7)."""
    if suspicion <= 0:
        return None
    for name in ranking:
        if name == GUARDS or LOOKOUT not in tiles[name]:
            return name
    return None


def resolve_location(
    location: str,
    player_count: int,
    seating: Sequence[str],
    first_player: str,
    power: Mapping[str, int],
    tiles: Mapping[str, Sequence[Tile]],
    suspicion: int,
    declined: Iterable[str] = (),
    pass_rewards_down: bool = False,
    spanish_second_tiers: bool = False,
) -> LocationOutcome:
    """Resolve one location (L-LO1..L-LO6, L-R, L-SO7/L-SO8).

    ``tiles`` maps each participant to the tiles (guards: guard-card values) they have here;
    names with no tiles are ignored. ``declined`` names participants who decline (L-LO6, I-3).
    ``pass_rewards_down`` and ``spanish_second_tiers`` are the I-1 and I-2 table options.
    """
    if location not in LOCATIONS:
        raise ValueError(f"unknown location {location!r}")
    present = [name for name in seating if tiles.get(name)]  # L-LO1: only players with tiles
    strength = {name: sum(tile_value(t, power.get(name, 0)) for t in tiles[name]) for name in present}
    ranking = rank(strength, seating, first_player)
    declined_here = set(declined) & set(present)
    rewards = _assign_rewards(location, ranking, player_count, declined_here, pass_rewards_down,
                              spanish_second_tiers)
    # L-LO5: no reward -> straggler to the Library; at the Library the tiles just go home.
    stragglers = () if location == "library" else tuple(n for n in ranking if rewards[n] is None)
    return LocationOutcome(
        location=location,
        strength=strength,
        ranking=ranking,
        suspicion_to=_suspicion_to(ranking, tiles, suspicion),
        rewards=rewards,
        stragglers=stragglers,
        first_player_after=_marker_after(location, rewards, first_player),
    )


def _marker_after(location: str, rewards: Mapping[str, Reward | None], first_player: str) -> str:
    """L-R1: whoever collects the Exercise Yard's first reward takes (or keeps) the marker."""
    if location == "exercise_yard":
        for name, reward in rewards.items():
            if reward is not None and reward.tier == "first":
                return name
    return first_player
