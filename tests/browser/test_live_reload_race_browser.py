"""An action's answer and the live poll's answer race for the same panel (issue 21): both are
morphed into #game-panel, so a poll answer landing after an action's would show the table as it
was before a tap the host had recorded. ``hx-sync`` on #live-table orders them: no poll is sent
while an action is under way, and an action aborts a poll already sent. The tests hold requests in
Playwright's router to force the bad orders."""

from __future__ import annotations

import pytest
from browser.conftest import POLL_SECONDS
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


def polls_sent(page) -> list[str]:
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if "/poll?seen=" in r.url else None)
    return sent


def polls_answered(page) -> list[int]:
    """The statuses of the polls answered from now on."""
    answered: list[int] = []
    page.on("response", lambda r: answered.append(r.status) if "/poll?seen=" in r.url else None)
    return answered


def test_no_poll_is_sent_while_an_action_is_under_way(page, live_url, screenshot):
    start_game(page, live_url, screenshot)
    sent = polls_sent(page)
    actions = hold(page, "**/end-turn", "POST")
    page.get_by_role("button", name="Rojo has accessed a building").click()
    until(page, lambda: len(actions) == 1)
    sent.clear()
    page.wait_for_timeout(2500 * POLL_SECONDS)  # two and a half poll periods
    assert sent == []  # dropped: the action's answer is the fresher table
    release(actions[0])
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
    until(page, lambda: len(sent) > 0, seconds=15 * POLL_SECONDS)  # and polling goes on afterwards


def test_an_action_aborts_a_poll_already_sent(page, live_url, screenshot):
    start_game(page, live_url, screenshot)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    polls = hold(page, "**/poll?*", "GET")
    until(page, lambda: len(polls) == 1)  # sent, and held before the host saw it
    actions = hold(page, "**/end-turn", "POST")
    page.get_by_role("button", name="Rojo has accessed a building").click()
    until(page, lambda: len(actions) == 1)
    until(page, lambda: any("/poll?seen=" in url for url in failed))  # the poll was aborted
    page.unroute("**/poll?*")
    release(polls[0])  # its answer has nowhere to go
    page.wait_for_timeout(300)
    release(actions[0])
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
    answered = polls_answered(page)
    until(page, lambda: len(answered) >= 2, seconds=15 * POLL_SECONDS)  # later polls find the same table
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
