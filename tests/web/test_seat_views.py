"""What each device is shown (issue 12): a seat's phone sees the prompt of its own seat's questions
and the table's steps, and for another seat's turn only a line saying whom the table waits for (no
form to tap and be refused); a spectator sees no action form at all; the host's device sees every
form (one shared phone plays a whole game). Two phones ending the same turn at once: the second is
refused as stale (the question names whose turn it is). Who may end a turn and whether a rat sum is
a replacement are judged under the write lock. A step the page posts by itself is posted by the
host's device only.

Every name and card here is made up for the test (Lockup's "Made-up Item A" ..., players Ana, Ben,
Cleo; Ragami's Ama, Ver, Azu; Rattus Cartus's Rojo, Azul, Verde).
"""

from __future__ import annotations

import re

import pytest
import support
from support import HX, alerts, form_fields, seq, setups, text

from companion.games.lockup.engine import pending

MOVED = "The table has moved on"
LOCKUP = setups.lockup_table(ask=True)  # asked at fixed rewards (L-LO6)


def page(device, game_id: str) -> str:
    return device.get(f"/games/{game_id}").get_data(as_text=True)


def forms_to(body: str, prefix: str) -> list[str]:
    """The action URLs of the forms in ``body`` posting under ``prefix``."""
    return re.findall(rf'<form[^>]*action="({re.escape(prefix)}[^"]*)"', body)



# --- Lockup -----------------------------------------------------------------------------------


@pytest.fixture
def lockup(app, client):
    return setups.start_lockup(app, LOCKUP, "Seat views", "views-setup")


def test_lockup_a_seat_phone_sees_its_own_roll_call_and_a_waiting_line_for_another_s(app, client, lockup):
    ana = support.phone(app, lockup, "Ana")
    ben = support.phone(app, lockup, "Ben", address="192.0.2.51")
    assert pending(support.game_state(app, lockup)).seat == "Ana"
    mine = page(ana, lockup)
    assert f"/lockup/{lockup}/do/assign" in forms_to(mine, f"/lockup/{lockup}/do/")
    assert 'id="lockup-waiting"' not in mine
    theirs = page(ben, lockup)
    assert "Waiting for Ana: assign tiles" in text(ben.get(f"/games/{lockup}"))
    assert f"/lockup/{lockup}/do/assign" not in forms_to(theirs, f"/lockup/{lockup}/do/")
    assert f"/lockup/{lockup}/do/pass" not in forms_to(theirs, f"/lockup/{lockup}/do/")
    support.lockup_do(ana, lockup, "assign", seat="Ana", location="smithy", tile=["1"])
    # The turn moved to Ben: the two phones swap (the htmx fragment as the live refresh loads it).
    fragment = ben.get(f"/games/{lockup}", headers=HX).get_data(as_text=True)
    assert f"/lockup/{lockup}/do/assign" in forms_to(fragment, f"/lockup/{lockup}/do/")
    assert "Waiting for Ben: assign tiles" in text(ana.get(f"/games/{lockup}", headers=HX))


def test_lockup_a_spectator_sees_no_form_and_the_host_sees_every_seat_s(app, client, lockup):
    watcher = support.phone(app, lockup, None)
    body = page(watcher, lockup)
    assert forms_to(body, f"/lockup/{lockup}/") == [] and "Waiting for Ana: assign tiles" in text(
        watcher.get(f"/games/{lockup}"))
    assert f'action="/games/{lockup}/seats/take"' in body  # it may still take a free seat
    host = page(client, lockup)
    assert f"/lockup/{lockup}/do/assign" in forms_to(host, f"/lockup/{lockup}/do/")
    assert 'id="lockup-waiting"' not in host


