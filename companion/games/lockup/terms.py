"""Lockup's names as translatable terms for the core's messages.

Each function gives an ``i18n.T`` whose English is the printed name; an unknown key is given back
as it is (never a snake_case id: underscores become spaces).
"""

from __future__ import annotations

from companion.core.i18n import N_, T
from companion.games.lockup.model import GUARDS

# Lower case inside sentences ("at the chow hall"), as the English messages always were: these are
# msgids of their own, beside the capitalised names the web's words module shows as headings.
_LOCATIONS = {
    "exercise_yard": N_("exercise yard"), "sewers": N_("sewers"), "infirmary": N_("infirmary"),
    "smithy": N_("smithy"), "commissary": N_("commissary"), "chow_hall": N_("chow hall"),
    "cell_block": N_("cell block"), "library": N_("library"),
}
_QUANTITIES = {
    "scrap": N_("scrap"), "iron": N_("iron"), "potion": N_("potion"), "gold": N_("gold"),
    "power": N_("power"), "suspicion": N_("suspicion"), "any": N_("any resource"),
    "tomes": N_("tomes"), "reputation": N_("reputation"), "storage_limit": N_("storage limit"),
}
_TIERS = {"first": N_("first"), "second": N_("second"), "third": N_("third"), "last": N_("last"),
          "other": N_("other"), "each": N_("each")}
_GOON_TYPES = {"bandit": N_("Bandit"), "cultist": N_("Cultist"), "demon": N_("Demon"), "dwarf": N_("Dwarf"),
               "hobgoblin": N_("Hobgoblin"), "ratfolk": N_("Ratfolk"), "mindflayer": N_("Mindflayer")}


def _plain(key: object) -> str:
    return str(key or "").replace("_", " ")


def location(key: str | None) -> T | str:
    """A location's printed name (L-C1)."""
    return _LOCATIONS.get(key or "") or _plain(key)


def quantity(key: str | None) -> T | str:
    """A cube type, resource or counted quantity (L-C3)."""
    return _QUANTITIES.get(key or "") or _plain(key)


def tier(key: str | None) -> T | str:
    """A reward tier (L-R)."""
    return _TIERS.get(key or "") or _plain(key)


def goon_type(key: str | None) -> T | str:
    """A goon type (L-G)."""
    return _GOON_TYPES.get(key or "") or _plain(key)


def seat(name: str | None) -> T | str:
    """A seat; the solo automaton's seat is "the guards"."""
    return N_("the guards") if name == GUARDS else (name or "")
