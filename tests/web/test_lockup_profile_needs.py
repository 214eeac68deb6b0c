"""A game with players never asks for solo-only components (issue 9): it needs only the crew tiles
of the box profile; the guard cards (L-SO2, L-SO9) are asked for when a solo game starts, and what
step 1 had typed comes back. Profiles and cards are made up."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

import pytest
import support

from companion.events import EventStore
from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields

FULL = support.made_up_profile()
CREW_ONLY = {"game": "lockup", "crew_tiles": FULL["crew_tiles"]}
CREW_FORM = {f"crew_tiles[{i}]": str(n) for i, n in enumerate(FULL["crew_tiles"])}


def _store(app):
    return EventStore(app.config["DATABASE"])


def test_the_profile_form_saves_crew_tiles_only(app, client):
    answer = client.post("/lockup/box-profile?next=/lockup/new", data=CREW_FORM)
    assert answer.status_code == 303 and answer.headers["Location"] == "/lockup/new"
    assert _store(app).get_setting("lockup-box-profile") == CREW_ONLY
    page = client.get("/lockup/box-profile").get_data(as_text=True)
    assert "Guard cards (solo only)" in page and "leave them all blank" in page


def test_a_game_with_players_starts_with_crew_tiles_only(app, client):
    _store(app).put_setting("lockup-box-profile", CREW_ONLY)
    assert client.get("/lockup/new").status_code == 200  # no detour to the profile
    setup = autoplay.make_setup(random.Random(3), 3, "standard")
    answer = client.post("/lockup/new/start", data=setup_fields(setup))
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/games/")


def test_without_a_profile_a_game_with_players_asks_for_the_crew_tiles(client):
    answer = client.get("/lockup/new")
    assert answer.status_code == 303
    target = urlsplit(answer.headers["Location"])
    assert target.path == "/lockup/box-profile" and "solo" not in parse_qs(target.query)
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "numbers printed on your crew tiles" in page


def test_solo_asks_for_the_guard_cards_and_keeps_step_one(app, client):
    _store(app).put_setting("lockup-box-profile", CREW_ONLY)
    answer = client.post("/lockup/new", data={"mode": "solo", "name-0": "Ana", "crew-0": "Test Crew",
                                              "difficulty": "easy", "spanish_second_tiers": "1"})
    assert answer.status_code == 303
    target = urlsplit(answer.headers["Location"])
    query = parse_qs(target.query)
    assert target.path == "/lockup/box-profile" and query["solo"] == ["1"]
    page = client.get(answer.headers["Location"]).get_data(as_text=True)
    assert "A solo game needs the guard cards" in page
    refused = client.post(f"/lockup/box-profile?{target.query}", data=CREW_FORM)  # still no guard cards
    assert refused.status_code == 422 and "a solo game needs the guard cards" in refused.get_data(as_text=True)
    form = {**CREW_FORM, **{f"guard_cards.{c}[{i}]": str(v) for c, vs in FULL["guard_cards"].items()
                            for i, v in enumerate(vs)},
            **{f"special_guard.{c}": str(i) for c, i in FULL["special_guard"].items()}}
    saved = client.post(f"/lockup/box-profile?{target.query}", data=form)
    assert saved.status_code == 303 and saved.headers["Location"] == query["next"][0]
    step1 = client.get(saved.headers["Location"]).get_data(as_text=True)
    assert 'value="Ana"' in step1 and 'value="Test Crew"' in step1
    assert 'name="spanish_second_tiers" value="1" checked' in step1
    assert 'value="solo" checked' in step1 and 'value="easy" checked' in step1


@pytest.mark.parametrize("path", ["/lockup/new/solo", "/lockup/new?mode=solo"])
def test_the_solo_entries_ask_for_the_guard_cards_first(app, client, path):
    _store(app).put_setting("lockup-box-profile", CREW_ONLY)
    answer = client.get(path)
    assert answer.status_code == 303 and "solo=1" in answer.headers["Location"]
    _store(app).put_setting("lockup-box-profile", FULL)
    assert client.get(path).status_code == 200
