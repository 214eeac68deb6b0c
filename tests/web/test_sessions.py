"""The session cookie checked once per value (issue 21 (c)): what a later request with the same
cookie gets is what the cookie holds, whatever an earlier request did with its copy; a cookie past
the session's lifetime and a tampered one hold nothing, cached or not."""

from __future__ import annotations

from datetime import timedelta

import pytest

from companion.web.sessions import CookieSessions


@pytest.fixture
def cookie(app, client):
    with client.session_transaction() as session:
        session["games"] = ["made-up-game"]
        session["device"] = "made-up-device"
    return client.get_cookie("session").value


def opened(app, value: str):
    with app.test_request_context(headers={"Cookie": f"session={value}"}) as ctx:
        return app.session_interface.open_session(app, ctx.request)


def test_the_app_uses_the_cookie_sessions(app):
    assert isinstance(app.session_interface, CookieSessions)


def test_each_request_gets_its_own_copy_of_what_the_cookie_holds(app, cookie):
    first = opened(app, cookie)
    first["games"].append("changed in place")  # a view's change, never saved to this cookie
    first["device"] = "another"
    again = opened(app, cookie)
    assert dict(again) == {"games": ["made-up-game"], "device": "made-up-device"}
    assert not again.modified


def test_a_cookie_past_the_session_lifetime_holds_nothing_even_once_checked(app, cookie):
    assert opened(app, cookie)["device"] == "made-up-device"  # checked and kept
    app.permanent_session_lifetime = timedelta(seconds=-1)
    assert dict(opened(app, cookie)) == {}


def test_a_tampered_cookie_holds_nothing(app, cookie):
    assert dict(opened(app, cookie[:-2] + ("AA" if not cookie.endswith("AA") else "BB"))) == {}


def test_the_client_keeps_its_session_across_requests(app, client, cookie):
    with client.session_transaction() as session:
        assert session["games"] == ["made-up-game"]
        session["games"] = [*session["games"], "second"]
    with client.session_transaction() as session:
        assert session["games"] == ["made-up-game", "second"]
