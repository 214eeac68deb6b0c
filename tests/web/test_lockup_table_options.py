"""The I-2 table option "second tiers as in the Spanish rulebook" on the table phone: a labelled
checkbox next to the I-1 option, kept through step 2, recorded in ``game-started`` and shown on the
game page with the I-1 option. Cards are made up for the test (autoplay's "Test ..." cards)."""

from __future__ import annotations

import random
import re

import pytest
import support

from companion.events import EventStore
from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields


def plain(html: str) -> str:
    """Text without tags (rule ids may be shown as links)."""
    return re.sub(r"<[^>]+>", "", html)


def _started(app, game_id: str) -> dict:
    records = EventStore(app.config["DATABASE"]).events(game_id)
    return next(r.payload for r in records if r.type == "game-started")


def test_step_one_offers_both_table_options_together_I_1_I_2(profiled):
    page = profiled.get("/lockup/new").get_data(as_text=True)
    options = page[page.index('id="table-options"'):].split("</fieldset>")[0]
    assert 'name="pass_rewards_down"' in options and 'name="spanish_second_tiers"' in options
    assert "second tiers as in the Spanish rulebook" in plain(options) and "(I-2)" in plain(options)


def test_step_two_keeps_the_checked_option_I_2(profiled):
    page = profiled.post("/lockup/new", follow_redirects=True,
                         data={"mode": "standard", "name-0": "Ana", "name-1": "Ben",
                               "spanish_second_tiers": "1"}).get_data(as_text=True)
    assert '<input type="hidden" name="spanish_second_tiers" value="1">' in page


@pytest.mark.parametrize(("mode", "count"), [("standard", 2), ("solo", 1)])
@pytest.mark.parametrize("checked", [False, True])
def test_the_option_is_recorded_and_shown_on_the_game_page_I_2(app, profiled, mode, count, checked):
    setup = autoplay.make_setup(random.Random(4), count, mode)
    setup["options"] = {"spanish_second_tiers": checked}
    fields = setup_fields(setup)
    if mode == "solo":
        fields["difficulty"] = "easy"
    assert ("spanish_second_tiers" in fields) is checked
    answer = profiled.post("/lockup/new/start", data=fields)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:800]
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    assert _started(app, game_id)["options"]["spanish_second_tiers"] is checked
    assert _started(app, game_id)["options"]["pass_rewards_down"] is False
    page = profiled.get(f"/games/{game_id}").get_data(as_text=True)
    line = plain(page[page.index('id="lockup-options"'):].split("</p>")[0])
    state = "on" if checked else "off"
    assert f"second tiers as in the Spanish rulebook (I-2): {state}" in line
    assert "declined rewards pass down (I-1): off" in line


def test_the_display_form_says_slot_1_is_next_to_the_item_deck_I_18(app, profiled):
    """Step 2 asks for the display from the deck outward and the game keeps that order (I-18)."""
    page = profiled.post("/lockup/new", follow_redirects=True,
                         data={"mode": "standard", "name-0": "Ana", "name-1": "Ben"})
    text = page.get_data(as_text=True)
    display = plain(text[text.index('id="display"'):].split("</fieldset>\n  <fieldset")[0])
    assert "slot 1 = next to the item deck (I-18)" in display
    assert display.index("Slot 1, next to the item deck") < display.index("Slot 2") < display.index("Slot 3")
    setup = autoplay.make_setup(random.Random(5), 2, "standard")
    answer = profiled.post("/lockup/new/start", data=setup_fields(setup))
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    started = _started(app, game_id)
    assert [i["name"] for i in started["display"]] == [i["name"] for i in setup["display"]]
    page = profiled.get(f"/games/{game_id}").get_data(as_text=True)
    board = plain(page[page.index('id="lockup-display"'):])
    first, second = (f"Slot {n}: {setup['display'][n - 1]['name']}" for n in (1, 2))
    assert "Slot 1 = next to the item deck (I-18)." in board and board.index(first) < board.index(second)


REFILL_SETUP = {
    "mode": "standard", "players": [{"name": "Ana"}, {"name": "Ben"}], "first_player": "Ana",
    "crew_tiles": [1, 2, 3, 4],
    "goals": {"leader": {"name": "Made-up Leader", "kind": "leader", "counts": "gem", "minimum": 2},
              "instant": {"name": "Made-up Instant", "kind": "instant", "stars": 3},
              "end_game": {"name": "Made-up End", "kind": "end_game", "treasure": "shield"}},
    "display": [{"name": f"Made-up Item {c}", "cost": {"scrap": 1}, "reputation": 2} for c in "ABC"],
    "goons": {loc: {"name": f"Made-up Goon {loc}", "type": "mindflayer", "suspicion": 0, "treasures": []}
              for loc in ("sewers", "infirmary", "smithy", "commissary", "chow_hall")},
}


def test_the_patrol_refill_form_names_the_empty_slot_I_18_L_P2(app, profiled):
    """Ana crafts the item in slot 2; in Patrol the form asks for the new item of slot 2."""
    from companion.web import play

    with app.test_request_context():
        game_id = play.start("lockup", REFILL_SETUP, "Refill test", "refill-key")

    def do(action, **fields):
        answer = profiled.post(f"/lockup/{game_id}/do/{action}", data=fields)
        assert answer.status_code == 303, answer.get_data(as_text=True)[:1500]

    do("adjust", seat="Ana", quantity="scrap", delta="+1", reason="Made-up scrap for the test")
    do("assign", seat="Ana", location="cell_block", tile=["3"])
    do("pass", seat="Ben")
    do("pass", seat="Ana")  # the Cell Block is a choice: it asks no Collect first (issue 23)
    do("craft", seat="Ana", source="display", index="1", pay_scrap="1")
    page = plain(profiled.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Patrol: new items for the display" in page
    assert "New item for slot 2" in page and "New item for slot 1" not in page
    assert "Slot 1 = next to the item deck; the slots are filled from the deck outward (I-18)." in page
    # Issue 23: the goons for the slot the advancing goons leave empty (L-P3) are in the same form,
    # and one plain post puts both on the board: no second Patrol submit.
    html = profiled.get(f"/games/{game_id}").get_data(as_text=True)
    fields = support.form_fields(html, f"/lockup/{game_id}/do/refill-items")
    assert fields.get("with_goons") == "1" and "Patrol: new goons" in page and 'name="goon-sewers-name"' in html
    item = {"item0-name": "Made-up Item D", "item0-reputation": "2", "item0-cost_any": "1"}
    refused = profiled.post(f"/lockup/{game_id}/do/refill-items", data={
        **fields, **item, "goon-sewers-name": "Made-up Goon smithy", "goon-sewers-type": "dwarf"})
    assert refused.status_code == 422  # a goon on the board (L-C5): words next to its field, nothing recorded
    assert "Made-up Goon smithy is already on the board" in plain(refused.get_data(as_text=True))
    do("refill-items", **{**fields, **item, "goon-sewers-name": "Made-up Goon E", "goon-sewers-type": "dwarf"})
    state = support.game_state(app, game_id)
    assert state.round == 2 and state.goons["sewers"].name == "Made-up Goon E"
    assert state.display[1].name == "Made-up Item D"
