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
# The live poll's period on the test servers (LIVE_POLL_SECONDS; 1 s by default, tests/web/test_live.py):
# a test that waits for another device's move or for a few polls waits a fifth as long.
POLL_SECONDS = 0.2
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
    return create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "LIVE_POLL_SECONDS": POLL_SECONDS})


@pytest.fixture
def live_url(live_app):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    stop = serving(create_server(live_app, host="127.0.0.1", port=port, threads=4))
    yield f"http://127.0.0.1:{port}"
    stop()


def serving(server):
    """Run a waitress ``server`` in a thread; the function returned stops it. Its sockets closed
    under its ``select`` are then expected (``EBADF``), not an error of the test."""
    stopping = threading.Event()

    def run() -> None:
        try:
            server.run()
        except OSError:
            if not stopping.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def stop() -> None:
        stopping.set()
        server.close()
        # The browser keeps its connections open (keep-alive): close them too, so the server's
        # loop has nothing left to watch and ends at once, not when the join gives up (5 s a test).
        for channel in list(server._map.values()):
            channel.close()
        thread.join(timeout=5)

    return stop


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def screenshot():
    """``screenshot(page, name)`` saves a full-page PNG under test-artifacts/screenshots/, one image
    pixel per CSS pixel (a 360-wide phone page is 360 wide): a quarter of the pixels of the phone's
    device scale of 2, and about a third of the time (these took 0.5–1 s each, ~90 of them a run)."""

    def save(tab, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        tab.screenshot(path=str(path), full_page=True, scale="css")
        return path

    return save


# --- the table's Wi-Fi: the host on loopback, phones on this machine's LAN address (issue 12) ------


def lan_address() -> str:
    """This machine's first non-loopback IPv4 address (``hostname -I``): what a phone on the
    table's Wi-Fi would open. A machine without one fails the test (never all on loopback)."""
    import ipaddress
    import subprocess

    try:
        found = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=10).stdout.split()
    except (OSError, subprocess.SubprocessError):
        found = []
    for address in found:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            continue
        if ip.version == 4 and not ip.is_loopback:
            return address
    from companion.serve import lan_address as routed

    address = routed()
    if ipaddress.ip_address(address).is_loopback:
        pytest.fail("this machine has no LAN address: the phones cannot be served apart from the host")
    return address


def free_port(host: str = "0.0.0.0") -> int:
    """A port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


class LanServed:
    """The app served by waitress on every address: ``host_url`` (loopback) for the host device,
    ``lan_url`` (the LAN address, admitted by the Host allow-list) for the phones."""

    def __init__(self, app, port: int, lan: str):
        self.app, self.port, self.lan = app, port, lan
        self.host_url = f"http://127.0.0.1:{port}"
        self.lan_url = f"http://{lan}:{port}"


@pytest.fixture
def lan_served(tmp_path):
    lan, port = lan_address(), free_port()
    app = create_app({"INSTANCE_PATH": str(tmp_path / "instance"), "ALLOWED_HOSTS": (lan,),
                      "PUBLIC_URL": f"http://{lan}:{port}/", "LIVE_POLL_SECONDS": POLL_SECONDS})
    stop = serving(create_server(app, host="0.0.0.0", port=port, threads=8))
    yield LanServed(app, port, lan)
    stop()
