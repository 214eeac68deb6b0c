"""The form fields a person would submit for an engine command (tests, the benchmark, demos).

The inverse of the ``parse_*`` functions: ``form_for(command, core)`` gives the action name of
``/lockup/<game>/do/<action>`` and its fields, so a whole game from the random legal player
(``companion.games.lockup.autoplay``) can be played through the real forms.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.games.lockup import autoplay
from companion.games.lockup.engine import GAME
from companion.games.lockup.setup import TABLE_OPTIONS
from companion.web.gameui.lockup.forms import count_fields, goal_fields, goon_fields, item_fields


def _item_index(core, command: dict) -> int:
    if command.get("index") is not None:
        return command["index"]
    pile = core.display if command.get("source", "display") == "display" else core.seats[command["seat"]].reserved
    return next(i for i, it in enumerate(pile) if it is not None and it.name == command["item"])


def _choice(command: dict, core) -> dict:
    kind, seat = command["type"], {"seat": command.get("seat", "")}
    if kind == "take":
        return {**seat, "resource": command["resource"]}
    if kind == "exchange":
        return {**seat, **count_fields("give_", command["give"]), "take": command["take"]}
    if kind == "recruit":
        return {**seat, "goon": list(command["goons"]), **count_fields("pay_", command.get("pay", {}))}
    if kind == "craft":
        return {**seat, "source": command.get("source", "display"), "index": str(_item_index(core, command)),
                **count_fields("pay_", command.get("pay", {}))}
    if kind == "reserve":
        return {**seat, "index": str(_item_index(core, command)), "pay_with": next(iter(command["pay"]))}
    return seat  # decline


def _effect(command: dict) -> dict:
    out = {"seat": command["seat"]}
    if command.get("skip"):
        return {**out, "skip": "1"}
    if command.get("target"):
        return {**out, "target": command["target"]}
    return {**out, "give": next(iter(command["give"])), "take": command["take"]}


def _refill_items(command: dict) -> dict:
    out: dict = {}
    for n, face in enumerate(command["items"]):
        out.update(item_fields(f"item{n}-", face))
    if command.get("goons") is not None:  # the goons entered in the same form (issue 23)
        out.update(_refill_goons(command), with_goons="1")
    return out


def form_for(command: dict, core) -> tuple[str, dict]:
    """(action, form fields) for one engine (or solo automaton) command."""
    kind = command["type"]
    if kind == "assign":
        tiles = [t if isinstance(t, dict) else {"tile": t, "face_up": True} for t in command.get("tiles", [])]
        named = [t for t in tiles if t["tile"] is not None]
        unknown = len(tiles) - len(named) + command.get("face_down", 0)  # I-16: counted, not named
        return "assign", {"seat": command["seat"], "location": command["location"],
                          "tile": [str(t["tile"]) for t in named],
                          "down": [str(t["tile"]) for t in named if not t.get("face_up", True)],
                          "face_down": str(unknown)}
    if kind == "reveal_tiles":
        return "reveal", {"seat": command["seat"], "tile": [str(t) for t in command["tiles"]]}
    simple = {"pass": ("pass", {"seat": command.get("seat")}),
              "pick_trait": ("trait", {"seat": command.get("seat"), "trait": command.get("trait")}),
              "collect": ("collect", {"declined": list(command.get("declined", []))}),
              "discard": ("discard", {"seat": command.get("seat"),
                                      **count_fields("discard_", command.get("resources", {}))}),
              "end_goal": ("end-goal", {"met": list(command.get("seats", []))}),
              "claim_instant": ("claim-instant", {"seat": command.get("seat")}),
              "reveal_guard": ("reveal-guard", {"location": command.get("location")}),
              "atlas_reveal": ("atlas", {"location": command.get("location")}),
              "adjust": ("adjust", {k: str(command.get(k)) for k in ("seat", "quantity", "delta", "reason")})}
    if kind in simple:
        return simple[kind]
    if kind in ("take", "exchange", "recruit", "craft", "reserve", "decline"):
        return kind, _choice(command, core)
    if kind == "keep_bandit":
        return "keep-bandit", {"seat": command["seat"]}
    if kind == "effect":
        return "effect", _effect(command)
    if kind == "refill_items":
        return "refill-items", _refill_items(command)
    if kind == "refill_goons":
        return "refill-goons", _refill_goons(command)
    raise ValueError(f"no form for {kind!r}")


def _refill_goons(command: dict) -> dict:
    fields: dict = {}
    for loc, face in command["goons"].items():
        fields.update(goon_fields(f"goon-{loc}-", face))
    return fields


def setup_fields(setup: dict) -> dict:
    """The two new-game steps' fields (together) for a setup document (``autoplay.make_setup``)."""
    out = {"mode": setup["mode"], "title": setup.get("title", "Test game")}
    for i, p in enumerate(setup["players"]):
        out[f"name-{i}"] = p["name"]
        if p.get("crew"):
            out[f"crew-{i}"] = p["crew"]
        for key, value in (p.get("start") or {}).items():
            if key == "resources":
                out.update(count_fields(f"start-{i}-", value))
            else:
                out[f"start-{i}-{key}"] = str(value)
    if setup.get("first_player") and setup["mode"] != "solo":
        out["first_player"] = setup["first_player"]
    for key, on in setup.get("options", {}).items():  # the table options' checkboxes (I-1, I-2, I-4, I-12, I-19)
        if on and key in TABLE_OPTIONS:
            out[key] = "1"
    for kind, prefix in (("leader", "goal-leader-"), ("instant", "goal-instant-"), ("end_game", "goal-end-")):
        if setup["goals"].get(kind):
            out.update(goal_fields(prefix, setup["goals"][kind]))
    for i, face in enumerate(setup["display"]):
        out.update(item_fields(f"item{i}-", face))
    for loc, face in setup["goons"].items():
        out.update(goon_fields(f"goon-{loc}-", face))
    return out


@dataclass(frozen=True)
class FormStep:
    """One step of a scripted game: the action and fields its form posts, the events it records,
    and the round it is played in."""

    action: str
    form: dict
    events: list
    round: int


def random_game(seed: int, players: int) -> tuple[dict, list[FormStep], Any]:
    """A whole seeded game of the random legal player as a table would post it through the forms:
    the new-game fields, every step, and the final state (made-up cards, not real ones)."""
    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    setup = autoplay.make_setup(rng, players, cards=cards)
    state = GAME.fold(GAME.start(setup))
    steps = []
    while state.phase != "over":
        command, events = autoplay.random_command(state, rng, cards)
        action, form = form_for(command, state)
        steps.append(FormStep(action, form, list(events), state.round))
        state = GAME.fold(events, state)
    return setup_fields(setup), steps, state
