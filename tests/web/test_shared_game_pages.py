"""Shared game pages with the made-up test game "Tally": commands, errors, undo/redo, export/import."""

from __future__ import annotations

import dataclasses
import io

import support

from companion.web import get_store


def start(app):
    with app.app_context():
        from companion.web import play

        return get_store().game(play.start("test-tally", {"players": ["Ana", "Ben"]}, "Tally night", "k0"))


def scores(client, game):
    html = client.get(f"/games/{game['id']}").get_data(as_text=True)
    return [line.split(">")[1] for line in html.split('<p class="score"')[1:]]


def test_plain_form_post_records_and_redirects(app, client):
    game = start(app)
    response = client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "3"})
    assert response.status_code == 303
    assert scores(client, game)[0].startswith("Ana: 3")


def test_htmx_post_returns_only_the_panel_region(app, client):
    game = start(app)
    response = client.post(
        f"/test-tally/{game['id']}/add", data={"player": "Ben", "points": "2"}, headers={"HX-Request": "true"}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.lstrip().startswith('<div id="game-panel">')
    assert "Ben: 2" in html and "<html" not in html


def test_illegal_command_names_the_rule_and_appends_nothing(app, client):
    game = start(app)
    before = client.application.test_client()  # same app
    response = client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "11"})
    assert response.status_code == 422 and b"Nobody may pass 10 points (T-2)" in response.data
    with app.app_context():
        assert get_store().last_seq(game["id"]) == 1
    assert before is not None


def test_bad_field_gets_a_message_not_a_500(app, client):
    game = start(app)
    response = client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "lots"})
    assert response.status_code == 422 and b"points: must be a whole number" in response.data


def test_repeated_form_key_records_once(app, client):
    game = start(app)
    for _ in range(3):
        client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "1", "key": "form-1"})
    assert scores(client, game)[0].startswith("Ana: 1")


def test_undo_and_redo_are_events_and_the_history_shows_them(app, client):
    game = start(app)
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "4"})
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ben", "points": "5"})
    support.undo(client, game['id'], "undo", key="u1")
    assert [s[:6] for s in scores(client, game)] == ["Ana: 4", "Ben: 0"]
    support.undo(client, game['id'], "redo", key="r1")
    assert [s[:6] for s in scores(client, game)] == ["Ana: 4", "Ben: 5"]
    history = client.get(f"/games/{game['id']}/history").get_data(as_text=True)
    assert "Undone: A change was recorded" in history and "Redone: A change was recorded" in history  # issue 13
    with app.app_context():
        assert get_store().last_seq(game["id"]) == 5  # start, two adds, undo, redo: nothing deleted


def test_undo_with_nothing_to_undo_says_so(app, client):
    game = start(app)
    response = support.undo(client, game['id'], "undo", key="u1")
    assert response.status_code == 422 and b"Nothing to undo" in response.data


def test_export_import_round_trip_folds_to_the_same_state(app, client, tally_device):
    """Imported on another device (its own device is given the held game back, issue 23)."""
    game = start(app)
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "4"})
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ben", "points": "2"})
    support.undo(client, game['id'], "undo", key="u1")
    exported = client.get(f"/games/{game['id']}/export.jsonl")
    assert exported.mimetype == "application/jsonl"
    lines = exported.get_data(as_text=True).splitlines()
    assert len(lines) == 5 and '"end": "companion-export"' in lines[-1]  # four events, the closing line
    other = tally_device.test_client()
    imported = other.post(
        "/games/import", data={"file": (io.BytesIO(exported.data), "tally.jsonl")}, content_type="multipart/form-data"
    )
    assert imported.status_code == 303
    new_id = imported.headers["Location"].rsplit("/", 1)[1]
    assert new_id != game["id"]
    assert scores(other, {"id": new_id}) == scores(client, game)
    # undo history survives the trip: redo works on the imported game
    support.undo(other, new_id, "redo", key="r-imported")
    assert [s[:6] for s in scores(other, {"id": new_id})] == ["Ana: 4", "Ben: 2"]


def test_import_of_a_bad_file_names_the_problem_and_writes_nothing(app, client):
    with app.app_context():
        before = len(get_store().games())
    bad = b'{"game": "test-tally", "seq": 1}\nnot json\n'
    response = client.post(
        "/games/import", data={"file": (io.BytesIO(bad), "bad.jsonl")}, content_type="multipart/form-data"
    )
    assert response.status_code == 400 and b"line 1" in response.data
    with app.app_context():
        assert len(get_store().games()) == before


def test_import_is_only_for_the_server_device(app, remote):
    response = remote.post(
        "/games/import", data={"file": (io.BytesIO(b"{}"), "x.jsonl")}, content_type="multipart/form-data"
    )
    assert response.status_code == 403  # host only (issue 10)


def test_finished_status_is_kept_for_the_home_page(app, client):
    game = start(app)
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "10"})
    home = client.get("/").get_data(as_text=True)
    finished = home.split('id="finished"')[1]
    assert "Tally night" in finished


def test_the_csrf_token_does_not_make_a_retry_look_different(app, client):
    game = start(app)
    for token in ("token-a", "token-b"):
        client.post(f"/test-tally/{game['id']}/add",
                    data={"player": "Ana", "points": "1", "key": "same-form", "csrf_token": token})
    assert scores(client, game)[0].startswith("Ana: 1")


def test_htmx_answer_equals_a_fresh_render(app, client):
    """The htmx answer is rendered from what execute returns (no second fold): it must equal reading
    the log again, undo/redo state included."""
    import re

    game = start(app)
    client.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "2"})
    support.undo(client, game['id'], "undo", key="u1")
    hx = {"HX-Request": "true"}
    answer = client.post(f"/test-tally/{game['id']}/add", data={"player": "Ben", "points": "3"}, headers=hx)
    fresh = client.get(f"/games/{game['id']}", headers=hx)
    # Idempotency keys are new per render; a CSRF token is signed with the second it was made in.
    keys = re.compile(r'name="(?:key|csrf_token)" value="[^"]*"')
    assert answer.status_code == 200 and "Ben: 3" in answer.get_data(as_text=True)
    assert keys.sub("", answer.get_data(as_text=True)) == keys.sub("", fresh.get_data(as_text=True))


def test_the_game_page_never_takes_a_seat_from_the_url(app, client, monkeypatch):
    """Anyone can type ``?seat=``: the page and its fragment always get the table's view (I-16)."""
    from companion.web import registry

    game = start(app)
    seen = []
    ui = registry.GAMES["test-tally"]
    monkeypatch.setitem(registry.GAMES, "test-tally", dataclasses.replace(
        ui, context=lambda state, row, seat: seen.append(seat) or {"scores": state.scores}))
    for headers in ({}, {"HX-Request": "true"}):
        assert client.get(f"/games/{game['id']}?seat=Ana", headers=headers).status_code == 200
    assert seen == [None, None]
