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
from companion.web.home import LANG_MAX_AGE, back_to_referrer
from companion.web.templating import remembered_url_for

bp = Blueprint("rules", __name__)

RULE_IDS_COOKIE = "rule_ids"  # "shown": this device shows rule ids in full, on a phone too

_TAG = re.compile(r"(<[^>]*>)")
# A run of rule ids, with the brackets around it when it is bracketed: "(L-LO3; I-16)", "RG-T4 · RG-T5".
_RUN = re.compile(rf"\(\s*{RULE_ID.pattern}(?:\s*[;,·/]\s*{RULE_ID.pattern})*\s*\)"
                  rf"|{RULE_ID.pattern}(?:\s*[;,·/]\s*{RULE_ID.pattern})*")


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


@bp.post("/rules/ids")
def set_rule_ids():
    """This device's setting: rule ids shown in full (``show=1``) or folded on a phone (the default).
    Kept in a cookie of its own, like the language: each device at the table has its own."""
    response = back_to_referrer()
    value = "shown" if request.form.get("show") == "1" else "folded"
    response.set_cookie(RULE_IDS_COOKIE, value, max_age=LANG_MAX_AGE, samesite="Lax", httponly=True,
                        secure=request.is_secure)
    return response


def rule_ids_shown() -> bool:
    """Whether this device shows rule ids in full (base.html marks <body> for app.css)."""
    return has_request_context() and request.cookies.get(RULE_IDS_COOKIE) == "shown"


def rule_link(rule_id: str) -> str | None:
    """The URL of ``rule_id`` on the rules page, or None for an id no reference defines."""
    slug = slug_of(rule_id)
    if slug is None:
        return None
    # A feed line links a rule on most steps: the page's URL comes from the templates' memo.
    page = remembered_url_for("rules.game", slug=slug) if has_request_context() else url_for("rules.game", slug=slug)
    return f"{page}#{rule_id}"


def rule_links(value: Any) -> Markup:
    """Jinja filter: ``value`` escaped, with every known rule id wrapped in a link to the rules page.

    Already-safe markup keeps its tags: ids are linked only in text between tags, never inside a tag
    (an attribute) nor inside an existing link. Each run of ids, brackets included, is wrapped in a
    ``span.rule-ids``: on a phone it folds to a small marker, one tap from the rule (app.css), unless
    the device shows rule ids (:func:`set_rule_ids`).
    """
    root = request.script_root if has_request_context() else ""
    if type(value) is str or type(value) is Markup:  # a text is its own key (typed: Markup is not escaped again)
        return _linked_text(value, root)
    return Markup(_linked(str(escape(value)), root))


@lru_cache(maxsize=4096, typed=True)
def _linked_text(value: str, root: str) -> Markup:
    # Feed lines, reasons and effects come back on every step: escaped and linked once.
    return Markup(_linked(str(escape(value)), root))


def _linked(text: str, _root: str) -> str:
    parts = _TAG.split(text)
    inside_link = 0
    for i, part in enumerate(parts):
        if i % 2:  # a tag
            lowered = part.lower()
            inside_link += lowered.startswith("<a ") or lowered == "<a>"
            inside_link -= lowered.startswith("</a")
        elif not inside_link:
            parts[i] = _RUN.sub(_run, part)
    return "".join(parts)


def _run(match: re.Match) -> str:
    linked = RULE_ID.sub(_link, match.group())
    return linked if linked == match.group() else f'<span class="rule-ids">{linked}</span>'


def _link(match: re.Match) -> str:
    href = rule_link(match.group())
    return match.group() if href is None else f'<a class="rule-link" href="{href}">{match.group()}</a>'


@bp.app_template_filter("rule_ids")
def rule_ids(value: Any) -> Markup:
    """Jinja filter for a text that may hold no link (a button's label, a ``<summary>``): ``value``
    escaped, each run of rule ids in a ``span.rule-ids.plain`` that a phone folds to a marker like
    :func:`rule_links`' runs, unless the device shows rule ids. The rule is one tap away there: the
    device's setting, or the rules page."""
    return Markup(_RUN.sub(_plain_run, str(escape(value))))


def _plain_run(match: re.Match) -> str:
    return f'<span class="rule-ids plain">{match.group()}</span>'


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
