"""The rules page served by the app (issue 9): every rule, ruling and table option of each game at its own
id, offline, and the ``rule_links`` filter that makes every rule id on the app's screens a link to it."""

from __future__ import annotations

import functools
import json
import re
from html.parser import HTMLParser

import pytest
import support
from markupsafe import Markup

from companion.rules import GAMES, RULE_ID, index
from companion.solo_guard import playthrough
from companion.web.rules import rule_links

PROFILE = support.MADE_UP_PROFILE_PATH


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
    assert out.startswith('&lt;b&gt;Refused <span class="rule-ids">(')  # issue 23: a run folds on a phone
    assert '<a class="rule-link" href="/rules/lockup#L-RC3">L-RC3</a>' in out
    assert '<a class="rule-link" href="/rules/lockup#I-1">I-1</a>' in out
    assert 'href="/rules/rattus-cartus#RC-F5"' in out and 'href="/rules/ragami#RG-I1"' in out


def test_rule_links_leaves_unknown_ids_lookalikes_tags_attributes_and_links_alone(app):
    with app.test_request_context():
        assert rule_links("L-ZZ9 and T-1 and UTF-8") == "L-ZZ9 and T-1 and UTF-8"
        assert rule_links("RC-F10") == "RC-F10"  # a prefix of a real id is not that id
        safe = Markup('<span data-rule="L-LO3" title="I-1">L-LO3</span> <a href="#x">I-1</a>')
        out = rule_links(safe)
    assert out.startswith('<span data-rule="L-LO3" title="I-1"><span class="rule-ids">'
                          '<a class="rule-link" href="/rules/lockup#L-LO3">')
    assert out.endswith('<a href="#x">I-1</a>')


def test_rule_links_wraps_each_run_of_ids_with_its_brackets_for_a_phone_to_fold(app):
    """Issue 23: "(L-LO3; I-16)" is one span.rule-ids, brackets included (app.css folds it to a marker
    per id on a phone); ids among words are runs of their own; an unknown id is left as it is."""
    with app.test_request_context():
        out = rule_links("Reveal (L-LO3; I-16). See RG-T4 · RG-T5 and L-ZZ9, or (2 players: L-RC3).")
    lo3, i16 = (f'<a class="rule-link" href="/rules/lockup#{i}">{i}</a>' for i in ("L-LO3", "I-16"))
    assert f'Reveal <span class="rule-ids">({lo3}; {i16})</span>.' in out
    assert out.count('<span class="rule-ids">') == 3 and "L-ZZ9, or (2 players: <span" in out
    assert '<span class="rule-ids"><a class="rule-link" href="/rules/ragami#RG-T4">RG-T4</a> · ' in out


def test_rule_links_of_none_and_numbers_renders_like_jinja(app):
    with app.test_request_context():
        assert rule_links(None) == "None" and rule_links(3) == "3"


def test_every_id_the_filter_can_link_lands_on_an_element(client):
    by_slug = {game.slug: set(Ids(page(client, f"/rules/{game.slug}")).ids) for game in GAMES}
    assert all(rule_id in by_slug[slug] for rule_id, slug in index().items())


# --- every rule id the app shows is a link (a crawl of whole recorded games) ---------------------


class Visible(HTMLParser):
    """The visible text of a page, each piece with the target of the link it sits in (or None), and the
    same-site links to follow. Script, style and the head's title are not visible text."""

    # Not visible (script, style, the head's title, template), or a place HTML allows no link in (option,
    # textarea, button, summary: a rule id on a button is part of its action's name, like "Reserve (L-IT2)";
    # a summary is itself the fold's control, so a link inside it would be nested interactive content).
    HIDDEN = {"script", "style", "title", "template", "option", "textarea", "button", "summary"}

    def __init__(self, html: str):
        super().__init__(convert_charrefs=True)
        self.pieces: list[tuple[str, str | None]] = []
        self.links: list[str] = []
        self._links: list[str | None] = []
        self._hidden = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in self.HIDDEN:
            self._hidden += 1
        if tag == "a":
            self._links.append(attrs.get("href"))
            if (attrs.get("href") or "").startswith("/"):
                self.links.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag in self.HIDDEN:
            self._hidden -= 1
        if tag == "a" and self._links:
            self._links.pop()

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.pieces.append((data, self._links[-1] if self._links else None))


