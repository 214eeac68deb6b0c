"""Final scoring of Rattus Cartus (RC-F1…RC-F9, RC-I1, RC-I2), every point explained by a rule id.

Pure functions over :class:`Tally` (one player's end-of-game counts). Influence ties that decide
a score (they touch the scoring places, RC-F2) must come with the stacking order of the tied
markers; :func:`scoring_ties` finds them and :func:`tie_problems` lists the orders still missing,
so callers can report them as an input error (audit) or a rule violation (live game). A tie below
the scoring places needs no order, and an order given for one changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.core.i18n import N_, T, and_list, join
from companion.core.scorelines import ScoreLines, Standing, winners_by
from companion.games.rattus_cartus.rules import (
    CLASS_AWARDS,
    CLASS_AWARDS_TWO_PLAYERS,
    CLASSES,
    GOLD_FIRST,
    GOLD_SECOND,
    GOLD_TWO_PLAYER_TIE_DEFAULT,
    MAJORITY_TIED_VP,
    MAJORITY_VP,
    SPECIALS,
)

# The class and special card names inside the explanations (translated when shown; the English
# is the key as the rulebook's scoring summary prints it).
CLASS_NAMES = {"peasantry": N_("peasantry"), "burghers": N_("burghers"), "church": N_("church"),
               "knighthood": N_("knighthood"), "royalty": N_("royalty"), "sorcery": N_("sorcery")}
SPECIAL_NAMES = {"swords": N_("swords"), "safe_conducts": N_("safe-conducts"), "flutes": N_("flutes")}

CATEGORIES: tuple[str, ...] = ("classes", "hand", "specials", "gold", "vp_tokens")


@dataclass(frozen=True)
class Tally:
    """One player's counts at the end: influence per class (in ``CLASSES`` order), cards, tokens, rats."""

    name: str
    influence: tuple[int, ...]
    hand_cards: int = 0
    swords: int = 0
    safe_conducts: int = 0
    flutes: int = 0
    gold: int = 0
    vp_tokens: int = 0
    rats: int = 0

    def influence_in(self, cls: str) -> int:
        """Influence in one class."""
        return self.influence[CLASSES.index(cls)]


@dataclass(frozen=True)
class Options:
    """Table options: RC-F9 plague survivor, RC-F5 two-player Gold tie (see ``rules``)."""

    plague_survivor: bool = False
    gold_two_player_tie: str = GOLD_TWO_PLAYER_TIE_DEFAULT


@dataclass(frozen=True)
class Line:
    """One scoring line: the rule that gave it, its category (a breakdown key), subject and points."""

    rule: str
    category: str
    subject: str
    points: int
    note: str


@dataclass(frozen=True)
class PlayerScore(ScoreLines):
    """A player's explained score and plague outcome."""

    name: str
    lines: tuple[Line, ...]
    rats: int
    survives: bool

    CATEGORIES: ClassVar[tuple[str, ...]] = CATEGORIES  # the breakdown's keys


@dataclass(frozen=True)
class Result(Standing):
    """Everyone's score, the winners and how a tie was broken (``None``, rats, shared, all_wiped_out)."""

    nuns: int


def awards_for(player_count: int) -> tuple[int, ...]:
    """RC-F1 class awards by place: 10/5/2, or 10/5 with two players."""
    return CLASS_AWARDS_TWO_PLAYERS if player_count == 2 else CLASS_AWARDS


