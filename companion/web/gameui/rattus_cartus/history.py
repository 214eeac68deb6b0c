"""The history page of a Rattus Cartus game in words: each recorded command as a sentence with
its rule id, under the round and phase it was played in (RC-G1: phase C, access buildings or play
a Safe-conduct; phase D, with 2 players who takes the preferred action; phase E, end of the
round), then final scoring (RC-F).

A rat sum is secret until the plague (RC-G3): the history says that it was recorded, never its
value (the final scores show it once the Nuns row is revealed).
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.core.events import Event
from companion.core.i18n import and_list
from companion.games import rattus_cartus as rc
from companion.games.rattus_cartus import events as ev
from companion.games.rattus_cartus.game import ROUNDS
from companion.games.rattus_cartus.rules import CLASSES
from companion.games.rattus_cartus.scoring import Result, outcome_note
from companion.web import history
from companion.web.gameui.rattus_cartus import forms
from companion.web.i18n import text

SENTENCES = history.Sentences()  # event type -> its sentence (each one below)


@SENTENCES.of(ev.GameStarted)
def _started(e: ev.GameStarted) -> str:
    players, n = text(and_list(list(e.players))), e.rounds
    if e.seed is not None:  # the companion drew the start player (setup step 9)
        line = ngettext("%(players)s sit clockwise; start player %(player)s, drawn at random; %(num)s round "
                        "(RC-G1)", "%(players)s sit clockwise; start player %(player)s, drawn at random; %(num)s "
                        "rounds (RC-G1)", n, players=players, player=e.start_player)
    else:
        line = ngettext("%(players)s sit clockwise; start player %(player)s; %(num)s round (RC-G1)",
                        "%(players)s sit clockwise; start player %(player)s; %(num)s rounds (RC-G1)", n,
                        players=players, player=e.start_player)
    options = [line]
    if e.plague_survivor:
        options.append(_("If the plague wipes out everyone, the lowest rat sum survives (table option, RC-F9)."))
    if len(e.players) == 2:
        how = (_("Split only the 6 VP, 3 each") if e.gold_two_player_tie == "split_6"
               else _("Split 9 VP, 4 each, as printed (the default)"))
        options.append(_("Two-player Gold tie: %(how)s (RC-F5)", how=how))
    return "; ".join(options)


@SENTENCES.of(ev.TurnEnded)
def _turn_ended(e: ev.TurnEnded) -> str:
    return _("%(player)s accessed a building and played population cards; the turn passes clockwise (RC-G1)",
             player=e.player)


@SENTENCES.of(ev.SafeConductPlayed)
def _safe_conduct(e: ev.SafeConductPlayed) -> str:
    return _("%(player)s played a Safe-conduct instead of accessing a building: the turn passes on, and they "
             "choose after all the others (RC-G7)", player=e.player)


@SENTENCES.of(ev.PreferredActionRecorded)
def _preferred(e: ev.PreferredActionRecorded) -> str:
    return _("With 2 players only one preferred action a round: %(player)s takes it in round %(round)s (in the "
             "final round, the +1 influence instead) (RC-G5)", player=e.player, round=e.round)


@SENTENCES.of(ev.RoundEnded)
def _round_ended(e: ev.RoundEnded) -> str:
    if e.last:
        line = _("Round %(round)s, the last, is over: final scoring follows (RC-G1)", round=e.round)
    else:
        line = _("Round %(round)s is over: the start player card passes left to %(player)s (RC-G1)",
                 round=e.round, player=e.next_start_player)
    if e.treasury_used:
        line = "; ".join((line, _("The Treasury building was used this round (RC-F5)")))
    return line


@SENTENCES.of(ev.TallyRecorded)
def _tally(e: ev.TallyRecorded) -> str:
    labels = forms.labels()
    counts = [(labels[c], n) for c, n in zip(CLASSES, e.influence, strict=False)]
    counts += [(labels[k], getattr(e, k)) for k in forms.COUNTS]
    shown = ", ".join(f"{label} {n}" for label, n in counts if n)
    return _("%(player)s's final counts: %(counts)s (RC-F1, RC-F3…RC-F6)", player=e.player,
             counts=shown or _("no influence and no cards"))


@SENTENCES.of(ev.RatsRecorded)
def _rats(e: ev.RatsRecorded) -> str:
    return _("%(player)s's rat sum is recorded, secret until the plague (RC-G3)", player=e.player)


@SENTENCES.of(ev.TreasuryRecorded)
def _treasury(e: ev.TreasuryRecorded) -> str:
    if e.used:
        return _("The Treasury was used this game: Gold scores (RC-F5)")
    return _("The Treasury was not used this game: Gold scores nothing (RC-F5)")


@SENTENCES.of(ev.InfluenceOrderRecorded)
def _order(e: ev.InfluenceOrderRecorded) -> str:
    group = forms.labels().get(e.influence_class) or _("a class")
    return _("Tie in %(group)s: the markers from the bottom of the stack up, %(order)s; %(first)s arrived first "
             "and wins the tie (RC-F2)", group=group, order=", ".join(e.order), first=e.order[0])


@SENTENCES.of(ev.PlagueRevealed)
def _plague(e: ev.PlagueRevealed) -> str:
    nuns = ngettext("The Nuns row is revealed: %(num)s Nun (RC-F7)",
                    "The Nuns row is revealed: %(num)s Nuns (RC-F7)", e.nuns)
    wiped = (_("wiped out by the plague: %(players)s", players=text(and_list(list(e.wiped_out))))
             if e.wiped_out else _("nobody is wiped out by the plague"))
    rule, outcome = outcome_note(Result((), tuple(e.winners), e.tiebreak, e.nuns))  # its words, from the event
    return f"{nuns}; {wiped}; {text(outcome)} ({rule})"


# One event in words (undo/redo confirmations); a command's events in words (the history page).
describe_event, describe = history.describers(SENTENCES)


def heading(state: rc.State | None, events: list[Event]) -> str:
    """Setting up, then round and phase (C: a turn, D: the 2-player preferred action, E: the end of
    the round), then final scoring."""
    if state is None:
        return _("Setting up (RC-G1)")
    if state.phase != ROUNDS:
        return _("Final scoring (RC-F)")
    if any(isinstance(e, ev.RoundEnded) for e in events):
        return _("Round %(round)s · %(phase)s", round=state.round, phase=_("E. End of the round"))
    if any(isinstance(e, ev.PreferredActionRecorded) for e in events):
        return _("Round %(round)s · %(phase)s", round=state.round, phase=_("D. Resolve buildings"))
    return _("Round %(round)s · %(phase)s", round=state.round,
             phase=_("C. Access buildings and play population cards"))


BOOK = history.Book(describe=describe, heading=heading, evolve=rc.evolve,
                    round_of=lambda state: state.round if state is not None else 0)
sections = history.told_by(BOOK)  # the game's history page (GameUI.history)
