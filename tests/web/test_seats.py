"""Seats and roles (issue 12): the host is the device that created the game (and loopback); a phone
that joined takes a free seat or watches; one device per seat; the host releases, moves and gives
seats back (a rejoin request); claims survive a restart on the same instance folder; every
refusal says why (403); undo/redo asks for a confirmation naming the action.

Uses the made-up "Tally" test game of conftest (not a real game) and made-up Rattus Cartus names.
"""

from __future__ import annotations

import re

import support
from support import HX, alerts, seq, text

from companion import create_app
from companion.web import get_store

LAN = "192.0.2.50"


def tally(app, client, players=("Ana", "Ben", "Cleo")) -> str:
    """A Tally game started by ``client`` (loopback: the host)."""
    from companion.web import play

    with app.test_request_context():
        return play.start("test-tally", {"players": list(players)}, "Made-up tally", "tally-key")


def add(device, game_id: str, player: str, points: int = 1, **headers):
    return device.post(f"/test-tally/{game_id}/add", data={"player": player, "points": str(points)},
                       headers=headers or {})


def holders(app, game_id: str) -> dict[str, str]:
    with app.app_context():
        return {seat: row["device_id"] for seat, row in get_store().seat_holders(game_id).items()}


def test_a_joined_phone_is_offered_the_free_seats_and_watching(app, client):
    game_id = tally(app, client)
    device = app.test_client()
    device.environ_base["REMOTE_ADDR"] = LAN
    with app.app_context():
        code = get_store().game(game_id)["table_code"]
    device.post("/join", data={"code": code})
    page = device.get(f"/games/{game_id}").get_data(as_text=True)
    for name in ("Ana", "Ben", "Cleo"):
        assert f'aria-label="Take seat {name}"' in page
    # its name is its visible words (axe: label-content-name-mismatch, issue 23)
    assert ">Watch as a spectator</button>" in page and "Choose your seat, or watch." in page
    assert device.get(f"/games/{game_id}/seats").status_code == 200


def test_a_seat_goes_to_one_device_and_the_second_is_told_why(app, client):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    other = support.phone(app, game_id, None, address="192.0.2.51")
    answer = other.post(f"/games/{game_id}/seats/take", data={"seat": "Ana"})
    assert answer.status_code == 409 and "Ana’s seat is taken by another phone" in alerts(answer)[0]
    assert list(holders(app, game_id)) == ["Ana"]
    assert "This phone plays for Ana." in text(ana.get(f"/games/{game_id}"))
    again = ana.post(f"/games/{game_id}/seats/take", data={"seat": "Ben"})  # one seat per device
    assert again.status_code == 409 and list(holders(app, game_id)) == ["Ana"]


def test_an_unknown_seat_is_refused_by_name(app, client):
    game_id = tally(app, client)
    device = support.phone(app, game_id, None)
    answer = device.post(f"/games/{game_id}/seats/take", data={"seat": "Nobody"})
    assert answer.status_code == 400 and "Seat: not a seat of this game." in text(answer)


def test_a_seat_device_acts_for_its_seat_only_and_the_host_for_any(app, client):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    assert add(ana, game_id, "Ana").status_code == 303
    refused = add(ana, game_id, "Ben")
    assert refused.status_code == 403
    assert "This phone plays for Ana: it cannot act for Ben." in alerts(refused)[0]
    assert 'id="game-panel"' in refused.get_data(as_text=True)  # the panel comes with the reason
    fragment = add(ana, game_id, "Ben", **HX)
    assert fragment.status_code == 403 and "cannot act for Ben" in fragment.get_data(as_text=True)
    assert add(client, game_id, "Ben").status_code == 303  # the host's shared phone plays any seat
    assert seq(app, game_id) == 3


