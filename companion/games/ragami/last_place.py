"""The action card that raises the last-placed player's score (RG-T2, ruling RG-I3).

Printed (Spanish rulebook, "Explicación de las cartas"): "Incrementar la puntuación del último
jugador en 1PV y obtener 2"; two tied last both gain 1 VP and the card's player 3; three tied
last: no effect; it may be played by someone who is not last. Last place is read on the VP track.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.games.ragami.rules import LAST_PLACE_CARD_CUBES


def last_placed(vp: Mapping[str, int]) -> tuple[str, ...]:
    """Who gains the +1 VP, in seating order: the player with the fewest VP, or both when two are
    tied; nobody when three or more are tied (RG-I3: four tied are three tied and more)."""
    lowest = min(vp.values())
    tied = tuple(name for name, points in vp.items() if points == lowest)
    return tied if len(tied) in LAST_PLACE_CARD_CUBES else ()


def white_cubes(last: tuple[str, ...]) -> int:
    """White cubes for whoever played the card: 2 for one last player, 3 for two tied, 0 without effect."""
    return LAST_PLACE_CARD_CUBES.get(len(last), 0)
