"""Bounded seats (issue 20): at most one pending "this is my seat" request per seat and per device
(a new one replaces the old); at most ``DEVICE_MINTS`` new devices per game a minute, refused in
words; a new phone's simultaneous first taps resolve to one device id and one seat.

Uses the made-up "Tally" test game of conftest (not a real game).
"""

from __future__ import annotations

import threading

import pytest
import support
from support import text

from companion.web import get_store, play


def tally(app, key: str = "bounds-key") -> str:
    with app.test_request_context():
        return play.start("test-tally", {"players": ["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"]},
                          "Made-up tally", key)


def phone(app, address: str):
    device = app.test_client()
    device.environ_base["REMOTE_ADDR"] = address
    return device


def join_link(app, game_id: str) -> str:
    with app.app_context():
        return f"/join/{get_store().game(game_id)['join_token']}"


def requests_of(app, game_id: str) -> list[tuple[str, str]]:
    with app.app_context():
        return [(r["seat"], r["device_id"]) for r in get_store().seat_requests(game_id)]


def holders(app, game_id: str) -> dict[str, str]:
    with app.app_context():
        return {seat: row["device_id"] for seat, row in get_store().seat_holders(game_id).items()}


def device_of(client) -> str | None:
    with client.session_transaction() as session:
        return session.get("device")


# --- "this is my seat" requests ----------------------------------------------------------------


def test_one_pending_request_per_seat_the_latest_replaces_the_others(app, client):
    game_id = tally(app)
    support.phone(app, game_id, "Ana")
    askers = [support.phone(app, game_id, None, address=f"192.0.2.{60 + i}") for i in range(5)]
    for asker in askers:
        assert asker.post(f"/games/{game_id}/seats/request", data={"seat": "Ana"}).status_code == 303
    assert requests_of(app, game_id) == [("Ana", device_of(askers[-1]))]
    host_page = text(client.get(f"/games/{game_id}"))
    assert host_page.count("For Ana’s seat:") == 1
    assert "Waiting for the host" not in text(askers[0].get(f"/games/{game_id}"))  # replaced: no longer waiting


def test_one_pending_request_per_device_a_new_one_replaces_its_old_one(app):
    game_id = tally(app)
    support.phone(app, game_id, "Ana")
    support.phone(app, game_id, "Ben", address="192.0.2.51")
    asker = support.phone(app, game_id, None, address="192.0.2.52")
    asker.post(f"/games/{game_id}/seats/request", data={"seat": "Ana"})
    asker.post(f"/games/{game_id}/seats/request", data={"seat": "Ben"})
    assert requests_of(app, game_id) == [("Ben", device_of(asker))]


def test_requests_stay_as_few_as_the_seats_however_many_phones_ask(app):
    game_id = tally(app)
    for seat, address in (("Ana", "192.0.2.50"), ("Ben", "192.0.2.51")):
        support.phone(app, game_id, seat, address=address)
    for i in range(12):
        asker = support.phone(app, game_id, None, address=f"192.0.2.{70 + i}")
        asker.post(f"/games/{game_id}/seats/request", data={"seat": ("Ana", "Ben")[i % 2]})
    assert sorted(seat for seat, _device in requests_of(app, game_id)) == ["Ana", "Ben"]


# --- devices minted per join link -----------------------------------------------------------------


def test_new_devices_per_game_and_minute_are_bounded_and_refused_in_words(app):
    app.config["DEVICE_MINTS"] = 3
    game_id = tally(app)
    link = join_link(app, game_id)
    joined = [phone(app, f"192.0.2.{80 + i}") for i in range(3)]
    assert [p.get(link).status_code for p in joined] == [303, 303, 303]
    assert len({device_of(p) for p in joined}) == 3
    late = phone(app, "192.0.2.90")
    refused = late.get(link)
    assert refused.status_code == 429
    assert "Too many new phones joined this table in the last minute" in text(refused)
    assert late.get(f"/games/{game_id}").status_code == 404  # not let in either
    assert joined[0].get(link).status_code == 303  # a phone that has its id is no new device
    with app.app_context():
        code = get_store().game(game_id)["table_code"]
    assert phone(app, "192.0.2.91").post("/join", data={"code": code}).status_code == 429
    other = tally(app, "other-key")  # the bound is per game
    assert phone(app, "192.0.2.92").get(join_link(app, other)).status_code == 303


def test_a_joined_phone_already_has_its_device_id_before_its_first_tap(app):
    game_id = tally(app)
    new = phone(app, "192.0.2.93")
    new.get(join_link(app, game_id))
    minted = device_of(new)
    assert minted
    assert new.post(f"/games/{game_id}/seats/take", data={"seat": "Cleo"}).status_code == 303
    assert holders(app, game_id) == {"Cleo": minted}


def test_a_double_tapped_take_answers_alike_and_takes_one_seat(app):
    game_id = tally(app)
    new = phone(app, "192.0.2.94")
    new.get(join_link(app, game_id))
    answers = [new.post(f"/games/{game_id}/seats/take", data={"seat": "Dan"}) for _ in range(2)]
    assert [a.status_code for a in answers] == [303, 303]
    assert holders(app, game_id) == {"Dan": device_of(new)}


# --- a new phone's simultaneous first taps ------------------------------------------------------


def fire_at_once(app, cookie: str, seats: list[str], game_id: str) -> list:
    """Every seat in ``seats`` tapped at the same instant by one phone (one thread and one
    connection each, all sending the phone's ``cookie``); the answers."""
    start, answers = threading.Barrier(len(seats)), [None] * len(seats)

    def tap(i: int) -> None:
        device = phone(app, "192.0.2.95")
        device.set_cookie("session", cookie)
        start.wait()
        answers[i] = device.post(f"/games/{game_id}/seats/take", data={"seat": seats[i]})

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(len(seats))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.parametrize("cookie_from", ["join link", "older session"])
def test_simultaneous_first_taps_resolve_to_one_device_and_one_seat(app, cookie_from):
    """``older session``: a cookie that grants the game but holds no device id yet (made before ids
    were minted at the join): the taps' ids are derived from that same cookie."""
    game_id = tally(app)
    new = phone(app, "192.0.2.95")
    if cookie_from == "join link":
        new.get(join_link(app, game_id))
    else:
        with new.session_transaction() as session:
            session["games"] = [game_id]
    cookie = new.get_cookie("session").value
    for _round in range(3):
        answers = fire_at_once(app, cookie, ["Ana", "Ben", "Cleo", "Dan"], game_id)
        assert all(a.status_code in (303, 409) for a in answers)
        held = holders(app, game_id)
        assert len(held) == 1  # one seat, held by the one device of this phone
        sent = {device_of_cookie(app, a) for a in answers if "Set-Cookie" in a.headers}
        assert sent <= set(held.values())  # no answer hands the phone another id
        with app.app_context():
            get_store().release_seat(game_id, next(iter(held)))


def device_of_cookie(app, answer) -> str | None:
    """The device id an answer's session cookie carries."""
    value = answer.headers["Set-Cookie"].split(";", 1)[0].split("=", 1)[1]
    return app.session_interface.get_signing_serializer(app).loads(value).get("device")
