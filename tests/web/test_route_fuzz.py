"""Fuzz of every route (issue 10): random and mutated form posts to every rule of the URL map and
every form the pages show, with random Host and HX-Request headers, from the host device
(loopback) and from a stranger on the LAN. Asserted after every request: no 5xx (with TESTING an
unhandled exception fails the test outright), a stranger changed nothing (no game, no event, no
setting); after the run: every game still replays (its events fold).

Short in the normal run (a few seconds); ``-m slow`` runs the long campaign. The Lockup box
profile and cards are made up (tests/solo_guard/golden/made_up_profile.json, autoplay's cards).
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from urllib.parse import quote, urlencode

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import create_app
from companion.games import ragami
from companion.games import rattus_cartus as rc
from companion.games.lockup import autoplay
from companion.web import get_store, play
from companion.web.gameui.lockup.actions import PARSERS as LOCKUP_ACTIONS
from companion.web.gameui.lockup.formdriver import setup_fields

LAN = "192.168.1.23"
PROFILE = support.made_up_profile()
PAGES = ["/", "/ragami/new", "/rattus-cartus/new", "/lockup/new", "/lockup/new/solo", "/ragami/audit",
         "/rattus-cartus/audit", "/lockup/audit", "/lockup/box-profile", "/lockup/catalog"]
WORDS = sorted({*LOCKUP_ACTIONS, *ragami.COMMANDS, *rc.COMMANDS, "new", "start", "x", "..", "%00"})


class Forms(HTMLParser):
    """Every ``<form>`` of a page: (method, action, fields as a browser would send them)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, str, dict[str, str]]] = []
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("method", "get").lower(), a.get("action", ""), {}))
        elif tag == "option" and self._select and self.forms:
            self.forms[-1][2].setdefault(self._select, a.get("value", ""))
        elif not self.forms or not a.get("name"):
            return
        elif tag in ("input", "textarea") and (a.get("type") not in ("checkbox", "radio") or "checked" in a):
            self.forms[-1][2].setdefault(a["name"], a.get("value", ""))
        elif tag == "input":  # an unchecked box or radio: its value is still worth trying
            self.forms[-1][2].setdefault(a["name"], a.get("value", ""))
        elif tag == "select":
            self._select = a["name"]

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None


def scrape(client, url: str) -> list[tuple[str, str, dict[str, str]]]:
    parser = Forms()
    parser.feed(client.get(url).get_data(as_text=True))
    return [f for f in parser.forms if f[1].startswith("/")]


def fuzz_app(tmp_path):
    """An app with one game of each kind, and the forms its pages show."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "WTF_CSRF_ENABLED": False,
                      "ALLOWED_HOSTS": (LAN,)})
    host = app.test_client()
    with app.app_context():
        get_store().put_setting("lockup-box-profile", PROFILE)
    assert host.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"}).status_code == 303
    assert host.post("/rattus-cartus/new", data={"players": ["Ana", "Ben", "Cy"], "start_seat": "0"}).status_code == 303
    lockup = setup_fields(autoplay.make_setup(random.Random(3), 3, "standard"))
    assert host.post("/lockup/new/start", data=lockup).status_code == 303
    with app.app_context():
        ids = [g["id"] for g in get_store().games()]
    found = [f for url in PAGES + [f"/games/{i}" for i in ids] + [f"/games/{i}/history" for i in ids]
             for f in scrape(host, url)]
    # One of each (the language form is on every page); the fields of the first one seen.
    forms = list({(m, action, tuple(sorted(fields))): (m, action, fields) for m, action, fields in found}.values())
    assert len(forms) > 20 and any(action.endswith("/resolve-conflict") for _m, action, _f in forms)
    return app, ids, forms


def snapshot(app) -> tuple:
    """Everything a stranger must not be able to change."""
    with app.app_context():
        store = get_store()
        games = store.games()
        return (
            sorted(g["id"] for g in games),
            sorted((g["id"], g["last_seq"], g["status"]) for g in games),
            store.get_setting("lockup-box-profile"),
            store.get_setting("lockup-catalog"),
        )


def rule_paths(app) -> list[tuple[str, list[str], tuple[str, ...]]]:
    """(rule, methods, argument names) of every rule but static files."""
    return [(r.rule, sorted(r.methods - {"HEAD", "OPTIONS"}), tuple(r.arguments))
            for r in app.url_map.iter_rules() if r.endpoint != "static"]


@st.composite
def requests(draw, rules, forms, ids):
    """One request: a scraped form (mutated) or any rule with random arguments."""
    if forms and draw(st.booleans()):
        method, path, fields = draw(st.sampled_from(forms))
        method = "post" if method == "post" or draw(st.integers(0, 4)) else "get"
    else:
        rule, methods, _args = draw(st.sampled_from(rules))
        method = draw(st.sampled_from(methods)).lower()
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", lambda m: quote(draw(st.one_of(
            st.sampled_from(ids + WORDS), st.text(max_size=12).filter(lambda s: not any(
                0xD800 <= ord(c) <= 0xDFFF for c in s))))
            if m.group(1) != "game_id" or draw(st.integers(0, 4)) == 0 else draw(st.sampled_from(ids)), safe=""),
            rule)
        fields = {}
    data = draw(support.mutated_form(fields, extra_names=("player", "count", "key", "next", "name-0", "mode")))
    raw = draw(support.raw_form_body(data)) if method == "post" and draw(st.integers(0, 3)) == 0 else None
    return method, path, data, raw


def run_fuzz(tmp_path, examples: int) -> None:
    app, ids, forms = fuzz_app(tmp_path)
    rules = rule_paths(app)

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(request=requests(rules, forms, ids), stranger=st.booleans(), hx=st.booleans(),
           host=st.one_of(st.just("localhost"), support.host_headers(("localhost", LAN))))
    def one(request, stranger, hx, host):
        method, path, data, raw = request
        client = app.test_client()  # no cookies: a stranger has joined nothing
        client.environ_base["REMOTE_ADDR"] = LAN if stranger else "127.0.0.1"
        headers = {"Host": host, **({"HX-Request": "true"} if hx else {})}
        before = snapshot(app) if stranger else None
        if method == "get":
            response = client.get(path, query_string=data, headers=headers)
        elif raw is not None:
            response = client.post(path, data=raw, headers=headers, content_type="application/x-www-form-urlencoded")
        else:
            response = client.post(path, data=urlencode(data), headers=headers,
                                   content_type="application/x-www-form-urlencoded")
        assert response.status_code < 500, (method, path, data, response.status_code)
        if stranger:
            assert snapshot(app) == before, (method, path, data)

    one()
    with app.app_context():
        for game in get_store().games():
            play.load(game)  # every game still replays: its events fold


def test_route_fuzz_short(tmp_path):
    run_fuzz(tmp_path, examples=40)


@pytest.mark.slow
def test_route_fuzz_long(tmp_path):
    run_fuzz(tmp_path, examples=3000)
