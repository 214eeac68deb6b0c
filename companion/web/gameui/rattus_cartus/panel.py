"""What the Rattus Cartus panel shows: built from the game's spectator view, so rat sums never
reach a template before the plague reveal (RC-G3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import request
from flask_babel import gettext as _

from companion.games import rattus_cartus as rc
from companion.games.rattus_cartus.rules import CLASSES
from companion.games.rattus_cartus.scoring import Result, outcome_note, plague_note
from companion.web.gameui import recorded
from companion.web.gameui.rattus_cartus import bgstats, seating
from companion.web.gameui.rattus_cartus.forms import COUNTS, label, labels
from companion.web.gameui.recorded.scores import ScoredPlayer, Scores


def context(state: Any, game: dict, seat: str | None) -> dict[str, Any]:
    """The panel's context of a started game (``recorded`` frames a game without its setup).
    ``seat`` is the seat this device holds (companion.web.seats, never the URL): that player sees
    their own rat sum; every other device the spectator's view."""
    view = rc.view_for(state, seat)
    return {
        "rc": view,
        "rc_labels": labels(),
        "rc_classes": CLASSES,
        "rc_counts": COUNTS,
        "rc_needs": [need_text(need) for need in view["pending"]["needs"]],
        "rc_ties": influence_ties(view["influence_ties"]),
        "rc_options": option_texts(view["options"], len(view["players"])),
        "rc_orders": view["influence_orders"],
        "rc_draft": tally_draft(),
        "rc_result": result_view(rc.final_result(state), view["options"]),
        "rc_tiebreaks": tiebreak_texts(),
        "rc_next_start": next_start_player(view),
        "rc_turn_order": turn_order(view),
        "rc_round_notes": round_notes(view),
        "exports": exports(state, game),
        **seating.device_view(game, state),  # what this device may do (issue 12)
    }


def exports(state: Any, game: dict) -> dict[str, str] | None:
    """The final screen's export links, once the plague is revealed (the exports show rat sums)."""
    return recorded.exports(game, state, rc.final_result, bgstats.play, "rattus_cartus.bgstats_json")


def next_start_player(view: dict[str, Any]) -> str:
    """Who takes the start player card when this round ends: the next seat to the left (RC-G1)."""
    names = [p["name"] for p in view["players"]]
    return names[(names.index(view["start_player"]) + 1) % len(names)]


def turn_order(view: dict[str, Any]) -> list[str]:
    """Who still accesses a building this round after the current player: clockwise from the start
    player, one turn each, a player who played a Safe-conduct after all the others (RC-G7)."""
    return list(view.get("queue") or [])[1:]


@dataclass(frozen=True, slots=True)
class RoundNotes:
    """The round's reminders in words (:func:`round_notes`)."""

    reserve: str  # set-up's reserve deck (RC-G6)
    draw: str  # phase A's draw (RC-G6)
    preferred: str | None  # with 2 players, who took the preferred action (RC-G5)


def round_notes(view: dict[str, Any]) -> RoundNotes:
    """The round's reminders in words, each with its rule: the set-up's reserve deck (round 1,
    before the first turn), phase A's draw with the same-building swap, and, with 2 players, who
    takes the round's only preferred action (RC-G5) once recorded."""
    names = [p["name"] for p in view["players"]]
    preferred = view.get("preferred_action")
    other = next((n for n in names if n != preferred), "")
    taken = None
    if preferred and view["round"] == view["rounds"]:
        taken = _("%(name)s gains the +1 influence of the preferred action; %(other)s gains nothing (RC-G5).",
                  name=preferred, other=other)
    elif preferred:
        taken = _("%(name)s takes this round's preferred action; %(other)s takes the normal action (RC-G5).",
                  name=preferred, other=other)
    return RoundNotes(
        reserve=_("Set-up: with %(players)d players, set %(cards)d building cards aside face down as the "
                  "reserve deck (RC-G6).", players=len(names), cards=view["reserve_deck"]),
        draw=_("A: draw %(cards)d building cards into a row. If they all show the same building, swap the last "
               "one for the top card of the reserve deck (it goes to the bottom of the reserve deck) until a "
               "different building shows (RC-G6). B: supplies, from the start player.",
               cards=view["buildings_drawn"]),
        preferred=taken,
    )


