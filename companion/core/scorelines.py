"""An explained score: a player's scoring lines (each with its rule, category and points), their
total and their sum per category; and the standing of a finished game (everyone's score, the
winners, the tie-break). Shared by the games' ``scoring`` modules (pure)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


class ScoreLines:
    """Mixin of a frozen dataclass with ``lines`` (each with ``category`` and ``points``);
    ``CATEGORIES``: the breakdown's keys, in order."""

    CATEGORIES: ClassVar[tuple[str, ...]] = ()
    lines: tuple

    @property
    def total(self) -> int:
        """Sum of every line."""
        return sum(line.points for line in self.lines)

    def breakdown(self) -> dict[str, int]:
        """Points per category (every one of ``CATEGORIES``, 0 where no line scored)."""
        out = dict.fromkeys(self.CATEGORIES, 0)
        for line in self.lines:
            out[line.category] += line.points
        return out


@dataclass(frozen=True)
class Standing:
    """Everyone's explained score (a :class:`ScoreLines` each), the winners and the tie-break
    used (``None``: no tie to break); a game's ``Result`` adds its own facts."""

    players: tuple
    winners: tuple[str, ...]
    tiebreak: str | None


def winners_by(scores: Sequence[Any], tiebreak: Callable[[Any], int],
               broken: str) -> tuple[tuple[str, ...], str | None]:
    """(winners, tie-break used): most VP (``total``); a tie goes to the highest ``tiebreak`` of
    the tied (``broken`` names that tie-break); still tied: "shared". No scores: nobody wins."""
    if not scores:
        return (), None
    best = max(s.total for s in scores)
    top = [s for s in scores if s.total == best]
    if len(top) == 1:
        return (top[0].name,), None
    most = max(tiebreak(s) for s in top)
    top = [s for s in top if tiebreak(s) == most]
    return tuple(s.name for s in top), (broken if len(top) == 1 else "shared")
