"""Ragami prompt-first screen (issue 13): whose turn (clockwise from the start player, RG-T1
seating), what next, a pass that takes a player out of the round, the end-round offered once
everyone passed (RG-T3), the current player chosen first in the forms, nothing value-like in
empty number boxes."""

from __future__ import annotations

import re

from support import alerts, recorded, seq, text


def new_game(client, players=("Ama", "Ver", "Azu"), start_seat="1") -> str:
    data = {"players": list(players), "colours": [""] * len(players), "start_seat": start_seat}
    return recorded.RAGAMI.start(client, data)


act, ok = recorded.RAGAMI.act, recorded.RAGAMI.ok  # post an action form (ok: it must be accepted)


def prompt(client, game_id: str) -> str:
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    return re.search(r'<section id="rg-round".*?</section>', body, re.S).group(0)


def test_the_start_player_plays_first_then_clockwise_and_the_prompt_leads_the_page(client):
    game_id = new_game(client)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert body.index('id="rg-round"') < body.index('id="rg-resolve"') < body.index('id="rg-board"')
    assert "Round 1 · Ver’s turn" in text(client.get(f"/games/{game_id}"))
    assert "Then: Azu, Ama." in prompt(client, game_id)
    ok(client, game_id, "end-turn")
    assert "Azu’s turn" in prompt(client, game_id) and "Then: Ama, Ver." in prompt(client, game_id)


def test_a_player_who_passed_is_skipped_and_when_all_passed_the_round_end_is_offered(app, client):
    game_id = new_game(client)
    ok(client, game_id, "end-turn", {"passed": "yes"})  # Ver passes
    ok(client, game_id, "end-turn")  # Azu
    ok(client, game_id, "end-turn")  # Ama
    assert "Azu’s turn" in prompt(client, game_id) and "Passed: Ver." in prompt(client, game_id)
    ok(client, game_id, "end-turn", {"passed": "yes"})  # Azu
    ok(client, game_id, "end-turn", {"passed": "yes"})  # Ama
    page = prompt(client, game_id)
    assert "everyone has passed" in page and 'id="rg-end-round-form"' in page
    before = seq(app, game_id)
    response = act(client, game_id, "end-turn")
    assert response.status_code == 422 and "Everyone has passed" in alerts(response)[0]
    assert seq(app, game_id) == before
    ok(client, game_id, "end-round")  # RG-T3: the start player passes left, everyone plays again
    page = prompt(client, game_id)
    assert "Round 2 · Azu’s turn" in page and "Then: Ama, Ver." in page and "Passed" not in page


def test_the_current_player_is_chosen_first_in_the_forms(client):
    game_id = new_game(client)
    ok(client, game_id, "end-turn")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    for select in ("rg-resolve-player", "rg-demons-player", "rg-gain-player"):
        options = re.search(rf'<select id="{select}".*?</select>', body, re.S).group(0)
        assert re.search(r'<option value="Azu"\s+selected>', options), select


def test_empty_number_boxes_show_no_value_like_placeholder_but_a_hint(client):
    game_id = new_game(client)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "placeholder" not in body
    box = re.search(r'<input id="rg-resolve-cubes"[^>]*>', body).group(0)
    assert 'value=""' in box and 'aria-describedby="rg-resolve-cubes-hint"' in box
    assert re.search(r'id="rg-resolve-cubes-hint"[^>]*>empty: none<', body)
    ok(client, game_id, "resolve-conflict", {"player": "Ver", "die_value": "3", "helper": "",
                                             "white_cubes_spent": "", "virtue_spent": ""})  # empty: none


def test_the_other_forms_are_folded_and_the_round_end_stays_reachable(client):
    game_id = new_game(client)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    for fold in ("rg-more-vp", "rg-cubes-virtue", "rg-tokens", "rg-end-round", "rg-log"):
        assert re.search(rf'<details id="{fold}" class="card rg-fold">', body), fold
    assert 'id="rg-end-round-form"' in body
    ok(client, game_id, "end-round")  # a table may end the round without recording every pass
    assert "Round 2" in prompt(client, game_id)
