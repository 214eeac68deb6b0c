"""Issue 23, "every tap a decision": the taps of whole solo expert rounds (Chromium, 360×740).

Every click and submit counts (cards typed for the first time excluded), per prompt kind. What
is left is decisions only: a guard card to turn (L-SO5, when more than one lies face down), a
tile picked, a tile turned face down (a second tap on it), a location (its button assigns), a
choice reward (its prompt offers the decline, so no Collect comes first), and Patrol's card entry,
items and goons, in one form (L-P2, L-P3). A fixed reward is collected by itself (the table option
that asks before it, L-LO6, is off by default). Cards and box profile are made up.
"""

from __future__ import annotations

import pytest
import support
from browser.test_lockup_browser import PROFILE, Table, new_game

pytestmark = pytest.mark.browser


@pytest.fixture
def profiled(live_app, live_url):
    support.store_profile(live_app, PROFILE)
    return live_url


class SoloRound(Table):
    """An expert solo round as a player would tap it (issue 23): two turns of three tiles, one of
    them face down (tapped twice); the second turn ticks "All the tiles" and taps one again; a
    different location each turn (L-RC3), the Sewers, Smithy and Commissary first."""

    downs = 0  # "face down" boxes ticked by the taps, all turns

    PLACES = ("sewers", "smithy", "commissary", "infirmary", "exercise_yard", "chow_hall", "cell_block")

    def on_roll_call(self) -> None:
        form = self.page.locator("form.lk-assign")
        boxes = form.locator("input[name=tile]").all()
        everything = form.locator("input[name=all]")
        if len(boxes) <= 3 and everything.count():
            self.tap(everything)  # all picked: one more tap turns the last one face down
            self.tap(boxes[-1])
        else:
            for box in boxes[:3]:
                self.tap(box)
            self.tap(boxes[2])  # tapped again: face down
        self.downs += form.locator("input[name=down]:checked").count()
        free = {b.get_attribute("value"): b for b in form.locator("button[name=location]").all()}
        self.submit(free[next(p for p in self.PLACES if p in free)])


def test_a_solo_expert_round_takes_at_most_15_taps(page, live_app, profiled, screenshot):
    """Issue 23: a whole solo expert round, the guards' turns through Patrol, in at most 15 taps
    (every click and submit; cards typed for the first time excluded), at 360x740."""
    table = SoloRound(page, screenshot, "lockup-taps-solo")
    new_game(page, table, profiled, ("Ana",), mode="solo")
    page.wait_for_function("() => document.documentElement.classList.contains('taps')")  # taps.js ran
    while table.round() == 1:
        table.step()
    assert table.downs == 2  # each turn's second tap on a tile turned it face down
    taps = table.per_round[1]
    print(f"solo expert round 1: {taps} taps {table.kinds}")
    assert taps <= 15, table.kinds


class IssueRound(Table):
    """The issue's own example round: three Roll Call turns of two tiles, the second of them face
    down each time (the third turn ticks "All" and taps one again), to the Sewers, the Smithy and
    the Commissary (L-RC3); the first guard card offered is turned each time."""

    PLACES = ("sewers", "smithy", "commissary")
    turns = 0

    def on_roll_call(self) -> None:
        form = self.page.locator("form.lk-assign")
        boxes = form.locator("input[name=tile]").all()
        everything = form.locator("input[name=all]")
        if self.turns == 2 and everything.count():
            self.tap(everything)  # both picked: one more tap turns the second face down
        else:
            self.tap(boxes[0])
            self.tap(boxes[1])
        self.tap(boxes[1])
        assert form.locator("input[name=down]:checked").count() == 1
        self.submit(form.locator(f"button[name=location][value={self.PLACES[self.turns]}]"))
        self.turns += 1


# Seed 1 of the made-up solo set-up gives the issue's shape: three guard turns each with a choice
# of face-down cards, the player ranked at the Sewers and the Smithy (fixed rewards) and first at
# the Commissary, the guards crafting at the Cell Block (an item to draw) and recruiting at the
# Chow Hall (goons to draw).
ISSUE_SEED = 1
# The floor of that round, every tap a decision: 3 guard cards turned (L-SO5); 4 + 4 + 3 Roll
# Call taps (two tiles, one turned face down, a location; the last turn "All" instead of two
# tiles); none at the Sewers and the Smithy (fixed rewards, collected by themselves unless the
# table asks, L-LO6); the Commissary's resource (L-R5), its decline among the options; one Patrol
# submit. 16: the issue's goal of 15 would need dropping one more of these decisions.
ISSUE_FLOOR = {"guard-turn": 3, "roll-call": 11, "confirm-rewards": 0, "choice": 1, "refill-items": 1}


def test_the_issues_example_solo_round_taps_only_decisions(page, live_app, profiled, screenshot):
    from companion.solo_guard.playthrough import MadeUpCards, setup
    from companion.web import play

    with live_app.test_request_context():
        game = play.start("lockup-solo", setup("expert", support.made_up_profile(), ISSUE_SEED,
                                               MadeUpCards(ISSUE_SEED)), "Issue 23 round", "issue-23-round")
    table = IssueRound(page, screenshot, "lockup-taps-issue")
    table.cards = 100  # the names typed in Patrol follow the set-up's made-up cards
    page.goto(f"{profiled}/games/{game}")
    page.wait_for_function("() => document.documentElement.classList.contains('taps')")  # taps.js ran
    while table.round() == 1:
        table.step()
    print(f"the issue's solo round: {table.per_round[1]} taps {table.kinds}")
    assert table.kinds == {kind: n for kind, n in ISSUE_FLOOR.items() if n} and table.per_round[1] == 16