def unlinked_rule_ids(html: str, rules_pages: dict[str, set[str]]) -> list[str]:
    """Rule ids in the visible text that are not the whole text of a link landing on that rule's element."""
    wrong = []
    for text, href in Visible(html).pieces:
        for match in RULE_ID.finditer(text):
            path, _, anchor = (href or "").partition("#")
            lands = path.startswith("/rules/") and anchor in rules_pages.get(path, set())
            if not (lands and anchor == match.group() and text.strip() == match.group()):
                wrong.append(f"{match.group()} in {text.strip()[:80]!r} (link: {href})")
    return wrong


def test_the_checker_finds_an_unlinked_id_and_accepts_a_linked_one():
    pages = {"/rules/lockup": {"L-LO3"}}
    assert unlinked_rule_ids("<p>Refused (L-LO3)</p>", pages) == ["L-LO3 in 'Refused (L-LO3)' (link: None)"]
    assert unlinked_rule_ids('<p>Refused (<a href="/rules/lockup#L-LO3">L-LO3</a>)</p>', pages) == []
    assert unlinked_rule_ids('<a href="/rules/lockup#L-LO4">L-LO4</a>', pages) != []  # no such element
    assert unlinked_rule_ids('<script>"L-LO3"</script><code data-rule="L-LO3"></code>', pages) == []


def crawl(client, start: str, limit: int = 60) -> dict[str, str]:
    """GET ``start`` and every same-site HTML page it links to (not the rules pages), up to ``limit`` pages."""
    seen: dict[str, str] = {}
    queue = [start]
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen or url.startswith(("/rules", "/static", "/join/")):
            continue
        response = client.get(url)
        if response.status_code != 200 or not response.content_type.startswith("text/html"):
            seen[url] = ""
            continue
        seen[url] = response.get_data(as_text=True)
        queue += [link.split("#")[0] for link in Visible(seen[url]).links]
    return seen


@pytest.fixture
def rules_pages(client) -> dict[str, set[str]]:
    return {f"/rules/{g.slug}": set(Ids(page(client, f"/rules/{g.slug}")).ids) for g in GAMES}


def assert_every_rule_id_is_a_link(client, start: str, rules_pages) -> None:
    pages = crawl(client, start)
    shown = {url: html for url, html in pages.items() if html}
    assert len(shown) >= 2 and any(RULE_ID.search(" ".join(t for t, _ in Visible(h).pieces)) for h in shown.values())
    wrong = {url: unlinked_rule_ids(html, rules_pages) for url, html in shown.items()}
    assert {url: ids for url, ids in wrong.items() if ids} == {}


@functools.cache
def lockup_game(seed: int, count: int, mode: str) -> list:
    return support.played_lockup(seed, count, mode)[0]


def stored(app, events: list, kind: str, finished: bool = True) -> str:
    """A recorded game made of ``events`` (one command), finished or still in progress; its id."""
    return support.record_game(app, events, kind, "Rules links night", finished)["id"]


@pytest.mark.parametrize("seed,count,mode", [(1, 3, "standard"), (5, 2, "advanced")])
def test_every_rule_id_on_a_finished_lockup_game_is_a_link_to_its_rule(app, client, rules_pages, seed, count, mode):
    game_id = stored(app, lockup_game(seed, count, mode), "lockup")
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)
    assert_every_rule_id_is_a_link(client, f"/lockup/{game_id}/end", rules_pages)


@pytest.mark.parametrize("share", [0.2, 0.45, 0.7, 0.9])
def test_every_rule_id_on_a_lockup_game_in_progress_is_a_link_to_its_rule(app, client, rules_pages, share):
    events = lockup_game(1, 3, "standard")
    game_id = stored(app, events[: int(len(events) * share)], "lockup", finished=False)
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)


