"""Private entry on a seat's own phone (issue 12, ruling I-16): a Lockup seat device names its
face-down tiles when it places them; no other device, page, fragment, poll answer, history or
export shows them before Lights Out reveals the location, and Lights Out then asks that seat
nothing. Its holding cell is shown on its own phone only. Rattus Cartus rat sums are typed on the
player's own phone and only the host replaces one (RC-G3). A reveal is never undone.

The crew tiles are made up (2, 7391, 8462, 9573: not a real box's values) so each can be searched
for; every card and name is made up for the test.
"""

from __future__ import annotations

import re

import pytest
import support
from support import HX, alerts, seq, setups, text

from companion.games.lockup.engine import pending

TILES = [2, 7391, 8462, 9573]
SETUP = setups.lockup_table(letters=True, crew_tiles=TILES, ask=True)  # asked at fixed rewards (L-LO6)
SECRET = "9573 (face down)"  # how a face-down tile with its value would be shown
ANA_CELL = re.compile(r"Holding cell: [A-Za-z0-9]")  # a holding cell listed tile by tile


@pytest.fixture
def game(app, client):
    return setups.start_lockup(app, SETUP, "Private entry", "setup-key", {"crew_tiles": TILES})


state = support.game_state


def responses(device, game_id: str) -> dict[str, str]:
    """Every page, fragment and poll answer a device loads for the game."""
    last = seq_of(device, game_id)
    out = {
        "page": device.get(f"/games/{game_id}").get_data(as_text=True),
        "fragment": device.get(f"/games/{game_id}", headers=HX).get_data(as_text=True),
        "history": device.get(f"/games/{game_id}/history").get_data(as_text=True),
        "seats": device.get(f"/games/{game_id}/seats").get_data(as_text=True),
        "poll": device.get(f"/games/{game_id}/poll?seen=0", headers=HX).get_data(as_text=True),
        "poll now": device.get(f"/games/{game_id}/poll?seen={last}", headers=HX).get_data(as_text=True),
        "url seat": device.get(f"/games/{game_id}?seat=Ana").get_data(as_text=True),
    }
    assert device.get(f"/games/{game_id}/export.jsonl").status_code == 403
    return out


def seq_of(device, game_id: str) -> int:
    found = re.search(r'data-seq="(\d+)"', device.get(f"/games/{game_id}").get_data(as_text=True))
    return int(found.group(1)) if found else 0


def test_a_seat_phone_names_its_face_down_tile_and_nobody_else_sees_it_I_16(app, client, game):
    ana = support.phone(app, game, "Ana")
    ben = support.phone(app, game, "Ben", address="192.0.2.51")
    watcher = support.phone(app, game, None, address="192.0.2.52")
    own = ana.get(f"/games/{game}").get_data(as_text=True)
    cell = own[own.index('id="holding-cell"'): own.index('id="rollcall-locations"')]
    assert 'name="down" value="9573"' in cell and 'name="face_down"' not in cell  # values, not a count
    shared = client.get(f"/games/{game}").get_data(as_text=True)  # Ana's turn: her phone's, not the host's
    assert 'name="face_down"' not in shared and "Waiting for Ana: assign tiles" in support.words(shared)

    support.lockup_do(ana, game, "assign", seat="Ana", location="smithy", tile=["lookout", "9573"], down=["9573"])
    assert [(p.tile, p.face_up) for p in state(app, game).placements["smithy"]] == [("lookout", True), (9573, False)]
    assert SECRET in ana.get(f"/games/{game}").get_data(as_text=True)  # her own phone shows it
    assert ANA_CELL.search(ana.get(f"/games/{game}").get_data(as_text=True))
    for name, device in (("host", client), ("Ben", ben), ("watcher", watcher)):
        for what, body in responses(device, game).items():
            assert SECRET not in body, (name, what)
            assert "Holding cell: enforcer" not in body.replace("Enforcer", "enforcer"), (name, what)

    support.lockup_do(ben, game, "assign", seat="Ben", location="smithy", tile=["2"])
    shared = client.get(f"/games/{game}").get_data(as_text=True)  # Cleo's turn: no phone holds her seat
    assert 'name="down"' not in shared and 'name="face_down"' in shared  # the host's shared phone counts
    support.lockup_do(client, game, "assign", seat="Cleo", location="sewers", tile=["enforcer"], face_down="1")
    support.lockup_do(ana, game, "pass", seat="Ana")
    support.lockup_do(ben, game, "pass", seat="Ben")
    support.lockup_do(client, game, "pass", seat="Cleo")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Cleo, reveal your face-down tile here" in page  # the shared flow still asks at the reveal
    support.lockup_do(client, game, "reveal", seat="Cleo", tile=["8462"])
    assert pending(state(app, game)).location == "sewers"
    support.lockup_do(client, game, "collect")  # Cleo's rewards; next comes the Smithy
    waiting, s = pending(state(app, game)), state(app, game)
    assert waiting.kind == "confirm-rewards" and waiting.location == "smithy"  # nothing asked of Ana (L-LO1)
    assert s.resolution.tiles["Ana"] == ("lookout", 9573) and s.resolution.ranking == ("Ana", "Ben")
    assert "Ana, reveal your face-down tile here" not in client.get(f"/games/{game}").get_data(as_text=True)


def test_a_seat_phone_cannot_play_another_seat_s_turn(app, client, game):
    ben = support.phone(app, game, "Ben")
    refused = support.lockup_do(ben, game, "assign", expect=403, seat="Ana", location="smithy", tile=["2"])
    assert "This phone plays for Ben: it cannot act for Ana." in refused
    assert state(app, game).seq == 1


