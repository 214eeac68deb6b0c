"""Seats: which device plays for which seat, and what each device may do (issue 12).

Every browser gets a device id in its signed session cookie when it joins a game
(:mod:`companion.web.devices`: minted at the join, at most so many new ones per game a minute).
The host of a game is the device that created it (recorded with the game) and, as before, this
machine (loopback). A phone that joined (link or table code) takes a free seat or watches; one
device per seat, kept in the database so claims survive a restart. The host releases or moves
seats and approves "this is my seat" requests from a player's new phone (one pending per seat
and per device: a new one replaces the old).

:func:`role` is the one answer the web layer asks; :func:`check_may_act` runs before every
command (``play.execute``) and :func:`check_may_undo` before undo/redo; a refusal is
:class:`Refused` (answered 403 with the panel and the reason).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from flask import current_app, g, has_request_context, session
from flask_babel import gettext as _

from companion.core import history
from companion.core.events import decode
from companion.web import repository
from companion.web.access import can_see, is_local
from companion.web.base import get_store
from companion.web.devices import device_id
from companion.web.lru import LRU
from companion.web.registry import GameUI, ui_for

WATCHING = "watching"  # session key: games this browser chose to watch


@dataclass(frozen=True)
class Role:
    """What a device is at one game: ``host``, ``seat`` (with its ``seat``), ``spectator`` or
    ``None`` (a device that has not joined)."""

    kind: str | None
    seat: str | None = None


class Refused(Exception):
    """A device tried something its role does not allow; ``message`` says why."""

    def __init__(self, game: dict, message: str):
        super().__init__(message)
        self.game = game
        self.message = message


def tag(device: str) -> str:
    """A short label of a device for the host's list (never the id itself: it is a credential)."""
    return hashlib.sha256(device.encode()).hexdigest()[:6]


def record_host(game_id: str) -> None:
    """Remember the creating device as the game's host (called when a game is started)."""
    device = device_id()
    if device is not None:
        get_store().record_host(game_id, device)
        forget_table()


def table(game_id: str) -> dict[str, Any]:
    """Who hosts, holds and asks for the seats of ``game_id``, read once per request (the role,
    the seats section and the poll's version all need it); a seat route forgets it when it writes."""
    known = g.setdefault("seat_tables", {})
    if game_id not in known:
        known[game_id] = get_store().seat_table(game_id, device_id(create=False))
    return known[game_id]


def table_version(game_id: str, seq: int) -> str:
    """What a device has seen of a table: the game's last ``seq`` and a short digest of who holds
    which seat and who asks for one (a seat taken or released changes what every device shows;
    device ids are credentials, so only a digest of them goes out)."""
    seats = table(game_id)
    # A phone's new name changes what the host's list shows: it is part of the version too.
    holders = sorted((seat, h["device_id"], h.get("label")) for seat, h in seats["holders"].items())
    asking = [(r["device_id"], r["seat"], r.get("label")) for r in seats["requests"]]
    if not holders and not asking:
        return str(seq)
    digest = hashlib.sha256(repr((holders, asking)).encode()).hexdigest()[:10]
    return f"{seq}.{digest}"


def _host_device(game_id: str) -> str | None:
    # Apart from table(): the poll's version needs the seats, not the host.
    known = g.setdefault("seat_hosts", {})
    if game_id not in known:
        known[game_id] = get_store().host_device(game_id)
    return known[game_id]


def forget_table() -> None:
    """Drop this request's read of the seats and hosts (after a write to them)."""
    g.pop("seat_tables", None)
    g.pop("seat_hosts", None)
    g.pop("seat_roles", None)


def role(game: dict) -> Role:
    """This request's role at ``game`` (worked out once per request and device: a step asks five
    times; a seat write forgets it with the seats, :func:`forget_table`)."""
    if not has_request_context():
        return Role("host")  # the server's own code (tests, imports) acts as the table
    device = device_id(create=False)
    known = g.setdefault("seat_roles", {})
    key = (game["id"], device)
    found = known.get(key)
    if found is None:
        found = known[key] = _role(game, device)
    return found


def _role(game: dict, device: str | None) -> Role:
    if is_local():
        return Role("host")
    if device is not None and device == _host_device(game["id"]):
        return Role("host")
    holders = table(game["id"])["holders"] if device is not None else {}
    seat = next((name for name, held in holders.items() if held["device_id"] == device), None)
    if seat is not None:
        return Role("seat", seat)
    return Role("spectator") if can_see(game["id"]) else Role(None)


def view_seat(game: dict) -> str | None:
    """The seat whose private view this device gets (``None``: the table's shared view)."""
    return role(game).seat


def seats_of(ui: GameUI, game: dict) -> tuple[str, ...]:
    """The seats of ``game`` as its state has them."""
    return ui.seats_of(repository.load(game).state)


