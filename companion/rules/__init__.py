"""The rules reference of every game as package data: one module per game, the single source of truth.

The rules page (``companion/web/rules.py``) shows it and ``docs/rules/*.md`` are written from it by
``python -m companion.rules``. Rule ids (``L-LO3``, ``I-1``, ``RC-F5``, ``RG-I1``) are fixed: code, tests and
commits cite them, and every one the app shows links to its entry on the rules page.
"""

from __future__ import annotations

import re
from functools import cache

from companion.rules import lockup, ragami, rattus_cartus
from companion.rules.model import GameRules, Option, Rule, Section, Table

__all__ = ["GAMES", "RULE_ID", "GameRules", "Option", "Rule", "Section", "Table", "by_slug", "index", "slug_of"]

GAMES: tuple[GameRules, ...] = (lockup.RULES, rattus_cartus.RULES, ragami.RULES)

# A rule or section id as the code and the reference write it: L-…, RC-…, RG-… or a Lockup ruling I-<n>.
RULE_ID = re.compile(r"\b(?:(?:L|RC|RG)-[A-Z]+\d*|I-\d+)\b")


def by_slug(slug: str) -> GameRules | None:
    """The reference of the game with this URL slug (``lockup``, ``rattus-cartus``, ``ragami``), or None."""
    return next((g for g in GAMES if g.slug == slug), None)


@cache
def index() -> dict[str, str]:
    """Every id a link may point at (sections and rules) mapped to the slug of the game that defines it."""
    return {rule_id: game.slug for game in GAMES for rule_id in game.ids()}


def slug_of(rule_id: str) -> str | None:
    """The slug of the game whose reference defines ``rule_id``, or None for an id nobody defines."""
    return index().get(rule_id)
