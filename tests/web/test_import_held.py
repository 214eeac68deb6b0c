"""Importing an export of a game this device holds (issue 23): the device's own game is offered,
no second copy is made; a game imported on another device is listed by its own date, not the
import's. Uses the made-up test game Tally."""

from __future__ import annotations

import io

from support import count_games

from companion.web import get_store, play


def upload(client, data: bytes):
    return client.post("/games/import", data={"file": (io.BytesIO(data), "game.jsonl")},
                       content_type="multipart/form-data")


def tally(app, key: str = "k-held") -> str:
    with app.app_context():
        return play.start("test-tally", {"players": ["Ana"]}, "Tally night", key)


def test_an_export_of_a_held_game_offers_that_game_and_makes_no_copy(app, client):
    game_id = tally(app)
    data = client.get(f"/games/{game_id}/export.jsonl").data
    answer = upload(client, data)
    assert answer.status_code == 303 and answer.location == f"/games/{game_id}"
    assert count_games(app) == 1
    page = client.get(answer.location).get_data(as_text=True)
    assert "This device already holds this game: here it is (nothing was imported)." in page
    assert "Imported:" not in page


def test_an_export_taken_before_the_game_went_on_still_offers_the_held_game(app, client):
    game_id = tally(app)
    data = client.get(f"/games/{game_id}/export.jsonl").data
    assert client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "2"}).status_code == 303
    answer = upload(client, data)
    assert answer.location == f"/games/{game_id}" and count_games(app) == 1


def test_another_devices_import_is_a_copy_listed_by_the_games_own_date(app, client, device):
    game_id = tally(app)
    data = client.get(f"/games/{game_id}/export.jsonl").data
    with app.app_context():
        last_ts = get_store().events(game_id)[-1].ts
    answer = upload(device.test_client(), data)
    copy = answer.location.rsplit("/", 1)[-1]
    assert answer.status_code == 303 and copy != game_id
    with device.app_context():
        row = get_store().game(copy)
    assert row["updated_at"] == last_ts  # the home page lists it by this date (its "updated" time)
