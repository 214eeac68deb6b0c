"""Double taps (issue 20): a post repeated with the same idempotency key gets the first answer,
whatever the table has become since. The copy of a double-tapped "Yes, undo it" used to be judged
against the table its first copy left, and was answered with a question to undo the *next*
command (which htmx showed).

Each test sends the same post twice, one after the other (the worst case: the first copy has
committed before the second is read). Uses the made-up "Tally" test game of conftest and made-up
Lockup cards (tests/web/test_stale_actions.py's set-up), not real ones.
"""

from __future__ import annotations

import pytest
import support
from support import HX, confirm_value, form_fields, seq, setups, text

from companion.web import get_store, play

SETUP = setups.lockup_table(ask=True)  # the made-up table of tests/web/test_stale_actions.py


def tally(app) -> str:
    with app.test_request_context():
        return play.start("test-tally", {"players": ["Ana", "Ben", "Cleo"]}, "Made-up tally", "tap-key")


def add(client, game_id: str, player: str, points: int = 1) -> None:
    assert client.post(f"/test-tally/{game_id}/add", data={"player": player, "points": str(points)}).status_code == 303


def markers(app, game_id: str) -> list[str]:
    with app.app_context():
        return [r.type for r in get_store().events(game_id) if r.type in ("command-undone", "command-redone")]


def confirmed_form(client, game_id: str, which: str, headers: dict) -> dict:
    """What the confirmation page's "Yes" button posts (its hidden fields)."""
    asked = client.post(f"/games/{game_id}/{which}", headers=headers)
    assert asked.status_code == 200 and confirm_value(asked)
    return form_fields(asked.get_data(as_text=True), f"/games/{game_id}/{which}")


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_double_tapped_yes_undo_it_undoes_once_and_answers_alike(app, client, headers):
    game_id = tally(app)
    add(client, game_id, "Ana")
    add(client, game_id, "Ben")
    form = confirmed_form(client, game_id, "undo", headers)
    first = client.post(f"/games/{game_id}/undo", data=form, headers=headers)
    second = client.post(f"/games/{game_id}/undo", data=form, headers=headers)
    assert markers(app, game_id) == ["command-undone"]  # Ben's action only; Ana's stays
    assert (first.status_code, second.status_code) == ((200, 200) if headers else (303, 303))
    assert first.headers.get("Location") == second.headers.get("Location")
    assert confirm_value(second) is None and "Undo:" not in text(second)  # no question about Ana's action
    with app.app_context():
        assert play.load(get_store().game(game_id)).state.scores == {"Ana": 1, "Ben": 0, "Cleo": 0}


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_double_tapped_yes_redo_it_redoes_once_and_answers_alike(app, client, headers):
    game_id = tally(app)
    add(client, game_id, "Ana")
    add(client, game_id, "Ben")
    support.undo(client, game_id)
    support.undo(client, game_id)
    form = confirmed_form(client, game_id, "redo", headers)
    first = client.post(f"/games/{game_id}/redo", data=form, headers=headers)
    second = client.post(f"/games/{game_id}/redo", data=form, headers=headers)
    assert markers(app, game_id) == ["command-undone", "command-undone", "command-redone"]
    assert first.status_code == second.status_code and confirm_value(second) is None
    assert "Redo:" not in text(second)


def test_a_repeated_undo_keeps_its_next_page(app, client):
    game_id = tally(app)
    add(client, game_id, "Ana")
    add(client, game_id, "Ben")
    history = f"/games/{game_id}/history"
    asked = client.post(f"/games/{game_id}/undo", data={"next": history})
    form = {**form_fields(asked.get_data(as_text=True), f"/games/{game_id}/undo")}
    answers = [client.post(f"/games/{game_id}/undo", data=form) for _ in range(2)]
    assert [a.headers["Location"] for a in answers] == [history, history]


def test_a_key_reused_for_the_other_marker_is_still_judged(app, client):
    """The key names one request: the same key posted to redo is not the undo's copy."""
    game_id = tally(app)
    add(client, game_id, "Ana")
    form = confirmed_form(client, game_id, "undo", {})
    client.post(f"/games/{game_id}/undo", data=form)
    other = client.post(f"/games/{game_id}/redo", data=form)
    assert other.status_code == 409 and "changed the game meanwhile" in text(other)  # not answered as done
    assert markers(app, game_id) == ["command-undone"]


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_double_tapped_lockup_confirmation_records_once_and_answers_alike(app, client, headers):
    """Lights Out asks the table to confirm the rewards (L-LO6): the copy of that confirmed step
    gets the first answer, not a refusal judged against the next question."""
    support.store_profile(app)
    with app.test_request_context():
        game_id = play.start("lockup", SETUP, "Double tap", "tap-setup")
    setups.to_lights_out(client, game_id)
    drawn = form_fields(client.get(f"/games/{game_id}").get_data(as_text=True), f"/lockup/{game_id}/do/collect")
    url = f"/lockup/{game_id}/do/collect"
    first = client.post(url, data=drawn, headers=headers)
    after = seq(app, game_id)
    second = client.post(url, data=drawn, headers=headers)
    assert seq(app, game_id) == after
    assert first.status_code == second.status_code and first.status_code in (200, 303)
    assert first.headers.get("Location") == second.headers.get("Location")
    assert support.alerts(second) == []  # neither "moved on" nor a field error


def test_a_double_tapped_rattus_cartus_step_answers_alike(app, client):
    with app.test_request_context():
        game_id = play.start("rattus-cartus", {"players": ["Ana", "Ben"]}, "Made-up night", "tap-rc")
    form = {"key": "tap-end-round-1"}
    first = client.post(f"/rattus-cartus/{game_id}/end-round", data=form)
    second = client.post(f"/rattus-cartus/{game_id}/end-round", data=form)
    assert (first.status_code, second.status_code) == (303, 303)
    assert seq(app, game_id) == 2


def both_at_once(app, url: str, form: dict, headers: dict) -> list:
    """The same post sent twice at the same instant (a thread and a connection each); the answers."""
    import threading

    start, answers = threading.Barrier(2), [None, None]

    def tap(i: int) -> None:
        start.wait()
        answers[i] = app.test_client().post(url, data=form, headers=headers)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_simultaneous_copies_of_yes_undo_it_undo_once_and_answer_alike(app, client, headers):
    """The two copies of a double tap sent at the same instant (one thread each), ten times over:
    whichever is read first, neither is answered with a question about the next command."""
    game_id = tally(app)
    for trial in range(10):
        add(client, game_id, "Ana")
        add(client, game_id, "Ben")
        answers = both_at_once(app, f"/games/{game_id}/undo", confirmed_form(client, game_id, "undo", headers),
                               headers)
        assert len(markers(app, game_id)) == trial + 1
        assert [a.status_code for a in answers] == ([200, 200] if headers else [303, 303]), trial
        assert [confirm_value(a) for a in answers] == [None, None], trial
