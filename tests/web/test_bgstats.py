"""The BG Stats document shape shared by the three games (companion/web/bgstats.py)."""

from __future__ import annotations

import json
from urllib.parse import unquote

from companion.web import bgstats

GAME = {"id": "g-made-up", "updated_at": "2026-01-02T03:04:05.678+00:00"}


def test_the_document_has_the_fields_bg_stats_reads_and_the_date_without_t_or_fraction():
    people = bgstats.players([("Ana", 12), ("Bo", 9)], ["Ana"], "Bo")
    doc = bgstats.play(GAME, "2026-03-04T05:06:07.890+00:00", "Made-up game", "made-up", people)
    assert doc["sourceName"] and doc["sourcePlayId"] == "g-made-up"
    assert doc["playDate"] == "2026-03-04 05:06:07"
    assert doc["game"] == {"name": "Made-up game", "sourceGameId": "made-up", "highestWins": True, "noPoints": False}
    assert doc["players"] == [
        {"name": "Ana", "sourcePlayerId": "Ana", "score": 12, "winner": True, "startPlayer": False},
        {"name": "Bo", "sourcePlayerId": "Bo", "score": 9, "winner": False, "startPlayer": True},
    ]
    assert "comments" not in doc


def test_comments_are_sent_only_when_given():
    doc = bgstats.play(GAME, GAME["updated_at"], "Made-up game", "made-up", [], comments="a note")
    assert doc["comments"] == "a note"


def test_the_link_escapes_every_reserved_character_and_round_trips():
    people = bgstats.players([("Ana & Bo?", 3), ("Ñu #1", 3)], ["Ana & Bo?", "Ñu #1"], None)
    doc = bgstats.play(GAME, GAME["updated_at"], "Made-up: game, \"quoted\"", "made-up", people)
    url = bgstats.create_play_url(doc)
    data = url.removeprefix(bgstats.SCHEME_URL)
    assert url.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    assert not set(data) & set(' "{}:,&?#')
    assert json.loads(unquote(data)) == doc


def test_the_end_time_is_the_last_ending_record_else_the_games_last_update():
    class Record:
        def __init__(self, type_, ts, payload=None):
            self.type, self.ts, self.payload = type_, ts, payload or {}

    records = [Record("made-up-started", "2026-01-01T10:00:00", {"start": "Ana"}),
               Record("made-up-ended", "2026-01-01T11:00:00"), Record("made-up-ended", "2026-01-01T12:00:00")]
    assert bgstats.ended_at(GAME, records, "made-up-ended") == "2026-01-01T12:00:00"
    assert bgstats.ended_at(GAME, records[:1], "made-up-ended") == GAME["updated_at"]
    assert bgstats.first_payload(records, "made-up-started") == {"start": "Ana"}
    assert bgstats.first_payload(records, "nothing") == {}
