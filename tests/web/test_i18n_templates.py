"""All UI text goes through Flask-Babel: no template has bare words outside ``_()`` (issue 5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "companion" / "templates"
STRIP = [
    re.compile(r"<script\b.*?</script>", re.S),
    re.compile(r"<style\b.*?</style>", re.S),
    re.compile(r"\{#.*?#\}", re.S),
    re.compile(r"\{%.*?%\}", re.S),
    re.compile(r"\{\{.*?\}\}", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"<[^>]*>", re.S),
    re.compile(r"&[a-z]+;|&#\d+;"),
]
WORD = re.compile(r"[^\W\d_]{2,}")


def bare_words(source: str) -> list[str]:
    """Words left after removing markup, Jinja expressions and statements."""
    for pattern in STRIP:
        source = pattern.sub(" ", source)
    return WORD.findall(source)


def all_templates() -> list[Path]:
    return sorted(TEMPLATES.rglob("*.html"))


def test_the_checker_finds_bare_text():
    assert bare_words("<p>Hello {{ _('World') }}</p>") == ["Hello"]
    assert bare_words("<p>{{ _('Hello') }} · {{ n }}</p>{# note #}") == []


@pytest.mark.parametrize("path", all_templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_template_text_is_translatable(path):
    assert bare_words(path.read_text()) == []
