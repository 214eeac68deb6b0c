"""What a records page shows (issue 24): the figures of :mod:`companion.core.records` over the
plays that pass the page's filters, each with the link to the games behind it, and the charts.

Filters come from the query string (player count, date range); a bad value is named back to the
reader and left out, never a 500.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from companion.core import records as R
from companion.web.records import charts, files
from companion.web.registry import has_solo_records

GAMES = {"lockup": _l("Lockup: A Roll Player Tale"), "rattus-cartus": _l("Rattus Cartus"), "ragami": _l("Ragami")}
VARIANTS = {"standard": _l("Standard"), "advanced": _l("Advanced")}
DIFFICULTIES = {"easy": _l("Local Lockup (easy, green)"), "demanding": _l("The Old Jail (demanding, yellow)"),
                "expert": _l("Supreme Dungeon (expert, red)")}
LEVELS = files.LEVELS  # "standard/easy" … "advanced/expert"
# Each game's scoring categories, in the words of its own score sheet.
PARTS = {
    "lockup": {"track": _l("Reputation track after the final raid"), "leader_goal": _l("Leader goal"),
               "end_game_goal": _l("End-game goal"), "goons": _l("Goons"), "resources": _l("Resources"),
               "tomes": _l("Unplayed tomes"), "first_player": _l("First player marker")},
    "rattus-cartus": {"classes": _l("Class majorities"), "hand": _l("Cards in hand"), "specials": _l("Special cards"),
                      "gold": _l("Gold"), "vp_tokens": _l("VP tokens")},
    "ragami": {"track": _l("Virtue Points on the track"), "conflicts_bonus": _l("Conflicts bonus"),
               "white_cubes": _l("White cubes")},
}
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def level_label(level: str | None) -> str:
    """``standard/easy`` in words: the variant and the guards' difficulty (a dash when unknown)."""
    if not level:
        return "—"
    variant, _sep, difficulty = level.partition("/")
    return f"{VARIANTS.get(variant, variant)} · {DIFFICULTIES.get(difficulty, difficulty)}"


@dataclass(frozen=True)
class Filters:
    """The page's filters as given (``count``: player count; ``since``/``until``: ISO dates)."""

    count: int | None
    since: str | None
    until: str | None
    errors: tuple[str, ...]

    def params(self) -> dict[str, str]:
        """The filters as query parameters (unset ones left out)."""
        out = {"players": str(self.count) if self.count else None, "from": self.since, "to": self.until}
        return {k: v for k, v in out.items() if v}


def filters(args: Mapping[str, str]) -> Filters:
    """Read the filters; each bad one gives a message naming its field and is ignored."""
    errors, count = [], None
    raw = (args.get("players") or "").strip()
    if raw:
        if raw.isdigit() and 1 <= int(raw) <= 8:
            count = int(raw)
        else:
            errors.append(_("Players: type a number of players from 1 to 8, not “%(typed)s”.", typed=raw))
    dates = {}
    for field, label in (("from", _("From")), ("to", _("To"))):
        value = (args.get(field) or "").strip()
        if value and not DATE.fullmatch(value):
            errors.append(_("%(field)s: pick a date (year-month-day), not “%(typed)s”.", field=label, typed=value))
            value = ""
        dates[field] = value or None
    return Filters(count, dates["from"], dates["to"], tuple(errors))


def link(kind: str, shown: Filters, which: R.Pick) -> str:
    """The address of the plays behind a figure: the page's filters and the figure's pick."""
    return url_for("records.plays", kind=kind, **shown.params(), **which.params())


def solo(kind: str, plays: list[dict], shown: Filters, chosen_id: str | None) -> dict:
    """Lockup solo: games, wins and best score by level, the margins, the streak and the curve."""
    mine = [p for p in plays if p["mode"] == "solo"]
    levels = [lv for lv in R.by_level(mine, LEVELS) if lv.games]
    rows = [(level_label(lv.level), lv.games, f"{lv.wins}/{lv.games}", link(kind, shown, R.Pick(level=lv.level)),
             lv.wins) for lv in levels]
    current, longest = R.streaks(mine)
    chosen = next((p for p in mine if p["game_id"] == chosen_id), mine[-1] if mine else None)
    average = R.average_curve(mine)
    curve = None
    if chosen is not None and chosen.get("curve"):
        curve = charts.curve(chosen["curve"], average, _("This game"), _("Average"))
    return {"levels": [(lv, level_label(lv.level)) for lv in levels], "chart": charts.bars(rows) if rows else None,
            "margins": [(p, R.margin(p)) for p in reversed(mine)], "streak": current, "longest": longest,
            "chosen": chosen, "average": average, "curve": curve}


def table(kind: str, plays: list[dict], shown: Filters, aliases: Mapping[str, str]) -> dict:
    """Every table: plays, wins and average per player, the score distribution, how games were won."""
    multi = [p for p in plays if p["mode"] == "multi"]
    people = R.people(multi, aliases)
    # Light bar: the player's games; dark part: those won (as the levels chart).
    wins = [(p.name, p.plays, f"{p.wins}/{p.plays}", link(kind, shown, R.Pick(player=p.key, won=True)), p.wins)
            for p in people]
    spread = [(f"{low}–{low + 9}", n, str(n), link(kind, shown, R.Pick(mode="multi", band=low)) if n else None, 0)
              for low, n in R.distribution(multi)]
    labels = PARTS[kind]
    winners, everyone = R.parts(multi, True), R.parts(multi, False)
    how = [(labels.get(c, c), winners.get(c, 0.0), everyone.get(c, 0.0)) for c in labels]
    return {"people": people, "wins_chart": charts.bars(wins) if wins else None,
            "spread_chart": charts.bars(spread) if spread else None, "spread": R.distribution(multi),
            "how": how, "plague": R.lost_to_plague(multi), "shared": R.shared_wins(multi), "count": len(multi),
            "spellings": R.spellings(multi), "multi_link": link(kind, shown, R.Pick(mode="multi")),
            "lost_link": link(kind, shown, R.Pick(mode="multi", lost=True)),
            "shared_link": link(kind, shown, R.Pick(mode="multi", shared=True))}


def context(kind: str, every: list[dict], shown: Filters, aliases: Mapping[str, str], chosen: str | None) -> dict:
    """The whole page's context."""
    plays = R.narrow(every, shown.count, shown.since, shown.until)
    return {"kind": kind, "game_name": GAMES[kind], "shown": shown, "total": len(plays),
            "all_link": link(kind, shown, R.Pick()),
            "solo": solo(kind, plays, shown, chosen) if has_solo_records(kind) else None,
            "table": table(kind, plays, shown, aliases), "level_label": level_label}
