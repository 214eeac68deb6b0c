"""The seats section rides along an htmx answer only when it changed since the device's form was
drawn (issue 11: it sits outside the swapped panel, so it is sent out of band; issue 12: a seat taken
by a phone still reaches every device)."""

from __future__ import annotations

import support
from web.test_answer_size import drawn_with, plan

HX = {"HX-Request": "true"}


def test_the_seats_come_along_only_when_they_changed(app):
    support.store_profile(app)
    fields, steps = plan(11, 3)
    host = app.test_client()
    started = host.post("/lockup/new/start", data=fields)
    game = started.headers["Location"].split("#")[0].rsplit("/", 1)[-1]
    answer = host.get(f"/games/{game}", headers=HX).get_data(as_text=True)
    assert 'id="seats"' in answer  # a refresh (no form drawn) always brings them
    said = []
    for n, (action, form) in enumerate(steps[:4]):
        if n == 2:  # a phone takes a seat between two of the host's steps
            support.phone(app, game, "Ben")
        posted = host.post(f"/lockup/{game}/do/{action}", data={**form, **drawn_with(answer)}, headers=HX)
        assert posted.status_code == 200
        answer = posted.get_data(as_text=True)
        said.append('id="seats"' in answer)
    assert said == [False, False, True, False]
    assert "held by phone" in host.get(f"/games/{game}").get_data(as_text=True)


def test_a_post_without_a_drawn_version_gets_the_seats(app):
    support.store_profile(app)
    fields, steps = plan(11, 3)
    host = app.test_client()
    game = host.post("/lockup/new/start", data=fields).headers["Location"].split("#")[0].rsplit("/", 1)[-1]
    action, form = steps[0]
    answer = host.post(f"/lockup/{game}/do/{action}", data=form, headers=HX).get_data(as_text=True)
    assert 'id="seats"' in answer and 'hx-swap-oob="true"' in answer
