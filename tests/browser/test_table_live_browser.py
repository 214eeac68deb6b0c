"""A live table of three devices in Chromium at 360×740 (issue 12): the host on loopback, two phones
on this machine's LAN address. They join by the QR link and by the table code, take seats, see
each other's moves within 2 s without a reload (a half-filled form and the scroll position stay
while nothing moves), a seat is refused when it acts for another, a face-down value typed on its
owner's phone reaches no other device (every page, fragment and poll answer each context received
is searched), two simultaneous taps record once, a stale tap is refused with the fresh view, and
after ``kill -9`` of the server and a restart every device carries on.

A few Roll Call moves of a 3-player Lockup game; the box profile is made up for the test (crew
tiles 2, 7391, 8462, 9573: not a real box's values, so each can be searched for).
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import support
from browser.conftest import PHONE, POLL_SECONDS, free_port, lan_address
from browser.test_lockup_browser import Table, new_game
from browser.test_lockup_private_browser import assert_hidden

pytestmark = pytest.mark.browser

PROFILE = {"game": "lockup", "crew_tiles": [2, 7391, 8462, 9573]}
PLAYERS = ("Ana", "Ben", "Cleo")
LIVE_MS = 2000  # every device shows a change within 2 s
MOVED = "The table has moved on"


class Device:
    """One browser context (its own cookies: one phone) and every response body it received."""

    def __init__(self, browser, name: str):
        self.name = name
        self.context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        self.bodies: list[tuple[str, int, str]] = []
        self.context.on("response", self._record)
        self.page = self.context.new_page()

    def _record(self, response) -> None:
        if response.status == 204:  # a quiet poll (five a second): no body, so no call to fetch one
            self.bodies.append((response.url, 204, ""))
            return
        try:
            body = response.text()
        except Exception:  # noqa: BLE001 - a redirect has no body to read
            body = ""
        self.bodies.append((response.url, response.status, body))

    def polls(self) -> int:
        """How many poll answers this phone has received."""
        return sum(1 for url, _s, _b in self.bodies if "/poll?seen=" in url)

    def wait_polls(self, count: int) -> None:
        """Let the page run until it has received ``count`` poll answers (in at most 12 poll periods)."""
        deadline = time.monotonic() + 12 * POLL_SECONDS
        while self.polls() < count and time.monotonic() < deadline:
            self.page.wait_for_timeout(50)  # Playwright hands over the responses while it waits

    def seq(self) -> str | None:
        return self.page.get_attribute("#lockup", "data-seq")

    def mark(self) -> None:
        """Put a marker in the page's JavaScript: a reload would lose it."""
        self.page.evaluate("() => { window.__noReload = 1; }")

    def wait_moved(self, seq: str | None, timeout: float = LIVE_MS) -> None:
        """The panel shows a newer event than ``seq`` within ``timeout`` ms, without a reload."""
        self.page.wait_for_function(
            "s => { const p = document.querySelector('#lockup'); return p && p.dataset.seq !== s; }",
            arg=seq, timeout=timeout)
        assert self.page.evaluate("() => window.__noReload") == 1, f"{self.name} reloaded the page"

    def settled(self, timeout: float = 15.0) -> None:
        """Wait until the page shows the table as it is now (its poller's version is the current one,
        nothing in flight): a refresh landing while a form is being filled would clear its choices."""
        deadline = time.monotonic() + timeout
        while True:
            status = self.page.evaluate("""async () => {
                const poll = document.querySelector('#live-poll');
                if (!poll || document.querySelector('.htmx-request')) return 0;
                const answer = await fetch(poll.getAttribute('hx-get'), {headers: {'HX-Request': 'true'}});
                return answer.status; }""")
            if status == 204:
                return
            assert time.monotonic() < deadline, f"{self.name}: the page never caught up with the table"
            self.page.wait_for_timeout(100)

    def close(self) -> None:
        self.context.close()


