"""Hardening of the served app (issue 10, items 4, 5 and 9): only the host device starts games or
changes device-wide data; malformed requests get a 4xx naming what was wrong; redirect targets
stay on this site; a Host allow-list against DNS rebinding; a strict Content-Security-Policy."""

from __future__ import annotations

import re

import pytest
import support
from support import count_games

from companion.web import get_store
from companion.web.access import safe_next
from companion.web.hardening import host_name, is_allowed_host

LAN = "192.168.1.23"


def alerts(response) -> str:
    return " ".join(support.alerts(response))  # an alert may hold a list (every problem at once)


# --- (4) only the host creates games or changes device-wide data -------------------------------

HOST_ONLY_FORMS = [
    ("post", "/lockup/new/start", {"mode": "standard", "name-0": "Ana", "name-1": "Ben", "title": "Stranger's"}),
    ("post", "/lockup/new", {"mode": "standard", "name-0": "Ana", "name-1": "Ben"}),
    ("get", "/lockup/new", None),
    ("get", "/lockup/new/solo", None),
    ("get", "/lockup/new/cards?mode=standard&name-0=Ana&name-1=Ben", None),
    ("post", "/ragami/new", {"players": ["Ana", "Ben"], "start_seat": "0"}),
    ("get", "/ragami/new", None),
    ("post", "/rattus-cartus/new", {"players": ["Ana", "Ben"], "start_seat": "0"}),
    ("get", "/rattus-cartus/new", None),
    ("post", "/lockup/catalog", {"entry_kind": "trait", "name": "Made-up Trait", "text": "made up"}),
    ("post", "/lockup/catalog/import", {"text": '{"traits": [{"name": "Made-up", "text": "x"}]}'}),
    ("post", "/lockup/new/cards/import?mode=standard&name-0=Ana&name-1=Ben",
     {"text": '{"traits": [{"name": "Made-up", "text": "x"}]}'}),
    ("post", "/lockup/catalog/delete", {"entry_kind": "trait", "name": "Made-up Trait"}),
    ("post", "/lockup/box-profile", {"crew_tiles": "1,2,3"}),
    ("post", "/lockup/box-profile/import", {"text": '{"crew_tiles": [1, 2, 3]}'}),
    ("get", "/lockup/box-profile", None),
    ("get", "/lockup/catalog", None),
]


@pytest.mark.parametrize(("method", "url", "data"), HOST_ONLY_FORMS, ids=lambda v: v if isinstance(v, str) else "")
def test_a_stranger_on_the_lan_is_told_only_the_host_can_and_nothing_is_written(app, remote, method, url, data):
    with app.app_context():
        settings_before = {k: get_store().get_setting(k) for k in ("lockup-catalog", "lockup-box-profile")}
    response = getattr(remote, method)(url, data=data)
    assert response.status_code == 403
    assert "Only the device running the companion" in alerts(response)
    assert count_games(app) == 0
    with app.app_context():
        assert {k: get_store().get_setting(k) for k in settings_before} == settings_before


def test_every_new_game_route_of_every_game_is_host_only(app, remote):
    """Survey of the URL map: whatever games are registered, their new-game pages refuse strangers."""
    from companion.web.registry import GAMES

    with app.test_request_context():
        from flask import url_for

        urls = {url_for(ui.new_endpoint) for key, ui in GAMES.items() if key != "test-tally"}
    assert {"/lockup/new", "/ragami/new", "/rattus-cartus/new"} <= urls
    for url in urls:
        assert remote.get(url).status_code == 403, url
        assert remote.post(url, data={"players": ["A", "B"]}).status_code in (403, 405), url  # 405: a GET-only page
    assert count_games(app) == 0


def test_a_stranger_cannot_import_a_game(app, remote):
    import io

    response = remote.post("/games/import", data={"file": (io.BytesIO(b"{}\n"), "x.jsonl")},
                           content_type="multipart/form-data")
    assert response.status_code == 403 and count_games(app) == 0


def test_the_host_still_starts_games(app, client):
    response = client.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    assert response.status_code == 303 and count_games(app) == 1


