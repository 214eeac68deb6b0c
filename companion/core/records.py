"""Records of finished games (issue 24): plain statistics over play documents, no storage, no web.

A *play* is a plain mapping (JSON in the ``record_plays`` projection, see docs/records.md)::

    {"game_id", "kind" ("lockup" | "rattus-cartus" | "ragami"), "ended" ("YYYY-MM-DD HH:MM:SS"),
     "title", "mode" ("solo" | "multi"), "level" (solo: "standard/easy" …, else None),
     "origin" ("app" | "paper" | "import"), "guards" (solo: the guards' total, else None),
     "curve" (solo: the player's reputation at the end of rounds 1-6, else None),
     "players": [{"name", "score", "winner", "start", "parts": {category: points}, "lost": bool}]}

``lost`` marks a Rattus Cartus player wiped out by the plague (RC-F7). Names are matched
case-insensitively (:func:`name_key`); ``aliases`` maps a name key to the key it is merged into.
Every figure carries the filter that selects the plays behind it (:class:`Pick`), so a page can
link each number to those games.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Play = Mapping[str, Any]


def name_key(name: str, aliases: Mapping[str, str] | None = None) -> str:
    """The key a player name is counted under: trimmed, spaces collapsed, case-folded, then merged."""
    key = " ".join(str(name).split()).casefold()
    seen: set[str] = set()
    while aliases and key in aliases and key not in seen:  # a chain of merges ends on its last name
        seen.add(key)
        key = aliases[key]
    return key


def new_seat(name: str, score: int, winner: bool, start: bool, parts: Mapping[str, int], lost: bool = False) -> dict:
    """One player of a play, in the shape above (scores and parts as whole numbers)."""
    return {"name": name, "score": int(score), "winner": bool(winner), "start": bool(start),
            "parts": {k: int(v) for k, v in parts.items()}, "lost": lost}


def new_play(game_id: str, kind: str, ended: str, title: str, players: list[dict], origin: str = "app") -> dict:
    """A multiplayer play in the shape above (``ended`` cut to ``YYYY-MM-DD HH:MM:SS``); a solo
    game's extractor then sets ``mode``, ``level``, ``guards`` and ``curve``."""
    return {"game_id": game_id, "kind": kind, "ended": ended[:19].replace("T", " "), "title": title,
            "mode": "multi", "level": None, "origin": origin, "guards": None, "curve": None, "players": players}


