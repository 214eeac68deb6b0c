"""Records (issue 24) in Chromium at 360×740: solo games at two levels and a 3-player game, the
records page read on a phone (no sideways scroll, charts drawn to the card's width with their
tables), a figure tapped to the games behind it, and the BG Stats file downloaded; the stored times
and numbers shown in the reader's language and time zone by static/locale.js (issue 21 (d))."""

from __future__ import annotations

import json
import re
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import support

PHONE = {"width": 360, "height": 740}
ZONE = "Asia/Kolkata"  # UTC+5:30 all year: a time shown in UTC would be read 5 h 30 min off

pytestmark = pytest.mark.browser


@pytest.fixture
def played(live_app):
    support.store_profile(live_app)
    for difficulty, seed in (("easy", 7), ("expert", 7)):
        support.store_commands(live_app, "lockup-solo", support.solo_lockup_commands(seed, difficulty),
                               f"Solo {difficulty}", finished=True)
    support.store_commands(live_app, "lockup", support.lockup_commands(5, 3), "Table night", finished=True)


def test_the_records_page_on_a_phone(browser, live_url, played):
    context = browser.new_context(viewport=PHONE, accept_downloads=True, timezone_id=ZONE)
    page = context.new_page()
    try:
        page.goto(live_url + "/")
        page.click("#home-records a")
        page.click("#records-index a[href$='/records/lockup']")
        page.wait_for_url("**/records/lockup")  # the click's navigation done before the page is measured
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, "must not scroll sideways on a phone"
        levels = page.locator("#records-levels tbody tr")
        assert levels.count() == 2
        for chart in ("#records-levels-chart", "#records-curve", "#records-wins-chart", "#records-spread-chart"):
            box = page.locator(f"{chart} > svg").bounding_box()
            assert box is not None and 280 <= box["width"] <= 340, (chart, box)
            assert page.locator(f"{chart} > svg > title").text_content()  # its text alternative
            assert page.locator(f"{chart} details table").count() == 1
        page.locator("#records-levels-chart .bar-label").first.wait_for()
        assert page.locator("#records-people tbody tr").count() == 3
        with page.expect_download() as download:
            page.click("#records-bgstats")
        docs = json.loads(download.value.path().read_text(encoding="utf-8"))
        assert len(docs) == 3 and {d["game"]["sourceGameId"] for d in docs} == {"lockup"}
        page.select_option("#lang-select", "pl")  # the longest words of the three languages
        page.locator("form.lang button").click()
        page.wait_for_load_state()
        wide = page.evaluate("""() => [...document.querySelectorAll('main table, main svg')]
            .filter(e => e.getBoundingClientRect().right > 360).map(e => e.id || e.tagName)""")
        assert wide == [], f"cut off on a 360 px phone in Polish: {wide}"
        numbers = page.eval_on_selector_all("data.number", "all => all.map(e => [e.value, e.textContent])")
        assert numbers and all(text == value.replace(".", ",") for value, text in numbers), numbers
        assert any("," in text for _value, text in numbers)  # an average: the Polish decimal comma
        page.locator("#records-levels tbody tr").first.locator("td a").nth(1).click()  # its games
        page.wait_for_selector("#records-plays")
        assert page.locator("#records-plays > li").count() == 1
        assert_local_times(page, "short", "%d.%m.%Y, %H:%M")
        page.locator("#records-plays a").first.click()
        page.wait_for_load_state()
        assert "/games/" in page.url
        page.goto(page.url + "/history")
        assert_local_times(page, "clock", "%H:%M:%S")
    finally:
        context.close()


def assert_local_times(page, style: str, polish: str) -> None:
    """Every stored time of ``style`` on the page reads as in Polish at the device's time zone."""
    times = page.eval_on_selector_all(f"time[data-style={style}]", "all => all.map(e => [e.dateTime, e.textContent])")
    assert times, style
    for stamp, text in times:
        assert re.fullmatch(r"[\d.,: ]+", text) and "UTC" not in text, text
        assert text == datetime.fromisoformat(stamp).astimezone(ZoneInfo(ZONE)).strftime(polish), (stamp, text)
