"""Every refusal shown, and seats by player (issue 23), in Chromium at 360×740: the host on
loopback, phones on this machine's LAN address, a made-up 3-player Rattus Cartus game.

One scenario: a phone names itself and the host sees "Rojo — Rojo's Pixel"; the phone's Undo,
refused because the host acted meanwhile, shows the reason on screen (a 403 swapped in, not
dropped); ending the round asks first; a "this is my seat" request is a banner at the top of the
host's page; releasing a seat asks first.
"""

from __future__ import annotations

import pytest
import support
from browser.test_table_live_browser import LIVE_MS, Device
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

UNDO_REFUSED = "Only the host, or the player whose action it was, can undo or redo it."


def start_game(host: Device, url: str) -> str:
    host.page.goto(url + "/rattus-cartus/new")
    for seat, name in enumerate(["Rojo", "Azul", "Verde"]):
        host.page.fill(f"#rc-player-{seat}", name)
    host.page.check('#rc-new input[name="start_seat"][value="0"]')
    host.page.get_by_role("button", name="Start the game").click()
    host.page.wait_for_url("**/games/*")
    return host.page.get_attribute("#join-table a", "href")


def join(device: Device, link: str, seat: str | None) -> None:
    device.page.goto(link)
    if seat is not None:
        device.page.get_by_role("button", name=f"Take seat {seat}").click()
        expect(device.page.locator("#my-seat")).to_contain_text(seat)


def test_refusals_on_screen_round_end_and_seat_confirmations_and_the_request_banner(browser, lan_served, screenshot):
    host, rojo, other = (Device(browser, name) for name in ("host", "phone-rojo", "phone-new"))
    try:
        link = start_game(host, lan_served.host_url)
        assert "127.0.0.1" not in link
        join(rojo, link, "Rojo")
        rojo.page.fill("#phone-label", "Rojo’s Pixel")
        rojo.page.get_by_role("button", name="Save the name").click()
        expect(host.page.locator("#seats")).to_contain_text("Rojo — Rojo’s Pixel", timeout=LIVE_MS)

        # Rojo's phone ends her turn, and only then shows Undo; it asks first, and meanwhile the host
        # records Azul's turn: the refusal (403) is on the phone's screen, in words.
        expect(rojo.page.locator("#undo button")).to_be_disabled()  # nothing of hers to undo yet
        rojo.page.get_by_role("button", name="Rojo has accessed a building").click()
        expect(rojo.page.locator("#undo button")).to_be_enabled()
        rojo.page.locator("#undo button").click()
        expect(rojo.page.locator("#confirm-undo")).to_contain_text("Undo: Rojo")
        expect(host.page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn", timeout=LIVE_MS)
        host.page.get_by_role("button", name="Azul has accessed a building").click()
        expect(host.page.locator("#rc-prompt-title")).to_contain_text("Verde’s turn")
        rojo.page.locator("#confirm-undo-yes").click()
        alert = rojo.page.locator("#game-panel [role=alert]")
        expect(alert).to_have_text(UNDO_REFUSED)
        expect(alert).to_be_in_viewport()
        expect(rojo.page.locator("#undo")).to_have_count(0)  # Azul's action is not hers to undo
        screenshot(rojo.page, "refused-undo-phone-360x740")

        # Ending the round asks first, and is not offered to Rojo's phone (Azul acted last).
        expect(rojo.page.locator("#rc-end-round-ask")).to_have_count(0)
        host.page.locator("#rc-end-round-ask > summary").click()
        expect(host.page.locator("#rc-end-round-yes")).to_be_visible()
        assert support.game_state(lan_served.app, host.page.url.rsplit("/", 1)[-1]).round == 1
        host.page.locator("#rc-end-round-yes").click()
        expect(host.page.locator("#rc-rounds h2")).to_contain_text("Round 2 of 9")

        # A new phone says Rojo's seat is its own: a banner at the top of the host's page.
        join(other, link, None)
        other.page.get_by_role("button", name="This is my seat: Rojo").click()
        banner = host.page.locator("#seat-banner")
        expect(banner).to_contain_text("For Rojo’s seat", timeout=LIVE_MS)
        top = host.page.evaluate("() => [document.getElementById('seat-banner').getBoundingClientRect().top,"
                                 " document.getElementById('game-panel').getBoundingClientRect().top]")
        assert top[0] < top[1] < 740, top
        screenshot(host.page, "seat-request-banner-360x740")
        host.page.get_by_role("button", name="Refuse Rojo").click()
        expect(banner.locator("#seat-requests")).to_have_count(0)

        # Releasing Rojo's seat asks first (the seats are in the table's fold on a phone).
        host.page.locator("#table-fold > summary").click()
        host.page.locator("#release-1 > summary").click()
        yes = host.page.locator("#release-1-yes")
        expect(yes).to_be_visible()
        expect(host.page.locator("#seats")).to_contain_text("Rojo — Rojo’s Pixel")
        yes.click()
        expect(host.page.locator("#seat-1")).to_contain_text("free")
    finally:
        for device in (host, rojo, other):
            device.close()
