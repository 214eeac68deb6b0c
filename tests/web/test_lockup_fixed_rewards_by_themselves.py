"""Issue 23 on the table phone: a fixed reward is collected by itself unless the table asks.

The new-game page offers the table option "ask before collecting a fixed reward" (L-LO6), unticked;
step 2 keeps it and the game page's "Table options" line shows it. Off, Lights Out goes on without
a tap, by a plain form post and by htmx alike, and the feed says per seat what was collected, with
its rule id; no seated phone and no host is asked. On, the table's Collect/Decline is back and a
decline makes a straggler (L-LO6, I-1). Cards are made up.
"""

from __future__ import annotations

import random
import re

import pytest
import support
from support import HX, setups

from companion.events import EventStore
from companion.games.lockup import autoplay
from companion.games.lockup.engine import pending
from companion.web.gameui.lockup.formdriver import setup_fields

LABEL = "ask before collecting a fixed reward (L-LO6)"


def plain(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup)


def test_the_new_game_page_offers_the_option_unticked_and_step_two_keeps_it(profiled):
    page = profiled.get("/lockup/new").get_data(as_text=True)
    options = page[page.index('id="table-options"'):].split("</fieldset>")[0]
    box = re.search(r'<input type="checkbox" name="ask_fixed_rewards"[^>]*>', options)
    assert box and "checked" not in box.group(0)
    assert "ask before collecting a fixed reward" in plain(options) and "(L-LO6)" in plain(options)
    page = profiled.post("/lockup/new", follow_redirects=True,
                         data={"mode": "standard", "name-0": "Ana", "name-1": "Ben",
                               "ask_fixed_rewards": "1"}).get_data(as_text=True)
    assert '<input type="hidden" name="ask_fixed_rewards" value="1">' in page


@pytest.mark.parametrize("ask", [False, True])
def test_the_option_is_recorded_and_shown_in_the_table_options_line(app, profiled, ask):
    setup = autoplay.make_setup(random.Random(4), 3, "standard")
    setup["options"] = {"ask_fixed_rewards": ask}
    answer = profiled.post("/lockup/new/start", data=setup_fields(setup))
    assert answer.status_code == 303, answer.get_data(as_text=True)[:800]
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    started = next(r for r in EventStore(app.config["DATABASE"]).events(game_id) if r.type == "game-started")
    assert started.version == 4 and started.payload["options"]["ask_fixed_rewards"] is ask
    page = profiled.get(f"/games/{game_id}").get_data(as_text=True)
    line = plain(page[page.index('id="lockup-options"'):].split("</p>")[0])
    assert f"{LABEL}: {'on' if ask else 'off'}" in line


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_lights_out_goes_on_without_a_tap_L_LO6_L_LO4(app, client, headers):
    """The last pass of Roll Call resolves the Exercise Yard and the Smithy (only fixed rewards)
    within that post: nobody is asked, the feed names what each seat collected."""
    game = setups.start_lockup(app, setups.lockup_table(), "By themselves", "by-themselves")
    moves = (("Ana", "exercise_yard", "3"), ("Ben", "exercise_yard", "3"), ("Cleo", None, None),
             ("Ana", "smithy", "4"), ("Ben", "smithy", "1"), ("Ana", None, None))
    for seat, location, tile in moves:
        if location is None:
            support.lockup_do(client, game, "pass", seat=seat)
        else:
            support.lockup_do(client, game, "assign", seat=seat, location=location, tile=[tile])
    answer = support.lockup_do(client, game, "pass", expect=200 if headers else 303, headers=headers, seat="Ben")
    s = support.game_state(app, game)
    assert pending(s).kind != "confirm-rewards" and s.phase == "patrol"
    assert s.seats["Ana"].power == 2 and s.seats["Ana"].resources["iron"] == 2  # L-R1, L-R4
    page = answer if headers else client.get(f"/games/{game}").get_data(as_text=True)
    assert f"/lockup/{game}/do/collect" not in page
    words = support.words(page)
    assert "Ana collects the first-place reward at the Exercise Yard (L-LO4)" in words
    assert "Ben collects" in words and "at the Smithy (L-LO4)" in words


def test_no_seated_phone_and_not_the_host_is_asked_L_LO6(app, client):
    game = setups.start_lockup(app, setups.lockup_table(), "Seated", "seated-key")
    ana = support.phone(app, game, "Ana")
    ben = support.phone(app, game, "Ben", address="192.0.2.51")
    support.lockup_do(ana, game, "assign", seat="Ana", location="smithy", tile=["4"])
    support.lockup_do(ben, game, "assign", seat="Ben", location="smithy", tile=["1"])
    support.lockup_do(client, game, "pass", seat="Cleo")  # no phone holds Cleo's seat: the host's
    support.lockup_do(ana, game, "pass", seat="Ana")
    support.lockup_do(ben, game, "pass", seat="Ben")
    s = support.game_state(app, game)
    assert s.phase == "patrol" and s.seats["Ana"].resources["iron"] == 2 and s.seats["Ben"].resources["iron"] == 1
    for device in (client, ana, ben):
        page = device.get(f"/games/{game}").get_data(as_text=True)
        assert f"/lockup/{game}/do/collect" not in page and "collect or decline" not in support.words(page)


