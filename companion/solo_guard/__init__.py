"""The solo guards' automaton for Lockup (rules L-SO1..L-SO14; issue 4).

``SOLO`` (the ``GameDefinition`` with key ``lockup-solo``) and ``pending`` are loaded lazily so
that ``companion referee lockup guards`` does not import the whole engine.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name in ("SOLO", "pending"):
        from companion.solo_guard import automaton

        return getattr(automaton, name)
    raise AttributeError(name)
