"""Every refusal shown, impossible actions hidden, seats by player (issue 23).

- htmx swaps 403 answers (not this device's to do) like 409/422: the panel with the reason;
- Undo and Redo are drawn only on a device that may use them (the rule undo itself checks);
- ending a Rattus Cartus or Ragami round asks first (a <details>, no JavaScript needed) and is
  allowed to the host and to the last player to act only (403 in words elsewhere, RC-G1, RG-T3);
- releasing a seat asks first; a phone names itself and the host sees "Ana — Ana's Pixel"; a
  request for a held seat is a banner at the top of the host's page.

Made-up player names; the "Tally" test game of conftest for the undo rules.
"""

from __future__ import annotations

import json
import re

import support
from support import HX, alerts, seq, text

from companion.web import get_store

ORDER = "Only the host, or the player whose action it was, can undo or redo it."
END = "Only the host, or the last player to act, can end the round."


def tally(app) -> str:
    from companion.web import play

    with app.test_request_context():
        return play.start("test-tally", {"players": ["Ana", "Ben", "Cleo"]}, "Made-up tally", "tally-key")


def add(device, game_id: str, player: str):
    return device.post(f"/test-tally/{game_id}/add", data={"player": player, "points": "1"})


def toolbar(device, game_id: str) -> set[str]:
    """Which of Undo and Redo the device's page draws (enabled or not)."""
    page = device.get(f"/games/{game_id}").get_data(as_text=True)
    return {which for which in ("undo", "redo") if f'<form id="{which}"' in page}


# --- htmx swaps every refusal -----------------------------------------------------------------


def test_htmx_swaps_403_answers_and_the_other_refusals_too(client):
    page = client.get("/").get_data(as_text=True)
    config = json.loads(re.search(r'name="htmx-config" content=\'([^\']*)\'', page).group(1))
    swapped = {rule["code"]: rule["swap"] for rule in config["responseHandling"]}
    assert swapped["403"] is True and swapped["409"] is True and swapped["422"] is True
    assert swapped["4.."] is True and swapped["5.."] is False  # an error notice retargets #main


def test_a_refused_undo_by_htmx_is_the_panel_with_the_reason_in_its_alert(app, client):
    game_id = tally(app)
    ana = support.phone(app, game_id, "Ana")
    add(client, game_id, "Ben")
    refused = ana.post(f"/games/{game_id}/undo", headers=HX)
    body = refused.get_data(as_text=True)
    assert refused.status_code == 403 and 'id="game-panel"' in body and ORDER in alerts(refused)
    assert seq(app, game_id) == 2


# --- Undo and Redo only where the device may use them ----------------------------------------


def test_undo_and_redo_are_drawn_only_on_a_device_that_may_use_them(app, client):
    game_id = tally(app)
    ana = support.phone(app, game_id, "Ana")
    ben = support.phone(app, game_id, "Ben", address="192.0.2.51")
    watcher = support.phone(app, game_id, None, address="192.0.2.52")
    assert toolbar(client, game_id) == toolbar(ana, game_id) == {"undo", "redo"}  # nothing to step to: disabled
    add(ana, game_id, "Ana")
    assert toolbar(ana, game_id) == {"undo", "redo"} and toolbar(ben, game_id) == {"redo"}
    assert toolbar(client, game_id) == {"undo", "redo"} and toolbar(watcher, game_id) == set()
    assert support.undo(ana, game_id).status_code == 303
    assert toolbar(ana, game_id) == {"undo", "redo"} and toolbar(ben, game_id) == {"undo"}  # Ana's to redo
    assert ben.post(f"/games/{game_id}/redo").status_code == 403  # the server's rule, the same one


def test_a_revealing_action_shows_no_undo_anywhere_RC_F7(app, client):
    game_id = rc_game(client, rounds_ended=9)
    for name, value, influence in (("Rojo", 1, "church"), ("Azul", 2, "sorcery"), ("Verde", 3, "royalty")):
        client.post(f"/rattus-cartus/{game_id}/record-rats", data={"player": name, "rats": str(value)})
        client.post(f"/rattus-cartus/{game_id}/record-tally", data={"player": name, influence: "1"})
    client.post(f"/rattus-cartus/{game_id}/record-treasury", data={"used": "no"})
    assert client.post(f"/rattus-cartus/{game_id}/reveal-plague", data={"nuns": "2"}).status_code == 303
    assert "undo" not in toolbar(client, game_id)
    refused = client.post(f"/games/{game_id}/undo", headers=HX)  # a page drawn before: the reason in words
    assert refused.status_code == 403 and "revealed hidden information" in alerts(refused)[0]


# --- ending a round: asks first, the host or the last player to act ---------------------------


def rc_game(client, rounds_ended: int = 0) -> str:
    started = client.post("/rattus-cartus/new", data={"players": ["Rojo", "Azul", "Verde", "", ""],
                                                      "start_seat": "0"})
    game_id = started.location.rsplit("/", 1)[-1]
    for _ in range(rounds_ended):
        assert client.post(f"/rattus-cartus/{game_id}/end-round").status_code == 303
    return game_id


def asks_first(page: str, form_id: str) -> bool:
    """The end of the round sits inside a closed <details>: its summary opens the question."""
    return bool(re.search(rf'<details class="[^"]*confirm-step" id="{form_id}-ask">\s*<summary', page)) \
        and f'id="{form_id}-yes"' in page


