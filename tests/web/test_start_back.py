"""Back after "Start the game" (issue 23): every new-game form is post/redirect/get, so the page
before the game is a GET the browser loads again, never a form it asks to resubmit."""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields


def test_lockup_step_one_redirects_to_step_two_and_back_from_the_game_shows_it_again(profiled):
    fields = setup_fields(autoplay.make_setup(random.Random(2), 3, "standard"))
    step_one = {k: v for k, v in fields.items() if k.startswith(("name-", "crew-", "mode"))}
    sent = profiled.post("/lockup/new", data=step_one)
    assert sent.status_code == 303 and sent.location.startswith("/lockup/new/cards?")
    query = parse_qs(urlsplit(sent.location).query)
    assert query["name-0"] == [step_one["name-0"]] and len(query["key"]) == 1
    step_two = profiled.get(sent.location)
    page = step_two.get_data(as_text=True)
    assert step_two.status_code == 200 and 'id="new-cards"' in page and f'value="{query["key"][0]}"' in page
    started = profiled.post("/lockup/new/start", data={**fields, "key": query["key"][0]})
    assert started.status_code == 303 and started.location.startswith("/games/")
    back = profiled.get(sent.location)  # Back from the game: step 2 again, as a GET
    assert back.status_code == 200 and 'id="new-cards"' in back.get_data(as_text=True)
    again = profiled.post("/lockup/new/start", data={**fields, "key": query["key"][0]})
    assert again.location == started.location  # sent again from there: the same game, not a second one


def test_lockup_step_two_without_its_players_goes_back_to_step_one(profiled):
    answer = profiled.get("/lockup/new/cards?mode=standard&name-0=Ana")
    assert answer.status_code == 303 and answer.location.startswith("/lockup/new?") and "name-0=Ana" in answer.location


def test_ragami_and_rattus_cartus_start_redirects_to_the_game_page(client):
    for url in ("/ragami/new", "/rattus-cartus/new"):
        started = client.post(url, data={"players": ["Ana", "Ben", ""], "colours": ["", "", ""], "start_seat": "0"})
        assert started.status_code == 303 and started.location.startswith("/games/"), url
        assert client.get(started.location).status_code == 200
        assert client.get(url).status_code == 200  # Back: the form again, a GET
