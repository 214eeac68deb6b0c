"""Join by QR link or table code; other devices see nothing else (issue 2)."""

from __future__ import annotations

from companion.web import get_store


def new_game(app, title="Friday table"):
    with app.app_context():
        from companion.web import play

        return get_store().game(play.start("test-tally", {"players": ["Ana", "Ben"]}, title, "k-start-" + title))


def test_the_server_device_sees_every_game(app, client):
    game = new_game(app)
    assert client.get(f"/games/{game['id']}").status_code == 200
    assert game["title"].encode() in client.get("/").data


def test_other_devices_see_only_the_join_form(app, remote):
    game = new_game(app)
    home = remote.get("/").get_data(as_text=True)
    assert "Join a table" in home and "Start a game" not in home and game["title"] not in home
    for path in ("", "/qr.svg", "/history", "/export.jsonl"):
        assert remote.get(f"/games/{game['id']}{path}").status_code == 404, path
    assert remote.post(f"/test-tally/{game['id']}/add", data={"player": "Ana", "points": "1"}).status_code == 404


def test_join_link_grants_access(app, remote):
    game = new_game(app)
    joined = remote.get(f"/join/{game['join_token']}")
    assert joined.status_code == 303 and joined.headers["Location"].endswith(f"/games/{game['id']}")
    assert remote.get(f"/games/{game['id']}").status_code == 200
    assert game["title"].encode() in remote.get("/").data


def test_typed_table_code_grants_access_case_insensitively(app, remote):
    game = new_game(app)
    assert remote.post("/join", data={"code": "nope00"}).status_code == 404
    joined = remote.post("/join", data={"code": game["table_code"].lower()})
    assert joined.status_code == 303
    assert remote.get(f"/games/{game['id']}").status_code == 200


def test_wrong_token_and_empty_code_give_clear_answers(app, remote):
    new_game(app)
    assert remote.get("/join/not-a-token").status_code == 404
    empty = remote.post("/join", data={"code": ""})
    assert empty.status_code == 400 and b"Table code" in empty.data


def test_typed_codes_are_rate_limited(app, remote):
    game = new_game(app)
    for _ in range(app.config["JOIN_ATTEMPTS"]):
        remote.post("/join", data={"code": "WRONG1"})
    limited = remote.post("/join", data={"code": game["table_code"]})
    assert limited.status_code == 429 and b"Too many attempts" in limited.data
    assert remote.get(f"/games/{game['id']}").status_code == 404


def test_game_page_shows_join_qr_of_the_lan_link(app, client):
    app.config["PUBLIC_URL"] = "http://192.168.1.50:5000/"
    game = new_game(app)
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert f"http://192.168.1.50:5000/join/{game['join_token']}" in page
    assert game["table_code"] in page
    svg = client.get(f"/games/{game['id']}/qr.svg")
    assert svg.mimetype == "image/svg+xml" and svg.data.startswith(b"<?xml") and b"<svg" in svg.data


def test_a_phone_on_the_lan_gets_links_on_the_address_it_used(app, remote):
    app.config["PUBLIC_URL"] = "http://192.168.1.50:5000/"
    app.config["ALLOWED_HOSTS"] = ["192.168.1.50", "10.0.0.7"]  # the server's addresses (Host allow-list)
    game = new_game(app)
    remote.get(f"/join/{game['join_token']}", base_url="http://10.0.0.7:5000")
    page = remote.get(f"/games/{game['id']}", base_url="http://10.0.0.7:5000").get_data(as_text=True)
    assert f"http://10.0.0.7:5000/join/{game['join_token']}" in page


def test_device_settings_are_linked_from_the_server_home_page_only(client, remote):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/lockup/box-profile"' in home and 'href="/lockup/catalog"' in home
    assert "/lockup/box-profile" not in remote.get("/").get_data(as_text=True)
