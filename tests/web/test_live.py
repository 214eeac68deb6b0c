"""The live table (issue 12): the version poll answers 204 while nothing moved and 200 with
``HX-Trigger: game-moved`` once it did, at the cost of one read of the game row; the game page
and its htmx panel carry the poller (seen = the seq they show) and the region that reloads itself;
"Reconnecting…" is in the page, hidden, for live.js; a device that never joined learns nothing.

Every card here is made up for the test, not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import HX, setups

SETUP = setups.lockup_table()


@pytest.fixture
def game(app, client):
    return setups.start_lockup(app, SETUP, "Live test", "live-setup")


def poll(client, game_id: str, seen) -> object:
    return client.get(f"/games/{game_id}/version?seen={seen}", headers=HX)


def test_the_poll_answers_204_without_a_body_while_nothing_moved(app, client, game):
    answer = poll(client, game, support.seq(app, game))
    assert answer.status_code == 204 and answer.get_data() == b"" and "HX-Trigger" not in answer.headers


def test_the_poll_answers_game_moved_once_the_game_moved(app, client, game):
    seen = support.seq(app, game)
    support.lockup_do(client, game, "assign", seat="Ana", location="sewers", tile="3")
    answer = poll(client, game, seen)
    assert answer.status_code == 200 and answer.headers["HX-Trigger"] == "game-moved"
    assert answer.get_data(as_text=True) == str(support.seq(app, game))
    assert poll(client, game, support.seq(app, game)).status_code == 204


@pytest.mark.parametrize("seen", ["", "abc", "-1", "99999"])
def test_a_missing_or_odd_seen_counts_as_moved_never_an_error(client, game, seen):
    answer = poll(client, game, seen)
    assert answer.status_code == 200 and answer.headers["HX-Trigger"] == "game-moved"


def test_the_poll_reads_no_events_and_renders_no_template(app, client, game, monkeypatch):
    from flask import template_rendered

    from companion.events import EventStore
    from companion.web import play

    def fail(*_args, **_kwargs):
        raise AssertionError("the poll must not read or fold the events")

    monkeypatch.setattr(play, "folded", fail)
    monkeypatch.setattr(EventStore, "events", fail)
    rendered = []
    template_rendered.connect(lambda _app, template, context, **_kw: rendered.append(template.name), app)
    assert poll(client, game, support.seq(app, game)).status_code == 204
    assert poll(client, game, 0).status_code == 200
    assert rendered == []


def test_a_device_that_never_joined_gets_404_from_the_poll(remote, game):
    assert poll(remote, game, 1).status_code == 404


def test_a_joined_device_polls_too(app, client, remote, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    link = re.search(r'href="http://localhost(/join/[^"]+)"', page).group(1)
    assert remote.get(link).status_code in (200, 302, 303)
    assert poll(remote, game, support.seq(app, game)).status_code == 204


def test_the_page_and_the_panel_poll_from_the_seq_they_show(app, client, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    shown = support.seq(app, game)
    assert f'hx-get="/games/{game}/version?seen={shown}"' in page and 'hx-trigger="every 1s"' in page
    assert 'hx-trigger="game-moved from:body"' in page and 'hx-target="#game-panel"' in page
    assert re.search(r'<script src="/static/live.js(\?v=[0-9a-f]+)?" defer>', page)
    banner = re.search(r'<p id="live-status"[^>]*>([^<]*)</p>', page)
    assert banner and " hidden" in banner.group(0) and banner.group(1) == "Reconnecting…"
    panel = client.post(f"/lockup/{game}/do/assign", data={"seat": "Ana", "location": "sewers", "tile": "3"},
                        headers=HX).get_data(as_text=True)
    assert panel.lstrip().startswith('<div id="game-panel">')
    assert f'version?seen={support.seq(app, game)}"' in panel and support.seq(app, game) > shown


def test_live_js_is_served_as_a_static_file(client):
    answer = client.get("/static/live.js")
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "htmx:sendError" in body and "live-status" in body


def seen_of(page: str) -> str:
    return re.search(r'/version\?seen=([^"&]+)"', page).group(1)


def test_a_seat_taken_moves_the_version_and_the_panel_answer_brings_the_seats(app, client, game):
    """A seat taken changes what every device shows (the host's list, the phone's own view)."""
    before = seen_of(client.get(f"/games/{game}").get_data(as_text=True))
    ben = support.phone(app, game, "Ben")
    assert poll(client, game, before).status_code == 200  # the host hears of it
    panel = client.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    now = seen_of(panel)
    assert now != before and poll(client, game, now).status_code == 204
    oob = re.search(r'<section id="seats" class="card" hx-swap-oob="true">(.*?)</section>', panel, re.S)
    assert oob and "Ben" in oob.group(1) and panel.lstrip().startswith('<div id="game-panel">')
    assert poll(ben, game, seen_of(ben.get(f"/games/{game}").get_data(as_text=True))).status_code == 204
    assert "hx-swap-oob" not in client.get(f"/games/{game}").get_data(as_text=True)  # a whole page: in place


def test_the_version_shows_no_device_id(app, client, game):
    support.phone(app, game, "Ben")
    from companion.web import get_store

    with app.app_context():
        devices = [h["device_id"] for h in get_store().seat_holders(game).values()]
    answer = poll(client, game, "0").get_data(as_text=True)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert devices and not any(d in answer or d in page for d in devices)