def test_lockup_each_seated_phone_collects_its_own_reward_and_the_host_only_waits_L_LO6(app, client, lockup):
    """Issue 23: a seated player collects or declines their own reward on their phone (L-LO6);
    the host's page says whom the table waits for and offers no form for them; a phone may
    neither answer for another seat nor confirm the location for everyone."""
    setups.to_lights_out(client, lockup)
    waiting = pending(support.game_state(app, lockup))
    assert (waiting.kind, waiting.location) == ("confirm-rewards", "exercise_yard")
    assert sorted(waiting.detail["undecided"]) == ["Ana", "Ben"]
    ana = support.phone(app, lockup, "Ana")
    ben = support.phone(app, lockup, "Ben", address="192.0.2.51")
    host = page(client, lockup)
    assert forms_to(host, f"/lockup/{lockup}/do/collect") == []
    assert re.search(r"Waiting for (Ana, Ben|Ben, Ana): collect or decline their rewards", support.words(host))
    mine = page(ben, lockup)
    assert f"/lockup/{lockup}/do/collect" in forms_to(mine, f"/lockup/{lockup}/do/")
    assert 'name="seat" value="Ben"' in mine and 'name="declined" value="Ben"' in mine
    assert 'name="declined" value="Ana"' not in mine
    # Ana's phone may not answer for Ben, nor confirm the location for the whole table.
    assert "cannot act for Ben" in support.lockup_do(ana, lockup, "collect", expect=403, seat="Ben")
    assert "cannot act for Ben" in support.lockup_do(ana, lockup, "collect", expect=403)
    support.lockup_do(ana, lockup, "collect", seat="Ana")
    s = support.game_state(app, lockup)
    assert s.resolution.answered == ("Ana",) and not s.resolution.confirmed
    assert "Waiting for Ben: collect or decline their rewards" in support.words(page(ana, lockup))
    # Ben declines, the last one asked: the game confirms and pays out in the same command.
    power = s.seats["Ana"].power
    support.lockup_do(ben, lockup, "collect", seat="Ben", declined="Ben")
    s = support.game_state(app, lockup)
    assert s.seats["Ana"].power == power + 1 and s.resolution.location == "smithy"


def test_lockup_a_tap_that_lost_the_race_is_told_the_table_moved_not_a_field_error(
        app, client, lockup, monkeypatch):
    """Two devices tap Ana's Roll Call at once: the first is recorded; the second's form is then
    parsed against Ben's turn, where a parser that reads the table may name a field (here a
    stand-in parser always does). It is answered 409 "the table has moved on" (the stale error and
    its handler), not 422; a form drawn for the current question still gets its field error."""
    from companion.core.errors import InputError
    from companion.web.gameui.lockup import actions

    def reads_the_table(form, core):
        raise InputError("tiles", "is not one of the choices")

    drawn = form_fields(page(client, lockup), f"/lockup/{lockup}/do/assign")
    support.lockup_do(client, lockup, "assign", seat="Ana", location="smithy", tile=["1"])
    monkeypatch.setitem(actions.PARSERS, "assign", reads_the_table)
    before = seq(app, lockup)
    for form, status in ((drawn, 409), (form_fields(page(client, lockup), f"/lockup/{lockup}/do/assign"), 422)):
        with app.test_request_context(f"/lockup/{lockup}/do/assign", method="POST", data={**form, "seat": "Ana"},
                                      environ_base={"REMOTE_ADDR": "127.0.0.1"}):
            response = app.full_dispatch_request()
        body, answered = response.get_data(as_text=True), response.status_code
        assert answered == status and (MOVED in body) == (status == 409)
    assert seq(app, lockup) == before


# --- Ragami -----------------------------------------------------------------------------------


def ragami(client) -> str:
    data = {"players": ["Ama", "Ver", "Azu"], "colours": ["", "", ""], "start_seat": "0"}
    created = client.post("/ragami/new", data=data)
    assert created.status_code == 303, alerts(created)
    return created.location.rsplit("/", 1)[-1]


