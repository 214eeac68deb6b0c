"""Final scoring of Ragami (RG-E1…RG-E4, RG-I1, RG-I2), every point explained by a rule id.

RG-I1 (a player with no conflict resolved takes no +7/+4 bonus) is a table option,
``Options.bonus_needs_conflict``, on by default; every result says whether it changed a bonus.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.core.i18n import T, and_list
from companion.core.scorelines import ScoreLines, Standing, winners_by
from companion.games.ragami.rules import CONFLICTS_FIRST_VP, CONFLICTS_SECOND_VP, WHITE_CUBES_PER_VP

CATEGORIES: tuple[str, ...] = ("track", "conflicts_bonus", "white_cubes")


@dataclass(frozen=True)
class Tally:
    """One player at the end of the last round: VP on the track, conflicts resolved, white cubes."""

    name: str
    vp: int
    conflicts: int
    white_cubes: int = 0


@dataclass(frozen=True)
class Options:
    """Table options: RG-I1, no conflicts bonus without a conflict resolved (default on)."""

    bonus_needs_conflict: bool = True


@dataclass(frozen=True)
class Ruling:
    """RG-I1 in this result: ``option`` (on or off) and ``changed``, each player with 0 conflicts
    resolved whose bonus depends on the option, with that bonus (withheld when the option is on,
    taken when it is off). ``applied``: the option was on and withheld a bonus."""

    option: bool
    changed: tuple[tuple[str, int], ...] = ()

    @property
    def applied(self) -> bool:
        """True when the ruling was on and withheld a bonus from a player with 0 conflicts."""
        return self.option and bool(self.changed)

    def note(self) -> str:
        """The ruling in words, for the CLI-free core (the app words it through Babel)."""
        names = ", ".join(f"{name} (+{bonus})" for name, bonus in self.changed)
        if self.option:
            state = f"applied: withheld the bonus from {names}" if self.changed else "changed no bonus"
            return f"RG-I1 (table option on, no conflicts bonus with 0 conflicts resolved): {state}"
        state = f"with 0 conflicts resolved, {names} took the bonus" if self.changed else "changed no bonus"
        return f"RG-I1 off (the conflicts bonus needs no conflict resolved): {state}"


@dataclass(frozen=True)
class Line:
    """One scoring line: the rule, its category (a breakdown key), points and an explanation."""

    rule: str
    category: str
    points: int
    note: str


@dataclass(frozen=True)
class PlayerScore(ScoreLines):
    """A player's explained final score."""

    name: str
    conflicts: int
    lines: tuple[Line, ...]

    CATEGORIES: ClassVar[tuple[str, ...]] = CATEGORIES  # the breakdown's keys


@dataclass(frozen=True)
class Result(Standing):
    """Everyone's score, the winners and the tie-break used (``None``, ``conflicts``, ``shared``)."""

    ruling: Ruling = Ruling(True)


def conflicts_bonus(counts: Mapping[str, int], needs_conflict: bool = True) -> dict[str, int]:
    """RG-E3: every player tied for most conflicts gets 7, every player at the next distinct count
    gets 4 (RG-I2); with ``needs_conflict`` (RG-I1) a player with no conflict resolved gets nothing,
    without it 0 counts like any other count."""
    distinct = sorted({c for c in counts.values() if c > 0 or not needs_conflict}, reverse=True)
    awards = dict(zip(distinct, (CONFLICTS_FIRST_VP, CONFLICTS_SECOND_VP), strict=False))
    return {name: awards.get(count, 0) for name, count in counts.items()}


def ruling(counts: Mapping[str, int], options: Options) -> Ruling:
    """RG-I1 for these counts: the players with 0 conflicts whose bonus the option decides."""
    without = conflicts_bonus(counts, needs_conflict=False)
    changed = tuple((name, without[name]) for name, count in counts.items() if count == 0 and without[name])
    return Ruling(options.bonus_needs_conflict, changed)


def _lines(tally: Tally, bonus: int) -> tuple[Line, ...]:
    lines = [Line("RG-E1", "track", tally.vp, T("Virtue Points on the track"))]
    if bonus:
        first, n = bonus == CONFLICTS_FIRST_VP, tally.conflicts
        if n == 0:  # only when the RG-I1 table option is off
            note = (T("most conflicts resolved (%(count)s; %(rule)s table option off)", count=n, rule="RG-I1")
                    if first
                    else T("second most conflicts resolved (%(count)s; %(rule)s table option off)", count=n,
                           rule="RG-I1"))
        else:
            note = (T("most conflicts resolved (%(count)s)", count=n) if first
                    else T("second most conflicts resolved (%(count)s)", count=n))
        lines.append(Line("RG-E3", "conflicts_bonus", bonus, note))
    converted = tally.white_cubes // WHITE_CUBES_PER_VP  # RG-E2: 2 white cubes -> 1 VP, rounded down
    if converted:
        note = T("%(count)s white cubes converted 2 to 1", count=tally.white_cubes)
        lines.append(Line("RG-E2", "white_cubes", converted, note))
    return tuple(lines)


def winners(scores: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None]:
    """RG-E4: most VP; tie -> most conflicts resolved ("conflicts"); still tied -> "shared"."""
    return winners_by(scores, lambda s: s.conflicts, "conflicts")


def score(tallies: Sequence[Tally], options: Options = Options()) -> Result:
    """Score the end of the game: track + RG-E3 bonus (RG-I1 by the table option) + RG-E2
    conversion; winner by RG-E4; the result says how RG-I1 bore on it."""
    counts = {t.name: t.conflicts for t in tallies}
    bonus = conflicts_bonus(counts, options.bonus_needs_conflict)
    scores = tuple(PlayerScore(t.name, t.conflicts, _lines(t, bonus[t.name])) for t in tallies)
    best, tiebreak = winners(scores)
    return Result(scores, best, tiebreak, ruling(counts, options))


def outcome_note(result: Result) -> tuple[str, str]:
    """(rule, sentence) saying who won and which tie-break decided it (RG-E4)."""
    names = and_list(result.winners)
    if result.tiebreak == "conflicts":
        return "RG-E4", T("%(names)s wins the tie on VP with the most conflicts resolved", names=names)
    if result.tiebreak == "shared":
        return "RG-E4", T("%(names)s share the victory: tied on VP and on conflicts resolved", names=names)
    return "RG-E4", T("%(names)s wins with the most VP", names=names)
