"""The Lockup table flow on one shared phone (issue 13): a refused post keeps every choice, the only
legal choice comes pre-selected, a recruit's pay follows the goons ticked, Pass asks twice, the
holding cell keeps the crew's printed order.

Every card here is made up for the test ("Made-up Item A" ...), not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import setups

from companion.games.lockup.engine import pending

SETUP = setups.lockup_table(letters=True, smithy_suspicion=2)
state = support.game_state
do = support.lockup_do


@pytest.fixture
def game(app, client):
    return setups.start_lockup(app, SETUP, "Flow test", "setup-key")


def to_the_chow_hall(app, client, game, scrap: int = 5) -> str:
    """Ana alone at the Chow Hall with ``scrap`` scrap (a manual adjustment): her recruit prompt's HTML."""
    do(client, game, "adjust", seat="Ana", quantity="scrap", delta=f"+{scrap}", reason="Made-up correction")
    do(client, game, "assign", seat="Ana", location="chow_hall", tile=["4", "3"])
    do(client, game, "assign", seat="Ben", location="sewers", tile=["1"])
    do(client, game, "assign", seat="Cleo", location="smithy", tile=["1"])
    for seat in ("Ana", "Ben", "Cleo"):
        do(client, game, "pass", seat=seat)
    while (p := pending(state(app, game))).kind == "confirm-rewards":
        do(client, game, "collect")
    assert (p.kind, p.seat, p.location) == ("choice", "Ana", "chow_hall")
    return client.get(f"/games/{game}").get_data(as_text=True)


def ask(page: str) -> str:
    return page[page.index('id="lockup-ask"'): page.index('id="lockup-board"') if 'id="lockup-board"' in page
                else len(page)]


def test_recruit_pay_left_blank_is_the_pay_for_the_goons_ticked_L_R6(app, client, game):
    """The pay is not pre-filled with one goon's price: left blank, it is what the goons ticked cost (L-R6)."""
    page = to_the_chow_hall(app, client, game)
    assert not re.search(r'name="pay_scrap" value="\d', page)
    do(client, game, "recruit", seat="Ana", goon=["sewers", "infirmary"])  # first place: 2 goons for any 4
    s = state(app, game)
    assert len(s.seats["Ana"].goons) == 2 and s.seats["Ana"].resources["scrap"] == 1


def test_a_refused_recruit_keeps_the_ticked_goons_and_the_pay(app, client, game):
    to_the_chow_hall(app, client, game, scrap=3)
    page = do(client, game, "recruit", expect=422, seat="Ana", goon=["sewers", "smithy"], pay_scrap="2")
    assert re.search(r'value="sewers"[^>]*checked', page) and re.search(r'value="smithy"[^>]*checked', page)
    assert not re.search(r'value="infirmary"[^>]*checked', page)
    assert 'name="pay_scrap" value="2"' in page
    blank = do(client, game, "recruit", expect=422, seat="Ana", goon=["sewers", "smithy"])  # 4 > 3 scrap
    assert "you cannot pay for 2 goons here (L-R6)" in support.words(blank)


def test_a_refused_assignment_keeps_the_tiles_and_the_count(client, game):
    page = do(client, game, "assign", expect=422, seat="Ana", tile=["2", "lookout"], face_down="1")  # no location
    assert re.search(r'name="tile" value="2"[^>]*checked', page)
    assert re.search(r'name="tile" value="lookout"[^>]*checked', page)
    assert not re.search(r'name="tile" value="3"[^>]*checked', page)
    assert re.search(r'name="face_down"[^>]*value="1"', page)
    fresh = client.get(f"/games/{game}").get_data(as_text=True)
    assert not re.search(r'name="tile" value="2"[^>]*checked', fresh) and 'value="0"' not in ask(fresh)