def check_may_act(game: dict, command: Any) -> None:
    """Raise :class:`Refused` unless this device may record ``command``: the host acts for any
    seat; a seat device for its own seat and the table's steps; a spectator for nobody. What
    depends on the state (whose turn, a sum already entered) is checked again under the write
    lock by :func:`check_in_state`."""
    who = role(game)
    if who.kind == "host":
        return
    if who.kind != "seat":
        raise Refused(game, _("This device is watching the game: take a free seat to play, or ask the host."))
    ui = ui_for(game["kind"])
    _refuse_others(game, who, _names(ui.acting_seat(command) if ui else None))


def check_in_state(game: dict, ui: GameUI, state: Any, command: Any) -> None:
    """The checks that read the state, run by ``play.execute`` inside the decision under the write
    lock (two posts at the same instant are judged one after the other): the seat a command acts
    for in this state (``acting_seat_at``: e.g. whose turn is ended) and the game's rules
    only the host passes (``host_only_when``: e.g. replacing a rat sum)."""
    who = role(game)
    if who.kind == "host":
        return
    at = ui.acting_seat_at
    if at is not None:
        _refuse_others(game, who, _names(at(state, command)))
    if ui.host_only_when is not None:
        reason = ui.host_only_when(state, command)
        if reason:
            raise Refused(game, str(reason))


def _names(acting: Any) -> tuple[str, ...]:
    return (acting,) if isinstance(acting, str) else tuple(acting or ())


def _refuse_others(game: dict, who: Role, names: tuple[str, ...]) -> None:
    others = [n for n in names if n != who.seat]
    if others:
        raise Refused(game, _("This phone plays for %(seat)s: it cannot act for %(other)s. The host's device can.",
                              seat=who.seat, other=", ".join(others)))


def can_act(game: dict, seat: str | None, who: Role | None = None) -> bool:
    """Whether this device may answer a question of ``seat`` (``None``: a step of the whole table):
    the host answers every question, a seat device its own seat's and the table's, a spectator
    none. Panels show a form only where this holds (the same rule :func:`check_may_act` applies)."""
    who = who or role(game)
    if who.kind == "host":
        return True
    return who.kind == "seat" and (seat is None or seat == who.seat)


def command_seat(records: list) -> str | None:
    """The seat a recorded command acted for: the first ``seat`` or ``player`` its events name."""
    for record in records:
        for key in ("seat", "player"):
            value = record.payload.get(key)
            if isinstance(value, str):
                return value
    return None


def undo_records(loaded: Any, which: str) -> tuple[str | None, list]:
    """The command undo (or redo) would act on now, and its records."""
    target = _step_target(loaded, which)
    return target, _records_of(loaded, target)


def _step_target(loaded: Any, which: str) -> str | None:
    return loaded.timeline.undo_target() if which == "undo" else loaded.timeline.redo_target()


def _records_of(loaded: Any, target: str | None) -> list:
    # A command's records were appended together, near the end for either target: read back from
    # the end to them, not the whole log (every step's answer may ask, for Undo and for Redo).
    found: list = []
    for record in reversed(loaded.records if target is not None else ()):
        if record.command_id == target and record.type not in (history.UNDO, history.REDO):
            found.append(record)
        elif found:
            break
    return found[::-1]


def check_may_undo(game: dict, loaded: Any, which: str) -> None:
    """Undo/redo: the host, or the seat whose command it was. A command that showed the table
    something hidden is never undone: undo cannot make the table forget what it has seen.
    (The command's records are looked for only when needed: the host's Undo and Redo buttons,
    drawn after every step, need none once the command is judged.)"""
    target = _step_target(loaded, which)
    if target is None:
        return  # "nothing to undo" is said by the marker itself
    if which == "undo" and _revealed(loaded, target):
        raise Refused(game, _("This action revealed hidden information to the table; it cannot be undone "
                              "(the table has seen it). Correct the game with an adjustment instead."))
    who = role(game)
    if who.kind == "host":
        return
    owner = command_seat(_records_of(loaded, target))
    if who.kind != "seat" or owner is None or owner != who.seat:
        raise Refused(game, _("Only the host, or the player whose action it was, can undo or redo it."))


def _reveals_known() -> LRU:
    return current_app.extensions.setdefault("undo_reveals", LRU(512))


def _revealed(loaded: Any, target: str) -> bool:
    """Whether the command's events showed the table something hidden (judged by the game against
    the state before the command). Kept per game and command: undo and redo are a stack, so the
    commands in effect before ``target`` are the same whenever it is undo's target, and the whole
    fold is not redone for every page that asks whether to show Undo. ``play.execute`` answers it
    when it records the command (:func:`remember_reveals`); the fold here is for a command recorded
    before this process started (or forgotten since)."""
    return _reveals_known().rendered((loaded.game["id"], target),
                                     lambda: _fold_revealed(loaded, target, _records_of(loaded, target)))


