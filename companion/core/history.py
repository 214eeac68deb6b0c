"""Undo and redo as events.

A command's events share a ``command_id``. Undo appends ``command-undone`` naming the latest
command still in effect; redo appends ``command-redone`` naming the latest undone one (possible
only until a new command is recorded). The game state is the fold of the events of the commands
in effect, so nothing is ever deleted and the history stays auditable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.events import Event, event_type

UNDO = "command-undone"
REDO = "command-redone"


@event_type
@dataclass(frozen=True)
class CommandUndone(Event):
    """The command ``command_id`` no longer counts."""

    type = UNDO
    command_id: str


@event_type
@dataclass(frozen=True)
class CommandRedone(Event):
    """The undone command ``command_id`` counts again."""

    type = REDO
    command_id: str


class RecordLike(Protocol):
    type: str
    payload: dict[str, Any]
    command_id: str


@dataclass(frozen=True)
class Timeline:
    """Which commands are in effect (oldest first) and which can be redone (latest last)."""

    in_effect: tuple[str, ...]
    redoable: tuple[str, ...]

    def undo_target(self) -> str | None:
        """The latest command that undo would cancel (never the game's first command)."""
        return self.in_effect[-1] if len(self.in_effect) > 1 else None

    def redo_target(self) -> str | None:
        """The latest undone command that redo would restore."""
        return self.redoable[-1] if self.redoable else None


def timeline(records: Iterable[RecordLike]) -> Timeline:
    """Replay undo/redo markers over the records."""
    in_effect: list[str] = []
    redoable: list[str] = []
    for record in records:
        if record.type == UNDO:
            in_effect.remove(record.payload["command_id"])
            redoable.append(record.payload["command_id"])
        elif record.type == REDO:
            redoable.remove(record.payload["command_id"])
            in_effect.append(record.payload["command_id"])
        elif record.command_id not in in_effect:
            in_effect.append(record.command_id)
            redoable.clear()  # a new command ends the redo chain
    return Timeline(tuple(in_effect), tuple(redoable))


def effective(records: Sequence[RecordLike]) -> list[RecordLike]:
    """The records of the commands in effect, in their original order (no undo/redo markers)."""
    alive = set(timeline(records).in_effect)
    return [r for r in records if r.type not in (UNDO, REDO) and r.command_id in alive]
