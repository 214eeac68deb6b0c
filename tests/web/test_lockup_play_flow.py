"""A whole Lockup game played through the table UI's forms (issue 5), checked against the engine.

The random legal player (made-up cards named "Test Item 7", "Test Goon 3"; not real cards) picks
each command; the test posts the form a person would, then checks that the recorded state equals
what the engine's own ``decide`` gives for that command: every form parses to the same command.
"""

from __future__ import annotations

import random
import re

import pytest
import support
from support import setups

from companion.games.lockup import autoplay
from companion.games.lockup.engine import GAME, pending
from companion.web.gameui.lockup.formdriver import form_for, setup_fields

ASKED = {"choice", "effect", "discard", "refill-items", "refill-goons", "end-goal", "trait", "reveal-tiles"}
PROFILE = support.made_up_profile()


@pytest.fixture
def table(app, client):
    support.store_profile(app, PROFILE)
    return client


Cards = setups.FormCards  # made-up cards, treasures in one fixed order (as a form counts them)


state_of = support.game_state


def new_game(client, setup) -> str:
    fields = setup_fields(setup)
    step1 = {k: v for k, v in fields.items() if re.match(r"(mode|title|name-|crew-|pass_rewards)", k)}
    page = client.post("/lockup/new", follow_redirects=True, data=step1)
    assert page.status_code == 200 and "new-cards" in page.get_data(as_text=True)
    done = client.post("/lockup/new/start", data=fields)
    assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    return done.headers["Location"].rsplit("/", 1)[-1]


def test_new_game_form_records_the_setup(app, table):
    rng = random.Random(3)
    setup = autoplay.make_setup(rng, 3, cards=Cards(rng))
    game_id = new_game(table, setup)
    state = state_of(app, game_id)
    assert state.seating == ("Ana", "Ben", "Cleo") and state.first_player == setup["first_player"]
    assert [i.name for i in state.display] == [i["name"] for i in setup["display"]]
    assert state.seats["Ana"].holding == ("lookout", "enforcer", 1, 2, 3, 4)  # crew tiles from the box profile
    page = table.get(f"/games/{game_id}").get_data(as_text=True)
    assert "holding-cell" in page and "Test Item 1" in page


@pytest.mark.parametrize("seed,count,mode", [(11, 3, "standard"), (5, 2, "advanced")])
def test_a_whole_game_through_the_forms(app, table, seed, count, mode):
    rng = random.Random(seed)
    cards = Cards(rng)
    game_id = new_game(table, autoplay.make_setup(rng, count, mode, cards))
    state = state_of(app, game_id)
    steps = 0
    while state.phase != "over":
        if pending(state).kind in ASKED:  # the question renders (choice forms, effects, Patrol entries)
            page = table.get(f"/games/{game_id}", headers={"HX-Request": "true"})
            assert page.status_code == 200 and 'id="lockup-ask"' in page.get_data(as_text=True)
        command, events = autoplay.random_command(state, rng, cards)
        action, fields = form_for(command, state)
        answer = table.post(f"/lockup/{game_id}/do/{action}", data={**fields, "key": f"k{steps}"})
        assert answer.status_code == 303, (command, answer.get_data(as_text=True)[:3000])
        state = GAME.fold(events, state)  # what the engine itself makes of the command
        steps += 1
        if steps % 25 == 0 or state.phase == "over":  # the forms recorded exactly that command
            assert state_of(app, game_id) == state, command
    final = table.get(f"/games/{game_id}").get_data(as_text=True)
    for player in state.result["players"]:
        assert player["name"] in final
    assert steps > 50
