"""Game set-ups shared by the web tests (issue 22: no copied set-up dicts).

Every card here is made up for the tests ("Made-up Item A" ...), not a real Lockup card. Each
function returns a fresh dict, so a test may change its copy without touching another test's.
"""

from __future__ import annotations

GOON = {"type": "mindflayer", "suspicion": 0, "treasures": []}
GOON_LOCATIONS = ("sewers", "infirmary", "smithy", "commissary", "chow_hall")


def lockup_table(smithy_suspicion: bool = False) -> dict:
    """A three-player standard Lockup set-up (Ana, Ben, Cleo; Ana first) with made-up goals, items
    and goons. ``smithy_suspicion``: the goons are named by letter ("Made-up Goon S") and the
    Smithy's has suspicion 2; otherwise each goon is named after its location."""
    if smithy_suspicion:
        letters = dict(zip(GOON_LOCATIONS, "SIFCH", strict=True))
        goons = {loc: {"name": f"Made-up Goon {letters[loc]}", **GOON, **({"suspicion": 2} if loc == "smithy" else {})}
                 for loc in GOON_LOCATIONS}
    else:
        goons = {loc: {"name": f"Made-up Goon {loc}", **GOON} for loc in GOON_LOCATIONS}
    return {
        "mode": "standard", "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cleo"}], "first_player": "Ana",
        "crew_tiles": [1, 2, 3, 4],
        "goals": {"leader": {"name": "Made-up Leader", "kind": "leader", "counts": "gem", "minimum": 2},
                  "instant": {"name": "Made-up Instant", "kind": "instant", "stars": 3},
                  "end_game": {"name": "Made-up End", "kind": "end_game", "treasure": "shield"}},
        "display": [{"name": f"Made-up Item {c}", "cost": {"scrap": 1}, "reputation": 2} for c in "ABCD"],
        "goons": goons,
    }
