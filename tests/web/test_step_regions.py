"""Issue 21 (a): an htmx step's answer draws only the regions its step changed.

A step's own answer whose form was drawn at the table's version just before the step sends each
region the step did not change as an empty ``hx-preserve`` stand-in, which htmx replaces by the
page's own element (companion.web.rendering.kept_regions). Here, over whole seeded random games
(3 players with two seated phones and the host; solo), every step is posted by the device that
may act, from the panel that device shows; the answer swapped in the way htmx swaps it must be
exactly the panel that device is drawn after the step (the seat's own view included: a kept region
is never another seat's view), keys aside. Every other answer stays whole.
"""

from __future__ import annotations

import pytest
import support
from support import htmx as H

from companion.solo_guard.playthrough import MadeUpCards, next_command, setup
from companion.web import play
from companion.web.gameui.lockup.formdriver import form_for, random_game

HX = {"HX-Request": "true"}


def panel(device, game: str) -> str:
    """The panel ``device`` shows now (an htmx load of the game page: what a poll brings)."""
    answer = device.get(f"/games/{game}", headers=HX)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def step(devices: list, game: str, action: str, form: dict, key: str) -> int:
    """Post one step from the first device that may act, from the panel it shows, and check the
    answer swapped into that panel; the number of regions it left to the page."""
    for device in devices:
        before = panel(device, game)
        fields = {**form, **{k: v for k, v in H.drawn(before).items() if k != "key"}, "key": key}
        answer = device.post(f"/lockup/{game}/do/{action}", data=fields, headers=HX)
        if answer.status_code != 403:  # another device's step (L-LO6's last to act, a held seat)
            break
    assert answer.status_code == 200, (action, form, answer.get_data(as_text=True)[:1500])
    if "HX-Redirect" in answer.headers:  # the step that ended the game loads the game page
        return 0
    text = answer.get_data(as_text=True)
    kept = H.stand_ins(text)
    assert ('id="seats"' in text) == (not kept)  # the seats section comes only with a whole answer
    shown, now = H.element(H.swapped(before, text), "game-panel"), H.element(panel(device, game), "game-panel")
    assert H.normalised(shown) == H.normalised(now), f"{action} {form}: the page is not the table now (kept {kept})"
    return len(kept)


def start(client, seed: int) -> tuple[str, list]:
    """A seeded random 3-player game started through the new-game form: its id and its steps."""
    fields, steps, _final = random_game(seed, 3)
    started = client.post("/lockup/new/start", data=fields)
    assert started.status_code == 303, started.get_data(as_text=True)[:1500]
    return started.headers["Location"].rsplit("/", 1)[-1], steps


# The normal run plays the first round (Roll Call, Lights Out, Patrol, the round's end); ``-m slow``
# the whole games.
ROUNDS = [1, pytest.param(99, marks=pytest.mark.slow)]


@pytest.mark.parametrize("rounds", ROUNDS)
def test_a_3_player_game_step_by_step_on_the_host_and_two_seated_phones(app, profiled, rounds):
    client = profiled
    game, steps = start(client, 5)
    steps = [s for s in steps if s.round <= rounds]
    seats = sorted({s.form["seat"] for s in steps if s.form.get("seat")})
    phones = {seat: support.phone(app, game, seat, address=f"192.0.2.{60 + n}") for n, seat in enumerate(seats[:2])}
    kept = 0
    for n, s in enumerate(steps):
        mine = phones.get(s.form.get("seat"))
        kept += step([mine] if mine else [client, *phones.values()], game, s.action, s.form, f"step-{n}")
    state = support.game_state(app, game)
    assert state.phase == "over" if rounds > 6 else state.round > rounds
    assert kept > len(steps)  # most steps leave a few regions to the page


@pytest.mark.parametrize("rounds", ROUNDS)
def test_a_solo_game_step_by_step(app, profiled, rounds):
    client = profiled
    cards, kept = MadeUpCards(31), 0  # the set-up draws the first cards: the same deck goes on
    with app.test_request_context():
        game = play.start("lockup-solo", setup("expert", support.made_up_profile(), 31, cards), "Solo", "solo")
    for n in range(400):
        state = support.game_state(app, game)
        if state.game.phase == "over" or state.game.round > rounds:
            break
        command, _events = next_command(state, cards)
        action, form = form_for(command, state.game)
        kept += step([client], game, action, form, f"solo-{n}")
    assert kept > n and (rounds < 6 or support.game_state(app, game).game.phase == "over")


@pytest.fixture
def started(profiled):
    return start(profiled, 7)


def test_an_answer_is_whole_when_the_form_was_drawn_at_another_version(app, client, started):
    game, steps = started
    first = panel(client, game)
    for n, s in enumerate(steps[:2]):
        answer = client.post(f"/lockup/{game}/do/{s.action}", data={**s.form, "key": f"k{n}"}, headers=HX)
        assert answer.status_code == 200 and not H.stand_ins(answer.get_data(as_text=True))  # no version posted
    drawn = {k: v for k, v in H.drawn(first).items() if k == "form_version"}  # two steps ago: what shows is unknown
    answer = client.post(f"/lockup/{game}/do/{steps[2].action}", data={**steps[2].form, **drawn, "key": "k2"},
                         headers=HX)
    assert answer.status_code == 200 and not H.stand_ins(answer.get_data(as_text=True))


def test_an_answer_is_whole_after_a_seat_was_taken_at_the_same_version(app, client, started):
    game, steps = started
    before = H.drawn(panel(client, game))
    other = next(s.form["seat"] for s in steps if s.form.get("seat") not in (None, steps[0].form.get("seat")))
    support.phone(app, game, other)  # the seats moved, the game did not
    answer = client.post(f"/lockup/{game}/do/{steps[0].action}", data={**steps[0].form, **before, "key": "k0"},
                         headers=HX)
    assert answer.status_code == 200
    assert not H.stand_ins(answer.get_data(as_text=True)) and 'id="seats"' in answer.get_data(as_text=True)


def test_a_refusal_and_a_plain_post_are_whole(app, client, started):
    game, steps = started
    drawn = H.drawn(panel(client, game))
    refused = client.post(f"/lockup/{game}/do/adjust", data={"seat": "nobody", **drawn}, headers=HX)
    assert refused.status_code == 422 and not H.stand_ins(refused.get_data(as_text=True))
    plain = client.post(f"/lockup/{game}/do/{steps[0].action}", data={**steps[0].form, **drawn, "key": "p"})
    assert plain.status_code == 303
