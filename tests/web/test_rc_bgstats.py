"""Exports of a finished Rattus Cartus game on its final screen: BG Stats (link and JSON) and JSON Lines."""

from __future__ import annotations

import re

from support import bgstats, recorded

# Made-up end of a three-player game: Verde has the most VP but too many rats (RC-F7); Rojo and
# Azul tie on 25 VP and Azul has fewer rats (RC-F8). Church is tied 4-4, Azul's marker below (RC-F2).
TALLIES = {
    "Rojo": {"church": "4", "peasantry": "2", "hand_cards": "3", "swords": "2", "gold": "2", "vp_tokens": "3"},
    "Azul": {"church": "4", "burghers": "3", "hand_cards": "3", "gold": "2"},
    "Verde": {"sorcery": "5", "knighthood": "2", "flutes": "1", "vp_tokens": "4"},
}
RATS = {"Rojo": "3", "Azul": "2", "Verde": "9"}


act = recorded.RATTUS_CARTUS.ok  # post an action form, which must be accepted


def finished(client, start_seat: str = "1") -> str:
    game_id = recorded.RATTUS_CARTUS.start(client, {"players": ["Rojo", "Azul", "Verde", "", ""],
                                                        "start_seat": start_seat})
    for _ in range(9):  # RC-G1: 9 rounds with three players
        act(client, game_id, "end-round")
    for name, counts in TALLIES.items():
        act(client, game_id, "record-tally", {"player": name, **counts})
        act(client, game_id, "record-rats", {"player": name, "rats": RATS[name]})
    act(client, game_id, "record-treasury", {"used": "yes"})
    act(client, game_id, "record-influence-order", {"influence_class": "church", "order": ["Azul", "Rojo"]})
    act(client, game_id, "reveal-plague", {"nuns": "3"})
    return game_id


def test_the_final_screen_links_bg_stats_and_every_event_and_the_download_is_the_link_play(client):
    bgstats.assert_final_exports(client, finished(client), "/rattus-cartus")


def test_scores_the_rc_f8_winner_the_round_1_start_player_and_the_rc_f7_plague(client):
    game_id = finished(client, start_seat="1")
    play = bgstats.page_play(client, game_id)
    assert play["game"]["name"] == "Rattus Cartus" and play["game"]["highestWins"] is True
    assert play["sourcePlayId"] == game_id
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert {p["name"]: p["score"] for p in play["players"]} == {"Rojo": 25, "Azul": 25, "Verde": 26}
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Azul"]
    # The start player card passed left every round (RC-G1 E); the play names who started round 1.
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == ["Azul"]
    assert "Verde" in play["comments"] and "3 Nuns" in play["comments"]


def test_before_the_plague_there_is_no_bg_stats_play_rat_sums_are_secret(client):
    response = client.post("/rattus-cartus/new", data={"players": ["Rojo", "Azul", "", "", ""], "start_seat": "0"})
    game_id = response.location.rsplit("/", 1)[-1]
    assert client.get(f"/rattus-cartus/{game_id}/bgstats.json").status_code == 403
    assert 'id="bgstats-link"' not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert client.get("/rattus-cartus/no-such-game/bgstats.json").status_code == 404
