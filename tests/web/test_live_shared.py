"""The live poll's shared panels (issue 21 (c), a club's server): after a move, the devices of a
table that are shown the same thing share one render of the fresh panel, each with its own secrets
(CSRF token, the forms' idempotency key), and a seat's private view (ruling I-16) never reaches a
device with another view, whichever device asks first.

The crew tiles are made up (2, 7391, 8462, 9573: not a real box's values), every card and name too.
"""

from __future__ import annotations

import re

import pytest
import support
from itsdangerous import URLSafeTimedSerializer
from support import HX, setups

from companion.web import live

TILES = [2, 7391, 8462, 9573]
SECRET = "9573 (face down)"  # Ana's face-down tile as her own phone shows it


@pytest.fixture
def game(app, client):
    setup = setups.lockup_table(letters=True, crew_tiles=TILES)
    return setups.start_lockup(app, setup, "Shared panels", "shared-setup", {"crew_tiles": TILES})


@pytest.fixture
def renders(monkeypatch):
    """The panels the poll really renders (the others come from the shared ones)."""
    done: list[str] = []
    real = live.render_game

    def counted(game, **options):
        done.append(game["id"])
        return real(game, **options)

    monkeypatch.setattr(live, "render_game", counted)
    return done


def polled(device, game_id: str) -> str:
    answer = device.get(f"/games/{game_id}/poll?seen=0", headers=HX)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def without_secrets(body: str) -> str:
    """``body`` with its CSRF tokens and form keys (16 characters of base64 before a suffix) blanked."""
    body = re.sub(r'name="csrf_token" value="[^"]+"', "", body)
    return re.sub(r"[A-Za-z0-9_-]{16}(?=-)", "", body)


def csrf_secret(device) -> str:
    with device.session_transaction() as session:
        return session["csrf_token"]


def test_watchers_share_one_render_each_with_its_own_csrf_token_and_form_key(app, game, renders):
    watchers = [support.phone(app, game, None, address=f"192.0.2.{n}") for n in (61, 62, 63)]
    answers = [polled(w, game) for w in watchers]
    assert len(renders) == 1  # one render for three devices with the same view
    assert len({without_secrets(body) for body in answers}) == 1  # the same panel, each with its secrets
    signer = URLSafeTimedSerializer(app.secret_key, salt="wtf-csrf-token")
    for device, body in zip(watchers, answers, strict=True):
        tokens = set(re.findall(r'name="csrf_token" value="([^"]+)"', body))
        assert tokens and all(signer.loads(t) == csrf_secret(device) for t in tokens)  # this device's own
        assert "\x00" not in body  # no stand-in left
    assert len({csrf_secret(w) for w in watchers}) == 3


def test_the_host_screens_share_a_render_but_never_a_form_key(app, client, game, renders):
    other_screen = app.test_client()  # a second browser on the host's machine: the host too
    first, second = polled(client, game), polled(other_screen, game)
    assert len(renders) == 1
    keys = [set(re.findall(r'name="key" value="([^"]+)"', body)) for body in (first, second)]
    assert keys[0] and keys[1] and not keys[0] & keys[1]  # a double tap's key is one device's alone


def test_a_seat_phone_s_private_view_never_reaches_another_device_through_the_shared_panels(app, client, game,
                                                                                           renders):
    ana = support.phone(app, game, "Ana")
    ben = support.phone(app, game, "Ben", address="192.0.2.51")
    watcher = support.phone(app, game, None, address="192.0.2.52")
    support.lockup_do(ana, game, "assign", seat="Ana", location="smithy", tile=["lookout", "9573"], down=["9573"])
    assert SECRET in polled(ana, game)  # Ana's phone asks first: her view is rendered (and kept) first
    for device in (ben, watcher, client, ana):
        body = polled(device, game)
        assert (SECRET in body) == (device is ana)
    assert len(renders) == 4  # Ana, Ben, the watcher, the host: four views; Ana's second poll shares
    assert SECRET in polled(ana, game) and SECRET not in polled(watcher, game)
    assert len(renders) == 4


def test_a_move_or_a_seat_change_is_a_new_render(app, client, game, renders):
    polled(client, game)
    polled(client, game)
    assert len(renders) == 1
    support.lockup_do(client, game, "assign", seat="Ana", location="sewers", tile="2")
    polled(client, game)
    assert len(renders) == 2
    support.phone(app, game, "Ben")
    assert "Ben" in polled(client, game) and len(renders) == 3
    assert len(app.extensions["live_panels"].keys()) == 1  # one view (the host's), its latest render only
