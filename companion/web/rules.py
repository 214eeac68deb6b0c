"""The rules page, served by the app itself (offline), and the ``rule_links`` filter.

``/rules`` lists the games; ``/rules/<slug>`` shows one game's reference from the package data
(:mod:`companion.rules`): every section and rule is an element whose ``id`` is its rule id, so
``/rules/lockup#L-LO3`` lands on it. ``rule_links`` turns every rule id in a text into such a link.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, has_request_context, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup, escape

from companion.rules import GAMES, RULE_ID, GameRules, Option, Table, by_slug, slug_of

bp = Blueprint("rules", __name__)

_TAG = re.compile(r"(<[^>]*>)")


@bp.get("/rules")
def index():
    """Every game's rules, one link each."""
    games = [{"slug": g.slug, "name": gettext(g.name), "intro": gettext(g.intro)} for g in GAMES]
    return render_template("rules/index.html", games=games)


@bp.get("/rules/<slug>")
def game(slug: str):
    """One game's rules reference: sections, rules, rulings and table options, translated."""
    rules = by_slug(slug)
    if rules is None:
        abort(404)
    return render_template("rules/game.html", game=_game_view(rules), games=GAMES)


def rule_link(rule_id: str) -> str | None:
    """The URL of ``rule_id`` on the rules page, or None for an id no reference defines."""
    slug = slug_of(rule_id)
    return None if slug is None else f"{url_for('rules.game', slug=slug)}#{rule_id}"


def rule_links(value: Any) -> Markup:
    """Jinja filter: ``value`` escaped, with every known rule id wrapped in a link to the rules page.

    Already-safe markup keeps its tags: ids are linked only in text between tags, never inside a tag
    (an attribute) nor inside an existing link.
    """
    return Markup(_linked(str(escape(value)), request.script_root if has_request_context() else ""))


@lru_cache(maxsize=4096)
def _linked(text: str, _root: str) -> str:
    # The same texts come back on every step (reasons, effects, options): linked once per app root.
    parts = _TAG.split(text)
    inside_link = 0
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            lowered = part.lower()
            inside_link += lowered.startswith("<a ") or lowered == "<a>"
            inside_link -= lowered.startswith("</a")
        elif not inside_link:
            parts[i] = RULE_ID.sub(_link, part)
    return "".join(parts)


def _link(match: re.Match) -> str:
    href = rule_link(match.group())
    return match.group() if href is None else f'<a class="rule-link" href="{href}">{match.group()}</a>'


def _game_view(rules: GameRules) -> dict:
    """The page context of one game: every text translated for the current language."""
    return {
        "slug": rules.slug, "name": gettext(rules.name), "intro": gettext(rules.intro),
        "glossary": _table(rules.glossary, translate_cells=False),
        "sections": [{
            "id": s.id, "title": gettext(s.title), "intro": gettext(s.intro) if s.intro else "",
            "table": _table(s.table),
            "rules": [{"id": r.id, "title": gettext(r.title), "text": gettext(r.text)} for r in s.rules],
        } for s in rules.sections],
        "options": [_option(o) for o in rules.options],
    }


def _table(table: Table | None, translate_cells: bool = True) -> dict | None:
    # The glossary's cells are the three rulebooks' own words: they stay as printed in every language.
    if table is None:
        return None
    cell = gettext if translate_cells else str
    return {"header": [gettext(h) for h in table.header], "rows": [[cell(c) for c in row] for row in table.rows]}


def _option(option: Option) -> dict:
    choices = [{"label": gettext(label), "default": value == option.default} for value, label in option.choices]
    return {"key": option.key, "rule": option.rule, "label": gettext(option.label), "text": gettext(option.text),
            "default_on": option.default is True, "choices": choices}
