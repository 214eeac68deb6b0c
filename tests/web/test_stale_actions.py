"""Stale actions (issue 12): every action form carries the version it was drawn from and the
question it answers; a post drawn for a question the table has left is refused with 409 "The
table has moved on" and the fresh view, never applied to the new question. A post whose question
is still the current one goes through even if the version moved; a repeated post records once.

Every card here is made up for the test ("Made-up Item A" ...), not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import HX, alerts, form_fields, seq, setups

MOVED = "The table has moved on"


SETUP = setups.lockup_table(ask=True)  # Lights Out asks at each fixed reward (L-LO6)



@pytest.fixture
def lockup(app, client):
    return setups.start_lockup(app, SETUP, "Stale test", "stale-setup")


def test_every_lockup_action_form_carries_its_version_and_target(client, lockup):
    page = client.get(f"/games/{lockup}").get_data(as_text=True)
    forms = re.findall(r'<form[^>]*action="/lockup/[^"]+/do/[^"]+"[^>]*>(.*?)</form>', page, re.DOTALL)
    assert forms
    for form in forms:
        assert 'name="form_version" value="1"' in form and 'name="form_target" value="roll-call|Ana||r1|6"' in form


def test_a_stale_collect_of_the_exercise_yard_is_refused_not_applied_to_the_sewers_issue_12(app, client, lockup):
    """The host collects the Exercise Yard; a second phone still showing the Exercise Yard taps
    "Collect the rewards": refused (409, the fresh view), the Smithy stays unresolved (L-LO1)."""
    setups.to_lights_out(client, lockup)
    page = client.get(f"/games/{lockup}").get_data(as_text=True)
    drawn = form_fields(page, f"/lockup/{lockup}/do/collect")
    assert drawn["form_target"].startswith("confirm-rewards||exercise_yard|")
    support.lockup_do(client, lockup, "collect", **{**drawn, "key": "host-collect"})
    before = seq(app, lockup)
    stale = client.post(f"/lockup/{lockup}/do/collect", data={**drawn, "key": "phone-collect"}, headers=HX)
    assert stale.status_code == 409
    assert any(MOVED in a for a in alerts(stale))
    body = stale.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="game-panel">') and "Lights Out: the Smithy" in support.words(body)
    assert seq(app, lockup) == before
    s = support.game_state(app, lockup)
    assert s.resolution.location == "smithy" and not s.resolution.confirmed


def test_a_plain_stale_post_gets_the_whole_fresh_page(app, client, lockup):
    setups.to_lights_out(client, lockup)
    drawn = form_fields(client.get(f"/games/{lockup}").get_data(as_text=True), f"/lockup/{lockup}/do/collect")
    support.lockup_do(client, lockup, "collect", **{**drawn, "key": "first"})
    stale = client.post(f"/lockup/{lockup}/do/collect", data={**drawn, "key": "second"})
    assert stale.status_code == 409 and "<html" in stale.get_data(as_text=True)
    assert any(MOVED in a for a in alerts(stale))


def test_the_same_post_sent_twice_records_once_and_is_not_called_stale(app, client, lockup):
    setups.to_lights_out(client, lockup)
    drawn = form_fields(client.get(f"/games/{lockup}").get_data(as_text=True), f"/lockup/{lockup}/do/collect")
    support.lockup_do(client, lockup, "collect", **drawn)
    after = seq(app, lockup)
    support.lockup_do(client, lockup, "collect", **drawn)  # the same key: a double tap
    assert seq(app, lockup) == after


def test_a_form_whose_question_is_still_current_goes_through_after_an_unrelated_change(app, client, lockup):
    page = client.get(f"/games/{lockup}").get_data(as_text=True)
    drawn = form_fields(page, f"/lockup/{lockup}/do/assign")
    support.lockup_do(client, lockup, "adjust", seat="Cleo", quantity="tomes", delta="+1",
                      reason="Made-up tome drawn")
    assert seq(app, lockup) > int(drawn["form_version"])
    support.lockup_do(client, lockup, "assign", **{**drawn, "seat": "Ana", "location": "sewers", "tile": "3"})
    assert support.game_state(app, lockup).turn == "Ben"


def test_a_roll_call_move_drawn_before_another_seat_moved_is_refused(app, client, lockup):
    drawn = form_fields(client.get(f"/games/{lockup}").get_data(as_text=True), f"/lockup/{lockup}/do/assign")
    support.lockup_do(client, lockup, "assign", **{**drawn, "seat": "Ana", "location": "sewers", "tile": "3"})
    again = client.post(f"/lockup/{lockup}/do/assign",
                        data={**drawn, "key": "other", "seat": "Ana", "location": "smithy", "tile": "2"})
    assert again.status_code == 409 and any(MOVED in a for a in alerts(again))  # never applied: Ben's turn now
    assert support.game_state(app, lockup).turn == "Ben"


@pytest.mark.parametrize("kind,prefix,new", [
    ("ragami", "/ragami", {"players": ["Ama", "Ver", "Azu"], "colours": ["", "", ""], "start_seat": "0"}),
    ("rattus_cartus", "/rattus-cartus", {"players": ["Rojo", "Azul", "Verde", "", ""], "start_seat": "0"}),
])
def test_an_end_round_drawn_in_an_earlier_round_is_refused(app, client, kind, prefix, new):
    created = client.post(f"{prefix}/new", data=new)
    assert created.status_code == 303, alerts(created)
    game = created.location.rsplit("/", 1)[-1]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    drawn = form_fields(page, f"{prefix}/{game}/end-round")
    assert drawn["form_target"].startswith("round|r1|")  # and whose turn (issue 12)
    assert client.post(f"{prefix}/{game}/end-round", data={**drawn, "key": "a"}).status_code == 303
    before = seq(app, game)
    stale = client.post(f"{prefix}/{game}/end-round", data={**drawn, "key": "b"}, headers=HX)
    assert stale.status_code == 409 and any(MOVED in a for a in alerts(stale))
    assert seq(app, game) == before
    fresh = client.get(f"/games/{game}").get_data(as_text=True)
    assert form_fields(fresh, f"{prefix}/{game}/end-round")["form_target"].startswith("round|r2|")


def test_a_post_without_the_fields_is_judged_on_its_own(app, client, lockup):
    """An older page (or a script) that sends no target is not refused as stale: the rules decide."""
    support.lockup_do(client, lockup, "assign", seat="Ana", location="sewers", tile="3")
    assert support.game_state(app, lockup).turn == "Ben"
