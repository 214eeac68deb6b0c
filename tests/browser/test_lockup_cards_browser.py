"""Browser: the Lockup box profile form at 360×740, filled in with a made-up profile (not the real box)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

# A made-up profile: only the format is real.
MADE_UP = {"crew_tiles": [1, 2, 3, 4],
           "guard_cards": {"blue": [2, 3, "P", 1, 4, 2, 3], "green": [1, 1, 2, 2, 3], "yellow": [2, 3, 3, 4, 4],
                           "red": [3, 4, 4, 5, 5]}}


def test_fill_in_a_made_up_box_profile_on_a_phone(page, live_url, screenshot):
    page.goto(live_url + "/lockup/box-profile?next=/lockup/catalog")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling on a phone"
    page.fill('[name="crew_tiles"]', "".join(str(n) for n in MADE_UP["crew_tiles"]))  # a keypad: no spaces
    for colour, values in MADE_UP["guard_cards"].items():
        page.fill(f'[name="guard_cards.{colour}"]', " ".join(str(v) for v in values))
    page.fill('[name="guard_cards.green"]', "1 x 2 2 3")  # one typo, to see it named
    page.check('[name="special_guard.yellow"][value="4"]')
    page.click("text=Save the box profile")
    summary = page.locator(".error-summary").inner_text()
    assert summary.count(":") == 2  # green card 2, and the red special card
    assert "Green guard cards: card 2 must be a number" in summary
    assert page.input_value('[name="guard_cards.blue"]') == "2 3 P 1 4 2 3", "nothing typed is lost"
    screenshot(page, "lockup-box-profile-errors-360x740")

    page.fill('[name="guard_cards.green"]', "1 1 2 2 3")
    page.check('[name="special_guard.red"][value="0"]')
    assert page.locator('label.special').first.bounding_box()["height"] >= 44
    screenshot(page, "lockup-box-profile-filled-360x740")
    page.click("text=Save the box profile")
    page.wait_for_url(live_url + "/lockup/catalog")

    stored = json.loads(page.request.get(live_url + "/lockup/box-profile.json").text())  # a download
    assert stored["guard_cards"]["blue"][2] == "power"
    assert stored["special_guard"] == {"yellow": 4, "red": 0}
    page.goto(live_url + "/lockup/box-profile")
    assert page.locator("img.qr[src*='/qr.svg']").evaluate("img => img.naturalWidth") > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "lockup-box-profile-saved-360x740")


def test_add_a_made_up_item_to_the_catalog_on_a_phone(page, live_url, screenshot):
    page.goto(live_url + "/lockup/catalog?kind=item")
    page.fill('[name="name"]', "Test Shiv")
    page.fill('[name="cost.iron"]', "1")
    page.select_option('[name="effect"]', "L-E1")
    page.click("text=Save the card")
    assert "Reputation" in page.locator(".error-summary").inner_text()  # forgot the reputation: named
    page.fill('[name="reputation"]', "2")
    page.select_option('[name="effect_resource"]', "gold")
    page.click("text=Save the card")
    assert "Saved: Test Shiv" in page.locator("main").inner_text()
    assert "(gold)" in page.locator(".entries").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    screenshot(page, "lockup-catalog-items-360x740")
