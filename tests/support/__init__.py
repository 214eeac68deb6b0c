"""Shared test helpers: the project's own test data (``tests/data``).

Importable from every test module as ``support`` (``pythonpath = ["tests"]`` in pyproject.toml);
the repository never reads anything outside itself.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


@cache
def examples() -> tuple[dict, ...]:
    """The worked CLI examples (input and expected output) of docs/cli-contracts.md."""
    return tuple(json.loads((DATA / "examples.json").read_text(encoding="utf-8")))


def examples_of(command: str) -> list[dict]:
    """The examples of one CLI command, e.g. ``"companion audit ragami"``."""
    return [e for e in examples() if e["command"] == command]
