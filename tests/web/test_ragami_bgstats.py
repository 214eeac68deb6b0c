"""Exports of a finished Ragami game on its final screen: BG Stats (link and JSON) and JSON Lines."""

from __future__ import annotations

import re

from support import bgstats, recorded

act = recorded.RAGAMI.ok  # post an action form, which must be accepted


def new_game(client, start_seat: str = "1") -> str:
    return recorded.RAGAMI.start(client, {"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": start_seat})


def finished(client) -> str:
    """Ama reaches 30 VP with five conflicts, Ver 33 with one and demons: 37 each after RG-E3,
    Ama wins on conflicts resolved (RG-E4)."""
    game_id = new_game(client)
    for _ in range(5):
        act(client, game_id, "resolve-conflict", {"player": "Ama", "die_value": "6", "helper": "",
                                                  "white_cubes_spent": "0", "virtue_spent": "0"})
    act(client, game_id, "resolve-conflict", {"player": "Ver", "die_value": "6", "helper": "",
                                              "white_cubes_spent": "0", "virtue_spent": "0"})
    for demons in ("6", "6", "6", "6", "3"):
        act(client, game_id, "purify-demons", {"player": "Ver", "demons": demons})
    act(client, game_id, "end-round")
    act(client, game_id, "finish-game")
    return game_id


def test_the_final_screen_links_bg_stats_and_every_event_and_the_download_is_the_link_play(client):
    bgstats.assert_final_exports(client, finished(client), "/ragami")


def test_scores_after_the_rg_e3_bonus_the_rg_e4_winner_and_the_start_player(client):
    game_id = finished(client)
    play = bgstats.page_play(client, game_id)
    assert play["game"]["name"] == "Ragami" and play["game"]["highestWins"] is True
    assert play["sourcePlayId"] == game_id and re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert {p["name"]: p["score"] for p in play["players"]} == {"Ama": 37, "Ver": 37}
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Ama"]
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Ver"]  # seat 1 drew the start (RG-T1)
    assert "comments" not in play


def test_no_bg_stats_play_before_final_scoring(client):
    game_id = new_game(client)
    assert client.get(f"/ragami/{game_id}/bgstats.json").status_code == 403
    assert 'id="bgstats-link"' not in client.get(f"/games/{game_id}").get_data(as_text=True)