def open_table(browser, served_host: str, screenshot) -> tuple[Device, Device, Device]:
    """The host starts a 3-player game; phone 1 joins by the QR code's link and takes Ana's seat,
    phone 2 types the table code and takes Ben's."""
    host, ana, ben = Device(browser, "host"), Device(browser, "phone-ana"), Device(browser, "phone-ben")
    new_game(host.page, Table(host.page, screenshot, "table-live"), served_host, PLAYERS)
    link = host.page.get_attribute("#join-table a", "href")
    code = host.page.text_content("#join-table .code").strip()  # folded on a phone (issue 23)
    assert host.page.locator("#join-table img[src*='qr.svg']").count() == 1
    assert "127.0.0.1" not in link and re.match(r"http://[\d.]+:\d+/join/", link), link
    host.mark()
    ana.page.goto(link)
    take_seat(ana, "Ana")
    lan_home = link.split("/join/")[0] + "/"
    ben.page.goto(lan_home)
    ben.page.fill("input[name=code]", code)
    ben.page.locator("form[action='/join'] button[type=submit]").click()
    ben.page.wait_for_selector("#lockup")
    take_seat(ben, "Ben")
    # The host's seat list shows both phones within 2 s, without a reload.
    host.page.wait_for_function(
        "() => document.querySelectorAll('#seats li .seat-phone').length === 2", timeout=LIVE_MS)
    assert host.page.evaluate("() => window.__noReload") == 1
    assert "Ana" in ana.page.inner_text("#my-seat") and "Ben" in ben.page.inner_text("#my-seat")
    for device in (host, ana, ben):
        device.mark()
    return host, ana, ben


def take_seat(device: Device, seat: str) -> None:
    device.page.get_by_role("button", name=f"Take seat {seat}").click()
    device.page.wait_for_selector("#my-seat")
    assert device.page.url.startswith("http://") and "127.0.0.1" not in device.page.url


def assign(device: Device, tile: str, location: str, down: str | None = None, wait: bool = True):
    """Fill the Roll Call form on ``device`` (a face-down tile typed privately: ``down``) and tap; a
    tap that is waited for first waits for the page to be up to date (:meth:`Device.settled`)."""
    if wait:
        device.settled()
    form = device.page.locator("form.lk-assign")
    form.locator(f"input[name=tile][value='{tile}']").check()
    if down is not None:  # tapped twice: picked, then face down (issue 23)
        form.locator(f"input[name=tile][value='{down}']").click()
        form.locator(f"input[name=tile][value='{down}']").click()
    button = form.locator(f"button[name=location][value={location}]")  # the location's tap assigns
    if wait:
        support.tap_and_wait(device.page, button)
    else:
        button.click()


def second_tab(device: Device) -> Device:
    """Another tab of the same phone: its cookies (the same seat), its answers recorded with the
    first tab's (one browser context)."""
    tab = Device.__new__(Device)
    tab.name, tab.context, tab.bodies = f"{device.name}-tab", device.context, device.bodies
    tab.page = device.context.new_page()
    tab.page.goto(device.page.url)
    tab.page.wait_for_selector("#lockup")
    return tab


def without_own_cell(body: str, seat: str | None) -> str:
    """``body`` without the viewer's own holding-cell line (Ben's phone lists Ben's own tiles, and
    every crew holds the same made-up tiles): what is left must not show anyone else's."""
    if seat is None:
        return body
    return re.sub(rf'(data-seat="{seat}">.*?)<p class="small lk-held">[^<]*</p>', r"\1", body, flags=re.S)


def turn(device: Device) -> str:
    return device.page.get_attribute("#lockup", "data-seat")