def reveal_anas_tile(app, client, game) -> None:
    """Ana's face-down tile at the Sewers, revealed by Lights Out (through the host's phone)."""
    support.lockup_do(client, game, "assign", seat="Ana", location="sewers", tile=["lookout"], face_down="1")
    for name in ("Ben", "Cleo", "Ana"):
        support.lockup_do(client, game, "pass", seat=name)
    answer = client.post(f"/lockup/{game}/do/reveal", data={"seat": "Ana", "tile": ["9573"]})
    assert answer.status_code == 303, (alerts(answer), pending(state(app, game)))


def test_a_reveal_is_never_undone(app, client, game):
    reveal_anas_tile(app, client, game)
    before = state(app, game).seq
    refused = client.post(f"/games/{game}/undo")
    assert refused.status_code == 403 and "revealed hidden information" in alerts(refused)[0]
    assert client.post(f"/games/{game}/undo", data={"confirm": "anything"}).status_code == 403
    assert state(app, game).seq == before and 9573 in state(app, game).resolution.tiles["Ana"]


def test_a_reveal_is_judged_once_as_it_is_recorded_and_again_by_a_restarted_server(app, client, game, monkeypatch):
    """Whether Undo may be shown is answered when the command is recorded, against the state its
    decision saw: no page folds the game again to ask (issue 21 (a)); a server that did not record
    it (restarted) still refuses, folding once."""
    from companion.web import seats
    from companion.web.lru import LRU

    folds = []
    real = seats._fold_revealed
    monkeypatch.setattr(seats, "_fold_revealed", lambda *args: folds.append(args) or real(*args))
    reveal_anas_tile(app, client, game)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert client.post(f"/games/{game}/undo").status_code == 403 and folds == []
    app.extensions["undo_reveals"] = LRU(512)  # what a restarted server knows
    assert client.get(f"/games/{game}").get_data(as_text=True).count("/undo") == page.count("/undo")
    refused = client.post(f"/games/{game}/undo")
    assert refused.status_code == 403 and "revealed hidden information" in alerts(refused)[0] and len(folds) == 1


# --- Rattus Cartus: rat sums on the player's own phone (RC-G3) -------------------------------------


def rc_game(client) -> str:
    data = {"players": ["Rojo", "Azul", "Verde", "", ""], "start_seat": "0"}
    started = client.post("/rattus-cartus/new", data=data)
    game_id = started.location.rsplit("/", 1)[-1]
    for _ in range(9):
        client.post(f"/rattus-cartus/{game_id}/end-round")
    return game_id


def rats(device, game_id: str, player: str, value: int, **headers):
    return device.post(f"/rattus-cartus/{game_id}/record-rats", data={"player": player, "rats": str(value)},
                       headers=headers or {})


def test_rat_sums_are_typed_on_the_own_phone_and_replaced_by_the_host_only_RC_G3(app, client):
    game_id = rc_game(client)
    rojo = support.phone(app, game_id, "Rojo")
    azul = support.phone(app, game_id, "Azul", address="192.0.2.51")
    page = rojo.get(f"/games/{game_id}").get_data(as_text=True)
    assert len(re.findall(r'name="rats"', page)) == 1  # her own sum only
    assert rats(rojo, game_id, "Rojo", 4817).status_code == 303
    assert "your sum: 4817" in text(rojo.get(f"/games/{game_id}"))
    for device in (azul, client):
        for body in responses(device, game_id).values():
            assert "4817" not in body
    overwrite = rats(azul, game_id, "Rojo", 1)
    assert overwrite.status_code == 403 and "cannot act for Rojo" in alerts(overwrite)[0]
    again = rats(rojo, game_id, "Rojo", 2)
    assert again.status_code == 403 and "only the host can replace it" in alerts(again)[0]
    assert rats(client, game_id, "Rojo", 3).status_code == 303  # the host may replace one
    assert "your sum: 3" in text(rojo.get(f"/games/{game_id}"))


def test_the_plague_reveal_is_never_undone_RC_F7(app, client):
    game_id = rc_game(client)
    for name, value, influence in (("Rojo", 1, "church"), ("Azul", 2, "sorcery"), ("Verde", 3, "royalty")):
        rats(client, game_id, name, value)
        client.post(f"/rattus-cartus/{game_id}/record-tally", data={"player": name, influence: "1"})
    client.post(f"/rattus-cartus/{game_id}/record-treasury", data={"used": "no"})
    revealed = client.post(f"/rattus-cartus/{game_id}/reveal-plague", data={"nuns": "2"})
    if revealed.status_code != 303:
        pytest.fail(f"the plague reveal was not recorded: {alerts(revealed)}")
    before = seq(app, game_id)
    refused = client.post(f"/games/{game_id}/undo")
    assert refused.status_code == 403 and "revealed hidden information" in alerts(refused)[0]
    assert seq(app, game_id) == before


def test_the_undo_confirmation_names_the_lockup_action_and_a_seat_undoes_its_own(app, client, game):
    ana = support.phone(app, game, "Ana")
    support.lockup_do(ana, game, "assign", seat="Ana", location="smithy", tile=["2"])
    asked = client.post(f"/games/{game}/undo")
    assert "Undo: Ana assigns tile 2 to the Smithy" in text(asked)
    ben = support.phone(app, game, "Ben", address="192.0.2.51")
    assert ben.post(f"/games/{game}/undo").status_code == 403  # not Ben's action
    assert support.undo(ana, game).status_code == 303 and state(app, game).turn == "Ana"
