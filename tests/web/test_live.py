"""The live table (issue 12; issue 21 "Live, the htmx way"): one request per poll. The poll answers
204 while nothing moved, at the cost of one read of the game row; once the table moved it answers
the fresh panel itself (with the seats out of band), which htmx morphs into the page; a finished
game's poll answers 286 (htmx stops polling). The game page and its htmx panel carry the poller
(seen = the version they show, the question they ask); "Reconnecting…" is in the page, hidden, for
live.js; a device that never joined learns nothing.

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
    """One poll, as htmx sends it."""
    return client.get(f"/games/{game_id}/poll?seen={seen}", headers=HX)


def seen_of(page: str) -> str:
    return re.search(r'/poll\?seen=([^"&]+)"', page).group(1)


def test_the_poll_answers_204_without_a_body_while_nothing_moved(app, client, game):
    answer = poll(client, game, support.seq(app, game))
    assert answer.status_code == 204 and answer.get_data() == b""
    assert answer.headers["Cache-Control"] == "no-store"


def test_once_the_game_moved_the_poll_answers_the_fresh_panel_itself(app, client, game):
    seen = support.seq(app, game)
    support.lockup_do(client, game, "assign", seat="Ana", location="sewers", tile="3")
    answer = poll(client, game, seen)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert body.lstrip().startswith('<div id="game-panel">') and "<html" not in body
    assert seen_of(body) == str(support.seq(app, game)) != str(seen)  # the new poller polls from there
    assert "Made-up Item A" in support.words(body)  # the board itself, not a signal to reload
    # The seats ride along out of band, morphed like the panel.
    assert re.search(r'<section id="seats" class="card" hx-swap-oob="morph">', body)
    assert "HX-Trigger" not in answer.headers  # nothing else to fetch: one request per poll
    assert poll(client, game, support.seq(app, game)).status_code == 204


def test_a_poll_answer_does_not_take_the_focus_an_action_answer_does(app, client, game):
    """htmx focuses an [autofocus] element after every swap: a poll's panel has none, so the field
    a player is typing in keeps the focus; the answer to the device's own action moves it to the prompt."""
    polled = poll(client, game, "0").get_data(as_text=True)
    assert 'id="lockup-ask"' in polled and "autofocus" not in polled
    acted = support.lockup_do(client, game, "assign", expect=200, headers=HX, seat="Ana", location="sewers", tile="3")
    assert re.search(r'<div id="lockup-ask"[^>]* autofocus>', acted)


@pytest.mark.parametrize("seen", ["", "abc", "-1", "99999"])
def test_a_missing_or_odd_seen_counts_as_moved_never_an_error(client, game, seen):
    answer = poll(client, game, seen)
    assert answer.status_code == 200 and answer.get_data(as_text=True).lstrip().startswith('<div id="game-panel">')


def test_the_204_reads_no_events_and_renders_no_template(app, client, game, monkeypatch):
    from flask import template_rendered

    from companion.events import EventStore
    from companion.web import repository

    def fail(*_args, **_kwargs):
        raise AssertionError("a poll that finds nothing new must not read or fold the events")

    monkeypatch.setattr(repository, "folded", fail)
    monkeypatch.setattr(EventStore, "events", fail)
    rendered = []
    template_rendered.connect(lambda _app, template, context, **_kw: rendered.append(template.name), app)
    for _ in range(3):
        assert poll(client, game, support.seq(app, game)).status_code == 204
    assert rendered == []


def test_a_finished_game_answers_286_with_its_panel_and_stops_polling(app, client):
    """htmx stops polling on 286; the finished panel it swaps in has a poller without a request."""
    from companion.web import get_store, play

    with app.app_context():
        game = play.start("test-tally", {"players": ["Ana", "Ben"]}, "Tally night", "tally-live")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    seen = seen_of(page)
    assert client.post(f"/test-tally/{game}/add", data={"player": "Ana", "points": "10"}).status_code == 303
    with app.app_context():
        assert get_store().game(game)["status"] == "finished"
    for asked in (seen, seen_of(page).split(".")[0] + "0", support.seq(app, game)):  # whatever it saw
        answer = poll(client, game, asked)
        body = answer.get_data(as_text=True)
        assert answer.status_code == 286 and "Ana: 10" in body
        poller = re.search(r'<span id="live-poll"[^>]*>', body).group(0)
        assert "hx-get" not in poller and "hx-trigger" not in poller
    assert "hx-get=\"/games/" not in client.get(f"/games/{game}").get_data(as_text=True)  # the page neither


def test_a_device_that_never_joined_gets_404_from_the_poll(remote, game):
    assert poll(remote, game, 1).status_code == 404


