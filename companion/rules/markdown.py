"""``docs/rules/<slug>.md`` written from the package data, so the documentation never drifts from the app."""

from __future__ import annotations

from pathlib import Path

from companion.rules.model import GameRules, Option, Section, Table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def render(game: GameRules) -> str:
    """The Markdown reference of one game (English, the source language)."""
    module = game.slug.replace("-", "_")
    lines = [f"# {game.name} — rules reference", "",
             f"<!-- Written by `python -m companion.rules` from companion/rules/{module}*.py: edit the data there,",
             "     then run the command again (tests/test_standalone.py fails while this file is out of date). -->",
             "", game.intro, ""]
    if game.glossary:
        lines += ["## Terms in the three rulebooks", "", *_table(game.glossary), ""]
    for section in game.sections:
        lines += _section(section)
    lines += ["## Table options", "",
              "Chosen when a game is set up; a command that takes one accepts it as an optional field of its JSON "
              "input (see [the CLI contracts](../cli-contracts.md)).", ""]
    lines += [_option(option) for option in game.options]
    return "\n".join(lines) + "\n"


def _section(section: Section) -> list[str]:
    lines = [f"## {section.title} ({section.id})", ""]
    if section.intro:
        lines += [section.intro, ""]
    if section.table:
        lines += [*_table(section.table), ""]
    lines += [f"- **{rule.id} {rule.title}.** {rule.text}" for rule in section.rules]
    return lines + ([""] if section.rules else [])


def _table(table: Table) -> list[str]:
    rows = [table.header, tuple("---" for _ in table.header), *table.rows]
    return ["| " + " | ".join(row) + " |" for row in rows]


def _option(option: Option) -> str:
    default = str(option.default).lower() if isinstance(option.default, bool) else f'`"{option.default}"`'
    line = f"- `{option.key}` ({option.rule}; default {default}): **{option.label}.** {option.text}"
    for value, label in option.choices:
        line += f" `\"{value}\"`: {label}."
    return line


def write_all(games: tuple[GameRules, ...], folder: Path = DOCS) -> list[Path]:
    """Write every game's Markdown into ``folder``; returns the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        path = folder / f"{game.slug}.md"
        path.write_text(render(game), encoding="utf-8")
        written.append(path)
    return written
