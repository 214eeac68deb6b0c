"""The Lockup table UI: play a whole game on one phone (issue 5).

Registers the GameUI ``lockup`` (standard and advanced, 2-5 players) and, when the solo
automaton is installed, ``lockup-solo``. Views are split by phase: :mod:`.setup` (new game),
:mod:`.rollcall`, :mod:`.lightsout`, :mod:`.patrol`, :mod:`.table` (adjustments); the single
action route is in :mod:`.actions`, the panel's context in :mod:`.panel`. The box profile and card
catalog pages are :mod:`.cards` and :mod:`.catalog`, the end screens :mod:`.end`, the words of
every page :mod:`.words`.
"""

from __future__ import annotations

from flask import g, has_app_context
from flask_babel import lazy_gettext

from companion.games.lockup import engine
from companion.games.lockup.commands import Collect
from companion.games.lockup.lightsout import undecided_seats
from companion.solo_guard import automaton
from companion.web.gameui.lockup import actions, cards, catalog, end, feed, records, rollcall, setup  # noqa: F401 - routes
from companion.web.gameui.lockup import history as lockup_history
from companion.web.gameui.lockup.blueprint import bp
from companion.web.gameui.lockup.panel import build, core_of
from companion.web.gameui.lockup.regions import regions
from companion.web.registry import GameUI, register


def _finished(state) -> bool:
    return core_of(state).phase == "over"


def acting_seat_at(state, command):
    """The seats a command acts for in ``state``: ``rollcall.acting_seat``, except that the table's
    confirmation of a location (a ``collect`` without a seat) answers for every player who may still
    decline there (L-LO6): a phone may post it only when it is the last one asked."""
    core = core_of(state)
    if isinstance(command, Collect) and command.seat is None and core.resolution and not core.resolution.confirmed:
        return tuple(dict.fromkeys((*undecided_seats(core), *command.declined)))
    return rollcall.acting_seat(command)


def computed_once_per_state(pending):
    """What ``pending`` says of a state, computed once per state within a request: the check under the
    write lock, the form stamp and the panel all ask what the same state waits for, and each answer
    replays the engine's automatic steps. (The states are held in ``g`` so their ids stay theirs.)"""

    def remembered(state):
        if not has_app_context():
            return pending(state)
        known = g.setdefault("pending_of", {})
        found = known.get(id(state))
        if found is None or found[0] is not state:
            found = known[id(state)] = (state, pending(state))
        return found[1]

    return remembered


def _ui(definition, pending, title, new_endpoint: str, audit_endpoint: str | None = None,
        solo: bool = False) -> GameUI:
    pending = computed_once_per_state(pending)

    def context(state, game, seat, kept=frozenset()):
        return build(state, game, seat, definition, pending, kept)

    return GameUI(definition=definition, title=title, panel="lockup/_panel.html", context=context,
                  new_endpoint=new_endpoint, finished=_finished, blueprint=bp, export_in_progress=False,
                  audit_endpoint=audit_endpoint, target_of=lambda state: target(core_of(state), pending(state)),
                  acting_seat=rollcall.acting_seat, acting_seat_at=acting_seat_at, seats_of=rollcall.seats_of,
                  reveals=rollcall.reveals,
                  describe=feed.describe, history=lockup_history.sections,
                  record_play=records.record_play, records_page="lockup", records_solo=solo,
                  regions=regions(pending))


def target(core, waiting) -> str:
    """The question a form answers: what the table waits for, from whom, where, in which round
    (and in Roll Call how many tiles the seat still holds). Public facts only: every device's
    forms carry it."""
    held = waiting.detail.get("held", "") if waiting.kind == "roll-call" else ""
    return f"{waiting.kind}|{waiting.seat or ''}|{waiting.location or ''}|r{core.round}|{held}"


# The audit-only form covers standard, advanced and solo: listed once, on the main entry.
register(_ui(engine.GAME, engine.pending, lazy_gettext("Lockup: A Roll Player Tale"), "lockup.new",
             end.AUDIT_ENDPOINT))
register(_ui(automaton.SOLO, automaton.pending, lazy_gettext("Lockup: solo against the guards"),
             "lockup.new_solo", solo=True))