def test_phones_join_by_link_and_code_take_seats_and_follow_every_move_live(browser, lan_served, screenshot):
    support.store_profile(lan_served.app, PROFILE)
    host, ana, ben = open_table(browser, lan_served.host_url, screenshot)
    try:
        # Nothing moves: polls answer 204, so Ben's half-filled form and scroll position stay.
        ben.page.locator("#lockup-tools summary").first.click()
        reason = ben.page.locator("#adj-reason")
        reason.fill("Made-up half-typed reason")
        ben.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        scrolled = ben.page.evaluate("() => window.scrollY")
        polls = ben.polls()
        ben.wait_polls(polls + 2)
        assert ben.polls() >= polls + 2
        assert reason.input_value() == "Made-up half-typed reason"
        assert ben.page.evaluate("() => window.scrollY") == scrolled > 0
        # Ana moves on her phone: the host and Ben's phone show it within 2 s, without a reload.
        seq = host.seq()
        assign(ana, "lookout", "smithy")
        tapped = time.monotonic()
        host.wait_moved(seq)
        ben.wait_moved(seq)
        assert time.monotonic() - tapped < LIVE_MS / 1000 + 0.5
        assert turn(host) == turn(ben) == "Ben"
        # Ben moves on his phone; the host acts for Cleo (one shared phone can play any seat).
        seq = ana.seq()
        assign(ben, "2", "sewers")
        ana.wait_moved(seq)
        host.wait_moved(seq)
        seq = ben.seq()
        assign(host, "enforcer", "infirmary")
        ana.wait_moved(seq)
        ben.wait_moved(seq)
        assert turn(ana) == turn(ben) == turn(host) == "Ana"
        screenshot(ben.page, "table-live-phone")
    finally:
        for device in (host, ana, ben):
            device.close()


def test_seats_private_values_simultaneous_and_stale_taps(browser, lan_served, screenshot):
    support.store_profile(lan_served.app, PROFILE)
    host, ana, ben = open_table(browser, lan_served.host_url, screenshot)
    game = host.page.url.rsplit("/", 1)[-1]
    try:
        # Ben's phone posts Ana's turn for her (as a forged form would): refused, and says why.
        token = ben.page.evaluate("() => JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
        answer = ben.page.evaluate(
            """([url, token]) => fetch(url, {method: 'POST', headers: {'HX-Request': 'true', 'X-CSRFToken': token,
                 'Content-Type': 'application/x-www-form-urlencoded'},
                 body: 'seat=Ana&location=sewers&tile=lookout&key=forged-1'})
               .then(async r => [r.status, await r.text()])""",
            [f"/lockup/{game}/do/assign", token])
        assert answer[0] == 403 and 'role="alert"' in answer[1], answer[0]
        assert support.game_state(lan_served.app, game).turn == "Ana"
        # Ana types her face-down tile's value on her own phone only.
        seq = host.seq()
        assign(ana, "lookout", "smithy", down="9573")
        host.wait_moved(seq)
        ben.wait_moved(seq)
        placed = support.game_state(lan_served.app, game).placements["smithy"]
        assert [p.tile for p in placed if not p.face_up] == [9573]  # recorded, and nowhere else:
        for device, own in ((host, None), (ben, "Ben")):
            for url, _status, body in device.bodies:
                assert_hidden(without_own_cell(body, own), {"9573"}, f"{device.name}: {url}")
        # Two simultaneous taps for Ben's turn (two tabs of his phone; the host's page offers no
        # form for a seat a phone holds, issue 23): one is recorded.
        tab = second_tab(ben)
        before = support.seq(lan_served.app, game)
        ben.settled()
        tab.settled()
        for device in (tab, ben):  # no refresh between filling and tapping: both forms are for Ben's turn
            device.page.evaluate("() => document.getElementById('live-poll').remove()")
        seen = len(ben.bodies)  # both tabs' answers: one browser context
        assign(ben, "2", "sewers", wait=False)
        assign(tab, "enforcer", "infirmary", wait=False)
        for device in (tab, ben):
            device.page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=5000)
        ben.page.wait_for_timeout(300)
        state = support.game_state(lan_served.app, game)
        assert state.turn == "Cleo" and support.seq(lan_served.app, game) > before
        assert len([p for places in state.placements.values() for p in places if p.seat == "Ben"]) == 1
        answers = [(s, b) for url, s, b in ben.bodies[seen:] if url.endswith("/do/assign")]
        taps = [(s, MOVED in b) for s, b in answers]
        said = [re.findall(r'role="alert">([^<]*)<', b) for _s, b in answers]
        assert sorted(taps) == [(200, False), (409, True)], f"the second tap is refused as stale: {taps} {said}"
        # Ben's phone shows no form for another seat's turn, only whom the table waits for.
        ben.page.wait_for_function("() => document.querySelector('#lockup').dataset.seat === 'Cleo'")
        assert ben.page.locator("form.lk-assign").count() == 0
        assert "Waiting for Cleo: assign tiles" in ben.page.inner_text("#lockup-waiting")
        # A stale tap: Ben's phone misses an update (its poll stopped) and taps its own turn's form
        # after his other tab has played that turn: refused with the table as it is now.
        assign(host, "2", "sewers")  # for Cleo, whose seat no phone holds
        assign(ana, "enforcer", "infirmary")
        ben.page.wait_for_function("() => document.querySelector('#lockup').dataset.seat === 'Ben'",
                                   timeout=LIVE_MS)
        ben.page.evaluate("() => document.getElementById('live-poll').remove()")
        tab.page.reload()
        assign(tab, "7391", "chow_hall")
        assert turn(tab) == "Cleo"
        stale_form = ben.page.locator("form.lk-assign")
        stale_form.locator("input[name=tile][value='8462']").check()
        support.tap_and_wait(ben.page, stale_form.locator("button[name=location][value=commissary]"))
        assert MOVED in ben.page.inner_text("#game-panel [role=alert]")
        assert turn(ben) == "Cleo"
        statuses = [s for url, s, _b in ben.bodies if url.endswith("/do/assign")]
        assert statuses[-1] == 409
    finally:
        for device in (host, ana, ben):
            device.close()


