"""BG Stats export of a finished Lockup game: the createPlay link and the downloadable JSON."""

from __future__ import annotations

import json
import re

import support
from support import bgstats

finished = support.played_lockup


def stored(app, events):
    return support.record_game(app, events, "lockup", "Friday Lockup")


def link_play(client, game) -> dict:
    return bgstats.link_play(client.get(f"/lockup/{game['id']}/end").get_data(as_text=True))


def test_the_link_and_the_download_carry_the_same_play(client, app):
    events, state = finished(1, 3, "standard")
    game = stored(app, events)
    play = link_play(client, game)
    response = client.get(f"/lockup/{game['id']}/end/bgstats.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    assert json.loads(response.get_data(as_text=True)) == play


def test_players_scores_winner_and_start_player(client, app):
    events, state = finished(5, 5, "advanced")
    game = stored(app, events)
    play = link_play(client, game)
    totals = {p["name"]: p["total"] for p in state.result["players"]}
    assert play["game"]["name"] == "Lockup: A Roll Player Tale" and play["game"]["highestWins"] is True
    assert play["sourceName"] and play["sourcePlayId"] == game["id"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert {p["name"]: p["score"] for p in play["players"]} == totals
    assert [p["name"] for p in play["players"] if p["winner"]] == list(state.result["winners"])
    started = events[0].first_player
    assert [p["name"] for p in play["players"] if p["startPlayer"]] == [started]
    assert all(set(p) == {"name", "sourcePlayerId", "score", "winner", "startPlayer"} for p in play["players"])


def test_solo_play_has_the_person_only_and_the_guards_score_in_the_comments(client, app):
    events, state = finished(2, 1, "solo")
    game = stored(app, events)
    play = link_play(client, game)
    guards = next(p for p in state.result["players"] if p["name"] == "guards")
    person = next(p for p in state.result["players"] if p["name"] != "guards")
    assert [p["name"] for p in play["players"]] == [person["name"]]
    assert play["players"][0]["winner"] is (person["name"] in state.result["winners"])
    assert play["players"][0]["startPlayer"] is False  # the guards hold the marker at the start (L-SO1)
    assert str(guards["total"]) in play["comments"]
