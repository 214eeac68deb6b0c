"""The shapes of the rules reference: a game has sections, a section has rules, a game has table options.

Pure data: no Flask, no storage. Every English text is marked with :func:`N_` so ``pybabel extract`` (whose
default keywords include ``N_``) collects it; the web layer translates it with ``gettext`` when it renders.
"""

from __future__ import annotations

from dataclasses import dataclass


def N_(text: str) -> str:  # noqa: N802 - the conventional name of the extraction marker
    """Mark ``text`` for translation without translating it here (it is translated when shown)."""
    return text


@dataclass(frozen=True)
class Rule:
    """One rule or ruling: its fixed id (``L-LO3``, ``I-1``, ``RC-F5``), a short title and its text."""

    id: str
    title: str
    text: str


@dataclass(frozen=True)
class Table:
    """A small table inside a section: header cells and rows of cells (all marked for translation)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Section:
    """A group of rules with an id of its own (``L-LO``, ``RC-F``; ``I`` for Lockup's rulings)."""

    id: str
    title: str
    rules: tuple[Rule, ...]
    intro: str = ""
    table: Table | None = None


@dataclass(frozen=True)
class Option:
    """A table option: the setup or input key, the rule it switches, its default and its choices.

    ``choices`` is empty for a yes/no option; otherwise it holds ``(value, label)`` pairs.
    """

    key: str
    rule: str
    label: str
    text: str
    default: bool | str
    choices: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class GameRules:
    """The whole reference of one game."""

    slug: str  # the URL and file name: lockup, rattus-cartus, ragami
    name: str
    intro: str
    sections: tuple[Section, ...]
    options: tuple[Option, ...]
    glossary: Table | None = None  # names in the three languages of the rulebooks (not translated)

    def rules(self) -> tuple[Rule, ...]:
        """Every rule and ruling of the game, in reference order."""
        return tuple(rule for section in self.sections for rule in section.rules)

    def ids(self) -> tuple[str, ...]:
        """Every id a link may point at: sections first, then their rules."""
        return tuple(s.id for s in self.sections) + tuple(r.id for r in self.rules())
