"""The history page of a Ragami game in words: each recorded command as a sentence with its rule
id, under the round and the turn it was played in (whose turn it was, or the round setup of RG-T3
before the start player plays), then final scoring (RG-E). Ragami keeps nothing secret.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.core.events import Event
from companion.core.i18n import and_list
from companion.games import ragami
from companion.games.ragami import events as ev
from companion.games.ragami.game import PLAYING, current_player
from companion.games.ragami.rules import VIRTUE_POINTS_PER_VP, WHITE_CUBES_PER_VP
from companion.games.ragami.scoring import Result, outcome_note
from companion.games.ragami.status import END_REASON_TEXT
from companion.web import history
from companion.web.gameui.ragami import forms
from companion.web.i18n import text

SENTENCES = history.Sentences()  # event type -> its sentence (each one below)


@SENTENCES.of(ev.GameStarted)
def _started(e: ev.GameStarted) -> str:
    colours = forms.colour_labels()
    seats = text(and_list([f"{name} ({colours.get(colour, colour)})"
                           for name, colour in zip(e.players, e.colours, strict=False)]))
    if e.seed is not None:  # the companion drew the start player (setup step 7)
        line = _("%(players)s sit clockwise; start player %(player)s, drawn at random (RG-T1)",
                 players=seats, player=e.start_player)
    else:
        line = _("%(players)s sit clockwise; start player %(player)s (RG-T1)", players=seats, player=e.start_player)
    option = (forms.labels()["bonus_needs_conflict"] if e.bonus_needs_conflict
              else _("Table option: the conflicts bonus also without a conflict resolved (RG-I1)"))
    return f"{line}; {option}"


@SENTENCES.of(ev.VpGained)
def _vp(e: ev.VpGained) -> str:
    n, who = e.amount, e.player
    if e.cause == "conflict":
        return _("%(player)s resolved a conflict: +%(num)s VP and one more conflict resolved (RG-V3, RG-T5)",
                 player=who, num=n)
    if e.cause == "saint":
        return _("%(player)s's saint stood on the resolved conflict: +%(num)s VP (RG-V4)", player=who, num=n)
    if e.cause == "demons":
        return ngettext("%(player)s purified %(num)s demon: +%(num)s VP (RG-V2)",
                        "%(player)s purified %(num)s demons: +%(num)s VP (RG-V2)", n, player=who)
    if e.cause == "white-cubes":
        return ngettext("%(player)s converted %(num)s white cube into %(vp)s VP (RG-V1)",
                        "%(player)s converted %(num)s white cubes into %(vp)s VP (RG-V1)",
                        WHITE_CUBES_PER_VP * n, player=who, vp=n)
    if e.cause == "virtue-die":
        return ngettext("%(player)s converted %(num)s Virtue die point into %(vp)s VP (RG-V5)",
                        "%(player)s converted %(num)s Virtue die points into %(vp)s VP (RG-V5)",
                        VIRTUE_POINTS_PER_VP * n, player=who, vp=n)
    return _("%(player)s gained %(num)s VP (RG-V)", player=who, num=n)


@SENTENCES.of(ev.WhiteCubesChanged)
def _cubes(e: ev.WhiteCubesChanged) -> str:
    n, who = abs(e.delta), e.player
    if e.delta < 0:
        return ngettext("%(player)s spent %(num)s white cube (RG-T4)", "%(player)s spent %(num)s white cubes (RG-T4)",
                        n, player=who)
    if e.reason == "helped":
        return ngettext("%(player)s's Ragami helped resolve the conflict: +%(num)s white cube (RG-T4)",
                        "%(player)s's Ragami helped resolve the conflict: +%(num)s white cubes (RG-T4)", n, player=who)
    if e.reason == "saint-placed":
        return ngettext("%(player)s placed a saint on a conflict: +%(num)s white cube (RG-T1)",
                        "%(player)s placed a saint on a conflict: +%(num)s white cubes (RG-T1)", n, player=who)
    if e.reason == "card":
        return ngettext("%(player)s gained %(num)s white cube from an action card (RG-T1)",
                        "%(player)s gained %(num)s white cubes from an action card (RG-T1)", n, player=who)
    return ngettext("%(player)s gained %(num)s white cube (RG-T1)", "%(player)s gained %(num)s white cubes (RG-T1)",
                    n, player=who)


@SENTENCES.of(ev.VirtueDieSet)
def _virtue(e: ev.VirtueDieSet) -> str:
    who, value = e.player, e.value
    if e.reason == "spent":
        if value == 0:
            return _("%(player)s spent every Virtue die point: the die leaves the board (RG-T4)", player=who)
        return _("%(player)s spent Virtue die points: the die shows %(value)s (RG-T4)", player=who, value=value)
    if value == 0:
        return _("%(player)s's Virtue die is off the board (RG-T1)", player=who)
    sentences = {
        "round-setup": _("%(player)s's Virtue die rose at round setup: it shows %(value)s (RG-T3)",
                         player=who, value=value),
        "moved": _("%(player)s moved their Virtue die to another building: it shows %(value)s (RG-T3)",
                   player=who, value=value),
        "placed": _("%(player)s placed their Virtue die on a building: it shows %(value)s (RG-T3)",
                    player=who, value=value),
        "card": _("An action card set %(player)s's Virtue die to %(value)s (RG-T1)", player=who, value=value),
    }
    return sentences.get(e.reason) or _("%(player)s's Virtue die now shows %(value)s (RG-T1)",
                                        player=who, value=value)


@SENTENCES.of(ev.LocationTokensUsed)
def _tokens(e: ev.LocationTokensUsed) -> str:
    return ngettext("Location token drawn: %(tokens)s (RG-T2)", "Location tokens drawn: %(tokens)s (RG-T2)",
                    len(e.tokens), tokens=", ".join(str(t) for t in e.tokens))


@SENTENCES.of(ev.SetupTokensDrawn)
def _setup_tokens(e: ev.SetupTokensDrawn) -> str:
    def listed(tokens: tuple[int, ...]) -> str:
        return ", ".join(str(t) for t in tokens)

    if e.saint_tokens:  # 2 or 3 players: the neutral saints are placed by token too
        return _("Set-up: location tokens drawn for the conflict dice %(conflicts)s, for the demons %(demons)s and "
                 "for the neutral saints %(saints)s (RG-T2)", conflicts=listed(e.conflict_tokens),
                 demons=listed(e.demon_tokens), saints=listed(e.saint_tokens))
    return _("Set-up: location tokens drawn for the conflict dice %(conflicts)s and for the demons %(demons)s "
             "(RG-T2)", conflicts=listed(e.conflict_tokens), demons=listed(e.demon_tokens))


@SENTENCES.of(ev.LastPlaceCardPlayed)
def _last_place_card(e: ev.LastPlaceCardPlayed) -> str:
    if not e.last_placed:
        return _("%(player)s played the last-place action card: no effect, three or more players are tied last "
                 "(RG-I3)", player=e.player)
    last = text(and_list(list(e.last_placed)))
    if len(e.last_placed) == 1:
        return _("%(player)s played the last-place action card: +1 VP to %(last)s, last; %(player)s gains "
                 "%(cubes)s white cubes (RG-T2)", player=e.player, last=last, cubes=e.white_cubes)
    return _("%(player)s played the last-place action card: +1 VP each to %(last)s, tied last; %(player)s gains "
             "%(cubes)s white cubes (RG-T2)", player=e.player, last=last, cubes=e.white_cubes)


@SENTENCES.of(ev.TurnEnded)
def _turn_ended(e: ev.TurnEnded) -> str:
    if e.passed:
        return _("%(player)s passed: no more turns for them this round (RG-T3)", player=e.player)
    return _("%(player)s's turn is over; the next player clockwise who has not passed plays (RG-T3)",
             player=e.player)


@SENTENCES.of(ev.GameEndAnnounced)
def _end_announced(e: ev.GameEndAnnounced) -> str:
    why = text(and_list([END_REASON_TEXT[r] for r in e.reasons if r in END_REASON_TEXT]))
    return _("The game ends with round %(round)s: %(why)s (RG-E1)", round=e.round, why=why)


@SENTENCES.of(ev.GameFinished)
def _finished(e: ev.GameFinished) -> str:
    rule, outcome = outcome_note(Result((), tuple(e.winners), e.tiebreak))  # its words, from the event
    scoring = _("Final scoring: white cubes left converted (RG-E2) and the conflicts bonus (RG-E3)")
    return f"{scoring}; {text(outcome)} ({rule})"


@SENTENCES.of(ev.RoundEnded)
def _round_ended(e: ev.RoundEnded) -> str:
    return _("Round %(round)s is over (RG-T3)", round=e.round)


@SENTENCES.of(ev.RoundStarted)
def _round_started(e: ev.RoundStarted) -> str:
    return _("Round %(round)s begins: %(player)s takes the first player cube, passed to the left (RG-T3)",
             round=e.round, player=e.start_player)

# One event in words (undo/redo confirmations); a command's events in words (the history page).
describe_event, describe = history.describers(SENTENCES)


def _round_setup(state: ragami.State, events: list[Event]) -> bool:
    """RG-T3: before anyone's turn ended in round 2 or later, Virtue dice rising and new location
    tokens belong to the round setup."""
    if state.round < 2 or state.turn is not None or state.passed:
        return False
    return all(isinstance(e, ev.LocationTokensUsed) or getattr(e, "reason", None) == "round-setup" for e in events)


def heading(state: ragami.State | None, events: list[Event]) -> str:
    """Setting up; then the round and whose turn it was (or its setup); then final scoring."""
    if state is None:
        return _("Setting up (RG-T1)")
    if state.phase != PLAYING:
        return _("Final scoring (RG-E)")
    if _round_setup(state, events):
        return _("Round %(n)d · round setup (RG-T3)", n=state.round)
    player = current_player(state)
    if player is None:
        return _("Round %(n)d · everyone has passed", n=state.round)
    return _("Round %(n)d · %(name)s’s turn", n=state.round, name=player)


BOOK = history.Book(describe=describe, heading=heading, evolve=ragami.evolve,
                    round_of=lambda state: state.round if state is not None else 0)
sections = history.told_by(BOOK)  # the game's history page (GameUI.history)