# --- (5) malformed requests: 4xx naming what was wrong ------------------------------------------


@pytest.mark.parametrize("host", ["a" * 64 + ".example", "x" * 300, "bad host", "ex\u00e4mple..com", ":::", "[::1"])
def test_a_malformed_or_foreign_host_header_is_a_400_naming_the_header(client, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 400
    assert "Host header" in alerts(response)


def test_the_error_page_builds_no_url(client):
    """A request whose URL adapter cannot be built still gets a readable page (it used to 500)."""
    response = client.get("/no/such/page", headers={"Host": "a" * 64 + ".example"})
    assert response.status_code == 400 and b'href="/static/app.css"' in response.data


BASE = {"spend-white-cubes": {"player": "Ana"}, "resolve-conflict": {"player": "Ana", "die_value": "3"},
        "use-location-tokens": {}, "record-tally": {"player": "Ana"}}


@pytest.mark.parametrize("value", ["--1", "\u00b2", "123456789012", "9" * 5000, "1e3", "\u0661", "0x1"])
@pytest.mark.parametrize(("game", "kind", "field"), [
    ("ragami", "spend-white-cubes", "count"),
    ("ragami", "resolve-conflict", "white_cubes_spent"),
    ("ragami", "use-location-tokens", "tokens"),
    ("rattus-cartus", "record-tally", "church"),
])
def test_bad_numbers_in_number_fields_are_named_not_500(app, client, game, kind, field, value):
    started = client.post(f"/{game}/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    game_id = started.location.rsplit("/", 1)[-1]
    data = {**BASE[kind], field: value}
    response = client.post(f"/{game}/{game_id}/{kind}", data=data)
    assert response.status_code == 422 and alerts(response)


@pytest.mark.parametrize("target", [
    "//evil.example/x", "https://evil.example/", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)",
    "/games/x\r\nSet-Cookie: a=b", "/ok\nLocation: //evil", "evil.example", "",
])
def test_undo_next_is_only_a_path_on_this_site(app, client, target):
    started = client.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    game_id = started.location.rsplit("/", 1)[-1]
    client.post(f"/ragami/{game_id}/gain-white-cubes", data={"player": "Ana", "count": "1"})
    response = support.undo(client, game_id, "undo", next=target)
    assert response.status_code == 303
    assert response.location == f"/games/{game_id}"
    assert "\n" not in response.headers["Location"] and "Set-Cookie" not in str(response.headers)


def test_undo_next_keeps_a_same_site_path(app, client):
    started = client.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    game_id = started.location.rsplit("/", 1)[-1]
    client.post(f"/ragami/{game_id}/gain-white-cubes", data={"player": "Ana", "count": "1"})
    response = support.undo(client, game_id, "undo", next=f"/games/{game_id}/history")
    assert response.location == f"/games/{game_id}/history"


def test_safe_next_accepts_paths_only():
    assert safe_next("/games/abc?seat=Ana") == "/games/abc?seat=Ana"
    for bad in ["//x", "/\\x", "http://x/", "x", "/a\tb", "/a\x7f", None, 3, "/" + "a" * 3000]:
        assert safe_next(bad) is None, bad


def test_language_switch_goes_back_only_within_the_site(client):
    home = client.post("/lang", data={"lang": "es"}, headers={"Referer": "http://evil.example/x"})
    assert home.location == "/"
    back = client.post("/lang", data={"lang": "en"}, headers={"Referer": "http://localhost/rules"})
    assert back.location == "/rules"


# --- (9) Host allow-list, CSP, framing ----------------------------------------------------------


def test_host_names_are_read_without_port_or_brackets():
    assert host_name("Example.COM:5000") == "example.com"
    assert host_name("[::1]:5000") == "::1"
    assert host_name("localhost.") == "localhost"


@pytest.mark.parametrize("header", ["localhost", "localhost:5000", "127.0.0.1:5000", "[::1]:8000", "127.8.9.1",
                                    "app.localhost"])
def test_loopback_names_are_always_allowed(header):
    assert is_allowed_host(header, ())


@pytest.mark.parametrize("header", ["evil.example", "rebind.evil.example:5000", "192.168.1.9", "", "localhost.evil"])
def test_other_names_need_to_be_allowed(header):
    assert not is_allowed_host(header, ())


def test_a_dns_rebinding_page_is_refused_even_from_loopback(app, client):
    """The attack: a page on evil.example, its name now resolving to 127.0.0.1, posts to the app."""
    response = client.post("/ragami/new", data={"players": ["A", "B"], "start_seat": "0"},
                           headers={"Host": "evil.example:5000"})
    assert response.status_code == 400 and count_games(app) == 0


def test_lan_addresses_and_allowed_names_are_answered(app, remote):
    app.config["ALLOWED_HOSTS"] = (LAN, "table.example")
    assert remote.get("/", base_url=f"http://{LAN}:5000").status_code == 200
    assert remote.get("/", base_url="http://table.example").status_code == 200
    assert remote.get("/", base_url="http://other.example").status_code == 400


def test_serve_allows_its_addresses_and_the_names_given(monkeypatch, tmp_path):
    from companion import serve as serve_module

    seen = {}

    class Server:
        def run(self):
            pass

        def close(self):
            pass

    monkeypatch.setattr(serve_module, "create_server", lambda served, **kw: seen.update(app=served.app) or Server())
    monkeypatch.setattr(serve_module, "lan_address", lambda: "192.168.7.7")
    assert serve_module.serve(instance=str(tmp_path / "i"), allow_hosts=("table.local",), port=0) == 0
    allowed = seen["app"].config["ALLOWED_HOSTS"]
    assert "192.168.7.7" in allowed and "table.local" in allowed


def test_the_cli_passes_repeated_allow_host(monkeypatch):
    from companion import cli, serve

    seen = {}
    monkeypatch.setattr(serve, "serve", lambda **kw: seen.update(kw) or 0)
    assert cli.main(["serve", "--allow-host", "a.example", "--allow-host", "b.example"]) == 0
    assert seen["allow_hosts"] == ("a.example", "b.example")


@pytest.mark.parametrize("url", ["/", "/healthz", "/no/such/page", "/static/app.css", "/ragami/new"])
def test_every_answer_carries_the_security_headers(client, url):
    response = client.get(url)
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_templates_have_no_inline_code_the_policy_would_block():
    """No inline <script>/<style> blocks, on…= handlers, style= attributes or hx-on (which needs eval)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "companion" / "templates"
    bad = re.compile(r"<script(?![^>]*\bsrc=)|<style\b|\son[a-z]+\s*=|\sstyle\s*=|hx-on", re.I)
    found = [f"{p.relative_to(root)}: {m.group(0)}" for p in root.rglob("*.html") for m in bad.finditer(p.read_text())]
    assert found == []


def test_htmx_is_configured_for_the_policy(client):
    page = client.get("/").get_data(as_text=True)
    config = re.search(r'name="htmx-config" content=\'([^\']*)\'', page).group(1)
    assert '"includeIndicatorStyles": false' in config and '"allowEval": false' in config
    css = client.get("/static/app.css").get_data(as_text=True)
    assert ".htmx-request .htmx-indicator" in css


@pytest.mark.parametrize("seat", ["\u00b2", "9" * 5000, "-1", "99", "\u0661"])
@pytest.mark.parametrize("game", ["ragami", "rattus-cartus"])
def test_a_bad_start_seat_is_named_not_500(app, client, game, seat):
    """Found by the long route fuzz: "²" passes str.isdigit() and 5,000 digits make int() raise."""
    response = client.post(f"/{game}/new", data={"players": ["Ana", "Ben"], "start_seat": seat})
    assert response.status_code == 422 and "seat" in alerts(response) and count_games(app) == 0


@pytest.mark.parametrize("rows", ["\u00b2", "9" * 5000, "99999999999"])
def test_a_bad_row_count_in_the_lockup_audit_form_is_not_a_500(client, rows):
    response = client.post("/lockup/audit", data={"p0-items-rows": rows, "p0-name": "Ana"})
    assert response.status_code < 500 and len(response.data) < 2_000_000