def test_rc_the_last_player_to_act_or_the_host_ends_the_round_RC_G1(app, client):
    game_id = rc_game(client)
    rojo = support.phone(app, game_id, "Rojo")
    azul = support.phone(app, game_id, "Azul", address="192.0.2.51")
    assert asks_first(client.get(f"/games/{game_id}").get_data(as_text=True), "rc-end-round")
    assert 'id="rc-end-round' not in rojo.get(f"/games/{game_id}").get_data(as_text=True)  # nobody acted yet
    assert rojo.post(f"/rattus-cartus/{game_id}/end-turn").status_code == 303  # Rojo acted last
    assert asks_first(rojo.get(f"/games/{game_id}").get_data(as_text=True), "rc-end-round")
    assert 'id="rc-end-round' not in azul.get(f"/games/{game_id}").get_data(as_text=True)
    before = seq(app, game_id)
    refused = azul.post(f"/rattus-cartus/{game_id}/end-round", headers=HX)
    assert refused.status_code == 403 and END in alerts(refused) and seq(app, game_id) == before
    assert rojo.post(f"/rattus-cartus/{game_id}/end-round").status_code == 303
    assert support.game_state(app, game_id).round == 2
    # The round's end names nobody: the next round's first ending is the host's until someone acts.
    assert rojo.post(f"/rattus-cartus/{game_id}/end-round").status_code == 403
    assert client.post(f"/rattus-cartus/{game_id}/end-round").status_code == 303


def test_ragami_the_last_to_pass_or_the_host_ends_the_round_RG_T3(app, client):
    started = client.post("/ragami/new", data={"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    game_id = started.location.rsplit("/", 1)[-1]
    ama = support.phone(app, game_id, "Ama")
    ver = support.phone(app, game_id, "Ver", address="192.0.2.51")
    assert ama.post(f"/ragami/{game_id}/end-turn", data={"passed": "yes"}).status_code == 303
    assert ver.post(f"/ragami/{game_id}/end-turn", data={"passed": "yes"}).status_code == 303
    waiting = ama.get(f"/games/{game_id}")
    assert 'id="rg-end-round-form' not in waiting.get_data(as_text=True)
    assert "The host, or the last player to act, ends the round." in text(waiting)
    assert asks_first(ver.get(f"/games/{game_id}").get_data(as_text=True), "rg-end-round-form")
    assert asks_first(client.get(f"/games/{game_id}").get_data(as_text=True), "rg-end-round-form")
    refused = ama.post(f"/ragami/{game_id}/end-round")
    assert refused.status_code == 403 and END in alerts(refused)
    assert ver.post(f"/ragami/{game_id}/end-round").status_code == 303
    assert support.game_state(app, game_id).round == 2


# --- seats: release asks first, phones by name, the request banner on top ---------------------


def test_release_asks_first_inside_a_details(app, client):
    game_id = tally(app)
    support.phone(app, game_id, "Ana")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    fold = re.search(r'<details class="inline confirm-step" id="release-1">(.*?)</details>', page, re.S).group(1)
    assert 'aria-label="Release seat Ana"' in fold and 'action="/games/' in fold and "Yes, release it" in fold


def test_a_phone_names_itself_and_the_host_sees_the_player_and_the_phone(app, client):
    game_id = tally(app)
    ana = support.phone(app, game_id, "Ana")
    assert ana.post(f"/games/{game_id}/seats/label", data={"label": "  Ana’s   Pixel "}).status_code == 303
    assert "Ana — Ana’s Pixel" in text(client.get(f"/games/{game_id}"))
    assert 'value="Ana’s Pixel"' in ana.get(f"/games/{game_id}").get_data(as_text=True)
    too_long = ana.post(f"/games/{game_id}/seats/label", data={"label": "x" * 41}, headers=HX)
    assert too_long.status_code == 422 and "Phone name: at most 40 characters." in alerts(too_long)
    odd = ana.post(f"/games/{game_id}/seats/label", data={"label": "Pixel\u0000"})
    assert odd.status_code == 422 and alerts(odd)[0].startswith("Phone name:")
    assert ana.post(f"/games/{game_id}/seats/label", data={"label": ""}).status_code == 303  # forgets it
    assert "Ana — phone " in text(client.get(f"/games/{game_id}"))


def test_a_seat_request_is_a_banner_at_the_top_of_the_host_s_page(app, client):
    game_id = tally(app)
    support.phone(app, game_id, "Ana")
    new_phone = support.phone(app, game_id, None, address="192.0.2.51")
    new_phone.post(f"/games/{game_id}/seats/label", data={"label": "Ana’s new phone"})
    assert new_phone.post(f"/games/{game_id}/seats/request", data={"seat": "Ana"}).status_code == 303
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    banner, panel, seats = (page.index(m) for m in ('id="seat-requests"', 'id="game-panel"', 'id="seats"'))
    assert banner < panel < seats
    assert "For Ana’s seat: Ana’s new phone says it is theirs." in support.words(page)
    assert 'aria-label="Approve Ana"' in page and 'aria-label="Refuse Ana"' in page
    fragment = client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)
    assert '<div id="seat-banner" role="status" hx-swap-oob="morph">' in fragment  # live: out of band
    with app.app_context():
        device = get_store().seat_requests(game_id)[0]["device_id"]
    assert device not in page and device not in fragment  # a credential never goes out
    assert "seat-requests" not in new_phone.get(f"/games/{game_id}").get_data(as_text=True)
