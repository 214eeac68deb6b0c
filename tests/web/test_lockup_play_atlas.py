"""Solo Roll Call on the table phone: the tome Atlas of Hideouts reveals a face-down guard (L-SO6).

The box profile and every card here are made up for the test (golden/made_up_profile.json,
"Made-up Item 1" ...), not the real box.
"""

from __future__ import annotations

import re

import pytest
import support

from companion.games.lockup.model import GUARDS
from companion.solo_guard.state import face_down

PROFILE = support.made_up_profile()
OFFER = "Play Atlas of Hideouts: reveal a face-down guard"


@pytest.fixture
def solo(app):
    return support.start_solo_expert(app, "Atlas test", "atlas-key")


state = support.game_state


def do(client, game_id, action, expect=303, htmx=False, **fields):
    page = support.lockup_do(client, game_id, action, expect, support.HX if htmx else None, **fields)
    page = re.sub(r'<span class="rule-ids">(.*?)</span>', r"\1", page)  # a run of rule ids (issue 23)
    return re.sub(r'<a class="rule-link" href="[^"]*">([^<]*)</a>', r"\1", page)


def location_html(page: str, location: str) -> str:
    """One location of the board: from its item up to the next location's (or the list's end)."""
    start = page.index(f'id="loc-{location}"')
    ends = [i for i in (page.find('id="loc-', start + 1), page.find("</ol>", start)) if i > 0]
    return page[start:min(ends)]


def guards_here(page: str, location: str) -> str:
    """The guards' line of one location on the board ("the guards: 3" or "the guards: face down")."""
    return re.search(r"<li>the guards: ([^<]*)</li>", location_html(page, location)).group(1)


def give_tome(client, game_id):
    do(client, game_id, "adjust", seat="Ana", quantity="tomes", delta="+1", reason="Made-up tome drawn (L-R8)")


def test_no_offer_without_a_tome_and_a_post_is_refused_citing_the_rule(app, client, solo):
    page = client.get(f"/games/{solo}").get_data(as_text=True)
    assert state(app, solo).game.seats["Ana"].tomes == 0 and OFFER not in page
    before = state(app, solo).game.seq
    answer = do(client, solo, "atlas", expect=422, location="sewers")
    assert "you have no tome to play (L-SO6)" in answer and 'class="error"' in answer
    assert state(app, solo).game.seq == before


def test_atlas_turns_the_chosen_guard_face_up_and_spends_a_tome(app, client, solo):
    give_tome(client, solo)
    page = client.get(f"/games/{solo}").get_data(as_text=True)
    offer = page[page.index('id="lockup-atlas"'):page.index("</section>", page.index('id="lockup-atlas"'))]
    hidden = [loc for loc, _ in face_down(state(app, solo).game)]
    assert OFFER in offer and re.findall(r'name="location" value="([^"]+)"', offer) == hidden
    assert 'hx-post="/lockup/' in offer and 'method="post"' in offer
    target = hidden[-1]
    assert guards_here(page, target) == "face down"
    do(client, solo, "atlas", location=target)
    after = state(app, solo).game
    card = next(p for p in after.placements[target] if p.seat == GUARDS)
    assert card.face_up and after.seats["Ana"].tomes == 0
    page = client.get(f"/games/{solo}").get_data(as_text=True)
    assert guards_here(page, target) == str(card.tile)
    assert "tomes 0" in page and OFFER not in page  # no tome left: no offer
    assert "played Atlas of Hideouts (L-SO6)" in re.sub(r"<[^>]+>", "", page)  # the feed says what happened


def test_atlas_through_htmx_answers_with_the_new_panel(app, client, solo):
    give_tome(client, solo)
    give_tome(client, solo)
    target = face_down(state(app, solo).game)[0][0]
    panel = do(client, solo, "atlas", expect=200, htmx=True, location=target)
    assert panel.lstrip().startswith('<div id="game-panel">')
    assert guards_here(panel, target) != "face down" and OFFER in panel  # one tome left
    assert f'value="{target}" required' not in panel  # that guard is no longer offered
    assert state(app, solo).game.seats["Ana"].tomes == 1


def test_a_guard_already_face_up_is_refused_citing_the_rule(app, client, solo):
    give_tome(client, solo)
    give_tome(client, solo)
    target = face_down(state(app, solo).game)[0][0]
    do(client, solo, "atlas", location=target)
    before = state(app, solo).game.seq
    answer = do(client, solo, "atlas", expect=422, location=target)
    assert "There is no face-down guard card at the" in answer and "(L-SO6)" in answer
    assert state(app, solo).game.seq == before and state(app, solo).game.seats["Ana"].tomes == 1


def test_after_roll_call_the_atlas_is_refused_and_not_offered(app, client, solo):
    give_tome(client, solo)
    if state(app, solo).game.turn == GUARDS:  # the guards hold the first player marker (L-SO1)
        do(client, solo, "reveal-guard", location=face_down(state(app, solo).game)[0][0])
    down = face_down(state(app, solo).game)
    do(client, solo, "pass", seat="Ana")  # I-7: the phase ends at once
    # (and with only the guards out, Lights Out resolves within the pass: nobody may decline, L-LO6)
    assert down and state(app, solo).game.phase != "roll_call"
    assert OFFER not in client.get(f"/games/{solo}").get_data(as_text=True)
    answer = do(client, solo, "atlas", expect=422, location=down[0][0])
    assert "during Roll Call, before you pass (L-SO6)" in answer


@pytest.mark.parametrize("location", ["library", "attic", ""])
def test_a_bad_location_is_named(app, client, solo, location):
    give_tome(client, solo)
    assert "location:" in do(client, solo, "atlas", expect=422, location=location)
    assert state(app, solo).game.seats["Ana"].tomes == 1


def test_not_offered_and_refused_in_a_game_with_players_only(app, client):
    import random

    from companion.games.lockup.autoplay import make_setup
    from companion.web import play

    support.store_profile(app, PROFILE)
    with app.test_request_context():
        game_id = play.start("lockup", make_setup(random.Random(1), 2), "Two players", "two-key")
    do(client, game_id, "adjust", seat="Ana", quantity="tomes", delta="+1", reason="Made-up tome drawn")
    assert OFFER not in client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "only in a solo game (L-SO6)" in do(client, game_id, "atlas", expect=422, location="sewers")
