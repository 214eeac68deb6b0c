"""Issue 21 ("Live, the htmx way"): a half-filled form on one phone survives another device's save.

Two browser contexts, as at a table: the host on loopback, a phone on this machine's LAN address
that joined by the table's link and holds a seat. The phone half-fills a form and leaves the cursor
in it; the host saves something that does not change the question the phone's form answers; the
phone's poll brings the fresh panel (the test waits for the new content on the phone, without a
reload), and the phone still shows what it typed, ticked and opened, with the focus where it was.
One scenario per game: Rattus Cartus's end-game counts, a Ragami turn's conflict form, and the
Lockup table tools (then the phone's own move, whose answer keeps the regions it did not change:
issue 21 (a)). Every name and card here is made up.
"""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import support
from browser.test_lockup_browser import Table, new_game
from browser.test_ragami_browser import resolve, vp
from browser.test_ragami_browser import start_game as start_ragami
from browser.test_rc_browser import TALLIES, play_all_rounds
from browser.test_rc_browser import start_game as start_rc
from browser.test_table_live_browser import Device, assign, take_seat
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LIVE_MS = 3000  # the poll runs every second: the phone shows the host's save well within this


@contextmanager
def host_and_phone(browser):
    """The two devices of a scenario (browser contexts), closed after it."""
    host, phone = Device(browser, "host"), Device(browser, "phone")
    try:
        yield host, phone
    finally:
        host.close()
        phone.close()


def join(host: Device, phone: Device, seat: str) -> None:
    """The phone opens the table's join link (the LAN address) and takes ``seat``."""
    link = host.page.get_attribute("#join-table a", "href")
    assert "127.0.0.1" not in link, link
    phone.page.goto(link)
    take_seat(phone, seat)
    phone.page.wait_for_selector("#live-poll[hx-get]", state="attached")
    phone.mark()


def focused(phone: Device) -> str:
    return phone.page.evaluate("() => document.activeElement && document.activeElement.id")


def kept_after(phone: Device, field: str, value: str) -> None:
    """The phone was not reloaded, and ``field`` still holds the unsent ``value`` and the focus."""
    assert phone.page.evaluate("() => window.__noReload") == 1, "the phone reloaded the page"
    expect(phone.page.locator(f"#{field}")).to_have_value(value)
    assert focused(phone) == field


def test_rattus_cartus_end_game_counts_survive_the_hosts_save(browser, lan_served, screenshot):
    with host_and_phone(browser) as (host, phone):
        start_rc(host.page, lan_served.host_url, screenshot)
        play_all_rounds(host.page, screenshot)
        join(host, phone, "Azul")
        # Azul's phone types its own counts (RC-F1) and does not send them yet.
        expect(phone.page.locator("#rc-tally-1 summary")).to_contain_text("counts to record")
        phone.page.fill("#rc-2-burghers", "3")
        phone.page.fill("#rc-2-church", "4")  # the cursor stays here
        # The host records Rojo's counts.
        for field, value in TALLIES[1].items():
            host.page.fill(f"#rc-1-{field}", value)
        host.page.locator("#rc-tally-1 button").click()
        expect(host.page.locator("#rc-tally-1 summary")).to_contain_text("counts recorded")
        # Azul's phone shows it (a refresh caused by the host), and Azul's typing is still there.
        expect(phone.page.locator("#rc-tally-1 summary")).to_contain_text("counts recorded", timeout=LIVE_MS)
        kept_after(phone, "rc-2-church", "4")
        expect(phone.page.locator("#rc-2-burghers")).to_have_value("3")
        expect(phone.page.locator("#rc-tally-2")).to_have_attribute("open", "")
        screenshot(phone.page, "live-morph-rc-phone")


