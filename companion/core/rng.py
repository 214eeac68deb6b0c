"""Seeded randomness. The seed and every shuffle result are recorded as events by the callers,
so a replay never calls this module: it reads the recorded order."""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from companion.core import jsonin

T = TypeVar("T")


def new_seed() -> int:
    """A fresh 63-bit seed (recorded in the game's first event)."""
    return secrets.randbits(63)


def derive(seed: int, label: str) -> int:
    """A sub-seed for one shuffle (``label`` such as ``"round-3/guards"``), stable across platforms."""
    digest = hashlib.sha256(f"{seed}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """A shuffled copy of ``items`` that depends only on ``seed``."""
    out = list(items)
    random.Random(seed).shuffle(out)
    return tuple(out)


def start_player(setup: Mapping[str, Any], names: Sequence[str]) -> tuple[str, int | None]:
    """The setup's ``start_player`` (one of ``names``), or one drawn at random: ``(name, seed)``,
    the seed being the draw's (the setup's own ``seed`` if given, so a replay draws the same
    player) or ``None`` when nothing was drawn."""
    seed = None if setup.get("seed") is None else jsonin.integer(setup["seed"], "seed")
    first = setup.get("start_player")
    if first is None:
        seed = new_seed() if seed is None else seed
        first = shuffled(names, seed)[0]
    else:
        seed = None  # nothing drawn
    return jsonin.name_of(first, "start_player", names), seed
