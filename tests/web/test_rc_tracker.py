"""Rattus Cartus tracker during play (issue 13): whose turn in phase C (clockwise from the start
player, RC-G1 C), what next (resolve the buildings, end the round), the start player card passing
left (RC-G1 E), the Treasury noted in the round it was used (RC-F5) so the end does not ask again,
and empty count boxes with a hint instead of a value-like 0."""

from __future__ import annotations

import re

from support import alerts, recorded, seq, text

from companion.core.events import decode


def new_game(client, players=("Rojo", "Azul", "Verde"), start_seat="0") -> str:
    data = {"players": list(players) + [""] * (5 - len(players)), "start_seat": start_seat}
    return recorded.RATTUS_CARTUS.start(client, data)


act, ok = recorded.RATTUS_CARTUS.act, recorded.RATTUS_CARTUS.ok  # post an action form (ok: it must be accepted)


def prompt(client, game_id: str) -> str:
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    return text_of(re.search(r'<section id="rc-rounds".*?</section>', body, re.S).group(0))


def text_of(markup: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", markup).split())


def test_rc_g1_c_turns_go_clockwise_from_the_start_player_then_the_buildings_are_resolved(app, client):
    game_id = new_game(client)
    page = prompt(client, game_id)
    assert "Round 1 of 9 · Rojo’s turn" in page and "Then: Azul, Verde." in page
    ok(client, game_id, "end-turn")
    assert "Azul’s turn" in prompt(client, game_id) and "Then: Verde." in prompt(client, game_id)
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-turn")
    page = prompt(client, game_id)
    assert "resolve the buildings" in page and "Resolve the buildings one by one in row order" in page
    before = seq(app, game_id)
    response = act(client, game_id, "end-turn")
    assert response.status_code == 422 and "RC-G1" in alerts(response)[0] and seq(app, game_id) == before


def test_rc_g1_e_the_next_round_starts_with_the_player_to_the_left(client):
    game_id = new_game(client)
    ok(client, game_id, "end-turn")
    ok(client, game_id, "end-round")  # a table may end the round without recording every turn
    page = prompt(client, game_id)
    assert "Round 2 of 9 · Azul’s turn" in page and "Start player: Azul" in page and "Then: Verde, Rojo." in page


def test_rc_f5_the_treasury_noted_in_a_round_is_not_asked_again_at_the_end(client):
    game_id = new_game(client, ("Rojo", "Azul"))
    ok(client, game_id, "end-round")
    ok(client, game_id, "end-round", {"treasury_used": "yes"})
    assert "The Treasury was used this game" in prompt(client, game_id)
    assert 'name="treasury_used"' not in prompt(client, game_id)
    for _ in range(8):  # RC-G1: 10 rounds with two players
        ok(client, game_id, "end-round")
    for name, gold, rats in (("Rojo", "2", "1"), ("Azul", "0", "1")):
        ok(client, game_id, "record-tally", {"player": name, "gold": gold})
        ok(client, game_id, "record-rats", {"player": name, "rats": rats})
    page = text(client.get(f"/games/{game_id}"))
    assert "Whether the Treasury was used" not in page
    ok(client, game_id, "reveal-plague", {"nuns": "3"})  # no record-treasury needed
    page = text(client.get(f"/games/{game_id}"))
    assert "RC-F5" in page and re.search(r"Rojo 6 VP", page)  # most Gold: 6 VP (2 players, no second)


def test_rc_f5_without_a_note_the_end_still_asks(client):
    game_id = new_game(client, ("Rojo", "Azul"))
    for _ in range(10):
        ok(client, game_id, "end-round")
    assert "Whether the Treasury was used (RC-F5)" in text(client.get(f"/games/{game_id}"))


def test_a_round_ended_before_the_treasury_note_existed_reads_as_not_noted():
    event = decode("rc-round-ended", 1, {"round": 2, "next_start_player": "Azul", "last": False})
    assert event.treasury_used is False and event.next_start_player == "Azul"


def test_the_final_counts_start_empty_with_a_hint_not_a_grey_or_typed_zero(client):
    game_id = new_game(client, ("Rojo", "Azul"))
    for _ in range(10):
        ok(client, game_id, "end-round")
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "placeholder" not in body
    box = re.search(r'<input id="rc-1-church"[^>]*>', body).group(0)
    assert 'value=""' in box
    assert "An empty box counts as none." in body
    ok(client, game_id, "record-tally", {"player": "Rojo", "church": "2", "gold": ""})  # empty: none