def test_a_spectator_only_reads_and_a_stranger_sees_nothing(app, client):
    game_id = tally(app, client)
    watcher = support.phone(app, game_id, None)
    assert watcher.get(f"/games/{game_id}").status_code == 200
    refused = add(watcher, game_id, "Ana")
    assert refused.status_code == 403 and "This device is watching the game" in alerts(refused)[0]
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.0.2.77"
    assert add(stranger, game_id, "Ana").status_code == 404
    assert stranger.post(f"/games/{game_id}/seats/take", data={"seat": "Ana"}).status_code == 404
    assert seq(app, game_id) == 1 and holders(app, game_id) == {}


def test_the_host_sees_the_seats_and_releases_and_moves_them(app, client):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'aria-label="Release seat Ana"' in page and "Ana — phone " in support.words(page)
    moved = client.post(f"/games/{game_id}/seats/move", data={"seat": "Ana", "to": "Cleo"})
    assert moved.status_code == 303 and list(holders(app, game_id)) == ["Cleo"]
    assert add(ana, game_id, "Cleo").status_code == 303 and add(ana, game_id, "Ana").status_code == 403
    assert client.post(f"/games/{game_id}/seats/release", data={"seat": "Cleo"}).status_code == 303
    assert holders(app, game_id) == {}
    assert add(ana, game_id, "Cleo").status_code == 403  # released: it only watches now


def test_only_the_host_manages_seats(app, client):
    game_id = tally(app, client)
    support.phone(app, game_id, "Ana")
    ben = support.phone(app, game_id, "Ben", address="192.0.2.51")
    for action, data in (("release", {"seat": "Ana"}), ("move", {"seat": "Ana", "to": "Cleo"}),
                         ("approve", {"device": "x"}), ("deny", {"device": "x"})):
        answer = ben.post(f"/games/{game_id}/seats/{action}", data=data)
        assert answer.status_code == 403 and "Only the host can" in alerts(answer)[0], action
    assert sorted(holders(app, game_id)) == ["Ana", "Ben"]


def test_a_new_phone_asks_for_its_seat_back_and_the_host_approves(app, client):
    game_id = tally(app, client)
    old = support.phone(app, game_id, "Ana")
    new = support.phone(app, game_id, None, address="192.0.2.51")
    asked = new.post(f"/games/{game_id}/seats/request", data={"seat": "Ana"})
    assert asked.status_code == 303
    assert "Waiting for the host to give you Ana’s seat." in text(new.get(f"/games/{game_id}"))
    assert add(new, game_id, "Ana").status_code == 403  # not before the host approves
    host_page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "For Ana’s seat:" in host_page
    tag = re.search(r'seats/approve"[^>]*>\s*<input[^>]*>\s*<input type="hidden" name="device" value="([^"]+)"',
                    host_page).group(1)
    assert client.post(f"/games/{game_id}/seats/approve", data={"device": tag}).status_code == 303
    assert add(new, game_id, "Ana").status_code == 303
    assert add(old, game_id, "Ana").status_code == 403  # the old phone lost the seat
    assert "For Ana’s seat:" not in client.get(f"/games/{game_id}").get_data(as_text=True)


def test_the_host_can_refuse_a_rejoin_request(app, client):
    game_id = tally(app, client)
    support.phone(app, game_id, "Ana")
    new = support.phone(app, game_id, None, address="192.0.2.51")
    new.post(f"/games/{game_id}/seats/request", data={"seat": "Ana"})
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    tag = re.search(r'seats/deny"[^>]*>\s*<input[^>]*>\s*<input type="hidden" name="device" value="([^"]+)"',
                    page).group(1)
    assert client.post(f"/games/{game_id}/seats/deny", data={"device": tag}).status_code == 303
    with app.app_context():
        assert get_store().seat_requests(game_id) == []
    assert client.post(f"/games/{game_id}/seats/deny", data={"device": tag}).status_code == 409


