"""Raids: reputation lost for suspicion cubes (L-RD1..L-RD5, I-4) and the solo raid (L-SO12, I-5).

Pure functions; the engine turns their answers into events, applies the floor of 0 (L-RD4)
and returns the cubes to the supply (L-RD5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.lockup.model import GUARDS

SOLO_LOSS = 6  # L-SO12
TWO_PLAYER_LOSS = 6  # L-RD3
MOST, SECOND, TIED_MOST, TIED_SECOND = 8, 4, 4, 2  # L-RD1, L-RD2


def raid_losses(suspicion: Mapping[str, int], player_count: int) -> dict[str, int]:
    """Reputation each player loses in a raid, before the floor of 0 (L-RD1..L-RD3, I-4).

    Every name of ``suspicion`` is in the answer (0 for no loss). Only players holding at least
    one suspicion cube can be "most" or "second most" (I-4).
    """
    losses = dict.fromkeys(suspicion, 0)
    holders = {name: count for name, count in suspicion.items() if count > 0}
    if not holders:
        return losses
    top = max(holders.values())
    most = [name for name, count in holders.items() if count == top]
    if player_count <= 2:
        # L-RD3: most -6; nobody loses for second; a tie for most: nobody loses.
        if len(most) == 1:
            losses[most[0]] = TWO_PLAYER_LOSS
        return losses
    if len(most) > 1:
        # L-RD2: tie for most: each -4 and nobody loses for second.
        for name in most:
            losses[name] = TIED_MOST
        return losses
    losses[most[0]] = MOST  # L-RD1
    rest = {name: count for name, count in holders.items() if count < top}
    if rest:
        runner_up = max(rest.values())
        seconds = [name for name, count in rest.items() if count == runner_up]
        for name in seconds:
            losses[name] = SECOND if len(seconds) == 1 else TIED_SECOND  # L-RD1 / L-RD2
    return losses


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
