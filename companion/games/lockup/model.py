"""Fixed vocabulary of Lockup (L-C): locations, resources, cubes, treasures, goon types.

Only what the rulebook prints as rules lives here; card faces come from the table.
"""

from __future__ import annotations

from companion.core.i18n import N_

# L-C1: locations, always resolved in this order (1..8).
LOCATIONS: tuple[str, ...] = (
    "exercise_yard", "sewers", "infirmary", "smithy", "commissary", "chow_hall", "cell_block", "library",
)
LOCATION_NUMBER: dict[str, int] = {name: i + 1 for i, name in enumerate(LOCATIONS)}
# L-C2: one goon slot beside each of locations 2-6.
GOON_LOCATIONS: tuple[str, ...] = ("sewers", "infirmary", "smithy", "commissary", "chow_hall")

RESOURCES: tuple[str, ...] = ("scrap", "iron", "potion", "gold")
# L-SO8: rarity order used by the guards, least rare first.
RARITY_ASCENDING: tuple[str, ...] = ("scrap", "potion", "iron", "gold")

# L-C3: the finite supply.
SUPPLY: dict[str, int] = {"scrap": 25, "iron": 15, "potion": 15, "gold": 10, "power": 22, "suspicion": 12}
CUBES: tuple[str, ...] = (*RESOURCES, "power", "suspicion")

TREASURES: tuple[str, ...] = ("shield", "gem", "magic")
GOON_TYPES: tuple[str, ...] = ("bandit", "cultist", "demon", "dwarf", "hobgoblin", "ratfolk", "mindflayer")

# L-E: effect codes on items and goons.
EFFECTS: dict[str, str] = {
    "L-E1": N_("gain a resource of the shown type"),
    "L-E2": N_("remove 1 of your suspicion cubes to the supply"),
    "L-E3": N_("give 1 of your suspicion cubes to a player of your choice"),
    "L-E4": N_("gain 1 power"),
    "L-E5": N_("draw 1 tome"),
    "L-E6": N_("storage limit +1"),
    "L-E7": N_("exchange 1 of your resources for another from the supply"),
    "L-E8": N_("draw 2 tomes, keep 1, the other to the bottom of the deck"),
}

MODES: tuple[str, ...] = ("standard", "advanced", "solo")
ROUNDS = 6  # L-S2
GUARDS = "guards"  # reserved seat name of the solo automaton
