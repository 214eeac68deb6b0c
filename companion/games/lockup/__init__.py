"""Lockup: A Roll Player Tale (rules: docs/rules/lockup.md).

``GAME`` (the engine's ``GameDefinition``) is loaded lazily so that ``companion audit lockup``
and ``referee`` do not pay for importing the whole engine.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "GAME":
        from companion.games.lockup.engine import GAME

        return GAME
    raise AttributeError(name)
