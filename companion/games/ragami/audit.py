"""``companion audit ragami``: final scores from one JSON document (RG-E, cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`, so malformed input raises
``InputError`` naming the field (``players[2].conflicts``). Optional ``bonus_needs_conflict``
(bool, default true) is the RG-I1 table option.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.games.ragami.rules import MAX_PLAYERS, MIN_PLAYERS
from companion.games.ragami.scoring import Options, Result, Tally, score

PLAYER_FIELDS: tuple[str, ...] = ("name", "vp", "conflicts", "white_cubes")


def run(doc: Any) -> dict:
    """Validate the document, score it and return the contract's output document."""
    tallies, options = read(doc)
    return to_output(score(tallies, options))


def read(doc: Any) -> tuple[list[Tally], Options]:
    """The validated players and table options of an audit document (``InputError`` names a bad field)."""
    doc = jsonin.obj(doc, "", required=("game", "players"), optional=("bonus_needs_conflict",))
    jsonin.choice(doc["game"], "game", ["ragami"])
    tallies = read_players(doc["players"])
    return tallies, read_options(doc)


def read_options(doc: dict) -> Options:
    """Table options: ``bonus_needs_conflict`` (RG-I1, default true)."""
    return Options(jsonin.boolean(doc.get("bonus_needs_conflict", True), "bonus_needs_conflict"))


def read_players(value: Any) -> list[Tally]:
    """The ``players`` array: 2 to 4 players (RG-T1) with unique names."""
    players = jsonin.array(value, "players", MIN_PLAYERS, MAX_PLAYERS)
    tallies: list[Tally] = []
    for i, entry in enumerate(players):
        path = f"players[{i}]"
        entry = jsonin.obj(entry, path, required=PLAYER_FIELDS)
        name = jsonin.string(entry["name"], jsonin.join(path, "name"))
        if any(t.name == name for t in tallies):
            raise InputError(jsonin.join(path, "name"), T("duplicate name %(name)s", name=repr(name)))
        counts = {key: jsonin.integer(entry[key], jsonin.join(path, key)) for key in PLAYER_FIELDS[1:]}
        tallies.append(Tally(name=name, **counts))
    return tallies


def to_output(result: Result) -> dict:
    """The output document of the contract (players in input order)."""
    players = [{"name": s.name, "total": s.total, "breakdown": s.breakdown()} for s in result.players]
    return {"players": players, "winners": list(result.winners), "tiebreak": result.tiebreak}
