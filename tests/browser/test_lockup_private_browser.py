"""Holding cells are private (ruling I-16), in Chromium at 360×740: a 3-player game from the new-game
form where face-down tiles are only counted in Roll Call and named when Lights Out reaches them
(L-LO1); before each reveal no page shown (the game page after every tap, the ``?seat=`` URLs, the
history, the home page) contains that face-down value or any holding cell.

The box profile is made up for the test: crew tiles 2, 7391, 8462, 9573 (not a real box's values)
so each can be searched for. Nobody plays them face up, so each may appear only in the list of
tiles a seat may still name (public: the same whatever is face down) until its owner reveals it.
"""

from __future__ import annotations

import re

import pytest
import support
from browser.test_lockup_browser import Table, new_game, pass_taps

pytestmark = pytest.mark.browser

PROFILE = {"game": "lockup", "crew_tiles": [2, 7391, 8462, 9573]}
PLAYERS = ("Ana", "Ben", "Cleo")
# Roll Call: (seat, tile shown face up, location); each also puts one tile face down there.
TURNS = (("Ana", "lookout", "smithy"), ("Ben", "2", "smithy"), ("Cleo", "enforcer", "sewers"))
SECRET = {"Ana": "9573", "Ben": "7391", "Cleo": "8462"}  # what each turns over in Lights Out
CHOICES = re.compile(r'<fieldset id="(?:holding-cell|reveal-tiles)"[^>]*>.*?</fieldset>', re.S)


def assert_hidden(html: str, hidden: set[str], where: str) -> None:
    for choices in CHOICES.findall(html):  # every unseen tile is offered: the list tells nothing
        assert hidden <= set(re.findall(r'name="tile" value="([^"]+)"', choices)), where
    rest = CHOICES.sub("", html)
    found = {v for v in hidden if re.search(rf"(?<!\d){v}(?!\d)", rest)}
    assert not found, f"{where} shows {found}"
    assert "Peek" not in rest


class Watch:
    """The table's page after every tap, and the other pages anyone can open, checked each time."""

    def __init__(self, page, url: str):
        self.page, self.url = page, url
        self.other = page.context.new_page()
        self.checked = 0

    def check(self, hidden: set[str], where: str) -> None:
        assert_hidden(self.page.content(), hidden, f"{where}: the game page")
        game = self.page.url.split("?")[0]
        for url in (f"{game}?seat=Ana", f"{game}?seat=Ben", f"{game}?seat=Cleo", f"{game}/history", self.url + "/"):
            self.other.goto(url)
            assert_hidden(self.other.content(), hidden, f"{where}: {url}")
        self.checked += 1
        # Back to the table's tab: Chromium throttles the timers of a tab in the background, and
        # htmx swaps through timers (each tap took 3 s instead of 0.1 s).
        self.page.bring_to_front()


def reveal(table: Table, seat: str) -> None:
    ask = table.page.locator("#lockup-ask")
    assert f"{seat}, reveal your face-down tile here" in ask.inner_text()
    table.submit(ask.locator(f"button[name=tile][value='{SECRET[seat]}']"))  # one tile to name: its tap answers


def test_face_down_values_are_given_only_at_lights_out_and_shown_nowhere_before_I_16(
        page, live_app, live_url, screenshot):
    support.store_profile(live_app, PROFILE)
    table = Table(page, screenshot, "lockup-private")
    new_game(page, table, live_url, PLAYERS, ask=True)  # the Smithy waits, its tiles shown (L-LO6)
    watch = Watch(page, live_url)
    hidden = set(SECRET.values())
    watch.check(hidden, "the first turn")
    for seat, shown, location in TURNS:
        form = page.locator("form.lk-assign")
        assert f"Roll Call: {seat}’s turn" in page.inner_text("#lockup-ask")
        assert form.locator("input[name=down]").count() == 0  # no face-down value is asked
        form.locator(f"input[name=tile][value='{shown}']").check()
        form.locator("input[name=face_down]").fill("1")
        if seat == "Ana":
            screenshot(page, "lockup-private-roll-call")
        table.submit(form.locator(f"button[name=location][value={location}]"))  # the location's tap assigns
        watch.check(hidden, f"after {seat}'s assignment")
    assert "Holding cell: 4 tiles" in page.text_content("#lockup-seats")  # folded on a phone (issue 23)
    for _ in PLAYERS:  # one tap while others are still in; the last pass is asked twice (issue 23)
        *opening, button = pass_taps(page)
        for summary in opening:
            summary.click()
        table.submit(button)
    watch.check(hidden, "when Lights Out begins")

    assert table.waiting() == "reveal-tiles"  # the Sewers (the Exercise Yard is empty)
    screenshot(page, "lockup-private-reveal")
    reveal(table, "Cleo")
    hidden.discard(SECRET["Cleo"])
    assert SECRET["Cleo"] in page.inner_text("#lockup")  # on the table now (L-LO1)
    while table.waiting() != "reveal-tiles":  # the Sewers' rewards, then on to the Smithy
        watch.check(hidden, f"at {table.waiting()}")
        table.step()
    for seat in ("Ana", "Ben"):  # clockwise from the first player
        watch.check(hidden, f"when {seat} is asked")
        reveal(table, seat)
        hidden.discard(SECRET[seat])
    assert not hidden and table.waiting() == "confirm-rewards"
    explained = page.inner_text("#lockup")
    assert all(SECRET[seat] in explained for seat in ("Ana", "Ben"))
    screenshot(page, "lockup-private-revealed")
    assert watch.checked >= 8