def test_ragami_a_phone_ends_only_its_own_turn_and_names_only_itself(app, client):
    game = ragami(client)
    ama = support.phone(app, game, "Ama")
    ver = support.phone(app, game, "Ver", address="192.0.2.51")
    mine = page(ama, game)
    assert 'id="rg-end-turn"' in mine and 'id="rg-pass"' in mine and 'id="rg-waiting"' not in mine
    theirs = page(ver, game)
    assert 'id="rg-end-turn"' not in theirs and 'id="rg-pass"' not in theirs
    assert "Waiting for Ama: their turn" in text(ver.get(f"/games/{game}"))
    # Its own gains only: every player select offers its own name (the host's offers everyone).
    selects = re.findall(r'<select id="rg-[a-z-]+-player" name="player">(.*?)</select>', theirs, re.S)
    assert selects and all(re.findall(r'<option value="([^"]*)"', s) == ["Ver"] for s in selects)
    host = re.findall(r'<select id="rg-gain-player" name="player">(.*?)</select>', page(client, game), re.S)[0]
    assert re.findall(r'<option value="([^"]*)"', host) == ["Ama", "Ver", "Azu"]
    # A forged post for another's turn is refused under the write lock, with the reason.
    before = seq(app, game)
    forged = ver.post(f"/ragami/{game}/end-turn", data=form_fields(mine, f"/ragami/{game}/end-turn"))
    assert forged.status_code == 403 and "This phone plays for Ver: it cannot act for Ama." in alerts(forged)[0]
    assert seq(app, game) == before
    assert ama.post(f"/ragami/{game}/end-turn", data=form_fields(mine, f"/ragami/{game}/end-turn")).status_code == 303
    assert 'id="rg-end-turn"' in page(ver, game)  # now Ver's turn


def test_ragami_a_spectator_sees_no_form(app, client):
    game = ragami(client)
    watcher = support.phone(app, game, None)
    body = page(watcher, game)
    assert forms_to(body, f"/ragami/{game}/") == []
    assert "Waiting for Ama: their turn" in text(watcher.get(f"/games/{game}"))


def test_ragami_two_devices_ending_the_same_turn_record_it_once(app, client):
    """The host and Ama's phone both tap "End Ama's turn": the second finds Ver's turn (409)."""
    game = ragami(client)
    ama = support.phone(app, game, "Ama")
    on_host = form_fields(page(client, game), f"/ragami/{game}/end-turn")
    on_phone = form_fields(page(ama, game), f"/ragami/{game}/end-turn")
    assert on_host["form_target"] == on_phone["form_target"] and "|Ama|" in on_host["form_target"]
    assert client.post(f"/ragami/{game}/end-turn", data=on_host).status_code == 303
    before = seq(app, game)
    late = ama.post(f"/ragami/{game}/end-turn", data=on_phone, headers=HX)
    assert late.status_code == 409 and any(MOVED in a for a in alerts(late))
    assert seq(app, game) == before
    assert "Round 1 · Ver’s turn" in text(client.get(f"/games/{game}"))


# --- Rattus Cartus ----------------------------------------------------------------------------


def rattus(client, rounds_ended: int = 0) -> str:
    data = {"players": ["Rojo", "Azul", "Verde", "", ""], "start_seat": "0"}
    created = client.post("/rattus-cartus/new", data=data)
    assert created.status_code == 303, alerts(created)
    game = created.location.rsplit("/", 1)[-1]
    for _ in range(rounds_ended):
        assert client.post(f"/rattus-cartus/{game}/end-round").status_code == 303
    return game


