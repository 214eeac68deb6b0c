"""``companion audit ragami``: final scores from one JSON document (RG-E, cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`, so malformed input raises
``InputError`` naming the field (``players[2].conflicts``). Optional ``bonus_needs_conflict``
(bool, default true) is the RG-I1 table option.
"""

from __future__ import annotations

from typing import Any

from companion.core import jsonin
from companion.core import problems as P
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.ragami.rules import MAX_PLAYERS, MIN_PLAYERS
from companion.games.ragami.scoring import Options, Result, Tally, score

PLAYER_FIELDS: tuple[str, ...] = ("name", "vp", "conflicts", "white_cubes")


def run(doc: Any) -> dict:
    """Validate the document, score it and return the contract's output document."""
    tallies, options = read(doc)
    return to_output(score(tallies, options))


def read(doc: Any) -> tuple[list[Tally], Options]:
    """The validated players and table options of an audit document; every problem at once
    (``InputErrors`` naming each bad field, the first being the command line's one line)."""
    found = Problems()
    doc = P.obj(found, doc, "", required=("game", "players"), optional=("bonus_needs_conflict",))
    if doc is None:
        found.raise_any()
    if "game" in doc:
        found.check(jsonin.choice, doc["game"], "game", ["ragami"])
    tallies = found.check(read_players, doc["players"]) if "players" in doc else None
    options = found.check(read_options, doc)
    found.raise_any()
    return tallies, options


def read_options(doc: dict) -> Options:
    """Table options: ``bonus_needs_conflict`` (RG-I1, default true)."""
    return Options(jsonin.boolean(doc.get("bonus_needs_conflict", True), "bonus_needs_conflict"))


def read_players(value: Any) -> list[Tally]:
    """The ``players`` array: 2 to 4 players (RG-T1) with unique names; every player's problems at once."""
    return P.named_entries(value, "players", MIN_PLAYERS, MAX_PLAYERS, PLAYER_FIELDS, _tally,
                           lambda name: T("duplicate name %(name)s", name=name))


def _tally(entry: dict, name: Any, path: str, found: Problems) -> Tally:
    counts = {key: found.check(jsonin.integer, entry[key], jsonin.join(path, key)) for key in PLAYER_FIELDS[1:]}
    return Tally(name=name, **counts)


def to_output(result: Result) -> dict:
    """The output document of the contract (players in input order)."""
    players = [{"name": s.name, "total": s.total, "breakdown": s.breakdown()} for s in result.players]
    return {"players": players, "winners": list(result.winners), "tiebreak": result.tiebreak}
