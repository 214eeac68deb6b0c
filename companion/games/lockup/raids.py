"""Raids: reputation lost for suspicion cubes (L-RD1..L-RD5, I-4) and the solo raid (L-SO12, I-5).

Pure functions; the engine turns their answers into events, applies the floor of 0 (L-RD4)
and returns the cubes to the supply (L-RD5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.lockup.model import GUARDS

SOLO_LOSS = 6  # L-SO12


@dataclass(frozen=True)
class Podium:
    """Points for "most" and "second most" of a count, shared by raids (L-RD1..L-RD3) and the
    end-game majority goal (L-GL3), which follow the same pattern."""

    most: int
    second: int
    tied_most: int
    tied_second: int
    most_2p: int


RAID = Podium(most=8, second=4, tied_most=4, tied_second=2, most_2p=6)  # L-RD1..L-RD3


def podium(counts: Mapping[str, int], player_count: int, values: Podium, zero_places: bool = False) -> dict[str, int]:
    """Apply ``values`` to ``counts``: every name is in the answer (0 when it gets nothing).

    3+ players: single most, single second; a tie for most gives each ``tied_most`` and no second;
    a tie for second gives each ``tied_second``. 2 players: a single most only; a tie: nobody.
    A count of 0 never places (rulings I-4, I-12) unless ``zero_places``: the books as printed,
    where a 0 can be (tied) most or second most (table options ``raid_zero_ranks``,
    ``majority_zero_ranks``).
    """
    result = dict.fromkeys(counts, 0)
    holders = {name: count for name, count in counts.items() if count > 0 or zero_places}
    if not holders:
        return result
    top = max(holders.values())
    most = [name for name, count in holders.items() if count == top]
    if player_count <= 2:
        if len(most) == 1:
            result[most[0]] = values.most_2p
        return result
    if len(most) > 1:
        return result | dict.fromkeys(most, values.tied_most)
    result[most[0]] = values.most
    rest = {name: count for name, count in holders.items() if count < top}
    if rest:
        runner_up = max(rest.values())
        seconds = [name for name, count in rest.items() if count == runner_up]
        result |= dict.fromkeys(seconds, values.second if len(seconds) == 1 else values.tied_second)
    return result


def raid_losses(suspicion: Mapping[str, int], player_count: int, zero_ranks: bool = False) -> dict[str, int]:
    """Reputation each player loses in a raid, before the floor of 0 (L-RD1..L-RD3, I-4).

    Most -8, second -4; tie for most: each -4, nobody second; tie for second: each -2.
    2 players: most -6, nobody second, a tie: nobody. Every name of ``suspicion`` is in the
    answer (0 for no loss); only players holding a cube can be "most" or "second most" (I-4),
    unless ``zero_ranks`` (the I-4 table option: the books as printed).
    """
    return podium(suspicion, player_count, RAID, zero_ranks)


def reputation_after(reputation: Mapping[str, int], losses: Mapping[str, int]) -> dict[str, int]:
    """Reputation after the raid: never below 0 (L-RD4)."""
    return {name: max(0, value - losses.get(name, 0)) for name, value in reputation.items()}


@dataclass(frozen=True)
class SoloRaid:
    """Outcome of a solo raid (L-SO12).

    ``loser`` loses ``loss`` reputation (None/0 on a tie). ``returned`` names whose board cubes go
    back to the supply; the cubes on locations always return too (I-5, L-RD5).
    """

    loser: str | None
    loss: int
    returned: tuple[str, ...]
    locations_return: bool = True


def solo_raid(player: str, player_cubes: int, guard_cubes: int) -> SoloRaid:
    """The solo raid between ``player`` and the guards (L-SO12, I-5)."""
    if player_cubes < 0 or guard_cubes < 0:
        raise ValueError("suspicion cube counts are never negative")
    if player_cubes > guard_cubes:
        # Player has more: player -6 and every board cube returns.
        return SoloRaid(loser=player, loss=SOLO_LOSS, returned=(player, GUARDS))
    if guard_cubes > player_cubes:
        # Guards have more: guards -6 and only the guards' cubes return; the player keeps theirs.
        return SoloRaid(loser=GUARDS, loss=SOLO_LOSS, returned=(GUARDS,))
    return SoloRaid(loser=None, loss=0, returned=(player, GUARDS))  # tie: nobody loses; all return
