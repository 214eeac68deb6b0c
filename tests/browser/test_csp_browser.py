"""htmx under the app's strict Content-Security-Policy (issue 10, item 9): pages load and htmx
swaps panels in place with no CSP violation reported by Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support import confirm_step

pytestmark = pytest.mark.browser

WATCH = """window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', e => window.__cspViolations.push(
  e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '')));"""


def watched(page) -> list[str]:
    """Console messages about the CSP (Chromium reports every blocked inline style or script)."""
    messages: list[str] = []
    page.on("console", lambda msg: messages.append(msg.text) if "Content Security Policy" in msg.text else None)
    page.add_init_script(WATCH)
    return messages


def test_the_policy_is_sent_and_htmx_swaps_under_it(page, live_url):
    console = watched(page)
    response = page.goto(live_url + "/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy
    assert page.evaluate("htmx.config.includeIndicatorStyles") is False
    page.get_by_role("link", name="Rattus Cartus").first.click()
    for seat, name in enumerate(["Rojo", "Azul"]):
        page.fill(f"#rc-player-{seat}", name)
    page.check('#rc-new input[name="start_seat"][value="0"]')
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    url = page.url
    page.evaluate("document.body.dataset.marker = 'same-document'")
    confirm_step(page, "rc-end-round")  # an htmx post
    expect(page.locator("#rc-rounds h2")).to_contain_text("Round 2 of")
    assert page.url == url and page.evaluate("document.body.dataset.marker") == "same-document"
    assert page.evaluate("window.__cspViolations") == [] and console == []


def test_a_refusal_is_swapped_in_under_the_policy(page, live_url):
    """A 422 answer to an htmx post still replaces the panel (the shared responseHandling config)."""
    console = watched(page)
    page.goto(live_url + "/rattus-cartus/new")
    for seat, name in enumerate(["Rojo", "Azul", "Verde"]):  # three players: nine rounds
        page.fill(f"#rc-player-{seat}", name)
    page.check('#rc-new input[name="start_seat"][value="0"]')
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    for round_no in range(2, 10):
        confirm_step(page, "rc-end-round")
        expect(page.locator("#rc-rounds h2")).to_contain_text(f"Round {round_no} of 9")
    confirm_step(page, "rc-end-round")
    expect(page.locator("#rc-final-status")).to_be_visible()
    rats = page.locator("form.rc-rats").nth(0)
    rats.locator("input[name=rats]").fill("lots")
    rats.locator("button").click()
    expect(page.locator("#game-panel .error")).to_contain_text("Rat sum")
    assert page.evaluate("window.__cspViolations") == [] and console == []


def test_the_watch_sees_what_the_policy_blocks(page, live_url):
    """Self-test of the two tests above: an inline handler is blocked and reported."""
    console = watched(page)
    page.goto(live_url + "/")
    page.evaluate("""document.body.insertAdjacentHTML('beforeend',
        '<img id=probe src=/static/app.css onerror="window.__ran = 1">')""")
    page.wait_for_function("window.__cspViolations.length > 0")
    assert page.evaluate("window.__ran") is None
    assert any("script-src" in v for v in page.evaluate("window.__cspViolations"))
    assert console
