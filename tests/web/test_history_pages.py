"""Bounded history pages (issue 20): the history page is paged by round, so no page grows with the
game's length (a 6,637-event game once made one page of 2.9 MB). Pages hold whole rounds up to a
bound, a longer round spans several; every line is on exactly one page; the pages are plain links
(no script) in every game. Players' names and cards are made up.
"""

from __future__ import annotations

import re

import pytest
from support import gamelogs
from web.test_history_words import items, ragami_game, rattus_game

from companion.core.history import CommandRedone, CommandUndone
from companion.web import get_store, historypages, play
from companion.web import history as game_history

PAGE_BYTES = 150_000  # any page, however long the game


def page(client, game_id: str, number: int | None = None):
    query = "" if number is None else f"?page={number}"
    answer = client.get(f"/games/{game_id}/history{query}")
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def shown_seqs(html: str) -> list[int]:
    return [int(s) for s in re.findall(r'<li id="h-(\d+)"', html)]


def all_lines(app, game_id: str) -> list[int]:
    """Every line of the game's history unpaged: what the pages together must show."""
    with app.test_request_context():
        game = get_store().game(game_id)
        sections = game_history.sections_for(game["kind"], play.load(game).records)
    return [item["seq"] for section in sections for item in section["items"]]


def every_page(client, game_id: str) -> list[str]:
    """The pages in order, each reached by its previous page's plain link (no script)."""
    pages = [page(client, game_id, 1)]
    while f"/history?page={len(pages) + 1}" in pages[-1]:
        pages.append(page(client, game_id, len(pages) + 1))
    return pages


def long_lockup_game(app) -> str:
    """A whole made-up Lockup game, then the last command undone and redone 3,300 times: over
    6,600 events, most of them in the last round (what a long evening, or a fuzzer, leaves)."""
    with app.app_context():
        store = get_store()
        game = gamelogs.record_lockup_game(store, seed=3)
        last = store.events(game["id"])[-1].command_id
        with store.transaction():
            for n in range(3300):
                for marker in (CommandUndone(command_id=last), CommandRedone(command_id=last)):
                    store.append(game["id"], store.last_seq(game["id"]), [marker], f"long-{n}-{marker.type}")
        assert store.last_seq(game["id"]) > 6600
        return game["id"]


def test_a_long_game_s_history_pages_stay_small_and_show_every_line_once(app, client):
    game_id = long_lockup_game(app)
    with app.test_request_context():
        game = get_store().game(game_id)
        sections = game_history.sections_for(game["kind"], play.load(game).records)
    pages = historypages.pages(sections)
    assert len(pages) > 10
    lines = [[i["seq"] for s in p["sections"] for i in s["items"]] for p in pages]
    every = [seq for section in sections for seq in (i["seq"] for i in section["items"])]
    assert [seq for page_lines in lines for seq in page_lines] == every  # each line on exactly one page, in order
    # Served: the first pages, the largest, the last ones (each page costs a read of the whole log).
    chars = [sum(len(i["text"]) for s in p["sections"] for i in s["items"]) for p in pages]
    largest = chars.index(max(chars))
    for number in sorted({1, 2, largest + 1, len(pages) - 1, len(pages)}):
        html = page(client, game_id, number)
        assert len(html.encode()) < PAGE_BYTES, number
        assert shown_seqs(html) == lines[number - 1]
        if number < len(pages):  # the next page is a plain link away
            assert f"/history?page={number + 1}" in html
        links = set(re.findall(r'<a href="(/games/[^"]+/history\?page=\d+)"', html))
        assert 0 < len(links) <= 2 * historypages.NEAR + 2  # a bounded list of links
    assert shown_seqs(page(client, game_id)) == lines[-1]  # the game as it stands: the latest page


def test_a_short_game_is_one_page_without_page_links(app, client):
    with app.app_context():
        game_id = gamelogs.record_lockup_game(get_store(), seed=4)["id"]
    html = page(client, game_id)
    assert 'class="history-pages"' not in html
    assert shown_seqs(html) == all_lines(app, game_id)


@pytest.mark.parametrize("make", [rattus_game, ragami_game], ids=["rattus-cartus", "ragami"])
def test_every_game_is_paged_by_round(app, client, monkeypatch, make):
    game_id = make(client)
    whole = items(page(client, game_id))
    monkeypatch.setattr(historypages, "PAGE_ITEMS", 6)
    pages = every_page(client, game_id)
    assert len(pages) > 1
    assert [line for p in pages for line in items(p)] == whole  # in order, each once
    for html in pages:
        assert len(shown_seqs(html)) <= 6
        rounds = [int(n) for n in re.findall(r"<h2>Round (\d+)", html)]
        assert rounds == sorted(rounds)


def test_pages_break_between_rounds_unless_a_round_alone_is_longer():
    def section(round_no, count, heading=None):
        return {"heading": heading or f"Round {round_no}", "round": round_no,
                "items": [{"seq": round_no * 100 + i} for i in range(count)]}

    sections = [section(0, 2), section(1, 3), section(2, 4), section(3, 9, "Round 3 · a"), section(3, 2, "Round 3 · b")]
    pages = historypages.pages(sections, limit=5)
    rounds = [(p["first"], p["last"], p["continued"]) for p in pages]
    assert rounds == [(0, 1, False), (2, 2, False), (3, 3, False), (3, 3, True), (3, 3, True)]
    seqs = [i["seq"] for p in pages for s in p["sections"] for i in s["items"]]
    assert seqs == [i["seq"] for s in sections for i in s["items"]]
    assert [s["heading"] for s in pages[3]["sections"]] == ["Round 3 · a", "Round 3 · b"]  # "a" repeated
    assert [s["heading"] for s in pages[4]["sections"]] == ["Round 3 · b"]


@pytest.mark.parametrize(("asked", "expected"), [(None, 4), ("1", 1), ("9", 4), ("0", 1), ("x", 4), ("-3", 1)])
def test_an_unreadable_or_out_of_range_page_number_shows_a_page(asked, expected):
    assert historypages.chosen(asked, 4) == expected
