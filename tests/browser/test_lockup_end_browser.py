"""Lockup end screens in Chromium at 360×740: the audit-only form and a finished game's end screen."""

from __future__ import annotations

import pytest

from companion.games.lockup import autoplay
from companion.web import get_store

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
    page.fill("#p0-items", "Bone Shiv: shield")
    page.fill("#p0-goons", "dwarf: gem")
    page.select_option("#first_player", "p1")
    page.select_option("#leader_goal", "p0")
    page.select_option("#end_kind", "majority")
    page.select_option("#end_treasure", "shield")
    screenshot(page, "lockup-audit-form-360x740")
    page.click("button.wide")
    assert page.locator("#lockup-verdict").inner_text().startswith("Vera wins")
    assert page.locator('[data-seat="Vera"] .total').inner_text() == "51"
    no_sideways_scroll(page)
    screenshot(page, "lockup-audit-result-360x740")
    page.fill("#p1-power", "two")
    page.click("button.wide")
    assert "Player 2 (Isaac) · Power" in page.locator("#audit-error").inner_text()
    assert page.input_value("#p1-power") == "two" and page.input_value("#p0-items") == "Bone Shiv: shield"
    screenshot(page, "lockup-audit-error-360x740")


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
