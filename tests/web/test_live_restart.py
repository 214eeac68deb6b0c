"""Restart (issue 12): the host process stops and a new one starts on the same instance folder; a
phone carries on with the cookies it has (signed by the instance's persistent secret key) and the
seat it holds (kept in the database), and still acts for its own seat only. The browser test
(tests/browser/test_table_live_browser.py) does the same with ``kill -9`` of ``companion serve``.

Every card here is made up for the test, not a real Lockup card.
"""

from __future__ import annotations

import support
from support import setups

from companion import create_app

SETUP = setups.lockup_table()


def app_on(folder):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(folder), "WTF_CSRF_ENABLED": False})


def moved_to(app, device, cookies: dict[str, str]):
    """The same phone (its address and cookies) talking to ``app``."""
    other = app.test_client()
    other.environ_base.update(device.environ_base)
    for name, value in cookies.items():
        other.set_cookie(name, value, domain="localhost")
    return other


def cookies_of(device) -> dict[str, str]:
    return {name: device.get_cookie(name).value for name in ("session",) if device.get_cookie(name)}


def test_a_phone_keeps_its_game_and_seat_across_a_restart_of_the_host(tmp_path):
    folder = tmp_path / "instance"
    first = app_on(folder)
    game = setups.start_lockup(first, SETUP, "Restart test", "restart-setup")
    ben = support.phone(first, game, "Ben")
    host = first.test_client()
    support.lockup_do(host, game, "assign", seat="Ana", location="sewers", tile="3")
    kept = cookies_of(ben)
    assert kept, "the phone holds a session cookie"

    second = app_on(folder)  # a new process on the same folder: same secret key, same database
    ben_again = moved_to(second, ben, kept)
    page = ben_again.get(f"/games/{game}")
    assert page.status_code == 200 and "This phone plays for Ben." in support.text(page)
    refused = ben_again.post(f"/lockup/{game}/do/pass", data={"seat": "Cleo"})
    assert refused.status_code == 403  # still Ben's phone only
    support.lockup_do(ben_again, game, "assign", seat="Ben", location="smithy", tile="2")
    assert support.game_state(second, game).turn == "Cleo"
    stranger = second.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.0.2.77"
    assert stranger.get(f"/games/{game}").status_code == 404  # no cookie, no game
