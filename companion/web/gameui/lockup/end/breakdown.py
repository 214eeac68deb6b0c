"""The final score explained line by line with rule ids, for a recorded game or an audit-only form.

Both paths go through the same shape: the ``audit lockup`` input document (``audit_doc`` builds
it from a finished state) and the ``audit lockup`` output (the engine's ``state.result`` or
``audit.run(doc)``). The template ``lockup_end/_breakdown.html`` draws what :func:`explain` returns.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from companion.games.lockup.model import GOON_TYPES, GUARDS, RESOURCES
from companion.games.lockup.scoring import LEADER_GOAL, LEADER_GOAL_2P, Goon, Item, goon_points_by_type
from companion.web.gameui.lockup import words

GOON_LABELS = {"bandit": _l("Bandit"), "cultist": _l("Cultist"), "demon": _l("Demon"), "dwarf": _l("Dwarf"),
               "hobgoblin": _l("Hobgoblin"), "ratfolk": _l("Ratfolk"), "mindflayer": _l("Mindflayer")}
RESOURCE_LABELS = {"scrap": _l("scrap"), "iron": _l("iron"), "potion": _l("potion"), "gold": _l("gold")}
TREASURE_LABELS = {"shield": _l("shield"), "gem": _l("gem"), "magic": _l("magic")}


def audit_doc(state: Any) -> dict:
    """The ``companion audit lockup`` input for a finished game (cli-contracts.md), from its state."""
    goal = state.goals.get("end_game")
    if goal is None:
        end_goal = None
    elif goal.treasure is not None:
        end_goal = {"kind": "majority", "treasure": goal.treasure}
    else:  # a fixed goal: the table named who meets it (L-GL3)
        end_goal = {"kind": "fixed", "stars": {n: goal.stars for n in state.end_goal_met or ()}}
    return {
        "game": "lockup", "mode": state.mode,
        "players": [_seat_doc(state.seats[n]) for n in state.seating],
        "first_player": state.first_player, "leader_goal": state.leader_holder, "end_game_goal": end_goal,
    }


def _seat_doc(seat: Any) -> dict:
    return {
        "name": seat.name, "reputation": seat.reputation, "power": seat.power,
        "resources": {r: seat.resources.get(r, 0) for r in RESOURCES}, "tomes": seat.tomes,
        "items": [{"name": i.name, "treasures": list(i.treasures)} for i in seat.items],
        "goons": [{"type": g.type, "treasures": list(g.treasures)} for g in seat.goons],
    }


def explain(doc: dict, result: dict) -> dict:
    """Every player's lines (label, rule ids, points, detail), best first, and the verdict in words."""
    solo = doc["mode"] == "solo"
    two = solo or len(doc["players"]) <= 2
    by_name = {p["name"]: p for p in doc["players"]}
    players = []
    for score in result["players"]:
        entry = by_name[score["name"]]
        players.append({
            "name": score["name"], "guards": solo and score["name"] == GUARDS, "total": score["total"],
            "winner": score["name"] in result["winners"], "crafted_items": score["crafted_items"],
            "lines": _lines(doc, entry, score, two, solo), "goons": _goons(entry),
        })
    players.sort(key=lambda p: (not p["winner"], -p["total"]))  # stable: seating order among equals
    return {"players": players, "winners": list(result["winners"]), "tiebreak": result["tiebreak"],
            "solo": solo, "verdict": verdict(result, solo), "verdict_rule": "L-SO14" if solo else "L-F7"}


