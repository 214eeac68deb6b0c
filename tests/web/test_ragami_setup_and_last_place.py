"""Issue 19, Ragami through the app (Flask client): the location tokens the set-up draws (RG-T2),
on the new-game form or asked by round 1's prompt, and the last-place action card (RG-T2, RG-I3)
recorded as itself with its own history line in en/es/pl. Bad input is named in words, nothing
is recorded, and every form also works as a plain post."""

from __future__ import annotations

import re

import pytest
import support
from support import HX, alerts, count_games, seq, text
from support.english import english_runs
from web.test_words_crawl import offences

SETUP_3 = {"conflict_tokens": "1, 2, 3, 4, 5, 6", "demon_tokens": "7 8 9 10", "saint_tokens": "11"}


def new_game(client, players=("Ama", "Ver", "Azu"), **fields) -> str:
    data = {"players": list(players), "colours": [""] * len(players), "start_seat": "0", **fields}
    response = client.post("/ragami/new", data=data)
    assert response.status_code == 303, alerts(response)
    return response.location.rsplit("/", 1)[-1]


def act(client, game_id: str, kind: str, data: dict | None = None, htmx: bool = False):
    return client.post(f"/ragami/{game_id}/{kind}", data=data or {}, headers=HX if htmx else {})


def page(client, game_id: str) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def history_lines(client, game_id: str, lang: str) -> list[str]:
    answer = client.get(f"/games/{game_id}/history", headers={"Accept-Language": lang})
    found = re.findall(r'<li id="h-\d+"[^>]*>(.*?)</li>', answer.get_data(as_text=True), re.S)
    return [support.words(re.sub(r"<small>.*?</small>", " ", li, flags=re.S)) for li in found]


# --- RG-T2: set-up location tokens ---------------------------------------------------------------


def test_rg_t2_the_new_game_form_takes_the_setup_tokens(client):
    new = client.get("/ragami/new").get_data(as_text=True)
    for name in ("conflict_tokens", "demon_tokens", "saint_tokens"):
        assert f'name="{name}"' in new
    game_id = new_game(client, **SETUP_3)
    assert "Location tokens left: 19 of 30 (RG-T2)" in text(client.get(f"/games/{game_id}"))
    assert 'id="rg-setup-tokens-form"' not in page(client, game_id)  # nothing left to ask
    assert "for the neutral saints 11 (RG-T2)" in history_lines(client, game_id, "en")[0]


def test_rg_t2_round_1_asks_for_them_when_the_form_left_them_out(app, client):
    game_id = new_game(client)
    shown = support.form_values(page(client, game_id), "rg-setup-tokens-form")
    assert {"conflict_tokens", "demon_tokens", "saint_tokens"} <= set(shown)
    assert "Location tokens left: 30 of 30" in text(client.get(f"/games/{game_id}"))
    response = act(client, game_id, "draw-setup-tokens", SETUP_3)  # a plain post
    assert response.status_code == 303, alerts(response)
    assert "Location tokens left: 19 of 30" in text(client.get(f"/games/{game_id}"))
    assert 'id="rg-setup-tokens-form"' not in page(client, game_id)
    before = seq(app, game_id)
    again = act(client, game_id, "draw-setup-tokens", {**SETUP_3, "saint_tokens": "12"}, htmx=True)
    assert again.status_code == 422 and "already recorded (RG-T2)" in alerts(again)[0]
    assert seq(app, game_id) == before


def test_rg_t2_with_four_players_no_neutral_saint_is_asked(client):
    game_id = new_game(client, ("Ama", "Ver", "Azu", "Mor"))
    shown = support.form_values(page(client, game_id), "rg-setup-tokens-form")
    assert "conflict_tokens" in shown and "saint_tokens" not in shown
    response = act(client, game_id, "draw-setup-tokens", {"conflict_tokens": "1 2 3 4 5 6",
                                                          "demon_tokens": "7 8 9 10"}, htmx=True)
    assert response.status_code == 200 and "Location tokens left: 20 of 30" in text(response)


@pytest.mark.parametrize(("data", "named"), [
    ({**SETUP_3, "conflict_tokens": "1 2 3 4 5"},
     "Location tokens of the conflict dice: the set-up draws 6 here, not 5 (RG-T2)"),
    ({**SETUP_3, "saint_tokens": ""}, "Location tokens of the neutral saints: the set-up draws 1 here, not 0"),
    ({**SETUP_3, "demon_tokens": "7 8 9 1"}, "Location tokens of the demons: token 1 is listed twice"),
    ({**SETUP_3, "demon_tokens": "7 8 9 x"}, "Location tokens of the demons, entry 4: must be an integer"),
])
def test_rg_t2_a_bad_setup_draw_is_named_in_words_and_nothing_recorded(app, client, data, named):
    game_id = new_game(client)
    before = seq(app, game_id)
    for htmx in (False, True):
        response = act(client, game_id, "draw-setup-tokens", data, htmx=htmx)
        assert response.status_code == 422
        assert any(named in message for message in alerts(response)), alerts(response)
        assert not any("_tokens" in message for message in alerts(response))
    assert seq(app, game_id) == before


