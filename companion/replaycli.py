"""``companion replay GAME FILE|-``: replay a whole game from JSON Lines (docs/cli-contracts.md).

Input: the game's set-up on the first line, then one command a line in the vocabulary the web
posts (``{"type": "assign", "seat": "Ana", ...}``; ``{"type": "undo"}``/``{"type": "redo"}``);
blank lines are skipped. Output: one JSON document with what the game waits for, the game as
every seat may see it and, once the game has ended, the final result exactly as ``companion
audit GAME`` prints it. Replaying is :func:`companion.core.replay.replay`: the web's decide/evolve.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from typing import Any

from companion.core.errors import InputError
from companion.core.i18n import T
from companion.core.jsonin import parse_json
from companion.core.replay import ReplayError, replay

# GAME -> the module with its codec's ``public`` and ``result`` (imported lazily, as audit's).
GAMES = {
    "lockup": "companion.games.lockup.report",
    "rattus-cartus": "companion.games.rattus_cartus.codec",
    "ragami": "companion.games.ragami.codec",
}


class LineError(InputError):
    """Bad input on line ``line`` of the file: ``line N: <field>: <message>``."""

    def __init__(self, line: int, field: str, message: str):
        super().__init__(field, message)
        self.line = line
        self.args = (f"line {line}: {field}: {message}",)

    def __str__(self) -> str:
        return self.args[0]


def run(game: str, text: str) -> dict:
    """Replay the JSON Lines ``text`` of ``game`` and return the output document (``LineError``
    for the first line that cannot be replayed; ``InputError`` for an input with no set-up)."""
    lines = list(_lines(text))
    if not lines:
        raise InputError("input", T("is empty: the first line must be the game's set-up"))
    (setup_line, setup), commands = lines[0], lines[1:]
    definition = _definition(game, setup)
    try:
        done = replay(definition, setup, (data for _line, data in commands))
    except ReplayError as exc:
        line = setup_line if exc.index is None else commands[exc.index][0]
        raise LineError(line, exc.field, exc.message) from None
    codec = importlib.import_module(GAMES[game])
    return {
        "game": game, "commands": done.commands, "events": len(done.events),
        "waiting_for": done.waiting_for(), "state": codec.public(done.state), "result": codec.result(done.state),
    }


def _lines(text: str) -> Iterator[tuple[int, Any]]:
    """Each non-blank line's number and JSON value (``LineError`` naming the line if it is not JSON)."""
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            yield number, parse_json(line)
        except InputError as exc:
            raise LineError(number, exc.field, exc.message) from None


def _definition(game: str, setup: Any):
    """The ``GameDefinition`` that plays ``game`` with this set-up: Lockup's solo mode is the
    guards' automaton around the engine (``companion.solo_guard``)."""
    if game == "lockup":
        if isinstance(setup, dict) and setup.get("mode") == "solo":
            from companion.solo_guard.automaton import SOLO

            return SOLO
        from companion.games.lockup.engine import GAME

        return GAME
    return importlib.import_module(GAMES[game].rsplit(".", 1)[0]).GAME
