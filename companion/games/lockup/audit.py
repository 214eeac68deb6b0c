"""``companion audit lockup``: end-game scoring from one JSON document (cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`; bad input raises ``InputError``
naming the field. Scoring itself is :func:`companion.games.lockup.scoring.final_scores`.

Optional fields: the table options that change the final scores, ``majority_zero_ranks`` (I-12)
and ``polish_leader_minimum`` (I-19), and ``leader_goal_card`` (what the leader goal counts and
its printed minimum): when it is given, the named holder is checked against it (L-GL1), under the
Spanish reading (reach the minimum) or, with ``polish_leader_minimum``, the Polish one (above it).
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.lockup.model import GOON_TYPES, GUARDS, MODES, RESOURCES, TREASURES
from companion.games.lockup.scoring import EndGameGoal, Goon, Item, PlayerEnd, final_scores, leader_count, leader_need

_TOP = ("game", "mode", "players", "first_player", "leader_goal", "end_game_goal")
OPTIONS = ("polish_leader_minimum", "majority_zero_ranks")  # the table options that change final scores
_OPTIONAL = ("leader_goal_card", *OPTIONS)
_PLAYER = ("name", "reputation", "power", "resources", "tomes", "items", "goons")


def run(doc: Any) -> dict:
    """Score a finished Lockup game described by ``doc`` and return the audit document; every
    problem of the document at once (``InputErrors``, the first being the command line's one line)."""
    doc = jsonin.obj(doc, "", required=_TOP, optional=_OPTIONAL)
    found = Problems()
    found.check(jsonin.choice, doc["game"], "game", ["lockup"])
    mode = found.check(jsonin.choice, doc["mode"], "mode", MODES)
    raw_players = found.check(jsonin.array, doc["players"], "players", min_len=2, max_len=5)
    if raw_players is None:
        found.raise_any()
    players = [found.check(_player, p, f"players[{i}]") for i, p in enumerate(raw_players)]
    names = [p.name if p is not None else _given_name(raw) for p, raw in zip(players, raw_players, strict=True)]
    if mode is not None:
        found.check(_check_names, names, mode)
    valid = [n for n in names if n is not None]
    first = found.check(jsonin.name_of, doc["first_player"], "first_player", valid, allow_null=True)
    leader = found.check(jsonin.name_of, doc["leader_goal"], "leader_goal", valid, allow_null=True)
    goal = found.check(_end_game_goal, doc["end_game_goal"], valid)
    above = found.check(jsonin.boolean, doc.get("polish_leader_minimum", False), "polish_leader_minimum")
    zeros = found.check(jsonin.boolean, doc.get("majority_zero_ranks", False), "majority_zero_ranks")
    card = found.check(_leader_card, doc.get("leader_goal_card"))
    found.raise_any()
    if card is not None:
        _check_leader(players, leader, *card, above)
    return final_scores(players, first, leader, goal, solo=mode == "solo", majority_zero_ranks=zeros).to_json()


def _leader_card(value: Any) -> tuple[str, int] | None:
    """``null`` or ``{"counts": treasure or goon type, "minimum": n}`` (the leader goal card, L-GL1)."""
    if value is None:
        return None
    raw = jsonin.obj(value, "leader_goal_card", required=("counts", "minimum"))
    counts = jsonin.choice(raw["counts"], "leader_goal_card.counts", [*TREASURES, *GOON_TYPES])
    return counts, jsonin.integer(raw["minimum"], "leader_goal_card.minimum")


def _check_leader(players: list[PlayerEnd], holder: str | None, counts: str, minimum: int, above: bool) -> None:
    """The named holder must have the most of what the card counts (a tie keeps it) and meet its
    minimum; nobody named, nobody may have strictly the most and meet it (L-GL1, I-13, I-19)."""
    have = {p.name: leader_count(p, counts) for p in players}
    need, best = leader_need(minimum, above), max(have.values())
    if holder is None:
        top = [n for n, c in have.items() if c == best]
        if len(top) == 1 and best >= need:
            raise InputError("leader_goal", T("%(name)s has the most (%(count)s, at least %(need)s): name the holder",
                                              name=top[0], count=best, need=need))
    elif have[holder] < need:
        raise InputError("leader_goal", T("%(name)s has %(count)s; the leader goal needs %(need)s",
                                          name=holder, count=have[holder], need=need))
    elif have[holder] < best:
        raise InputError("leader_goal", T("%(name)s has %(count)s, fewer than another player (%(best)s)",
                                          name=holder, count=have[holder], best=best))


def _given_name(raw: Any) -> str | None:
    """The name an entry gives even when the rest of it is refused (to check duplicates at once)."""
    name = raw.get("name") if isinstance(raw, dict) else None
    return name if isinstance(name, str) and name.strip() else None


def _check_names(names: list[str | None], mode: str) -> None:
    """Unique names; "guards" only in solo, where the table is exactly the player and the guards."""
    found = Problems()
    for i, name in enumerate(names):
        if name is not None and name in names[:i]:
            found.add(f"players[{i}].name", T("duplicate name %(name)s", name=repr(name)))
    if mode == "solo":
        if len(names) != 2 or GUARDS not in names:
            found.add("players", T('solo needs exactly the player and one entry named "guards"'))
    elif GUARDS in names:
        found.add(f"players[{names.index(GUARDS)}].name", T('"guards" is reserved for solo mode'))
    found.raise_any()


def _player(value: Any, path: str) -> PlayerEnd:
    """One entry of ``players`` (every wrong field at once)."""
    raw = jsonin.obj(value, path, required=_PLAYER)
    found = Problems()

    def cards(key: str, parse) -> tuple:
        entries = found.check(jsonin.array, raw[key], f"{path}.{key}", default=[])
        return tuple(found.check(parse, v, f"{path}.{key}[{i}]") for i, v in enumerate(entries))

    end = PlayerEnd(
        name=found.check(jsonin.string, raw["name"], f"{path}.name"),
        reputation=found.check(jsonin.integer, raw["reputation"], f"{path}.reputation"),
        power=found.check(jsonin.integer, raw["power"], f"{path}.power"),
        resources=found.check(_resources, raw["resources"], f"{path}.resources"),
        tomes=found.check(jsonin.integer, raw["tomes"], f"{path}.tomes"),
        items=cards("items", _item), goons=cards("goons", _goon),
    )
    found.raise_any()
    return end


def _resources(value: Any, path: str) -> dict[str, int]:
    raw = jsonin.obj(value, path, required=RESOURCES)
    found = Problems()
    counts = {r: found.check(jsonin.integer, raw[r], f"{path}.{r}") for r in RESOURCES}
    found.raise_any()
    return counts


def _treasures(value: Any, path: str) -> tuple[str, ...]:
    return tuple(jsonin.choice(t, f"{path}[{i}]", TREASURES) for i, t in enumerate(jsonin.array(value, path)))


def _item(value: Any, path: str) -> Item:
    raw = jsonin.obj(value, path, required=("name", "treasures"))
    return Item(jsonin.string(raw["name"], f"{path}.name"), _treasures(raw["treasures"], f"{path}.treasures"))


def _goon(value: Any, path: str) -> Goon:
    # "name" is optional: the audit needs only the type and the treasures.
    raw = jsonin.obj(value, path, required=("type", "treasures"), optional=("name",))
    if "name" in raw:
        jsonin.string(raw["name"], f"{path}.name")
    kind = jsonin.choice(raw["type"], f"{path}.type", GOON_TYPES)
    return Goon(kind, _treasures(raw["treasures"], f"{path}.treasures"))


def _end_game_goal(value: Any, names: list[str]) -> EndGameGoal | None:
    """``null``, ``{"kind": "majority", "treasure": T}`` or ``{"kind": "fixed", "stars": {name: n}}``."""
    if value is None:
        return None
    path = "end_game_goal"
    if not isinstance(value, dict):
        raise InputError(path, T("must be an object or null"))
    if "kind" not in value:
        raise InputError(f"{path}.kind", T("is required"))
    kind = jsonin.choice(value["kind"], f"{path}.kind", ["majority", "fixed"])
    if kind == "majority":
        raw = jsonin.obj(value, path, required=("kind", "treasure"))
        return EndGameGoal("majority", treasure=jsonin.choice(raw["treasure"], f"{path}.treasure", TREASURES))
    raw = jsonin.obj(value, path, required=("kind", "stars"))
    stars = raw["stars"]
    if not isinstance(stars, dict):
        raise InputError(f"{path}.stars", T("must be an object"))
    for name, count in stars.items():
        jsonin.name_of(name, jsonin.join(f"{path}.stars", name), names)
        jsonin.integer(count, jsonin.join(f"{path}.stars", name))
    return EndGameGoal("fixed", stars=stars)
