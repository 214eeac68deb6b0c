"""Atlas of Hideouts on the phone (L-SO6): the player records a tome, opens the offer, picks a
face-down guard and plays it; htmx swaps in the panel with that guard face up.

The box profile and cards are made up for the test (golden/made_up_profile.json, "Made-up ...").
"""

from __future__ import annotations

import pytest
import support

from companion.games.lockup.model import GUARDS
from companion.solo_guard.playthrough import MadeUpCards, setup

pytestmark = pytest.mark.browser

PROFILE = support.made_up_profile()


_state = support.game_state


_submit = support.tap_and_wait


def test_atlas_of_hideouts_reveals_the_chosen_guard(page, live_app, live_url, screenshot):
    support.store_profile(live_app, PROFILE)
    from companion.web import play

    with live_app.test_request_context():
        game_id = play.start("lockup-solo", setup("demanding", PROFILE, 12, MadeUpCards(12)), "Atlas", "atlas-b")
    page.goto(f"{live_url}/games/{game_id}")
    assert page.locator("#lockup-atlas").count() == 0  # no tome yet
    tools = page.locator("#lockup-tools")
    tools.locator("summary").first.click()
    tools.locator("#adj-quantity").select_option("tomes")
    tools.locator("#adj-delta").fill("+1")
    tools.locator("#adj-reason").fill("Made-up tome drawn")
    _submit(page, tools.locator("form[data-action=adjust] button"))
    atlas = page.locator("#lockup-atlas")
    atlas.locator("summary").click()
    target = atlas.locator("input[name=location]").last.get_attribute("value")
    atlas.locator(f"input[name=location][value={target}]").check()
    screenshot(page, "lockup-solo-atlas")
    _submit(page, atlas.locator("button[type=submit]"))
    card = next(p for p in _state(live_app, game_id).game.placements[target] if p.seat == GUARDS)
    assert card.face_up
    assert f"the guards: {card.tile}" in page.locator(f"#strip-{target}").inner_text()  # the strip (issue 23)
    assert page.locator("#lockup-atlas").count() == 0  # the only tome is spent
    assert "tomes 0" in page.locator("#lockup-seats").text_content()  # folded on a phone (issue 23)