def test_a_joined_device_polls_too(app, client, remote, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    link = re.search(r'href="http://localhost(/join/[^"]+)"', page).group(1)
    assert remote.get(link).status_code in (200, 302, 303)
    assert poll(remote, game, support.seq(app, game)).status_code == 204


def test_the_page_and_the_panel_poll_from_what_they_show_and_morph(app, client, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    shown = support.seq(app, game)
    poller = re.search(r'<span id="live-poll"[^>]*>', page).group(0)
    assert f'hx-get="/games/{game}/poll?seen={shown}"' in poller and 'hx-trigger="every 1s"' in poller
    assert 'hx-target="#game-panel"' in poller and 'hx-swap="morph"' in poller
    assert 'hx-sync="#live-table:abort"' in poller and 'data-question="roll-call|Ana||r1|' in poller
    assert '<div id="live-table" hx-sync="this:drop">' in page and "live-refresh" not in page
    assert '<body hx-ext="morph"' in page
    assert re.search(r'<script src="/static/vendor/idiomorph-ext.min.js(\?v=[0-9a-f]+)?" defer>', page)
    assert re.search(r'<script src="/static/live.js(\?v=[0-9a-f]+)?" defer>', page)
    banner = re.search(r'<p id="live-status"[^>]*>([^<]*)</p>', page)
    assert banner and " hidden" in banner.group(0) and banner.group(1) == "Reconnecting…"
    panel = client.post(f"/lockup/{game}/do/assign", data={"seat": "Ana", "location": "sewers", "tile": "3"},
                        headers=HX).get_data(as_text=True)
    assert panel.lstrip().startswith('<div id="game-panel">')
    assert f'poll?seen={support.seq(app, game)}"' in panel and support.seq(app, game) > shown
    assert 'hx-swap="morph show:#lockup-ask:top"' in panel  # an action's answer morphs too


def test_live_js_and_the_morph_extension_are_served_as_static_files(client):
    answer = client.get("/static/live.js")
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "htmx:sendError" in body and "live-status" in body
    assert "beforeAttributeUpdated" in body  # what htmx cannot do: keep what a player typed
    morph = client.get("/static/vendor/idiomorph-ext.min.js")
    assert morph.status_code == 200 and b'defineExtension("morph"' in morph.get_data()


def test_a_seat_taken_moves_the_version_and_the_poll_brings_the_seats(app, client, game):
    """A seat taken changes what every device shows (the host's list, the phone's own view)."""
    before = seen_of(client.get(f"/games/{game}").get_data(as_text=True))
    ben = support.phone(app, game, "Ben")
    answer = poll(client, game, before)  # the host hears of it
    panel = answer.get_data(as_text=True)
    now = seen_of(panel)
    assert answer.status_code == 200 and now != before and poll(client, game, now).status_code == 204
    oob = re.search(r'<section id="seats" class="card" hx-swap-oob="morph">(.*?)</section>', panel, re.S)
    assert oob and "Ben" in oob.group(1) and panel.lstrip().startswith('<div id="game-panel">')
    assert poll(ben, game, seen_of(ben.get(f"/games/{game}").get_data(as_text=True))).status_code == 204
    assert "hx-swap-oob" not in client.get(f"/games/{game}").get_data(as_text=True)  # a whole page: in place


def test_the_poll_shows_no_device_id(app, client, game):
    support.phone(app, game, "Ben")
    from companion.web import get_store

    with app.app_context():
        devices = [h["device_id"] for h in get_store().seat_holders(game).values()]
    answer = poll(client, game, "0").get_data(as_text=True)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert devices and not any(d in answer or d in page for d in devices)


def test_the_poll_period_is_a_setting_of_one_second_by_default(app, client, game, tmp_path):
    """``LIVE_POLL_SECONDS`` (1 s unless set: the page above polls ``every 1s``) is what the page's
    poller says; the browser tests' servers set a shorter one. Anything but a positive number is refused."""
    from companion import create_app
    from companion.web.live import poll_every

    assert app.config["LIVE_POLL_SECONDS"] == 1 and poll_every(1) == "1s" and poll_every(2.0) == "2s"
    assert poll_every(0.2) == "200ms" and poll_every(1.5) == "1500ms"
    fast = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "LIVE_POLL_SECONDS": 0.2})
    poller = re.search(r'<span id="live-poll"[^>]*>', fast.test_client().get(f"/games/{game}").get_data(as_text=True))
    assert 'hx-trigger="every 200ms"' in poller.group(0)  # the same database: the same game
    for wrong in (0, -1, True, "1s", None):
        with pytest.raises(ValueError, match="LIVE_POLL_SECONDS"):
            poll_every(wrong)