@dataclass(frozen=True)
class Pick:
    """Which plays a figure counts: all of them narrowed by level, player (a name key), a win,
    mode (``solo``/``multi``), a band of ten points some score fell in, a plague loss, a shared win,
    or the games of a solo run of wins (``streak``: ``current`` or ``longest``, see :func:`runs`)."""

    level: str | None = None
    player: str | None = None
    won: bool | None = None
    mode: str | None = None
    band: int | None = None
    lost: bool = False
    shared: bool = False
    streak: str | None = None

    def params(self) -> dict[str, str]:
        """The pick as query parameters (empty ones left out)."""
        out = {"level": self.level, "player": self.player, "won": None if self.won is None else str(int(self.won)),
               "mode": self.mode, "band": None if self.band is None else str(self.band),
               "lost": "1" if self.lost else None, "shared": "1" if self.shared else None, "streak": self.streak}
        return {k: v for k, v in out.items() if v}

    def keeps(self, play: Play) -> bool:
        """Whether the play passes the mode, band, plague and shared-win parts of the pick."""
        seats = play["players"]
        return ((self.mode is None or play.get("mode") == self.mode)
                and (self.band is None or any(int(s["score"]) // 10 * 10 == self.band for s in seats))
                and (not self.lost or any(s.get("lost") for s in seats))
                and (not self.shared or sum(bool(s["winner"]) for s in seats) > 1))


def seat_of(play: Play, key: str, aliases: Mapping[str, str] | None = None) -> Mapping[str, Any] | None:
    """The play's seat of the player whose name key is ``key`` (``None`` when not at that table)."""
    return next((p for p in play["players"] if name_key(p["name"], aliases) == key), None)


def pick(plays: Iterable[Play], which: Pick, aliases: Mapping[str, str] | None = None) -> list[Play]:
    """The plays a :class:`Pick` selects. Solo plays count their one person; ``won`` without a
    player means the person (solo) won; a ``streak`` keeps only the games of that run of solo wins."""
    out = []
    if which.streak in ("current", "longest"):
        current, longest = runs([p for p in plays if p.get("mode") == "solo"])
        plays = current if which.streak == "current" else longest
    for play in plays:
        if (which.level is not None and play.get("level") != which.level) or not which.keeps(play):
            continue
        seat = seat_of(play, which.player, aliases) if which.player is not None else None
        if which.player is not None and seat is None:
            continue
        if which.won is not None:
            won = seat["winner"] if seat is not None else any(p["winner"] for p in play["players"])
            if bool(won) != which.won:
                continue
        out.append(play)
    return out


def narrow(plays: Iterable[Play], count: int | None = None, since: str | None = None,
           until: str | None = None) -> list[Play]:
    """The plays with ``count`` players (solo: 1) that ended between ``since`` and ``until``
    (dates ``YYYY-MM-DD``, both days included), oldest first."""
    out = [p for p in plays
           if (count is None or len(p["players"]) == count)
           and (since is None or p["ended"][:10] >= since)
           and (until is None or p["ended"][:10] <= until)]
    return sorted(out, key=lambda p: (p["ended"], p["game_id"]))


# -- Lockup solo ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """One difficulty's figures: games, wins, win rate (None without games), best score."""

    level: str
    games: int
    wins: int
    best: int | None

    @property
    def rate(self) -> float | None:
        """Wins over games (None when no game)."""
        return self.wins / self.games if self.games else None


def margin(play: Play) -> int:
    """The person's total minus the guards' (L-SO14: 0 is a loss, a tie goes to the guards)."""
    return play["players"][0]["score"] - (play.get("guards") or 0)


def by_level(plays: Sequence[Play], levels: Sequence[str]) -> list[Level]:
    """Games, wins and best score for each level in ``levels`` (then any other level seen), in that order."""
    order = [*levels, *sorted({p["level"] for p in plays if p.get("level") and p["level"] not in levels})]
    out = []
    for level in order:
        mine = [p for p in plays if p.get("level") == level]
        scores = [p["players"][0]["score"] for p in mine]
        out.append(Level(level, len(mine), sum(bool(p["players"][0]["winner"]) for p in mine),
                         max(scores) if scores else None))
    return out


def runs(plays: Sequence[Play]) -> tuple[list[Play], list[Play]]:
    """(the plays of the current run of wins, those of the longest run), oldest first; of two
    longest runs of the same length, the latest (the one a reader last played)."""
    current: list[Play] = []
    longest: list[Play] = []
    for play in sorted(plays, key=lambda p: (p["ended"], p["game_id"])):
        current = [*current, play] if play["players"][0]["winner"] else []
        if current and len(current) >= len(longest):
            longest = current
    return current, longest


def streaks(plays: Sequence[Play]) -> tuple[int, int]:
    """(the current run of wins, the longest run of wins), plays taken oldest first."""
    current, longest = runs(plays)
    return len(current), len(longest)


def average_curve(plays: Sequence[Play]) -> list[float] | None:
    """The person's average reputation at the end of each round over the plays that have a curve."""
    curves = [p["curve"] for p in plays if p.get("curve")]
    if not curves:
        return None
    return [round(sum(c[i] for c in curves) / len(curves), 1) for i in range(len(curves[0]))]


# -- every table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    """One player's figures across plays: the name shown, the key, plays, wins, average score."""

    name: str
    key: str
    plays: int
    wins: int
    total: int

    @property
    def average(self) -> float:
        """Average score over the plays (rounded to one decimal)."""
        return round(self.total / self.plays, 1) if self.plays else 0.0


def people(plays: Sequence[Play], aliases: Mapping[str, str] | None = None) -> list[Person]:
    """Everyone who played, most wins first: each key shown under its most used spelling."""
    spelled: dict[str, dict[str, int]] = {}
    counts: dict[str, list[int]] = {}
    for play in plays:
        for seat in play["players"]:
            key = name_key(seat["name"], aliases)
            spelled.setdefault(key, {}).setdefault(seat["name"], 0)
            spelled[key][seat["name"]] += 1
            row = counts.setdefault(key, [0, 0, 0])
            row[0] += 1
            row[1] += bool(seat["winner"])
            row[2] += int(seat["score"])
    out = [Person(max(sorted(spelled[k]), key=lambda n: spelled[k][n]), k, *counts[k]) for k in counts]
    return sorted(out, key=lambda p: (-p.wins, -p.plays, p.key))


def spellings(plays: Sequence[Play]) -> list[str]:
    """Every distinct name key as first spelled (the host merges two of them)."""
    seen: dict[str, str] = {}
    for play in plays:
        for seat in play["players"]:
            seen.setdefault(name_key(seat["name"]), " ".join(str(seat["name"]).split()))
    return sorted(seen.values(), key=str.casefold)


def distribution(plays: Sequence[Play], width: int = 10) -> list[tuple[int, int]]:
    """Every score in bins of ``width`` points: (the bin's lowest score, how many scores), no gaps."""
    scores = [int(s["score"]) for p in plays for s in p["players"]]
    if not scores:
        return []
    low, high = min(scores) // width * width, max(scores) // width * width
    bins = dict.fromkeys(range(low, high + 1, width), 0)
    for score in scores:
        bins[score // width * width] += 1
    return list(bins.items())


def parts(plays: Sequence[Play], winners_only: bool) -> dict[str, float]:
    """Average points per category (the game's breakdown), over winning seats or over all seats."""
    seats = [s for p in plays for s in p["players"] if s["winner"] or not winners_only]
    totals: dict[str, int] = {}
    for seat in seats:
        for category, points in (seat.get("parts") or {}).items():
            totals[category] = totals.get(category, 0) + int(points)
    return {c: round(t / len(seats), 1) for c, t in totals.items()} if seats else {}


def lost_to_plague(plays: Sequence[Play]) -> int:
    """How many seats were wiped out by the plague (Rattus Cartus, RC-F7)."""
    return sum(bool(s.get("lost")) for p in plays for s in p["players"])


def shared_wins(plays: Sequence[Play]) -> int:
    """How many plays ended with more than one winner (a tie the rules let stand)."""
    return sum(sum(bool(s["winner"]) for s in p["players"]) > 1 for p in plays)