def test_rattus_cartus_a_phone_ends_only_its_own_turn_RC_G1(app, client):
    game = rattus(client)
    rojo = support.phone(app, game, "Rojo")
    azul = support.phone(app, game, "Azul", address="192.0.2.51")
    assert 'id="rc-end-turn"' in page(rojo, game)
    theirs = page(azul, game)
    # Issue 23 changed this: ending the round is the host's or the last player to act's (nobody yet).
    assert 'id="rc-end-turn"' not in theirs and 'id="rc-end-round"' not in theirs
    assert "Waiting for Rojo: their turn" in text(azul.get(f"/games/{game}"))
    forged = azul.post(f"/rattus-cartus/{game}/end-turn", data=form_fields(page(client, game),
                                                                      f"/rattus-cartus/{game}/end-turn"))
    assert forged.status_code == 403 and "cannot act for Rojo" in alerts(forged)[0]
    watcher = support.phone(app, game, None, address="192.0.2.52")
    assert forms_to(page(watcher, game), f"/rattus-cartus/{game}/") == []


def test_rattus_cartus_two_devices_ending_the_same_turn_record_it_once_RC_G1(app, client):
    game = rattus(client)
    rojo = support.phone(app, game, "Rojo")
    on_host = form_fields(page(client, game), f"/rattus-cartus/{game}/end-turn")
    on_phone = form_fields(page(rojo, game), f"/rattus-cartus/{game}/end-turn")
    assert on_host["form_target"] == on_phone["form_target"] == "round|r1|Rojo|t0"
    assert client.post(f"/rattus-cartus/{game}/end-turn", data=on_host).status_code == 303
    before = seq(app, game)
    late = rojo.post(f"/rattus-cartus/{game}/end-turn", data=on_phone, headers=HX)
    assert late.status_code == 409 and any(MOVED in a for a in alerts(late))
    assert seq(app, game) == before


def test_rattus_cartus_final_entry_a_phone_sees_its_own_forms_and_the_table_s(app, client):
    game = rattus(client, rounds_ended=9)
    azul = support.phone(app, game, "Azul")
    body = page(azul, game)
    tallies = re.findall(r'<input type="hidden" name="player" value="([^"]+)">', body)
    assert sorted(set(tallies)) == ["Azul"]  # its own counts and sum only
    assert "Recorded on the host’s device or on Rojo’s phone." in text(azul.get(f"/games/{game}"))
    urls = forms_to(body, f"/rattus-cartus/{game}/")
    assert f"/rattus-cartus/{game}/record-treasury" in urls and f"/rattus-cartus/{game}/reveal-plague" in urls
    host = re.findall(r'<input type="hidden" name="player" value="([^"]+)">', page(client, game))
    assert sorted(set(host)) == ["Azul", "Rojo", "Verde"]
    watcher = support.phone(app, game, None, address="192.0.2.52")
    assert forms_to(page(watcher, game), f"/rattus-cartus/{game}/") == []


def test_a_rat_sum_entered_meanwhile_makes_the_phone_s_post_a_replacement_refused_under_the_lock_RC_G3(
        app, client, monkeypatch):
    """Two posts of Rojo's sum at the same instant: both pass the checks made before the write
    lock; the one decided second finds a sum already entered and only the host replaces one."""
    from companion.web import seats

    game = rattus(client, rounds_ended=9)
    rojo = support.phone(app, game, "Rojo")
    real, raced = seats.check_may_act, []

    def meanwhile(game_row, command):
        real(game_row, command)
        if not raced:  # the other post lands between this one's checks and its write
            raced.append(True)
            assert rojo.post(f"/rattus-cartus/{game}/record-rats",
                             data={"player": "Rojo", "rats": "5", "key": "first"}).status_code == 303

    monkeypatch.setattr(seats, "check_may_act", meanwhile)
    second = rojo.post(f"/rattus-cartus/{game}/record-rats", data={"player": "Rojo", "rats": "6", "key": "second"})
    assert raced and second.status_code == 403
    assert "only the host can replace it" in alerts(second)[0]
    assert support.game_state(app, game).rats[0] == 5
    # The same post sent again is answered as the first time (a replay is no replacement).
    again = rojo.post(f"/rattus-cartus/{game}/record-rats", data={"player": "Rojo", "rats": "5", "key": "first"})
    assert again.status_code == 303 and support.game_state(app, game).rats[0] == 5