def test_seat_claims_and_the_host_credential_survive_a_restart(app, client, tmp_path):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    cookie = ana.get_cookie("session")
    again = create_app({"TESTING": True, "INSTANCE_PATH": app.instance_path, "SECRET_KEY": app.config["SECRET_KEY"],
                        "WTF_CSRF_ENABLED": False})
    again.jinja_loader = app.jinja_loader  # the made-up Tally panel (its routes come with the registry)
    phone = again.test_client()
    phone.environ_base["REMOTE_ADDR"] = LAN
    phone.set_cookie("session", cookie.value)
    assert add(phone, game_id, "Ana").status_code == 303
    assert add(phone, game_id, "Ben").status_code == 403
    assert "This phone plays for Ana." in text(phone.get(f"/games/{game_id}"))
    with again.app_context():
        assert get_store().host_device(game_id) is not None


def test_the_creating_device_is_the_host_even_off_loopback(app, client):
    game_id = tally(app, client)
    device = support.phone(app, game_id, None)
    with device.session_transaction() as sess:
        mine = sess["device"]
    with app.app_context():
        get_store().db.execute("UPDATE game_hosts SET device_id = ? WHERE game_id = ?", [mine, game_id])
    assert add(device, game_id, "Ben").status_code == 303  # the host acts for any seat
    assert 'aria-label="Release seat' not in device.get(f"/games/{game_id}").get_data(as_text=True)  # none held


# --- undo/redo: confirmation, who may, and the reveal rule ----------------------------------------


def test_undo_asks_first_naming_the_action_then_undoes(app, client):
    game_id = tally(app, client)
    add(client, game_id, "Ana", 2)
    asked = client.post(f"/games/{game_id}/undo")
    assert asked.status_code == 200 and "Undo: Ana’s action recorded at" in text(asked)
    assert seq(app, game_id) == 2  # nothing undone yet
    fragment = client.post(f"/games/{game_id}/undo", headers=HX)
    assert 'id="game-panel"' in fragment.get_data(as_text=True) and 'name="confirm"' in fragment.get_data(as_text=True)
    done = client.post(f"/games/{game_id}/undo", data={"confirm": support.confirm_value(asked)})
    assert done.status_code == 303 and seq(app, game_id) == 3


def test_a_confirmation_for_an_action_no_longer_last_is_refused_as_stale(app, client):
    game_id = tally(app, client)
    add(client, game_id, "Ana")
    asked = client.post(f"/games/{game_id}/undo")
    add(client, game_id, "Ben")  # the table moved on meanwhile
    stale = client.post(f"/games/{game_id}/undo", data={"confirm": support.confirm_value(asked)})
    assert stale.status_code == 409 and "The table has moved on" in text(stale) and "Undo: Ben’s" in text(stale)
    assert seq(app, game_id) == 3


def test_a_seat_undoes_its_own_action_only(app, client):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    add(client, game_id, "Ben")
    refused = ana.post(f"/games/{game_id}/undo")
    assert refused.status_code == 403
    assert "Only the host, or the player whose action it was, can undo or redo it." in alerts(refused)[0]
    add(ana, game_id, "Ana")
    assert support.undo(ana, game_id).status_code == 303 and seq(app, game_id) == 4
    assert support.undo(ana, game_id, "redo").status_code == 303 and seq(app, game_id) == 5
    watcher = support.phone(app, game_id, None, address="192.0.2.51")
    assert watcher.post(f"/games/{game_id}/undo").status_code == 403


def test_moving_onto_a_held_seat_and_asking_while_seated_are_refused(app, client):
    game_id = tally(app, client)
    ana = support.phone(app, game_id, "Ana")
    support.phone(app, game_id, "Ben", address="192.0.2.51")
    moved = client.post(f"/games/{game_id}/seats/move", data={"seat": "Ana", "to": "Ben"})
    assert moved.status_code == 409 and "Ben’s seat is not free." in alerts(moved)[0]
    asked = ana.post(f"/games/{game_id}/seats/request", data={"seat": "Ben"})
    assert asked.status_code == 409 and "already plays at this table" in alerts(asked)[0]
    with app.app_context():
        assert get_store().seat_requests(game_id) == []
    assert sorted(holders(app, game_id)) == ["Ana", "Ben"]