@pytest.mark.parametrize(("fields", "box", "named"), [
    ({**SETUP_3, "demon_tokens": "7 8 9"}, "demon_tokens",
     "Set-up · Location tokens of the demons: the set-up draws 4 here, not 3"),
    ({**SETUP_3, "saint_tokens": "11 6"}, "saint_tokens", "the set-up draws 1 here, not 2"),
    ({**SETUP_3, "conflict_tokens": "1 2 3 4 5 40"}, "conflict_tokens",
     "Set-up · Location tokens of the conflict dice, entry 6: must be an integer from 1 to 30"),
    ({"demon_tokens": "7 8 9 10"}, "conflict_tokens", "the set-up draws 6 here, not 0"),
])
def test_rg_t2_a_bad_setup_draw_on_the_new_game_form_is_named_and_creates_nothing(app, client, fields, box, named):
    data = {"players": ["Ama", "Ver", "Azu", ""], "colours": ["", "", "", ""], "start_seat": "0", **fields}
    response = client.post("/ragami/new", data=data)
    assert response.status_code == 422 and count_games(app) == 0
    assert any(named in message for message in alerts(response)), alerts(response)
    body = response.get_data(as_text=True)
    assert re.search(rf'id="rg-new-{box}"[^>]*aria-invalid="true"', body, re.S)
    assert not support.lost_values(body, "rg-new", {k: v for k, v in fields.items()})  # what was typed stays


# --- RG-T2, RG-I3: the last-place action card ----------------------------------------------------


def test_rg_i3_the_last_place_card_through_its_form(client):
    game_id = new_game(client, **SETUP_3)
    shown = support.form_values(page(client, game_id), "rg-last-place")
    assert shown["player"] == ["Ama"]  # whose turn it is, first
    assert act(client, game_id, "purify-demons", {"player": "Ama", "demons": "2"}).status_code == 303
    assert act(client, game_id, "purify-demons", {"player": "Ver", "demons": "1"}).status_code == 303
    response = act(client, game_id, "play-last-place-card", {"player": "Ama"}, htmx=True)
    assert response.status_code == 200
    assert "Azu +1 VP · last-place action card (RG-T2)" in text(response)
    lines = history_lines(client, game_id, "en")
    assert lines[-1] == "Ama played the last-place action card: +1 VP to Azu, last; Ama gains 2 white cubes (RG-T2)"
    assert history_lines(client, game_id, "es")[-1] == (
        "Ama jugó la carta de acción del último jugador: +1 PV para Azu, en la última posición; "
        "Ama obtiene 2 cubos blancos (RG-T2)")
    assert history_lines(client, game_id, "pl")[-1] == (
        "Ama zagrywa kartę akcji ostatniego gracza: +1 PC dla Azu, na ostatnim miejscu; "
        "Ama zdobywa 2 białe kostki (RG-T2)")


def test_rg_i3_two_tied_and_three_tied_read_in_the_history(client):
    game_id = new_game(client)
    assert act(client, game_id, "purify-demons", {"player": "Ama", "demons": "1"}).status_code == 303
    assert act(client, game_id, "play-last-place-card", {"player": "Ama"}).status_code == 303
    assert act(client, game_id, "play-last-place-card", {"player": "Ver"}).status_code == 303
    lines = history_lines(client, game_id, "en")
    assert lines[-2] == ("Ama played the last-place action card: +1 VP each to Ver and Azu, tied last; "
                         "Ama gains 3 white cubes (RG-T2)")
    assert lines[-1] == "Ver played the last-place action card: no effect, three or more players are tied last (RG-I3)"


def test_rg_i3_a_bad_card_post_is_named_and_nothing_recorded(app, client):
    game_id = new_game(client)
    before = seq(app, game_id)
    for data, named in (({}, "Player: is required"), ({"player": "Nadie"}, "Nadie is not playing this game")):
        response = act(client, game_id, "play-last-place-card", data)
        assert response.status_code == 422 and any(named in m for m in alerts(response)), alerts(response)
    assert seq(app, game_id) == before


def test_the_rules_page_says_what_is_tracked(client):
    rules = text(client.get("/rules/ragami"))
    assert "the companion does not track them" in rules and "RG-I3" in rules
    assert "and their hand of action cards" not in rules


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_new_screens_hold_no_english_in_spanish_and_polish(client, lang):
    """The new-game form, round 1's question and the card's form and lines, in the language."""
    game_id = new_game(client)
    assert act(client, game_id, "play-last-place-card", {"player": "Ama"}).status_code == 303
    refused = client.post(f"/ragami/{game_id}/draw-setup-tokens", data={**SETUP_3, "demon_tokens": "7"},
                          headers={"Accept-Language": lang})
    assert refused.status_code == 422
    screens = [client.get("/ragami/new", headers={"Accept-Language": lang}).get_data(as_text=True),
               client.get(f"/games/{game_id}", headers={"Accept-Language": lang}).get_data(as_text=True),
               refused.get_data(as_text=True),
               client.get(f"/games/{game_id}/history", headers={"Accept-Language": lang}).get_data(as_text=True)]
    for screen in screens:
        words = support.words(re.sub(r"<(script|style|title)\b.*?</\1>", " ", screen, flags=re.S))
        assert english_runs(words) == [], english_runs(words)
        assert not offences(screen) and "_tokens" not in words
    asked = {"es": "Aún sin anotar", "pl": "Jeszcze niezapisane"}[lang]  # the new words are on the screens
    assert asked in support.words(screens[1]) and "(RG-I3)" in support.words(screens[3])