def test_with_the_option_on_the_table_is_asked_and_a_decline_makes_a_straggler_L_LO6_I_1(app, client):
    game = setups.start_lockup(app, setups.lockup_table(ask=True), "Asked", "asked-key")
    support.lockup_do(client, game, "assign", seat="Ana", location="smithy", tile=["4"])
    support.lockup_do(client, game, "assign", seat="Ben", location="smithy", tile=["1"])
    for seat in ("Cleo", "Ana", "Ben"):
        support.lockup_do(client, game, "pass", seat=seat)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert f"/lockup/{game}/do/collect" in page and 'name="declined" value="Ana"' in page
    support.lockup_do(client, game, "collect", declined="Ana")
    s = support.game_state(app, game)
    assert s.seats["Ana"].resources["iron"] == 0 and s.seats["Ben"].resources["iron"] == 1  # I-1: ranks stay
    assert "Ana is a straggler at the Smithy (declined)" in support.text(client.get(f"/games/{game}/history"))


@pytest.mark.parametrize("headers", [{}, HX], ids=["plain", "htmx"])
def test_a_player_turns_asking_on_mid_game_L_LO6(app, client, headers):
    """The table tools offer it while it is off; the feed names who turned it on; the Table options
    line says it is on; the next fixed reward is asked about (L-LO6)."""
    game = setups.start_lockup(app, setups.lockup_table(), "Mid-game", "mid-game-key")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert f"/lockup/{game}/do/ask-fixed-rewards" in page
    support.lockup_do(client, game, "ask-fixed-rewards", expect=200 if headers else 303, headers=headers,
                      seat="Cleo")
    assert support.game_state(app, game).options["ask_fixed_rewards"] is True
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert f"/lockup/{game}/do/ask-fixed-rewards" not in page  # on for the rest of the game
    assert "Cleo turns on asking before a fixed reward is collected (L-LO6)" in support.words(page)
    line = plain(page[page.index('id="lockup-options"'):].split("</p>")[0])
    assert f"{LABEL}: on" in line
    support.lockup_do(client, game, "assign", seat="Ana", location="smithy", tile=["4"])
    for seat in ("Ben", "Cleo", "Ana"):
        support.lockup_do(client, game, "pass", seat=seat)
    assert pending(support.game_state(app, game)).detail["undecided"] == ["Ana"]


def test_a_phone_turns_asking_on_for_its_own_seat_only_L_LO6(app, client):
    game = setups.start_lockup(app, setups.lockup_table(), "Phone asks", "phone-asks-key")
    ben = support.phone(app, game, "Ben")
    assert "cannot act for Ana" in support.lockup_do(ben, game, "ask-fixed-rewards", expect=403, seat="Ana")
    assert "seat" in support.lockup_do(ben, game, "ask-fixed-rewards", expect=422, seat="Nobody")
    support.lockup_do(ben, game, "ask-fixed-rewards", seat="Ben")
    assert support.game_state(app, game).options["ask_fixed_rewards"] is True
    refused = support.lockup_do(ben, game, "ask-fixed-rewards", expect=422, seat="Ben")
    assert "The table is already asked before each fixed reward (L-LO6)" in support.words(refused)


def test_undo_of_the_pass_that_resolved_face_up_locations_takes_their_rewards_back(app, client):
    """Nothing hidden was shown (every tile face up): the host may undo the pass, and with it the
    locations it resolved by themselves (one command, one undo)."""
    game = setups.start_lockup(app, setups.lockup_table(), "Undo", "undo-key")
    support.lockup_do(client, game, "assign", seat="Ana", location="smithy", tile=["4"])
    for seat in ("Ben", "Cleo", "Ana"):
        support.lockup_do(client, game, "pass", seat=seat)
    assert support.game_state(app, game).seats["Ana"].resources["iron"] == 2
    assert support.undo(client, game, "undo", key="undo-pass").status_code == 303
    s = support.game_state(app, game)
    assert s.phase == "roll_call" and s.seats["Ana"].resources["iron"] == 0 and s.resolution is None


def test_undo_of_the_pass_that_turned_guard_cards_up_is_refused(app, client):
    """Solo: the pass resolves every location by itself, turning the guards' face-down cards up
    (L-LO1): the existing rule applies, the table has seen them and undo is refused."""
    from companion.games.lockup.model import GUARDS
    from companion.solo_guard.state import face_down

    solo = support.start_solo_expert(app, "Undo solo", "undo-solo-key")
    if support.game_state(app, solo).game.turn == GUARDS:  # the guards hold the first player marker (L-SO1)
        support.lockup_do(client, solo, "reveal-guard", location=face_down(support.game_state(app, solo).game)[0][0])
    support.lockup_do(client, solo, "pass", seat="Ana")  # I-7: Lights Out resolves within the pass
    refused = support.undo(client, solo, "undo", key="undo-solo")
    assert refused.status_code == 403 and "revealed hidden information" in support.alerts(refused)[0]
