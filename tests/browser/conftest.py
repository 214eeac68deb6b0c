"""Browser fixtures: the app served by waitress on loopback, driven by Playwright in the system
Chromium (Debian package ``chromium``). A missing Chromium fails these tests; it never skips them."""

from __future__ import annotations

import os
import shutil
import socket
import threading
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright
from waitress import create_server

from companion import create_app

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 360, "height": 740}
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str:
    path = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail("Chromium is missing: install the Debian package 'chromium' (scripts/test.sh does it as root)")
    return path


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True)
        yield chrome
        chrome.close()


@pytest.fixture
def live_app(tmp_path):
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance")})


@pytest.fixture
def live_url(live_app):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = create_server(live_app, host="127.0.0.1", port=port, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def screenshot():
    """``screenshot(page, name)`` saves a full-page PNG under test-artifacts/screenshots/."""

    def save(tab, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        tab.screenshot(path=str(path), full_page=True)
        return path

    return save