def _lines(doc: dict, entry: dict, score: dict, two: bool, solo: bool) -> list[dict]:
    """The seven lines of L-F (plus the track), in the order of the rulebook."""
    b, name = score["breakdown"], entry["name"]
    guards = solo and name == GUARDS
    res = entry["resources"]
    leader = LEADER_GOAL_2P if two else LEADER_GOAL
    return [
        _line("track", _("Reputation track after the final raid"), "L-F · L-RD6", b,
              _("where the marker stands")),
        _line("leader_goal", _("Leader goal"), "L-F1 · L-GL1", b,
              _("holds it: %(n)s", n=leader) if doc["leader_goal"] == name else _("does not hold it")),
        _line("end_game_goal", _("End-game goal"), "L-F2 · L-GL3", b, _end_goal_detail(doc, entry, two)),
        _line("goons", _("Goons"), "L-F3 · L-G", b, _goons_detail(entry)),
        _line("resources", _("Resources"), "L-F4 · L-SO14" if guards else "L-F4", b,
              _("gold only, 2 each: %(gold)s gold", gold=res.get("gold", 0)) if guards
              else " · ".join(words.counted(r, res.get(r, 0)) for r in RESOURCES)),
        _line("tomes", _("Unplayed tomes"), "L-F5", b,
              ngettext("%(num)s tome, 1 each", "%(num)s tomes, 1 each", entry["tomes"])),
        _line("first_player", _("First player marker"), "L-F6", b,
              _("holds it") if doc["first_player"] == name else _("does not hold it")),
    ]


def _line(key: str, label: str, rule: str, breakdown: dict, detail: str) -> dict:
    return {"key": key, "label": label, "rule": rule, "points": breakdown[key], "detail": detail}


def _end_goal_detail(doc: dict, entry: dict, two: bool) -> str:
    goal = doc["end_game_goal"]
    if goal is None:
        return _("no end-game goal")
    if goal["kind"] == "majority":
        treasure = goal["treasure"]
        count = sum(1 for i in entry["items"] if treasure in i["treasures"])
        if two:  # only this table's points (L-GL3): a 3-player screen never says "2 players: 6"
            return ngettext("%(num)s crafted item showing %(treasure)s (most: 6)",
                            "%(num)s crafted items showing %(treasure)s (most: 6)", count,
                            treasure=TREASURE_LABELS[treasure])
        return ngettext("%(num)s crafted item showing %(treasure)s (most: 8, second: 4)",
                        "%(num)s crafted items showing %(treasure)s (most: 8, second: 4)", count,
                        treasure=TREASURE_LABELS[treasure])
    stars = goal["stars"].get(entry["name"], 0)
    return ngettext("meets it: %(num)s star", "meets it: %(num)s stars", stars) if stars else _("does not meet it")


def _goons(entry: dict) -> list[dict]:
    """Per goon type: how many and what they score (L-G; Cultists and Demons: I-11)."""
    goons = [Goon(g["type"], tuple(g["treasures"])) for g in entry["goons"]]
    items = [Item(i["name"], tuple(i["treasures"])) for i in entry["items"]]
    points = goon_points_by_type(goons, items, entry["power"])
    counts = {t: sum(1 for g in goons if g.type == t) for t in GOON_TYPES}
    return [{"type": t, "label": GOON_LABELS[t], "count": counts[t], "points": points[t]}
            for t in GOON_TYPES if counts[t]]


def _goons_detail(entry: dict) -> str:
    parts = [f"{g['count']} × {g['label']} = {g['points']}" for g in _goons(entry)]
    return " · ".join(parts) if parts else _("no goons")


def verdict(result: dict, solo: bool) -> str:
    """Who won and which tie-break decided it, in words (L-F7, L-SO14)."""
    winners, tiebreak = list(result["winners"]), result["tiebreak"]
    if solo:
        if winners == [GUARDS]:
            if tiebreak == "guards":
                return _("A tie: a tie goes to the guards. The guards win.")
            return _("The guards win with more reputation.")
        return _("%(name)s beats the guards with strictly more reputation.", name=winners[0])
    if tiebreak is None:
        return _("%(name)s wins with the most reputation.", name=winners[0])
    if tiebreak == "items":
        return _("A tie on reputation: %(name)s wins with the most crafted items among the tied.", name=winners[0])
    return _("A tie on reputation and on crafted items: a shared victory for %(names)s.", names=", ".join(winners))
