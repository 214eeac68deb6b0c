"""The rules page served by the app (issue 9): every rule, ruling and table option of each game at its own
id, offline, and the ``rule_links`` filter that makes every rule id on the app's screens a link to it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from markupsafe import Markup

from companion.rules import GAMES, index
from companion.web.rules import rule_links


class Ids(HTMLParser):
    """Every ``id`` attribute of a page, and the targets of its links."""

    def __init__(self, html: str):
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def test_the_rules_index_links_every_game_and_the_navigation_links_the_index(client):
    html = page(client, "/rules")
    for game in GAMES:
        assert f'href="/rules/{game.slug}"' in html
    home = Ids(page(client, "/"))  # the base layout's navigation, on every page
    assert "nav-rules" in home.ids and "/rules" in home.hrefs


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_section_rule_and_ruling_is_an_element_with_its_id(client, game):
    parsed = Ids(page(client, f"/rules/{game.slug}"))
    assert set(game.ids()) <= set(parsed.ids)
    assert len(parsed.ids) == len(set(parsed.ids))  # no id twice on one page
    html = page(client, f"/rules/{game.slug}")
    for rule in game.rules():
        entry = html[html.index(f'id="{rule.id}"'):]
        assert rule.text.split(" ")[0] in entry[:400]  # the text follows its id


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_the_table_options_are_listed_with_their_rule_and_no_internal_key_on_screen(client, game):
    html = page(client, f"/rules/{game.slug}")
    options = html[html.index('id="options"'):]
    visible = re.sub(r"<[^>]+>", " ", options)
    for option in game.options:
        assert f'id="option-{option.key}"' in options
        assert option.label in visible and f'href="/rules/{game.slug}#{option.rule}"' in options
        assert option.key not in visible


def test_the_issue_9_options_and_rulings_are_on_the_page(client):
    lockup = page(client, "/rules/lockup")
    for n in range(1, 19):
        assert f'id="I-{n}"' in lockup
    assert "Second tiers as in the Spanish rulebook" in lockup and "Default: off" in lockup
    rattus = page(client, "/rules/rattus-cartus")
    assert "Split 9 VP, 4 each, as printed (the default)" in rattus
    assert "The conflicts bonus needs a resolved conflict" in page(client, "/rules/ragami")


def test_cross_references_inside_rule_texts_are_links_that_land_on_an_element(client):
    for game in GAMES:
        for href in Ids(page(client, f"/rules/{game.slug}")).hrefs:
            if "#" not in href or not href.startswith("/rules"):
                continue
            path, anchor = href.split("#")
            target = page(client, path) if path else page(client, f"/rules/{game.slug}")
            assert anchor in Ids(target).ids, href


def test_an_unknown_game_is_404(client):
    assert client.get("/rules/monopoly").status_code == 404


def test_the_page_renders_in_every_language_of_the_app(client):
    for lang in ("es", "pl"):
        response = client.get("/rules/lockup", headers={"Accept-Language": lang})
        assert response.status_code == 200 and 'id="L-LO3"' in response.get_data(as_text=True)


def test_the_rules_page_is_open_to_phones_that_joined_no_game(remote):
    assert remote.get("/rules/ragami").status_code == 200


# --- the rule_links filter ---------------------------------------------------------------------


def test_rule_links_escapes_text_and_links_every_known_id(app):
    with app.test_request_context():
        out = rule_links("<b>Refused (L-RC3)</b>: see I-1, RC-F5 and RG-I1.")
    assert out.startswith("&lt;b&gt;Refused (")
    assert '<a class="rule-link" href="/rules/lockup#L-RC3">L-RC3</a>' in out
    assert '<a class="rule-link" href="/rules/lockup#I-1">I-1</a>' in out
    assert 'href="/rules/rattus-cartus#RC-F5"' in out and 'href="/rules/ragami#RG-I1"' in out


def test_rule_links_leaves_unknown_ids_lookalikes_tags_attributes_and_links_alone(app):
    with app.test_request_context():
        assert rule_links("L-ZZ9 and T-1 and UTF-8") == "L-ZZ9 and T-1 and UTF-8"
        assert rule_links("RC-F10") == "RC-F10"  # a prefix of a real id is not that id
        safe = Markup('<span data-rule="L-LO3" title="I-1">L-LO3</span> <a href="#x">I-1</a>')
        out = rule_links(safe)
    assert out.startswith('<span data-rule="L-LO3" title="I-1"><a class="rule-link" href="/rules/lockup#L-LO3">')
    assert out.endswith('<a href="#x">I-1</a>')


def test_rule_links_of_none_and_numbers_renders_like_jinja(app):
    with app.test_request_context():
        assert rule_links(None) == "None" and rule_links(3) == "3"


def test_every_id_the_filter_can_link_lands_on_an_element(client):
    by_slug = {game.slug: set(Ids(page(client, f"/rules/{game.slug}")).ids) for game in GAMES}
    assert all(rule_id in by_slug[slug] for rule_id, slug in index().items())