def scoring_ties(tallies: Sequence[Tally], player_count: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """(class, tied names) for every influence tie that decides a score (RC-F2): players with the
    same influence (above 0, RC-F1) whose places touch the scoring places (1st-3rd, or 1st-2nd
    with two players). ``player_count`` is the table's size (default: the tallies given)."""
    awards = awards_for(len(tallies) if player_count is None else player_count)
    out: list[tuple[str, tuple[str, ...]]] = []
    for cls in CLASSES:
        by_value: dict[int, list[str]] = {}
        for t in tallies:
            if t.influence_in(cls) > 0:
                by_value.setdefault(t.influence_in(cls), []).append(t.name)
        place = 0  # the first (0-based) place of each group, best group first
        for _value, names in sorted(by_value.items(), reverse=True):
            if len(names) > 1 and place < len(awards):
                out.append((cls, tuple(names)))
            place += len(names)
    return out


def unordered_ties(tallies: Sequence[Tally], ties: Mapping[str, Sequence[str]],
                   player_count: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """(class, tied names) for every scoring tie whose stacking order is not fully given (RC-F2).

    Listed players who are not tied are harmless: the order is only consulted between equal
    markers; ties below the scoring places are never reported."""
    return [(cls, names) for cls, names in scoring_ties(tallies, player_count)
            if not set(ties.get(cls, ())).issuperset(names)]


def tie_problems(tallies: Sequence[Tally], ties: Mapping[str, Sequence[str]],
                 player_count: int | None = None) -> list[tuple[str, str]]:
    """(class, message) for every scoring tie without its stacking order (see :func:`unordered_ties`)."""
    return [(cls, T("%(names)s are tied in %(group)s and it decides a score: give their stacking order, bottom first",
                    names=join(names), group=CLASS_NAMES.get(cls, cls)))
            for cls, names in unordered_ties(tallies, ties, player_count)]


def class_ranking(tallies: Sequence[Tally], cls: str, order: Sequence[str] = ()) -> list[Tally]:
    """Players with influence in ``cls``, best first; equal influence by stacking order (RC-F1, RC-F2)."""
    holders = [t for t in tallies if t.influence_in(cls) > 0]  # RC-F1: no influence, no score
    order = list(order)
    return sorted(holders, key=lambda t: (-t.influence_in(cls), order.index(t.name) if t.name in order else 0))


def class_lines(tallies: Sequence[Tally], ties: Mapping[str, Sequence[str]]) -> dict[str, list[Line]]:
    """RC-F1 lines per player: 10/5/2 per class (10/5 with two players), ties by stack order (RC-F2)."""
    awards = awards_for(len(tallies))
    out: dict[str, list[Line]] = {t.name: [] for t in tallies}
    for cls in CLASSES:
        ranking = class_ranking(tallies, cls, ties.get(cls, ()))
        for place, (tally, points) in enumerate(zip(ranking, awards, strict=False)):
            value = tally.influence_in(cls)
            stacked = sum(1 for t in ranking if t.influence_in(cls) == value) > 1
            name = CLASS_NAMES.get(cls, cls)
            note = (T("%(group)s: place %(place)s with %(influence)s influence (tie broken by stacking order, "
                      "%(rule)s)", place=place + 1, influence=value, rule="RC-F2", group=name) if stacked
                    else T("%(group)s: place %(place)s with %(influence)s influence", place=place + 1, influence=value,
                           group=name))
            out[tally.name].append(Line("RC-F1", "classes", cls, points, note))
    return out


def majority_points(counts: Mapping[str, int]) -> dict[str, int]:
    """RC-F3/RC-F4: most cards 2 VP; tied for most 1 VP each (RC-I2); nobody with none scores (RC-I1)."""
    best = max(counts.values(), default=0)
    if best < 1:
        return {}
    top = [name for name, count in counts.items() if count == best]
    points = MAJORITY_VP if len(top) == 1 else MAJORITY_TIED_VP
    return dict.fromkeys(top, points)


def gold_points(counts: Mapping[str, int], two_players: bool,
                two_player_tie: str = GOLD_TWO_PLAYER_TIE_DEFAULT) -> dict[str, int]:
    """RC-F5 Gold: most 6 VP, second 3 VP; a tie for most splits 9 (rounded down) and nobody is
    second; a tie for second splits 3. Two players: no second place; a tie for most still splits
    the 9 (4 each) unless the table option ``split_6`` shares only the 6. Needs a card (RC-I1)."""
    holders = {name: count for name, count in counts.items() if count > 0}
    if not holders:
        return {}
    best = max(holders.values())
    first = [name for name, count in holders.items() if count == best]
    if len(first) > 1:
        pool = GOLD_FIRST + GOLD_SECOND
        if two_players and two_player_tie == "split_6":
            pool = GOLD_FIRST
        return dict.fromkeys(first, pool // len(first))
    out = {first[0]: GOLD_FIRST}
    rest = [count for count in holders.values() if count < best]
    if two_players or not rest:
        return out
    second = [name for name, count in holders.items() if count == max(rest)]
    out.update(dict.fromkeys(second, GOLD_SECOND // len(second)))
    return out


def gold_note(counts: Mapping[str, int], name: str, two_player_tie: str) -> str:
    """RC-F5 in words for one scoring player; a two-player tie names the table option in force."""
    best = max(counts.values())
    if counts[name] < best:
        tied = sum(1 for count in counts.values() if count == counts[name]) > 1
        return T("second most Gold cards (tied: the 3 VP split, rounded down)") if tied else T("second most Gold cards")
    tied = [n for n, count in counts.items() if count == best]
    if len(tied) == 1:
        return T("most Gold cards")
    if len(counts) != 2:
        return T("tied for most Gold cards: the 9 VP split, rounded down; nobody is second")
    if two_player_tie == "split_6":
        return T("two players tied for most Gold cards: only the 6 VP split, by the table option")
    return T("two players tied for most Gold cards: the 9 VP split (the default; no two-player exception)")


def _card_lines(tallies: Sequence[Tally], treasury_used: bool, options: Options) -> dict[str, list[Line]]:
    """RC-F3 hand, RC-F4 specials, RC-F5 gold and RC-F6 VP tokens."""
    out: dict[str, list[Line]] = {t.name: [] for t in tallies}
    for name, pts in majority_points({t.name: t.hand_cards for t in tallies}).items():
        note = (T("most population cards and wildcards in hand (tied)") if pts == MAJORITY_TIED_VP
                else T("most population cards and wildcards in hand"))
        out[name].append(Line("RC-F3", "hand", "hand", pts, note))
    for kind in SPECIALS:
        for name, pts in majority_points({t.name: getattr(t, kind) for t in tallies}).items():
            card = SPECIAL_NAMES.get(kind, kind)
            note = (T("most %(kind)s cards (tied, %(rule)s)", kind=card, rule="RC-I2") if pts == MAJORITY_TIED_VP
                    else T("most %(kind)s cards", kind=card))
            out[name].append(Line("RC-F4", "specials", kind, pts, note))
    if treasury_used:  # RC-F5: Gold scores only if the Treasury was used this game
        counts = {t.name: t.gold for t in tallies}
        gold = gold_points(counts, len(tallies) == 2, options.gold_two_player_tie)
        for name, pts in gold.items():
            out[name].append(Line("RC-F5", "gold", "gold", pts, gold_note(counts, name, options.gold_two_player_tie)))
    for t in tallies:
        if t.vp_tokens:
            out[t.name].append(Line("RC-F6", "vp_tokens", "vp_tokens", t.vp_tokens, T("VP tokens at face value")))
    return out


def winners(scores: Sequence[PlayerScore]) -> tuple[tuple[str, ...], str | None]:
    """RC-F8 among survivors: most VP; tie → lowest rat sum ("rats"); still tied → "shared"."""
    return winners_by([s for s in scores if s.survives], lambda s: -s.rats, "rats")  # fewest rats: highest -rats


def score(
    tallies: Sequence[Tally],
    *,
    treasury_used: bool,
    nuns: int,
    ties: Mapping[str, Sequence[str]] | None = None,
    options: Options = Options(),
) -> Result:
    """Score a finished game (RC-F1…RC-F9). ``ties`` must resolve every influence tie that
    decides a score (see :func:`tie_problems`; an unresolved one raises ``ValueError``)."""
    ties = ties or {}
    if tie_problems(tallies, ties):
        raise ValueError(tie_problems(tallies, ties)[0][1])
    classes, cards = class_lines(tallies, ties), _card_lines(tallies, treasury_used, options)
    scores = [
        PlayerScore(t.name, tuple(classes[t.name] + cards[t.name]), t.rats, t.rats <= nuns)  # RC-F7
        for t in tallies
    ]
    if any(s.survives for s in scores):
        best, tiebreak = winners(scores)
        return Result(tuple(scores), best, tiebreak, nuns)
    if not options.plague_survivor:  # RC-F9: everyone wiped out, everyone loses
        return Result(tuple(scores), (), "all_wiped_out", nuns)
    fewest = min(s.rats for s in scores)  # RC-F9 table option: the lowest rat sum survives
    scores = [PlayerScore(s.name, s.lines, s.rats, s.rats == fewest) for s in scores]
    best, _ = winners(scores)
    return Result(tuple(scores), best, "all_wiped_out", nuns)


def plague_note(player: PlayerScore, nuns: int) -> str:
    """RC-F7 in words for one player."""
    if player.rats <= nuns:
        return T("%(player)s: %(rats)s rats against %(nuns)s Nuns, survives", player=player.name, rats=player.rats,
                 nuns=nuns)
    return T("%(player)s: %(rats)s rats against %(nuns)s Nuns, is wiped out by the plague", player=player.name,
             rats=player.rats, nuns=nuns)


def outcome_note(result: Result) -> tuple[str, str]:
    """(rule, sentence) saying who won and which tie-break decided it (RC-F8, RC-F9)."""
    names = and_list(result.winners)
    if result.tiebreak == "all_wiped_out":
        if not result.winners:
            return "RC-F9", T("Everyone was wiped out by the plague: everyone loses")
        return "RC-F9", T("Everyone was wiped out; by the table option the lowest rat sum survives: %(names)s wins",
                          names=names)
    if result.tiebreak == "rats":
        return "RC-F8", T("%(names)s wins the tie on VP with the lowest rat sum", names=names)
    if result.tiebreak == "shared":
        return "RC-F8", T("%(names)s share the victory: tied on VP and on rats", names=names)
    return "RC-F8", T("%(names)s wins with the most VP among the survivors", names=names)
