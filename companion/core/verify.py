"""A recorded game checked by its rules: every command decided again must give the recorded events.

A log (an imported file, or a game's stored record) is a sequence of records, each command's
events in one contiguous run under one ``command_id``, the command's JSON kept with its first
event. :func:`verify` decides every command again with the game's own ``start``, ``parse_command``
and ``decide`` (the functions the web uses) and undo/redo as :mod:`companion.core.history` does,
and requires the very events recorded: same types, versions and payloads (compared as canonical
JSON, so ``1`` is not ``true``), in the same order. Whatever differs is refused with an
``InputError`` naming the place (``where(seq)``, e.g. ``line 12``) and the problem in words:
an event no command makes, a command the rules refuse, an undo that points nowhere, a game cut in
the middle of a command. A game that ended ended with the result its scoring gives, because
that result is made here again.

Commands as data: the start is ``{"type": "start", "setup": {...}}`` (with the seed the start
drew, if any), undo and redo are ``{"type": "undo"}`` and ``{"type": "redo"}``, every other
command is the game's wire form (:mod:`companion.core.codec`). Pure: no Flask, no storage.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.core import history
from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event, decode, encode
from companion.core.game import GameDefinition
from companion.core.i18n import T

START, UNDO, REDO = "start", "undo", "redo"
Where = Callable[[int], str]
Reveals = Callable[[Any, Any], bool]  # (state before a command, one of its records): it showed something hidden


def start_command(setup: Mapping[str, Any], events: Sequence[Event]) -> dict[str, Any]:
    """The start of a game as a command: its set-up, with the seed ``start`` drew when the set-up
    gave none (found in the first events), so that deciding it again draws the same."""
    doc = dict(setup)
    if doc.get("seed") is None:
        drawn = next((p["seed"] for p in (encode(e)[2] for e in events) if p.get("seed") is not None), None)
        if drawn is not None:
            doc["seed"] = drawn
    return {"type": START, "setup": doc}


def marker_command(which: str) -> dict[str, str]:
    """Undo (``"undo"``) or redo (``"redo"``) as a command."""
    return {"type": which}


def verify(definition: GameDefinition, records: Sequence[Any], commands: Mapping[int, Any],
           where: Where = lambda seq: f"event {seq}", reveals: Reveals | None = None) -> Any:
    """Decide every command of ``records`` again and return the final state; ``InputError``
    (field ``where(seq)…``) at the first difference. ``records``: stored-event-like (``seq``,
    ``type``, ``version``, ``payload``, ``command_id``); ``commands``: the JSON of each command by
    the ``seq`` of its first event; ``reveals``: the app's judgement of a command that showed the
    table something hidden, which it never undoes (``GameUI.reveals``)."""
    runs = _runs(records)
    if not runs:
        raise InputError(where(1), T("missing: the record has no events"))
    state, done = None, []
    for run in runs:
        command = commands.get(run[0].seq)
        head = where(run[0].seq)
        if not isinstance(command, Mapping):
            raise InputError(f"{head}.command", T("no command was kept for these events (they were recorded by "
                                                  "an older version of the app), so the rules cannot check them"))
        if not done and command.get("type") == START and definition.setup_as_played is not None:
            command = {**command, "setup": _as_played(definition, command.get("setup"), run[0])}
        made = _decide(definition, state, done, command, head, not done, reveals)
        _compare(made, run, head, where, last=run is runs[-1])
        state = _advance(definition, state, done, run, head)
        done.extend(run)
    return state


def _as_played(definition: GameDefinition, setup: Any, first: Any) -> Any:
    # A set-up that is not a mapping is the start's own error to name.
    return definition.setup_as_played(setup, first.type, first.version) if isinstance(setup, Mapping) else setup


def _runs(records: Sequence[Any]) -> list[list[Any]]:
    runs: list[list[Any]] = []
    for record in records:
        if runs and runs[-1][-1].command_id == record.command_id:
            runs[-1].append(record)
        else:
            runs.append([record])
    return runs


def _decide(definition: GameDefinition, state: Any, done: list[Any], command: Mapping[str, Any], head: str,
            first: bool, reveals: Reveals | None) -> list[Event]:
    kind = command.get("type")
    if first != (kind == START):
        message = T("the game must begin with its start") if first else T("a game starts only once")
        raise InputError(f"{head}.command.type", message)
    try:
        if kind == START:
            return list(definition.start(command.get("setup")))
        if kind in (UNDO, REDO):
            return [_marker(definition, done, kind, head, reveals)]
        if definition.parse_command is None:
            raise InputError(f"{head}.command", T("this game's commands cannot be checked"))
        return list(definition.decide(state, definition.parse_command(state, dict(command))))
    except InputError as exc:
        if exc.field.startswith(head):
            raise
        inside = "command.setup" if kind == START else "command"  # a start's fields are its set-up's
        raise InputError(f"{head}.{inside}.{exc.field}".rstrip("."), exc.message) from None
    except RuleViolation as exc:
        message = (T("the rules refuse this command: %(reason)s (%(rule)s)", reason=exc.reason, rule=exc.rule)
                   if exc.rule else T("the rules refuse this command: %(reason)s", reason=exc.reason))
        raise InputError(f"{head}.command", message) from None
    except Exception:  # noqa: BLE001 - data the game's code cannot take is refused, never shown as Python
        raise InputError(f"{head}.command", T("the rules cannot decide this command")) from None


def _marker(definition: GameDefinition, done: list[Any], kind: str, head: str, reveals: Reveals | None) -> Event:
    line = history.timeline(done)
    target = line.undo_target() if kind == UNDO else line.redo_target()
    if target is None:
        raise InputError(f"{head}.command", T("there is nothing to undo here") if kind == UNDO
                         else T("there is nothing to redo here"))
    if kind == UNDO and reveals is not None and _revealed(definition, done, target, reveals):
        raise InputError(f"{head}.command", T("this undoes an action that revealed hidden information to the "
                                              "table, which the app never undoes"))
    return (history.CommandUndone if kind == UNDO else history.CommandRedone)(command_id=target)


def _revealed(definition: GameDefinition, done: list[Any], target: str, reveals: Reveals) -> bool:
    # As the web judges it (companion.web.seats): against the state before the command.
    kept = [r for r in history.effective(done) if r.command_id != target]
    before = definition.fold(decode(r.type, r.version, r.payload) for r in kept)
    return any(reveals(before, r) for r in done if r.command_id == target and r.type not in (history.UNDO,
                                                                                             history.REDO))


def _compare(made: list[Event], run: list[Any], head: str, where: Where, last: bool) -> None:
    for record, event in zip(run, made, strict=False):
        type_, version, payload = encode(event)
        field = f"{where(record.seq)}.{record.type}"
        if record.type != type_:
            raise InputError(field, T("not the event the rules make here for the command on %(head)s", head=head))
        recorded = _as_of(record, version)
        if recorded is None or _canonical(recorded) != _canonical(payload):
            key = _first_difference(record.payload, payload)
            raise InputError(f"{field}.{key}" if key else field,
                             T("not what the rules make of the command on %(head)s", head=head))
    if len(run) > len(made):
        raise InputError(where(run[len(made)].seq), T("an event that no command makes (the command on "
                                                      "%(head)s makes %(count)s)", head=head, count=len(made)))
    if len(run) < len(made):
        message = (T("missing: the file ends in the middle of the command on %(head)s", head=head) if last
                   else T("missing: the command on %(head)s makes more events than are recorded", head=head))
        raise InputError(where(run[-1].seq + 1), message)


def _as_of(record: Any, version: int) -> Any:
    # The recorded payload at the version the rules write now: an older one upcast as on any read.
    if record.version == version:
        return record.payload
    try:
        upcast = encode(decode(record.type, record.version, record.payload))
    except Exception:  # noqa: BLE001 - a payload its own version cannot read differs, whatever it holds
        return None
    return upcast[2] if upcast[1] == version else None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _first_difference(recorded: Any, made: Mapping[str, Any]) -> str | None:
    # The top-level field that differs, to name it; None when the whole payload is not an object.
    if not isinstance(recorded, Mapping):
        return None
    for key in [*made, *(k for k in recorded if k not in made)]:
        if key not in recorded or key not in made or _canonical(recorded[key]) != _canonical(made[key]):
            return str(key)
    return None


def _advance(definition: GameDefinition, state: Any, done: list[Any], run: list[Any], head: str) -> Any:
    # A new command adds its events to the state; an undo or redo changes which earlier ones count.
    # The recorded events (equal to ``made`` as JSON) are folded, as a reload of the game does:
    # their mappings keep the order they were recorded in, which a later decision may word.
    try:
        if run[0].type in (history.UNDO, history.REDO):
            kept = history.effective([*done, *run])
            return definition.fold(decode(r.type, r.version, r.payload) for r in kept)
        return definition.fold((decode(r.type, r.version, r.payload) for r in run), state)
    except InputError as exc:
        raise InputError(f"{head}.{exc.field}", exc.message) from None
    except Exception:  # noqa: BLE001 - never Python text
        raise InputError(head, T("the game cannot go on from these events")) from None