def need_text(need: str) -> str:
    """One missing end-of-game entry in words (``pending`` gives ``tally:Rojo`` and the like)."""
    what, _sep, who = need.partition(":")
    if what == "tally":
        return _("Final counts of %(name)s", name=who)
    if what == "rats":
        return _("Rat sum of %(name)s (secret)", name=who)
    if what == "treasury":
        return _("Whether the Treasury was used (RC-F5)")
    if what == "influence-order":
        return _("Stacking order of the tie in %(cls)s (RC-F2)", cls=labels().get(who, who))
    return need


def influence_ties(ties: list[dict[str, Any]]) -> list[tuple[str, list[list[str]]]]:
    """Per class, the groups of tied players whose stacking order decides a score (the game's view
    leaves out ties below the scoring places, RC-F2), highest first: each group needs its order."""
    out: dict[str, list[list[str]]] = {}
    for tie in ties:
        out.setdefault(tie["influence_class"], []).append(list(tie["players"]))
    return list(out.items())


def tie_need_text(cls: str, names: Sequence[str]) -> str:
    """A scoring tie still to order (RC-F2), naming the form field and the tied players."""
    return _("%(field)s: %(names)s are tied and it decides a score: give their stacking order, bottom first "
             "(RC-F2)", field=label(f"influence_ties.{cls}"), names=", ".join(names))


def option_texts(options: Mapping[str, Any], players: int) -> list[str]:
    """The table options in force, in words with their rule: the RC-F5 Gold tie option only
    matters, so only shows, with two players; RC-F9 always."""
    texts = []
    if players == 2 and options["gold_two_player_tie"] == "split_6":
        texts.append(_("Two players tied for most Gold share only the 6 VP, 3 each (table option, RC-F5)."))
    elif players == 2:
        texts.append(_("Two players tied for most Gold share the 9 VP, 4 each (the default, RC-F5)."))
    if options["plague_survivor"]:
        texts.append(_("If the plague wipes out everyone, the lowest rat sum survives (table option, RC-F9)."))
    else:
        texts.append(_("If the plague wipes out everyone, everyone loses (RC-F9)."))
    return texts


def tally_draft() -> dict[str, str] | None:
    """What was just typed in a refused end-of-game form, so a typo does not cost the whole form
    (never the rat sum: it is secret and has its own form)."""
    if request.method != "POST" or not request.path.endswith("/record-tally"):
        return None
    return {k: v for k, v in request.form.items() if k not in ("csrf_token", "key", "rats")}


def tiebreak_texts() -> dict[Any, str]:
    """How the winner was decided, in words with the rule id."""
    return {
        None: _("No tie at the top: most VP among the survivors (RC-F8)."),
        "rats": _("Tie on VP broken by the lowest rat sum (RC-F8)."),
        "shared": _("Tied on VP and on rats: shared victory (RC-F8)."),
        "all_wiped_out": _("Everyone was wiped out by the plague (RC-F9)."),
    }


@dataclass(frozen=True, slots=True)
class RatsPlayer(ScoredPlayer):
    """A player's score with their rat sum and the plague's verdict (RC-F7, RC-F9)."""

    rats: int
    survives: bool
    plague: str


@dataclass(frozen=True, slots=True)
class RatsScores(Scores):
    """The scores with the Nuns row, who was wiped out, and the table options scored with."""

    nuns: int
    wiped_out: tuple[str, ...]
    options: tuple[str, ...]


def result_view(result: Result | None, options: Mapping[str, Any]) -> RatsScores | None:
    """Final scores for the template: every line with its rule, the plague, the outcome and the
    table options it was scored with (shared by the recorded game and the audit-only form)."""
    if result is None:
        return None
    players = tuple(
        RatsPlayer(name=p.name, total=p.total, lines=p.lines, winner=p.name in result.winners, rats=p.rats,
                   survives=p.survives, plague=plague_note(p, result.nuns))
        for p in result.players
    )
    rule, text = outcome_note(result)
    return RatsScores(players=players, winners=result.winners, tiebreak=result.tiebreak, outcome_rule=rule,
                      outcome_text=text, nuns=result.nuns,
                      wiped_out=tuple(p.name for p in result.players if p.rats > result.nuns),
                      options=tuple(option_texts(options, len(result.players))))
