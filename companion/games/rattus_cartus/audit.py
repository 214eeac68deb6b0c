"""``companion audit rattus-cartus``: final scores from one JSON document (RC-F, cli-contracts.md).

Every field is validated with :mod:`companion.core.jsonin`, so malformed input raises
``InputError`` naming the field (``players[1].influence.church``, ``influence_ties.church``).
Only an influence tie that decides a score needs its order (RC-F2); an order given for a tie
below the scoring places is still checked for names but changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import jsonin
from companion.core import problems as P
from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.problems import Problems
from companion.games.rattus_cartus.rules import (
    CLASSES,
    GOLD_TWO_PLAYER_TIE_DEFAULT,
    GOLD_TWO_PLAYER_TIE_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NUNS_ROW,
    SPECIALS,
)
from companion.games.rattus_cartus.scoring import Options, Result, Tally, score, tie_problems, unordered_ties

COUNTS: tuple[str, ...] = ("hand_cards", *SPECIALS, "gold", "vp_tokens", "rats")
PLAYER_FIELDS: tuple[str, ...] = ("name", "influence", *COUNTS)
OPTIONAL_FIELDS: tuple[str, ...] = ("influence_ties", "plague_survivor", "gold_two_player_tie")


@dataclass(frozen=True)
class Document:
    """A validated audit document, ready to score."""

    tallies: tuple[Tally, ...]
    ties: dict[str, tuple[str, ...]]
    treasury_used: bool
    nuns: int
    options: Options

    def missing_orders(self) -> list[tuple[str, str]]:
        """(``influence_ties.<class>``, message) for every scoring tie without its order (RC-F2)."""
        return [(f"influence_ties.{cls}", message) for cls, message in tie_problems(self.tallies, self.ties)]

    def unordered_ties(self) -> list[tuple[str, tuple[str, ...]]]:
        """(class, tied names) for the same ties, for a form that asks for them all at once."""
        return unordered_ties(self.tallies, self.ties)

    def score(self) -> Result:
        """The explained result; every scoring tie must be ordered (see :meth:`missing_orders`)."""
        return score(self.tallies, treasury_used=self.treasury_used, nuns=self.nuns, ties=self.ties,
                     options=self.options)


def run(doc: Any) -> dict:
    """Validate the document, score it and return the contract's output document."""
    document = read(doc)
    for field, message in document.missing_orders():
        raise InputError(field, message)  # RC-F2: a tie that decides a score needs its stacking order
    return to_output(document.score())


def read(doc: Any) -> Document:
    """Every field of the document checked, every problem at once (``InputErrors`` naming each; the
    first is the command line's one line); scoring ties left without an order are not an error here
    (see :meth:`Document.missing_orders`)."""
    found = Problems()
    doc = P.obj(found, doc, "", required=("game", "treasury_used", "nuns", "players"), optional=OPTIONAL_FIELDS)
    if doc is None:
        found.raise_any()
    if "game" in doc:
        found.check(jsonin.choice, doc["game"], "game", ["rattus-cartus"])
    treasury_used = found.check(jsonin.boolean, doc["treasury_used"], "treasury_used") \
        if "treasury_used" in doc else None
    nuns = found.check(bounded, doc["nuns"], "nuns", NUNS_ROW) if "nuns" in doc else None
    tallies = found.check(read_players, doc["players"]) if "players" in doc else None
    ties = {}  # the tie orders name players: checked against the names the document gives
    if isinstance(doc.get("players"), list):
        names = [n for n in P.names_of(doc["players"]) if n is not None]
        ties = found.check(read_ties, doc.get("influence_ties", {}), names, default={})
    options = found.check(read_options, doc)
    found.raise_any()
    return Document(tuple(tallies or ()), ties, treasury_used, nuns, options)


def bounded(value: Any, path: str, maximum: int) -> int:
    """A non-negative integer no larger than ``maximum``."""
    value = jsonin.integer(value, path)
    if value > maximum:
        raise InputError(path, T("must be at most %(maximum)s", maximum=maximum))
    return value


def read_players(value: Any) -> list[Tally]:
    """The ``players`` array: 2 to 5 players with unique names (RC-G1); every player's problems at once."""
    return P.named_entries(value, "players", MIN_PLAYERS, MAX_PLAYERS, PLAYER_FIELDS, read_player,
                           lambda name: T("duplicate name %(tally)s", tally=name))


def read_player(entry: dict, name: Any, path: str, found: Problems) -> Tally:
    """One player's entry, its name read (its wrong fields noted in ``found``)."""
    influence_path = jsonin.join(path, "influence")
    influence = P.obj(found, entry["influence"], influence_path, required=CLASSES) or {}
    values = tuple(found.check(jsonin.integer, influence[c], jsonin.join(influence_path, c)) if c in influence
                   else None for c in CLASSES)
    counts = {key: found.check(jsonin.integer, entry[key], jsonin.join(path, key)) for key in COUNTS}
    return Tally(name=name, influence=values, **counts)


def read_ties(value: Any, names: list[str]) -> dict[str, tuple[str, ...]]:
    """``influence_ties``: per class, tied players from the bottom of the marker stack up (RC-F2)."""
    ties = jsonin.obj(value, "influence_ties", optional=CLASSES)
    found = Problems()
    out: dict[str, tuple[str, ...]] = {}
    for cls, order in ties.items():
        path = jsonin.join("influence_ties", cls)
        listed = found.check(jsonin.array, order, path)
        if listed is None:
            continue
        for i, name in enumerate(listed):
            found.check(jsonin.name_of, name, jsonin.join(path, i), names)
            if name in listed[:i]:
                found.add(jsonin.join(path, i), T("%(name)s is listed twice", name=name))
        out[cls] = tuple(listed)
    found.raise_any()
    return out


def read_options(doc: dict) -> Options:
    """Table options: ``plague_survivor`` (RC-F9, default false) and ``gold_two_player_tie`` (RC-F5,
    2 players: "split_9" default, or "split_6")."""
    survivor = jsonin.boolean(doc.get("plague_survivor", False), "plague_survivor")
    gold = jsonin.choice(doc.get("gold_two_player_tie", GOLD_TWO_PLAYER_TIE_DEFAULT), "gold_two_player_tie",
                         GOLD_TWO_PLAYER_TIE_OPTIONS)
    return Options(plague_survivor=survivor, gold_two_player_tie=gold)


def to_output(result: Result) -> dict:
    """The output document of the contract (players in input order)."""
    players = [
        {"name": s.name, "total": s.total, "breakdown": s.breakdown(), "rats": s.rats, "survives": s.survives}
        for s in result.players
    ]
    return {"players": players, "winners": list(result.winners), "tiebreak": result.tiebreak}
