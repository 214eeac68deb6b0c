"""No stored game can break its own page (issue 20): a game whose record, changed in the database,
fails to fold or to draw gets a page saying its record is damaged, with its export link (200),
in the device's language; a game whose record checks out is not hidden behind that page.

Games are random legal Lockup games with made-up cards (``gamelogs.record_lockup_game``)."""

from __future__ import annotations

import pytest
import support
from support import gamelogs

from companion.web import get_store

NOTICE = "s record is damaged"


@pytest.fixture
def lockup(app) -> dict:
    """A finished 3-player Lockup game (made-up cards), recorded with its commands."""
    with app.app_context():
        return gamelogs.record_lockup_game(get_store(), seed=5, players=3)


def corrupt(app, game_id: str, sql_set: str, where: str) -> None:
    """Change the stored events of the game with SQL, behind the app's back."""
    with app.app_context():
        store = get_store()
        store.db.execute(f"UPDATE events SET payload = {sql_set} WHERE game_id = ? AND {where}", [game_id])
    from companion.web import play

    with app.app_context():
        play.forget()


def test_a_round_named_guards_in_the_database_shows_the_damaged_page_not_a_500(app, client, lockup):
    corrupt(app, lockup["id"], "json_set(payload, '$.round', 'guards')", "type = 'round-started'")
    for path in ("", "/history", "/end"):
        url = f"/lockup/{lockup['id']}{path}" if path == "/end" else f"/games/{lockup['id']}{path}"
        answer = client.get(url)
        assert answer.status_code == 200, (url, answer.status_code)
        page = answer.get_data(as_text=True)
        assert NOTICE in page, url
        assert f'href="/games/{lockup["id"]}/export.jsonl"' in page, url
    exported = client.get(f"/games/{lockup['id']}/export.jsonl")
    assert exported.status_code == 200 and b'"guards"' in exported.data
    assert client.get("/").status_code == 200  # the list of games reads rows only: other games stay reachable


def test_an_htmx_request_gets_the_notice_alone(app, client, lockup):
    corrupt(app, lockup["id"], "json_set(payload, '$.round', 'guards')", "type = 'round-started'")
    answer = client.get(f"/games/{lockup['id']}", headers=support.HX)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and NOTICE in page and "<html" not in page
    assert answer.headers["HX-Retarget"] == "#main"


def test_a_payload_that_is_not_json_shows_the_damaged_page_without_a_broken_export_link(app, client, lockup):
    corrupt(app, lockup["id"], "'not json'", "seq = 3")
    answer = client.get(f"/games/{lockup['id']}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and NOTICE in page
    assert "export.jsonl" not in page
    assert client.get(f"/games/{lockup['id']}/export.jsonl").status_code == 200  # the notice again, not a 500


def test_an_edited_score_that_still_draws_is_shown_as_recorded(app, client, lockup):
    """The page draws what is stored when it can: only a page that fails is replaced."""
    corrupt(app, lockup["id"], "json_set(payload, '$.delta', 50)", "type = 'reputation-changed' AND seq = "
            "(SELECT MIN(seq) FROM events WHERE type = 'reputation-changed')")
    assert client.get(f"/games/{lockup['id']}").status_code == 200


@pytest.mark.parametrize("lang, words", [
    ("es", "El registro de esta partida está dañado"),
    ("pl", "Zapis tej gry jest uszkodzony"),
])
def test_the_damaged_page_speaks_the_devices_language(app, client, lockup, lang, words):
    corrupt(app, lockup["id"], "json_set(payload, '$.round', 'guards')", "type = 'round-started'")
    client.post("/lang", data={"lang": lang}, headers={"Referer": "http://localhost/"})
    page = client.get(f"/games/{lockup['id']}").get_data(as_text=True)
    assert words in page, page[-2000:]


def test_a_damaged_game_in_progress_is_exported_to_the_host_only(app, client):
    """Ruling: a damaged game cannot go on, so the host may take its record away although the game
    hides information while in progress; a seat's phone still may not."""
    with app.app_context():
        store = get_store()
        game = gamelogs.record_lockup_game(store, seed=5, players=3)
        store.set_status(game["id"], "active")
    corrupt(app, game["id"], "json_set(payload, '$.round', 'guards')", "type = 'round-started'")
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert NOTICE in page and "export.jsonl" in page
    assert client.get(f"/games/{game['id']}/export.jsonl").status_code == 200
    phone = support.phone(app, game["id"])
    page = phone.get(f"/games/{game['id']}").get_data(as_text=True)
    assert NOTICE in page and "export.jsonl" not in page
    assert phone.get(f"/games/{game['id']}/export.jsonl").status_code == 403


def test_a_sound_game_whose_page_fails_is_the_apps_fault_not_hidden(app, client, lockup, monkeypatch):
    from companion.web import games

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug of the app")

    monkeypatch.setattr(games, "render_game", broken)
    with pytest.raises(RuntimeError):
        client.get(f"/games/{lockup['id']}")
