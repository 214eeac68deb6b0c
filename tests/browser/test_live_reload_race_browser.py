"""An action's answer and the live reload race for the same panel (companion/static/live.js):
htmx fixes a request's target when it sends it, so whichever answer lands second is dropped. The
tests hold requests in Playwright's router to force the bad orders; without live.js's guard the
page would show the table as it was before a tap the host had recorded."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_rc_browser import start_game

pytestmark = pytest.mark.browser


def hold(page, pattern: str, method: str) -> list:
    """Hold every ``method`` request matching ``pattern`` until the test releases it."""
    held: list = []
    page.route(pattern, lambda route: held.append(route) if route.request.method == method else route.continue_())
    return held


def release(route) -> None:
    """Let a held request through; one the page aborted meanwhile has nowhere to go."""
    try:
        route.continue_()
    except Exception:  # noqa: BLE001 - Playwright raises when the request was aborted meanwhile
        pass


def until(page, check, seconds: float = 5.0) -> None:
    """Let the page run (and Playwright dispatch its router) until ``check()`` holds."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        page.wait_for_timeout(20)
    raise AssertionError("the page never sent the request")


def reloads_sent(page) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "GET" and "/games/" in r.url
            and "/version" not in r.url and r.url.rsplit("/", 1)[-1] != "qr.svg" else None)
    return sent


def test_no_reload_is_sent_while_an_action_is_under_way(page, live_url, screenshot):
    start_game(page, live_url, screenshot)
    sent = reloads_sent(page)
    actions = hold(page, "**/end-turn", "POST")
    page.get_by_role("button", name="Rojo has accessed a building").click()
    until(page, lambda: len(actions) == 1)
    page.evaluate("htmx.trigger(document.body, 'game-moved')")  # as a poll answer does
    page.wait_for_timeout(300)
    assert sent == []  # the reload waits for the action's answer, the fresher table
    release(actions[0])
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")


def test_an_action_aborts_a_reload_already_sent(page, live_url, screenshot):
    start_game(page, live_url, screenshot)
    reloads = hold(page, "**/games/*", "GET")
    page.evaluate("htmx.trigger(document.body, 'game-moved')")
    until(page, lambda: len(reloads) == 1)  # sent, and held before the host saw it
    actions = hold(page, "**/end-turn", "POST")
    page.get_by_role("button", name="Rojo has accessed a building").click()
    until(page, lambda: len(actions) == 1)
    release(reloads[0])  # the reload's answer (the table before the tap) would land first...
    page.wait_for_timeout(300)
    release(actions[0])  # ...and the action's answer would find its panel gone
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
    page.wait_for_timeout(300)
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