def remember_reveals(game_id: str, ui: GameUI, before: Any, records: tuple) -> None:
    """Judge once, as a command is recorded, whether its ``records`` showed something hidden:
    ``before`` is the state the decision saw, the very state undo would go back to, so the page
    that asks whether to show Undo after every step folds nothing (issue 21)."""
    if records:
        _reveals_known().put((game_id, records[0].command_id), any(ui.reveals(before, r) for r in records))


def _fold_revealed(loaded: Any, target: str, records: list) -> bool:
    before = _Before(loaded, target)
    return any(loaded.ui.reveals(before, r) for r in records)


class _Before:
    """The state before ``target``, folded only when a game's ``reveals`` looks into it (most
    recorded events say by their type alone whether they showed something: no fold of the whole
    game for them)."""

    def __init__(self, loaded: Any, target: str):
        self._loaded, self._target, self._state = loaded, target, None

    def __getattr__(self, name: str) -> Any:
        if self._state is None:
            kept = [r for r in history.effective(self._loaded.records) if r.command_id != self._target]
            self._state = self._loaded.ui.definition.fold([decode(r.type, r.version, r.payload) for r in kept])
        return getattr(self._state, name)


def may_step(game: dict, loaded: Any, which: str) -> bool:
    """Whether this device may use Undo (``which`` "undo") or Redo now: the rule
    :func:`check_may_undo` enforces (a device that may not is never shown the button). With
    nothing to step to, a device that plays may still see it, disabled."""
    who = role(game)
    if who.kind not in ("host", "seat"):
        return False
    try:
        check_may_undo(game, loaded, which)
    except Refused:
        return False
    return True


def steps(game: dict, loaded: Any) -> dict[str, bool]:
    """Which of Undo and Redo this device is shown (:func:`may_step`)."""
    return {which: may_step(game, loaded, which) for which in ("undo", "redo")}


# --- ending a round: the host, or the last player to act (issue 23) ----------------------------


def last_actor(loaded: Any) -> str | None:
    """The seat whose command is the latest in effect (``None``: a step of the whole table, such
    as the end of the previous round, or the game's start)."""
    return command_seat(undo_records(loaded, "undo")[1])


def check_last_to_act(game: dict, loaded: Any) -> None:
    """Raise :class:`Refused` unless this device is the host's or holds the seat of the last player
    to act: ending a round is the table's step, but not one any phone takes at any moment."""
    who = role(game)
    if who.kind == "host":
        return
    if who.kind != "seat" or last_actor(loaded) != who.seat:
        raise Refused(game, _("Only the host, or the last player to act, can end the round."))


def check_last_to_act_in_state(game: dict, ui: GameUI, now: Any, command: Any) -> None:
    """:func:`check_last_to_act` for the commands the game keeps to the last to act
    (``ui.last_to_act_only``), run by ``play.execute`` under the write lock on the fold ``now``."""
    if ui.last_to_act_only is not None and ui.last_to_act_only(command):
        check_last_to_act(game, now.loaded(game, ui))


def may_end_round(game: dict) -> bool:
    """Whether this device is shown the end of the round (:func:`check_last_to_act` passes)."""
    try:
        check_last_to_act(game, repository.load(game))
    except Refused:
        return False
    return True


def describe(loaded: Any, records: list) -> str:
    """The action a command recorded, in words (its first described event)."""
    hook = loaded.ui.describe
    for record in records if hook else ():
        line = hook(decode(record.type, record.version, record.payload))
        if line:
            return str(line)
    owner = command_seat(records)
    when = records[0].ts[11:19] if records else ""
    if owner:
        return _("%(seat)s’s action recorded at %(time)s", seat=owner, time=when)
    return _("the action recorded at %(time)s", time=when)


# --- what the pages show ---------------------------------------------------------------------


def seating(game: dict, state: Any, ui: GameUI) -> dict:
    """The seats section: every seat (held or free), this device's role and the name it gave
    itself (``label``), and for the host the holders' phones and the pending requests."""
    who, seats, device = role(game), table(game["id"]), device_id(create=False)
    holders, requests = seats["holders"], seats["requests"]
    watching = game["id"] in session.get(WATCHING, [])
    asked = next((r for r in requests if r["device_id"] == device), None)
    return {
        "role": who.kind, "seat": who.seat, "watching": watching, "requested": asked["seat"] if asked else None,
        "choose": who.kind == "spectator" and not watching, "label": seats["own_label"] if device else None,
        "seats": [{"name": name, "held": name in holders,
                   "phone": phone_name(holders[name]) if name in holders else None} for name in ui.seats_of(state)],
        "requests": [{"seat": r["seat"], "device": tag(r["device_id"]), "phone": phone_name(r)}
                     for r in requests] if who.kind == "host" else [],
    }


def phone_name(held: dict) -> str:
    """What the host's list calls a phone: the name it gave itself, else a short tag of its id."""
    return held.get("label") or _("phone %(tag)s", tag=tag(held["device_id"]))