class Served:
    """``companion serve --host 0.0.0.0`` in a subprocess (so it can be killed with SIGKILL)."""

    def __init__(self, instance: Path, port: int):
        self.instance, self.port, self.proc = instance, port, None

    def start(self) -> None:
        script = Path(sys.executable).with_name("companion")
        command = [str(script)] if script.exists() else [
            sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]
        self.log = open(self.instance.parent / "serve.log", "ab")  # noqa: SIM115 - closed in stop
        self.proc = subprocess.Popen([*command, "serve", "--host", "0.0.0.0", "--port", str(self.port),
                                      "--instance", str(self.instance)],
                                     stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        import urllib.request

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, (self.instance.parent / "serve.log").read_text()[-2000:]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()


def test_kill_9_and_a_restart_mid_game_every_device_carries_on(browser, tmp_path, screenshot):
    from companion.events import EventStore

    instance = tmp_path / "instance"
    instance.mkdir()
    from companion import DB_FILE

    store = EventStore(instance / DB_FILE)
    store.put_setting("lockup-box-profile", PROFILE)
    store.close()
    lan_address()  # a machine without a LAN address fails here
    served = Served(instance, free_port())
    served.start()
    devices = ()
    try:
        host, ana, ben = devices = open_table(browser, f"http://127.0.0.1:{served.port}", screenshot)
        assert host.page.get_attribute("#live-poll", "hx-trigger") == "every 1s"  # `companion serve`'s period
        seq = host.seq()
        assign(ana, "lookout", "smithy")
        host.wait_moved(seq)
        ben.wait_moved(seq)
        served.kill()
        for device in devices:
            device.page.wait_for_selector("#live-status", state="visible", timeout=5000)
            assert "Reconnecting" in device.page.inner_text("#live-status")
        served.start()
        for device in devices:
            device.page.wait_for_selector("#live-status", state="hidden", timeout=5000)
        # Same cookies, same seats, same game: Ben plays his turn; the others see it live.
        assert "Ben" in ben.page.inner_text("#my-seat")
        seq = host.seq()
        assign(ben, "2", "sewers")
        host.wait_moved(seq)
        ana.wait_moved(seq)
        assert turn(host) == turn(ana) == turn(ben) == "Cleo"
        seq = ana.seq()
        assign(host, "enforcer", "infirmary")
        ana.wait_moved(seq)
        ben.wait_moved(seq)
        assert turn(ana) == "Ana"
    finally:
        for device in devices:
            device.close()
        served.stop()