def test_a_lockup_refusal_names_its_rule_as_a_link(app, client, rules_pages):
    game_id = stored(app, lockup_game(1, 3, "standard")[:1], "lockup", finished=False)  # Roll Call starts
    seat = re.search(r'id="lockup"[^>]*data-seat="([^"]+)"', page(client, f"/games/{game_id}")).group(1)
    refused = client.post(f"/lockup/{game_id}/do/assign", data={"seat": seat, "location": "library", "tile": ["3"]})
    alert = refused.get_data(as_text=True).split('role="alert">')[1].split("</p>")[0]
    assert refused.status_code == 422 and 'href="/rules/lockup#L-RC5">L-RC5</a>' in alert
    assert unlinked_rule_ids(refused.get_data(as_text=True), rules_pages) == []


def test_every_rule_id_on_a_finished_solo_game_is_a_link_to_its_rule(app, client, rules_pages):
    events, _lines, _solo = playthrough.play("expert", json.loads(PROFILE.read_text()), 7)
    game_id = stored(app, events, "lockup-solo")
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)
    assert_every_rule_id_is_a_link(client, f"/lockup/{game_id}/end", rules_pages)


def posted(client, url: str, data: dict) -> str:
    response = client.post(url, data=data)
    assert response.status_code == 303, url
    return response.location


def test_every_rule_id_on_a_finished_rattus_cartus_game_is_a_link_to_its_rule(client, rules_pages):
    game_id = posted(client, "/rattus-cartus/new", {"players": ["Rojo", "Azul", "Verde", "", ""],
                                                    "start_seat": "0"}).rsplit("/", 1)[-1]
    act = f"/rattus-cartus/{game_id}"
    for _ in range(9):  # RC-G1: 9 rounds with 3 players
        posted(client, f"{act}/end-round", {})
    tallies = {"Rojo": {"church": "4", "gold": "2", "hand_cards": "3"}, "Azul": {"church": "4", "gold": "2"},
               "Verde": {"sorcery": "5", "flutes": "1"}}
    for name, counts in tallies.items():
        posted(client, f"{act}/record-tally", {"player": name, **counts})
        posted(client, f"{act}/record-rats", {"player": name, "rats": {"Verde": "9"}.get(name, "2")})
    posted(client, f"{act}/record-treasury", {"used": "yes"})
    posted(client, f"{act}/record-influence-order", {"influence_class": "church", "order": ["Azul", "Rojo"]})
    posted(client, f"{act}/reveal-plague", {"nuns": "3"})
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)


def test_every_rule_id_on_a_finished_ragami_game_is_a_link_to_its_rule(client, rules_pages):
    game_id = posted(client, "/ragami/new", {"players": ["Ama", "Ver"], "colours": ["", ""],
                                             "start_seat": "0"}).rsplit("/", 1)[-1]
    act = f"/ragami/{game_id}"
    conflict = {"helper": "", "white_cubes_spent": "0", "virtue_spent": "0"}
    for player in ("Ama",) * 5 + ("Ver",):
        posted(client, f"{act}/resolve-conflict", {"player": player, "die_value": "6", **conflict})
    for demons in ("6", "6", "6", "6", "3"):
        posted(client, f"{act}/purify-demons", {"player": "Ver", "demons": demons})
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)  # the last round (RG-E1)
    posted(client, f"{act}/end-round", {})
    refused = client.post(f"{act}/purify-demons", data={"player": "Ama", "demons": "1"})  # after the end (RG-E2)
    alert = refused.get_data(as_text=True).split('role="alert">')[1].split("</p>")[0]
    assert refused.status_code == 422 and 'href="/rules/ragami#RG-E2">RG-E2</a>' in alert
    assert unlinked_rule_ids(refused.get_data(as_text=True), rules_pages) == []
    posted(client, f"{act}/finish-game", {})
    assert_every_rule_id_is_a_link(client, f"/games/{game_id}", rules_pages)
