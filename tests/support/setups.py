"""Game set-ups shared by the web tests (issue 22: no copied set-up dicts).

Every card here is made up for the tests ("Made-up Item A" ...), not a real Lockup card. Each
function returns a fresh dict, so a test may change its copy without touching another test's.
"""

from __future__ import annotations

from companion.games.lockup import autoplay
from companion.games.lockup.model import TREASURES

GOON = {"type": "mindflayer", "suspicion": 0, "treasures": []}
GOON_LOCATIONS = ("sewers", "infirmary", "smithy", "commissary", "chow_hall")


def lockup_table(letters: bool = False, smithy_suspicion: int = 0, crew_tiles: list | None = None,
                 ask: bool = False) -> dict:
    """A three-player standard Lockup set-up (Ana, Ben, Cleo; Ana first) with made-up goals, items
    and goons: each goon named after its location ("Made-up Goon sewers") or, with ``letters``, by
    a letter ("Made-up Goon S"); the Smithy's goon with ``smithy_suspicion``; the crew tiles
    ``crew_tiles`` (by default 1, 2, 3, 4); with ``ask``, the table option that asks before a fixed
    reward is collected (L-LO6; off, Lights Out collects those by itself: issue 23)."""
    initials = dict(zip(GOON_LOCATIONS, "SIFCH", strict=True))
    goons = {loc: {"name": f"Made-up Goon {initials[loc] if letters else loc}", **GOON} for loc in GOON_LOCATIONS}
    goons["smithy"]["suspicion"] = smithy_suspicion
    return {
        "mode": "standard", "players": [{"name": "Ana"}, {"name": "Ben"}, {"name": "Cleo"}], "first_player": "Ana",
        "crew_tiles": list(crew_tiles or [1, 2, 3, 4]),
        "goals": {"leader": {"name": "Made-up Leader", "kind": "leader", "counts": "gem", "minimum": 2},
                  "instant": {"name": "Made-up Instant", "kind": "instant", "stars": 3},
                  "end_game": {"name": "Made-up End", "kind": "end_game", "treasure": "shield"}},
        "display": [{"name": f"Made-up Item {c}", "cost": {"scrap": 1}, "reputation": 2} for c in "ABCD"],
        "goons": goons, "options": {"ask_fixed_rewards": ask},
    }


def start_lockup(app, setup: dict, title: str, key: str, profile: dict | None = None) -> str:
    """Start a Lockup game of ``setup`` on ``app`` as the new-game form does (``play.start``, key
    ``key``), the box profile ``profile`` (by default the made-up one) stored first; its id."""
    import support
    from companion.web import play

    support.store_profile(app, profile)
    with app.test_request_context():
        return play.start("lockup", setup, title, key)


def to_lights_out(client, game_id: str) -> None:
    """Roll Call of :func:`lockup_table` played to Lights Out through the forms: Ana and Ben tie at
    the Exercise Yard; at the Smithy Ana leads with her lookout."""
    import support

    do = support.lockup_do
    do(client, game_id, "assign", seat="Ana", location="exercise_yard", tile=["3"])
    do(client, game_id, "assign", seat="Ben", location="exercise_yard", tile=["3"])
    do(client, game_id, "pass", seat="Cleo")
    do(client, game_id, "assign", seat="Ana", location="smithy", tile=["lookout", "4"])
    do(client, game_id, "assign", seat="Ben", location="smithy", tile=["1"])
    do(client, game_id, "pass", seat="Ana")
    do(client, game_id, "pass", seat="Ben")


class FormCards(autoplay.Cards):
    """Made-up cards (``autoplay.Cards``) whose treasures are listed in one fixed order: a form
    counts treasures per type, so the order a card lists them in is not something the table enters."""

    def item(self) -> dict:
        """A made-up item, its treasures in ``TREASURES`` order."""
        face = super().item()
        return {**face, "treasures": sorted(face["treasures"], key=TREASURES.index)}

    def goon(self) -> dict:
        """A made-up goon, its treasures in ``TREASURES`` order."""
        face = super().goon()
        return {**face, "treasures": sorted(face["treasures"], key=TREASURES.index)}


def reserve_for_patrol(t) -> None:
    """On a 2-player ``scenario.Table``: Ana reserves display item 2 at the Cell Block (L-IT2) and
    everyone passes, so Patrol asks for the new item (L-P2)."""
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test")
    t.do("assign", seat="Ana", location="cell_block", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    t.collect()
    t.do("reserve", seat="Ana", index=1, pay={"scrap": 1})
    assert t.pending.kind == "refill-items"