def test_a_ragami_turn_form_survives_the_hosts_save(browser, lan_served, screenshot):
    with host_and_phone(browser) as (host, phone):
        start_ragami(host.page, lan_served.host_url)
        join(host, phone, "Ver")
        # Ver's phone half-fills the conflict form: a saint ticked, a fold opened, cubes typed.
        phone.page.check('#rg-resolve-form input[name="saints"][value="Ama"]')
        phone.page.locator("#rg-resolve-more > summary").click()
        phone.page.fill("#rg-resolve-cubes", "2")
        # The host records Ama's conflict (RG-V3): still Ama's turn, the same question.
        resolve(host.page, "Ama", "6")
        expect(vp(host.page, 1)).to_have_text("6")
        expect(vp(phone.page, 1)).to_have_text("6", timeout=LIVE_MS)  # the phone shows it
        kept_after(phone, "rg-resolve-cubes", "2")
        expect(phone.page.locator('#rg-resolve-form input[name="saints"][value="Ama"]')).to_be_checked()
        expect(phone.page.locator("#rg-resolve-more")).to_have_attribute("open", "")
        screenshot(phone.page, "live-morph-ragami-phone")


def test_a_lockup_form_survives_the_hosts_save(browser, lan_served, screenshot):
    support.store_profile(lan_served.app, {"game": "lockup", "crew_tiles": [2, 7391, 8462, 9573]})
    with host_and_phone(browser) as (host, phone):
        new_game(host.page, Table(host.page, screenshot, "live-morph"), lan_served.host_url, ("Ana", "Ben", "Cleo"))
        join(host, phone, "Ben")
        # Ben's phone opens the table tools and half-types an adjustment.
        phone.page.locator("#lockup-tools summary").first.click()
        phone.page.select_option("#adj-quantity", "tomes")
        phone.page.fill("#adj-delta", "+1")
        phone.page.fill("#adj-reason", "Made-up half-typed reason")
        # The host records an adjustment of Cleo's tomes: Roll Call still waits on Ana.
        tomes = "#lockup-seats [data-seat=Cleo]"
        expect(phone.page.locator(tomes)).to_contain_text("tomes 0")
        host.page.locator("#lockup-tools summary").first.click()
        host.page.select_option("#adj-seat", "Cleo")
        host.page.select_option("#adj-quantity", "tomes")
        host.page.fill("#adj-delta", "+2")
        host.page.fill("#adj-reason", "Made-up correction")
        host.page.get_by_role("button", name="Record the adjustment").click()
        expect(host.page.locator(tomes)).to_contain_text("tomes 2")
        expect(phone.page.locator(tomes)).to_contain_text("tomes 2", timeout=LIVE_MS)  # the phone shows it
        kept_after(phone, "adj-reason", "Made-up half-typed reason")
        expect(phone.page.locator("#adj-delta")).to_have_value("+1")
        expect(phone.page.locator("#adj-quantity")).to_have_value("tomes")
        expect(phone.page.locator("#lockup-tools details").first).to_have_attribute("open", "")
        screenshot(phone.page, "live-morph-lockup-phone")
        # Issue 21 (a): Ben's own move. Its answer draws the locations and the prompt anew and leaves
        # the item display and the tools to the page (hx-preserve stand-ins): the very same elements
        # stay, the display Ben opened still open, the reason Ben half-typed still there.
        assign(host, "lookout", "smithy")  # for Ana, whose seat no phone holds: now Ben's turn
        phone.settled()  # the phone shows Ben's question (a new question: what was typed went with the old)
        for fold in (phone.page.locator("#lockup-tools details").first, phone.page.locator("#lockup-display")):
            if fold.get_attribute("open") is None:
                fold.locator("> summary").click()
        phone.page.fill("#adj-reason", "Made-up half-typed reason")
        phone.page.evaluate("() => { document.getElementById('lockup-display').__same = 1; }")
        assign(phone, "2", "sewers")
        expect(phone.page.locator("#loc-sewers")).to_contain_text("Ben")  # drawn anew: the move shows
        expect(phone.page.locator("#lockup-waiting")).to_contain_text("Cleo")  # the prompt moved on
        answer = next(body for url, _status, body in reversed(phone.bodies) if "/do/assign" in url)
        assert '<details id="lockup-display" hx-preserve></details>' in answer and 'id="seats"' not in answer
        assert phone.page.evaluate("() => document.getElementById('lockup-display').__same") == 1
        expect(phone.page.locator("#lockup-display")).to_have_attribute("open", "")
        expect(phone.page.locator("#adj-reason")).to_have_value("Made-up half-typed reason")
        assert phone.page.evaluate("() => window.__noReload") == 1

