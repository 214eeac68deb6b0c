"""The final scores of a recorded game as its templates read them (``rc_result``, ``rg_result``):
frozen dataclasses, so Jinja finds each field as an attribute at once. Each game adds its own
fields (Rattus Cartus the plague, Ragami the ruling) to these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ScoredPlayer:
    """One player's total and the scoring lines that explain it (each with its rule)."""

    name: str
    total: int
    lines: Any  # the game's scoring lines, as its pure scoring gives them
    winner: bool


@dataclass(frozen=True, slots=True)
class Scores:
    """The players' scores, who won, and why (``outcome_rule``: the rule the outcome cites)."""

    players: tuple[ScoredPlayer, ...]
    winners: Any
    tiebreak: Any
    outcome_rule: str
    outcome_text: str
