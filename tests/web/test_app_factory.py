"""The application factory and its security defaults (issue 2)."""

from __future__ import annotations

from pathlib import Path

from companion import create_app


def test_factory_creates_instance_folder_database_and_secret(tmp_path):
    folder = tmp_path / "new" / "instance"
    app = create_app({"INSTANCE_PATH": str(folder)})
    assert (folder / "companion.sqlite3").exists()
    secret = (folder / "secret_key").read_text()
    assert len(secret) == 64 and app.config["SECRET_KEY"] == secret
    assert (folder / "secret_key").stat().st_mode & 0o077 == 0
    # a second start keeps the same key (sessions survive restarts)
    assert create_app({"INSTANCE_PATH": str(folder)}).config["SECRET_KEY"] == secret


def test_defaults_are_safe(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path)})
    assert app.debug is False and not app.testing
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    assert app.config["SESSION_COOKIE_HTTPONLY"] is True
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    assert app.config["MAX_CONTENT_LENGTH"] <= 4 * 1024 * 1024


def test_test_config_overrides(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path), "TESTING": True, "SECRET_KEY": "given"})
    assert app.testing and app.config["SECRET_KEY"] == "given"


def test_home_page_serves_with_local_htmx_and_vary_header(client):
    page = client.get("/")
    assert page.status_code == 200
    assert "HX-Request" in page.headers["Vary"]
    html = page.get_data(as_text=True)
    assert '<script src="/static/vendor/htmx.min.js?v=' in html  # content-hashed (companion.web.assets)
    assert "http://" not in html.split("<body")[0] and "https://" not in html.split("<body")[0]
    js = client.get("/static/vendor/htmx.min.js")
    assert js.status_code == 200 and b"htmx" in js.data[:2000]


def test_htmx_is_pinned_to_major_2():
    import json

    pkg = json.loads((Path(__file__).parents[2] / "package.json").read_text())
    assert pkg["dependencies"]["htmx.org"].startswith("2.")


def test_csrf_is_enforced_on_state_changing_requests(tmp_path):
    app = create_app({"INSTANCE_PATH": str(tmp_path)})
    client = app.test_client()
    refused = client.post("/join", data={"code": "ABCDEF"})
    assert refused.status_code == 400 and b"expired" in refused.data
    page = client.get("/").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    assert client.post("/join", data={"code": "ABCDEF", "csrf_token": token}).status_code == 404
    # htmx sends the token in a header
    assert client.post("/join", data={"code": "ABCDEF"}, headers={"X-CSRFToken": token}).status_code == 404


def test_request_bodies_are_capped(client, app):
    big = "x" * (app.config["MAX_CONTENT_LENGTH"] + 10)
    response = client.post("/join", data={"code": big})
    assert response.status_code == 413


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404 and b"Back to the home page" in response.data
