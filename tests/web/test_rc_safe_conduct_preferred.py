"""Rattus Cartus tracker prompts of issue 19, through the Flask client: a Safe-conduct in phase C
sends its player after all the others (RC-G7; never for the last to choose, RC-I3); with 2
players the table is asked who takes the round's only preferred action (RC-G5), also in the final
round; the set-up's reserve deck and phase A's draw by player count (RC-G6)."""

from __future__ import annotations

import re

import pytest
import support
from support import HX, alerts, seq
from support.english import english_runs
from web.test_rc_tracker import act, new_game, ok


def prompt(client, game_id: str, lang: str = "en") -> str:
    """The round prompt as words, rule-id links read inline."""
    body = client.get(f"/games/{game_id}", headers={"Accept-Language": lang}).get_data(as_text=True)
    return support.words(re.search(r'<section id="rc-rounds".*?</section>', body, re.S).group(0))


def forms(client, game_id: str) -> str:
    return client.get(f"/games/{game_id}").get_data(as_text=True)


def test_rc_g7_a_safe_conduct_sends_the_player_after_all_the_others(app, client):
    game_id = new_game(client)  # Rojo, Azul, Verde; Rojo starts
    assert 'id="rc-safe-conduct"' in forms(client, game_id)
    assert "Rojo plays a Safe-conduct" in prompt(client, game_id)
    ok(client, game_id, "play-safe-conduct")
    page = prompt(client, game_id)
    assert "Azul’s turn" in page and "Then: Verde, Rojo." in page
    answer = client.post(f"/rattus-cartus/{game_id}/play-safe-conduct", headers=HX)  # the htmx post too
    assert answer.status_code == 200 and "Verde’s turn" in support.words(answer.get_data(as_text=True))
    assert "Then: Rojo, Azul." in prompt(client, game_id)
    ok(client, game_id, "end-turn")  # Verde
    ok(client, game_id, "end-turn")  # Rojo
    # RC-I3: Azul is the last to choose: no Safe-conduct offered, and a forged post is refused.
    assert "Azul’s turn" in prompt(client, game_id) and 'id="rc-safe-conduct"' not in forms(client, game_id)
    before = seq(app, game_id)
    refused = act(client, game_id, "play-safe-conduct")
    assert refused.status_code == 422 and "RC-I3" in alerts(refused)[0] and seq(app, game_id) == before


def test_rc_g7_a_phone_plays_a_safe_conduct_only_on_its_own_turn(app, client):
    game_id = new_game(client)
    rojo = support.phone(app, game_id, "Rojo")
    azul = support.phone(app, game_id, "Azul", address="192.0.2.51")
    assert 'id="rc-safe-conduct"' in forms(rojo, game_id) and 'id="rc-safe-conduct"' not in forms(azul, game_id)
    forged = azul.post(f"/rattus-cartus/{game_id}/play-safe-conduct")
    assert forged.status_code == 403 and "cannot act for Rojo" in alerts(forged)[0]
    assert rojo.post(f"/rattus-cartus/{game_id}/play-safe-conduct").status_code == 303
    assert "Azul’s turn" in prompt(client, game_id)


def test_rc_g6_set_up_reserve_deck_and_phase_a_draw_by_player_count(client):
    three = prompt(client, new_game(client))
    assert "with 3 players, set 12 building cards aside face down as the reserve deck (RC-G6)" in three
    assert "A: draw 2 building cards into a row. If they all show the same building, swap the last one" in three
    four = new_game(client, ("Rojo", "Azul", "Verde", "Gris"))
    page = prompt(client, four)
    assert "with 4 players, set 6 building cards aside" in page and "A: draw 3 building cards" in page
    for _ in range(4):
        ok(client, four, "end-turn")
    ok(client, four, "end-round")
    page = prompt(client, four)
    assert "reserve deck (RC-G6)." not in page and "A: draw 3 building cards" in page  # set-up only in round 1
    assert "set 10 building cards aside" in prompt(client, new_game(client, ("Rojo", "Azul")))


def test_rc_g5_two_players_are_asked_who_takes_the_round_s_only_preferred_action(app, client):
    game_id = new_game(client, ("Rojo", "Azul"))
    ok(client, game_id, "play-safe-conduct")  # Rojo waits: Azul accesses a building first
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-turn")
    page = prompt(client, game_id)
    assert "only one of you takes a preferred action this round" in page
    assert "on a tie Azul, who accessed a building first (RC-G5)" in page
    body = forms(client, game_id)
    assert 'id="rc-end-round"' not in body and "Rojo takes the preferred action" in page
    before = seq(app, game_id)
    refused = act(client, game_id, "end-round")
    assert refused.status_code == 422 and "RC-G5" in alerts(refused)[0] and seq(app, game_id) == before
    missing = act(client, game_id, "record-preferred-action")
    assert missing.status_code == 422 and "Player" in alerts(missing)[0]
    ok(client, game_id, "record-preferred-action", {"player": "Rojo"})
    page = prompt(client, game_id)
    assert "Rojo takes this round's preferred action; Azul takes the normal action (RC-G5)." in page
    ok(client, game_id, "end-round")
    assert "Round 2 of 10 · Azul’s turn" in prompt(client, game_id)


def test_rc_g5_a_phone_names_only_itself_as_taking_the_preferred_action(app, client):
    game_id = new_game(client, ("Rojo", "Azul"))
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-turn")
    azul = support.phone(app, game_id, "Azul")
    page = support.words(forms(azul, game_id))
    assert "Azul takes the preferred action" in page and "Rojo takes the preferred action" not in page
    forged = azul.post(f"/rattus-cartus/{game_id}/record-preferred-action", data={"player": "Rojo"})
    assert forged.status_code == 403


def test_rc_g5_the_final_round_with_two_players_gives_the_influence_to_one_player(client):
    game_id = new_game(client, ("Rojo", "Azul"))
    for _ in range(9):
        ok(client, game_id, "end-round")
    page = prompt(client, game_id)
    assert re.search(r"with 2 players only the one player entitled to the round's preferred action gains \+1 "
                     r"influence", page)
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-turn")
    page = prompt(client, game_id)
    assert "only one of you gains the +1 influence of the preferred action" in page
    ok(client, game_id, "record-preferred-action", {"player": "Azul"})
    assert "Azul gains the +1 influence of the preferred action; Rojo gains nothing (RC-G5)." in prompt(
        client, game_id)
    ok(client, game_id, "end-round")
    assert 'id="rc-rounds"' not in forms(client, game_id)  # the end-of-game entry follows (RC-F1)


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_new_prompts_hold_no_english_in_spanish_and_polish(client, lang):
    """Issue 19's prompts (RC-G5, RC-G6, RC-G7) in the table's language, rule ids kept."""
    game_id = new_game(client, ("Rojo", "Azul"))
    seen = [prompt(client, game_id, lang)]  # set-up, phase A, the Safe-conduct offer
    ok(client, game_id, "play-safe-conduct")
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-turn")
    seen.append(prompt(client, game_id, lang))  # who takes the preferred action
    ok(client, game_id, "record-preferred-action", {"player": "Azul"})
    seen.append(prompt(client, game_id, lang))
    for _ in range(9):
        ok(client, game_id, "end-round")
    seen.append(prompt(client, game_id, lang))  # the 2-player final-round note
    for words in seen:
        assert english_runs(words) == [], english_runs(words)
    assert "RC-G6" in seen[0] and "RC-G7" in seen[0] and "RC-G5" in seen[1] and "RC-G5" in seen[3]
