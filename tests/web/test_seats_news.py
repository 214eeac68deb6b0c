"""The seats section reaches every device with the panel (issue 12: a seat taken by a phone reaches
every device; issue 21: it is morphed out of band like the panel, so nothing is kept on the server
of what a device already shows, and a form in it keeps what the host typed). A step's answer from
a page drawn at the version just before it leaves the seats out (issue 21 (a): a game command never
changes them, and a seat taken or released moves the version, so the page's own are the table's)."""

from __future__ import annotations

import support
from support import htmx as H
from web.test_answer_size import plan

HX = {"HX-Request": "true"}
OOB = '<section id="seats" class="card" hx-swap-oob="morph">'


def test_the_seats_a_device_shows_follow_a_seat_taken(app):
    support.store_profile(app)
    fields, steps = plan(11, 3)
    host = app.test_client()
    started = host.post("/lockup/new/start", data=fields)
    game = started.headers["Location"].split("#")[0].rsplit("/", 1)[-1]
    answer = host.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert OOB in answer
    shown, held, sent = H.element(answer, "seats"), [], []  # the seats section the host's page shows
    for n, (action, form) in enumerate(steps[:4]):
        if n == 2:  # a phone takes a seat between two of the host's steps
            support.phone(app, game, "Ben")
        posted = host.post(f"/lockup/{game}/do/{action}", data={**form, **H.drawn(answer)}, headers=HX)
        assert posted.status_code == 200
        answer = posted.get_data(as_text=True)
        sent.append(answer.count(OOB))
        shown = H.element(answer, "seats") if OOB in answer else shown
        held.append('class="seat-phone"' in shown)
    assert sent == [0, 0, 1, 0]  # only the answer after the seat was taken: its version had moved
    assert held == [False, False, True, True]
    assert 'class="seat-phone"' in host.get(f"/games/{game}").get_data(as_text=True)


def test_a_whole_page_has_the_seats_in_place(app):
    support.store_profile(app)
    fields, _steps = plan(11, 3)
    host = app.test_client()
    game = host.post("/lockup/new/start", data=fields).headers["Location"].split("#")[0].rsplit("/", 1)[-1]
    page = host.get(f"/games/{game}").get_data(as_text=True)
    assert '<section id="seats" class="card">' in page and "hx-swap-oob" not in page
