"""Lockup end screens in Chromium at 360×740: the audit-only form and a finished game's end screen."""

from __future__ import annotations

import pytest

from companion.games.lockup import autoplay
from companion.web import get_store

PHONE = {"width": 360, "height": 740}

pytestmark = pytest.mark.browser


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "must not scroll sideways on a phone"


def test_audit_only_form_on_a_phone(page, live_url, screenshot):
    page.goto(live_url + "/lockup/audit")
    no_sideways_scroll(page)
    for field, value in {"p0-name": "Vera", "p0-reputation": "31", "p0-power": "4", "p0-scrap": "1",
                         "p0-potion": "2", "p0-gold": "1", "p0-tomes": "2", "p1-name": "Isaac",
                         "p1-reputation": "28", "p1-power": "2", "p1-iron": "1"}.items():
        page.fill(f"#{field}", value)
    page.fill("#p0-items-1-name", "Bone Shiv")
    page.check("#p0-items-1-shield")
    page.select_option("#p0-goons-1-type", "dwarf")
    page.check("#p0-goons-1-gem")
    assert page.locator("#p0-items-1-gem").bounding_box()["width"] < 40  # a box, not a full-width field
    page.click('button[value="p0-items"]')  # htmx swaps the rows in place; nothing else is touched
    page.wait_for_selector("#p0-items-4-name")
    assert page.evaluate("document.activeElement.id") == "p0-items-4-name"
    assert page.url == live_url + "/lockup/audit"
    assert page.input_value("#p0-items-1-name") == "Bone Shiv" and page.is_checked("#p0-items-1-shield")
    assert page.input_value("#p0-name") == "Vera"
    page.select_option("#first_player", "p1")
    page.select_option("#leader_goal", "p0")
    page.select_option("#end_kind", "majority")
    page.select_option("#end_treasure", "shield")
    no_sideways_scroll(page)
    page.locator("#p0-items").scroll_into_view_if_needed()
    screenshot(page, "lockup-audit-form-360x740")
    page.click("button.wide")
    assert page.locator("#lockup-verdict").inner_text().startswith("Vera wins")
    assert page.locator('[data-seat="Vera"] .total').inner_text() == "51"
    no_sideways_scroll(page)
    screenshot(page, "lockup-audit-result-360x740")
    page.fill("#p1-power", "two")
    page.click("button.wide")
    assert "Player 2 (Isaac) · Power" in page.locator("#audit-error").inner_text()
    assert page.input_value("#p1-power") == "two" and page.input_value("#p0-items-1-name") == "Bone Shiv"
    assert page.is_checked("#p0-items-1-shield") and page.input_value("#p0-goons-1-type") == "dwarf"
    screenshot(page, "lockup-audit-error-360x740")


def test_audit_item_with_a_shield_and_a_gem_scores_both_on_a_phone(page, live_url, screenshot):
    """The issue's case with made-up data: a made-up "Crowbar" showing a shield and a gem, and a
    Demon (2 per treasure icon, L-G): 20 + 4 = 24. Misread as a name with no treasures it was 20;
    typed that way now, the row is refused by name."""
    page.goto(live_url + "/lockup/audit")
    for field, value in {"p0-name": "Vera", "p0-reputation": "20", "p1-name": "Isaac",
                         "p1-reputation": "21", "p0-items-1-name": "Crowbar"}.items():
        page.fill(f"#{field}", value)
    page.check("#p0-items-1-shield")
    page.check("#p0-items-1-gem")
    page.select_option("#p0-goons-1-type", "demon")
    page.click("button.wide")
    assert page.locator('[data-seat="Vera"] .total').inner_text() == "24"
    assert page.locator("#lockup-verdict").inner_text().startswith("Vera wins")
    page.fill("#p0-items-1-name", "Crowbar, shield, gem")
    page.uncheck("#p0-items-1-shield")
    page.uncheck("#p0-items-1-gem")
    page.press("#p0-items-1-name", "Enter")  # Enter scores (the form's first button), it adds no row
    page.wait_for_selector("#p0-items-1-error")
    assert page.locator("#p0-items-1-error").inner_text().startswith("Vera, item 1: “Crowbar, shield, gem”")
    assert page.locator(".player-score").count() == 0
    assert page.input_value("#p0-items-1-name") == "Crowbar, shield, gem"
    no_sideways_scroll(page)
    page.locator("#p0-items-1").scroll_into_view_if_needed()
    screenshot(page, "lockup-audit-row-error-360x740")


def test_audit_add_a_row_without_javascript(browser, live_url):
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_url + "/lockup/audit")
        page.fill("#p1-name", "Isaac")
        page.select_option("#p1-goons-1-type", "mindflayer")
        page.click('button[value="p1-goons"]')
        page.wait_for_selector("#p1-goons-4-type")
        assert page.evaluate("document.activeElement.id") == "p1-goons-4-type"
        assert page.input_value("#p1-name") == "Isaac" and page.input_value("#p1-goons-1-type") == "mindflayer"
        assert page.locator(".player-score").count() == 0 and page.locator("#audit-error").count() == 0
    finally:
        context.close()


def test_end_screen_of_a_finished_game_on_a_phone(page, live_app, live_url, screenshot):
    events, state = autoplay.play(5, 5, "advanced")
    with live_app.app_context():
        store = get_store()
        game = store.create_game("lockup", "Five at the table")
        store.append(game["id"], 0, events, "all")
        store.set_status(game["id"], "finished")
    url = f"{live_url}/lockup/{game['id']}/end"
    page.goto(url)
    no_sideways_scroll(page)
    assert page.locator("circle.point").count() == 6 * 5
    assert page.locator("#lockup-chart svg[role=img]").bounding_box()["width"] <= 340
    box = page.locator("#lockup-check button").bounding_box()
    assert box["height"] >= 44
    screenshot(page, "lockup-end-360x740")
    first = page.locator(".check-row").first
    total = next(p["total"] for p in state.result["players"] if p["name"] == first.get_attribute("data-seat"))
    page.fill("#count-0", str(total + 2))
    page.fill("#count-1", "oops")
    page.click("#lockup-check button")  # htmx swaps the section; a 422 is shown, not dropped
    page.wait_for_selector("#lockup-check [role=alert]")
    assert page.url == url
    page.fill("#count-1", "")
    page.click("#lockup-check button")
    page.wait_for_selector("#check-summary")
    assert page.locator(".check-row.diff").count() == 1 and page.url == url
    assert "+2" in page.locator(".check-row.diff").inner_text()
    page.locator("#lockup-check").scroll_into_view_if_needed()
    screenshot(page, "lockup-end-check-360x740")