def test_pass_is_one_tap_while_others_are_still_in_and_asks_twice_when_it_ends_roll_call_L_RC7(client, game):
    """A pass that leaves Roll Call going reveals nothing, so Undo takes it back: one tap (issue
    23). The last one starts Lights Out, which reveals tiles (no Undo): it asks twice."""
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'id="rollcall-pass"' not in page and "lk-pass-now" in page
    assert "Undo takes it back until the next player acts." in support.words(page)
    for seat in ("Ana", "Ben"):
        do(client, game, "pass", seat=seat)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert re.search(r'<details id="rollcall-pass"[^>]*>\s*<summary>', page)  # the Pass button is inside
    details = page[page.index('id="rollcall-pass"'): page.index("</details>", page.index('id="rollcall-pass"'))]
    assert 'data-action="pass"' in details and not re.search(r'name="location"[^>]*checked', page)


def test_the_only_location_left_is_pre_selected_L_RC3(app, game):
    """Six locations used this round: the seventh is the only legal choice (L-RC3, L-RC5)."""
    from dataclasses import replace

    from companion.web.gameui.lockup.rollcall import ROLL_CALL_LOCATIONS, ask_roll_call

    s = state(app, game)
    ana = replace(s.seats["Ana"], visited=tuple(ROLL_CALL_LOCATIONS[:6]))
    s = replace(s, seats={**s.seats, "Ana": ana})
    with app.test_request_context():
        asked = ask_roll_call(s, pending(s))
    assert asked.only_location == ROLL_CALL_LOCATIONS[6]
    with app.test_request_context():
        assert ask_roll_call(state(app, game), pending(state(app, game))).only_location is None


def test_the_holding_cell_keeps_the_printed_order_every_round():
    from companion.web.gameui.lockup.rollcall import printed_order

    assert sorted([3, "enforcer", 1, 4, "lookout", 2], key=printed_order) == ["lookout", "enforcer", 1, 2, 3, 4]


def test_assign_all_puts_every_held_tile_face_up_L_RC2(app, client, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "All 6 tiles" in page and 'name="all"' in page
    do(client, game, "assign", seat="Ana", location="smithy", all="1", tile=["2"])  # the ticks do not matter
    s = state(app, game)
    assert s.seats["Ana"].holding == () and [p.tile for p in s.placements["smithy"]] == ["lookout", "enforcer", 1,
                                                                                         2, 3, 4]


def test_assign_all_is_not_offered_once_a_tile_is_face_down_without_a_value_I_16(app, client, game):
    do(client, game, "assign", seat="Ana", location="smithy", tile=["2"], face_down="1")
    for seat, loc in (("Ben", "sewers"), ("Cleo", "sewers")):
        do(client, game, "assign", seat=seat, location=loc, tile=["1"])
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Roll Call: Ana’s turn" in page and 'name="all"' not in page
    refused = do(client, game, "assign", expect=422, seat="Ana", location="infirmary", all="1")
    assert "face down without a value" in support.words(refused)


def test_the_confirmation_asks_only_those_who_may_decline_L_LO6(app, client):
    """The table asks before a fixed reward (L-LO6): Ana alone at the Sewers may decline (a choice:
    one tap, the table's form on this shared phone, as no phone holds her seat); where nobody may
    decline the game confirms by itself."""
    game = setups.start_lockup(app, setups.lockup_table(letters=True, smithy_suspicion=2, ask=True), "Flow test",
                               "setup-key")
    do(client, game, "assign", seat="Ana", location="sewers", tile=["1"])
    for seat in ("Ben", "Cleo"):
        do(client, game, "assign", seat=seat, location="smithy", tile=["1"])
    for seat in ("Ana", "Ben", "Cleo"):
        do(client, game, "pass", seat=seat)
    s = state(app, game)
    assert pending(s).kind == "confirm-rewards" and pending(s).detail["undecided"] == ["Ana"]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'data-action="collect"' in page and "data-auto" not in page
    assert 'name="declined" value="Ana"' in page and 'name="seat"' not in page.split('data-action="collect"')[1][:600]
