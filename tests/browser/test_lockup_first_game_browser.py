"""A new owner's first game (issue 13): from an empty instance to turn 1 of a solo game in at most
40 taps plus card names, guided step by step (box profile → players → cards → first turn).

Counted as taps: every click (links, buttons, radios, the "printed facts" summaries) and every
submit; a drop-down counts 2 (open it, pick). Typing is not counted: the values of the box profile
and of the cards are typed with the phone's keyboard moving from field to field. Every card and
printed value is made up for the test.
"""

from __future__ import annotations

import pytest

from companion.games.lockup.box_profile import GUARD_COLOURS, SPECIAL_COLOURS

pytestmark = pytest.mark.browser

BUDGET = 40


class Owner:
    """One person on the table phone, counting the taps."""

    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, target) -> None:
        self.taps += 1
        (self.page.locator(target) if isinstance(target, str) else target).click()

    def pick(self, target, value: str) -> None:
        self.taps += 2  # open the drop-down, pick the option
        (self.page.locator(target) if isinstance(target, str) else target).select_option(value)

    def type(self, target, value: str) -> None:
        (self.page.locator(target) if isinstance(target, str) else target).fill(value)


def box_profile(owner: Owner) -> None:
    """The profile form the solo game sends a new owner to: crew tiles, guard values, specials."""
    page = owner.page
    page.wait_for_selector("text=A solo game needs the guard cards")
    for i, value in enumerate((1, 2, 3, 4)):
        owner.type(f"input[name='crew_tiles[{i}]']", str(value))
    for colour, count in GUARD_COLOURS.items():
        for i in range(count):
            owner.type(f"input[name='guard_cards.{colour}[{i}]']", "P" if i == 2 else str(1 + i % 3))
    for colour in SPECIAL_COLOURS:
        owner.tap(page.locator(f"input[name='special_guard.{colour}']").first)
    owner.tap("form.profile button[type=submit]")


def cards(owner: Owner) -> None:
    """Step 2: two goals, three items, five goons, each entered for the first time."""
    page = owner.page
    owner.type("#goal-leader-name", "Made-up Leader Goal")
    owner.pick("select[name=goal-leader-counts]", "mindflayer")
    owner.type("input[name=goal-leader-minimum]", "1")
    owner.type("#goal-end-name", "Made-up End Goal")
    owner.pick("select[name=goal-end-treasure]", "gem")
    for n, entry in enumerate(page.locator("#display fieldset.lk-card-entry").all()):
        owner.type(entry.locator("input[name$='name']"), f"Made-up Item {n + 1}")
        owner.tap(entry.locator("summary"))
        owner.type(entry.locator("input[name$='reputation']"), str(1 + n))
        owner.type(entry.locator("input[name$='cost_any']"), "1")
    for n, entry in enumerate(page.locator("#goons fieldset.lk-card-entry").all()):
        owner.type(entry.locator("input[name$='name']"), f"Made-up Goon {n + 1}")
        owner.tap(entry.locator("summary"))
        owner.pick(entry.locator("select[name$='type']"), "dwarf" if n % 2 else "mindflayer")


def test_a_new_owner_reaches_turn_one_of_a_solo_game_within_40_taps(page, live_url, screenshot):
    owner = Owner(page)
    page.goto(live_url + "/")
    owner.tap(page.locator("a[href$='/lockup/new/solo']").first)
    box_profile(owner)
    profile_taps = owner.taps
    page.wait_for_selector("#new-players")
    owner.type("#name-0", "Made-up Ana")
    owner.tap("#new-players button[type=submit]")
    page.wait_for_selector("#new-cards")
    cards(owner)
    owner.tap("#new-cards button.lk-main")
    page.wait_for_selector("#lockup")
    screenshot(page, "first-game-turn-1")
    assert page.get_attribute("#lockup", "data-round") == "1"
    print(f"first game: {owner.taps} taps ({profile_taps} box profile)")
    assert owner.taps <= BUDGET, f"{owner.taps} taps to turn 1 ({profile_taps} for the box profile)"


def test_the_next_game_with_the_same_cards_is_four_taps(page, live_url):
    """The second game: the player filled in, "Same cards as last game" one tap, then start."""
    first = Owner(page)
    page.goto(live_url + "/lockup/new/solo")
    box_profile(first)
    first.type("#name-0", "Made-up Ana")
    first.tap("#new-players button[type=submit]")
    cards(first)
    first.tap("#new-cards button.lk-main")
    page.wait_for_selector("#lockup")
    owner = Owner(page)
    page.goto(live_url + "/")
    owner.tap(page.locator("a[href$='/lockup/new/solo']").first)
    assert page.input_value("#name-0") == "Made-up Ana"
    owner.tap("#new-players button[type=submit]")
    owner.tap("#same-cards button")
    assert page.input_value("#item2-name") == "Made-up Item 3"
    goon = page.locator("#goons fieldset.lk-card-entry").first.locator("input[name$='name']")
    assert goon.input_value() == "Made-up Goon 1"
    owner.tap("#new-cards button.lk-main")
    page.wait_for_selector("#lockup")
    assert page.get_attribute("#lockup", "data-round") == "1"
    assert owner.taps == 4
