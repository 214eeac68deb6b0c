"""Issue 19's Lockup table options on the table phone, like ``spanish_second_tiers``: a labelled
checkbox in step 1, kept through step 2, recorded in ``game-started`` and shown on the game page
(I-4 raids as printed, I-12 majority goal as printed, I-19 leader goal above the minimum); and the
audit-only form's leader goal card and options. Cards are made up (autoplay's "Test ...")."""

from __future__ import annotations

import html
import random
import re

import pytest

from companion.events import EventStore
from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields

OPTIONS = {"raid_zero_ranks": "raids as printed (I-4)", "majority_zero_ranks": "majority goal as printed (I-12)",
           "polish_leader_minimum": "leader goal above the minimum, as in the Polish rulebook (I-19)"}



def plain(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def test_step_one_offers_the_options_and_step_two_keeps_them(profiled):
    page = profiled.get("/lockup/new").get_data(as_text=True)
    options = page[page.index('id="table-options"'):].split("</fieldset>")[0]
    for key in OPTIONS:
        assert f'name="{key}"' in options
    assert "(I-19)" in plain(options) and "Polish rulebook" in plain(options)
    page = profiled.post("/lockup/new", follow_redirects=True,
                         data={"mode": "standard", "name-0": "Ana", "name-1": "Ben",
                               "polish_leader_minimum": "1"}).get_data(as_text=True)
    assert '<input type="hidden" name="polish_leader_minimum" value="1">' in page


@pytest.mark.parametrize("key", list(OPTIONS))
def test_each_option_is_recorded_and_shown_on_the_game_page(app, profiled, key):
    setup = autoplay.make_setup(random.Random(4), 3, "standard")
    setup["options"] = {key: True}
    answer = profiled.post("/lockup/new/start", data=setup_fields(setup))
    assert answer.status_code == 303, answer.get_data(as_text=True)[:800]
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    started = next(r.payload for r in EventStore(app.config["DATABASE"]).events(game_id)
                   if r.type == "game-started")
    assert {k: started["options"][k] for k in OPTIONS} == {k: k == key for k in OPTIONS}
    page = profiled.get(f"/games/{game_id}").get_data(as_text=True)
    line = plain(page[page.index('id="lockup-options"'):].split("</p>")[0])
    for other, label in OPTIONS.items():
        assert f"{label}: {'on' if other == key else 'off'}" in line


def _audit_form(**extra) -> dict:
    """Vera with one shield item, Isaac and Clara with nothing; Vera holds the leader goal."""
    form = {"mode": "standard", "p0-name": "Vera", "p0-reputation": "30", "p0-items-1-name": "Test Shiv",
            "p0-items-1-shield": "1", "p1-name": "Isaac", "p1-reputation": "28", "p2-name": "Clara",
            "p2-reputation": "20", "leader_goal": "p0", "end_kind": "majority", "end_treasure": "shield"}
    return {**form, **extra}


def test_audit_form_checks_the_leader_holder_with_the_polish_option_I_19(client):
    ok = client.post("/lockup/audit", data=_audit_form(leader_counts="shield", leader_minimum="1"))
    assert ok.status_code == 200, plain(ok.get_data(as_text=True))[:1500]
    refused = client.post("/lockup/audit", data=_audit_form(leader_counts="shield", leader_minimum="1",
                                                            polish_leader_minimum="1"))
    assert refused.status_code == 422
    text = plain(refused.get_data(as_text=True))
    assert "Leader goal holder" in text and "Vera has 1; the leader goal needs 2" in text
    assert "leader_goal" not in text.replace('name="leader_goal"', "")


def test_audit_form_majority_as_printed_I_12(client):
    page = html.unescape(client.post("/lockup/audit", data=_audit_form(majority_zero_ranks="1")).get_data(as_text=True))
    assert '"majority_zero_ranks": true' in page  # the same input for the command line
    plain_page = html.unescape(client.post("/lockup/audit", data=_audit_form()).get_data(as_text=True))
    assert "majority_zero_ranks" not in plain_page.split('<pre class="json">')[1].split("</pre>")[0]  # off: left out
