"""One or more readable lines per event of a solo game (for golden playthroughs and logs).

This narration shows everything, deck orders included: it is for a finished game or a test, never
for a game in progress (use ``events.public_payload`` there).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.core.events import Event
from companion.core.i18n import english


def _place(name: str | None) -> str:
    return "OFF DUTY" if name is None else name.replace("_", " ")


def _cubes(cubes: dict) -> str:
    return ", ".join(f"{n} {c}" for c, n in cubes.items())


def _card(c: dict) -> str:
    special = ", special" if c.get("special") else ""
    return f"{c.get('card')} ({c['value']}{special})"


_LINES: dict[str, Callable[[dict], list[str]]] = {
    "game-started": lambda p: [f"Solo game: {', '.join(x['name'] for x in p['players'])}; "
                               f"first player {p['first_player']}; guards start on "
                               f"{p['players'][-1]['reputation']} reputation"],
    "solo-guards-started": lambda p: [f"Guards: difficulty {p['difficulty']}, seed {p['seed']}, deck "
                                      + ", ".join(f"{c['id']}={c['value']}{'*' if c['special'] else ''}"
                                                  for c in p["cards"])],
    "guard-decks-shuffled": lambda p: [f"== Round {p['round']} ==",
                                       "Guard deck shuffled (top first): " + " ".join(p["guards"]),
                                       "Location deck shuffled (top first): " + " ".join(p["locations"])],
    "guard-cards-dealt": lambda p: ["Dealt face down: " + "; ".join(f"{_place(c['location'])} {_card(c)}"
                                                                   for c in p["cards"])],
    "guards-decided": lambda p: [f"  [guards] {p['reason']}"],
    "location-card-revealed": lambda p: [f"  location card {p['card']} -> {_place(p['location'])}"],
    "guard-turn-taken": lambda p: [f"  guard turn: reveal {p['reveal'] and _place(p['reveal']['location'])}, "
                                   f"place {p['place'] and _place(p['place']['location']) + ' ' + _card(p['place'])}"
                                   f"{', guards done' if p['done'] else ''}"],
    "guard-card-placed": lambda p: [f"  special draw: {_card(p)} face down at the {_place(p['location'])}"],
    "guard-draw-skipped": lambda p: [f"  special draw at the {_place(p['location'])}: guard deck empty"],
    "guard-card-revealed": lambda p: [f"  guard card revealed at the {_place(p['location'])} (#{p['index']})"],
    "tiles-assigned": lambda p: [f"{p['seat']} assigns " + ", ".join(
        f"{t['tile']}{'' if t['face_up'] else ' (face down)'}" for t in p["tiles"])
        + f" to the {_place(p['location'])}"],
    "passed": lambda p: [f"{p['seat']} passes{' (no tiles left)' if p['forced'] else ''}"],
    "lights-out-began": lambda p: [f"-- Lights Out, round {p['round']} --"],
    "location-revealed": lambda p: [
        f"{_place(p['location'])}: tiles {p['tiles']}, strength {p['strength']}, ranking {list(p['ranking'])}, "
        f"tiers {p['tiers']}"],
    "rewards-confirmed": lambda p: [f"  rewards confirmed, declined {list(p['declined'])}"],
    "reward-collected": lambda p: [f"  {p['seat']} collects {p['tier']} at the {_place(p['location'])}"],
    "straggled": lambda p: [f"  {p['seat']} straggles from the {_place(p['location'])} ({p['reason']})"],
    "cubes-moved": lambda p: [f"  {_cubes(p['cubes'])}: {p['source']} -> {p['target']} ({p['rule']} {p['reason']})"],
    "reputation-changed": lambda p: [f"  {p['seat']} reputation {p['delta']:+d} ({p['rule']} {p['reason']})"],
    "goon-recruited": lambda p: [f"  {p['seat']} takes {p['goon']['name']} ({p['goon']['type']}) "
                                 f"from the {_place(p['location'])}"],
    "item-crafted": lambda p: [f"  {p['seat']} crafts {p['item']['name']} from {p['source']}"],
    "item-reserved": lambda p: [f"  {p['seat']} reserves {p['item']['name']}"],
    "leader-goal-taken": lambda p: [f"  leader goal -> {p['seat']} ({p['count']}, from {p['previous']})"],
    "raid-held": lambda p: [f"Raid ({p['rule']}{', final' if p['final'] else ''}): suspicion {p['suspicion']}, "
                            f"losses {p['losses']}"],
    "patrol-began": lambda p: [f"-- Patrol, round {p['round']} --"],
    "items-refilled": lambda p: [f"  display refilled: {[e['item']['name'] for e in p['items']]}"],
    "goons-refilled": lambda p: [f"  goons refilled: { {k: g['name'] for k, g in p['goons'].items()} }"],
    "game-ended": lambda p: ["== Final scores =="] + [
        f"{x['name']}: {x['total']} {x['breakdown']}" for x in p["result"]["players"]]
        + [f"Winners: {p['result']['winners']} (tiebreak {p['result']['tiebreak']})"],
}


def narrate(event: Event) -> list[str]:
    """Readable lines for one event (a generic line for event types without their own wording)."""
    payload = event.to_payload()
    if "reason" in payload:  # a message stored for translation: its English words, as in the goldens
        payload["reason"] = english(payload["reason"])
    lines = _LINES.get(event.type)
    return lines(payload) if lines else [f"  {event.type}: {payload}"]
