"""The app's write path (companion/web/play.py): a command's events and its status projection commit
together (issue 10, item 3). Uses the made-up test game "Tally" of tests/conftest.py: a player
reaching 10 points finishes it."""

from __future__ import annotations

import pytest
import support

from companion.web import get_store


class Boom(Exception):
    """The injected fault."""


def start(app) -> str:
    with app.app_context():
        from companion.web import play

        return play.start("test-tally", {"players": ["Ana", "Ben"]}, "Tally night", "k0")


def row(app, game_id: str) -> dict:
    with app.app_context():
        return get_store().game(game_id)


def crash(*_args):
    raise Boom("the process dies after the events and the status were written, before COMMIT")


def test_a_crash_between_the_events_and_the_status_leaves_neither(app, client, monkeypatch):
    """The status is written with the game row's seq (one statement, issue 21); a crash in the
    projections after it, before COMMIT, leaves neither the events nor the status."""
    from companion.web import play

    game_id = start(app)
    monkeypatch.setattr(play, "STATE_PROJECTIONS", [crash])
    with pytest.raises(Boom):
        client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "10", "key": "win"})
    assert row(app, game_id)["last_seq"] == 1 and row(app, game_id)["status"] == "active"
    monkeypatch.undo()
    again = client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "10", "key": "win"})
    assert again.status_code == 303
    assert row(app, game_id)["last_seq"] == 2 and row(app, game_id)["status"] == "finished"


def test_undo_and_redo_move_the_status_with_their_marker(app, client, monkeypatch):
    game_id = start(app)
    client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "10", "key": "win"})
    support.undo(client, game_id, "undo", key="u1")
    assert row(app, game_id)["status"] == "active"
    from companion.web import play

    monkeypatch.setattr(play, "STATE_PROJECTIONS", [crash])
    with pytest.raises(Boom):
        support.undo(client, game_id, "redo", key="r1")
    assert row(app, game_id)["last_seq"] == 3 and row(app, game_id)["status"] == "active"
    monkeypatch.undo()
    support.undo(client, game_id, "redo", key="r1")
    assert row(app, game_id)["last_seq"] == 4 and row(app, game_id)["status"] == "finished"


def test_a_game_is_started_with_its_status(app):
    with app.app_context():
        from companion.web import play

        game_id = play.start("test-tally", {"players": ["Ana"]}, "Solo tally", "k-solo")
        assert get_store().game(game_id)["status"] == "active"
