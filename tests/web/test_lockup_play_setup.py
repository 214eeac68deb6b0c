"""New Lockup game on the table phone (issue 5): the box profile first, two steps, named fields,
catalog picks, and a solo game whose guard turn is one tap. Cards are made up for the test."""

from __future__ import annotations

import random
import re

import support

from companion.core import rng as core_rng
from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields


def fields_for(count=3, mode="standard", seed=2):
    rng = random.Random(seed)
    return setup_fields(autoplay.make_setup(rng, count, mode))


def test_the_box_profile_form_comes_first_when_it_is_missing(client):
    answer = client.get("/lockup/new")
    assert answer.status_code == 303 and "/lockup/box-profile" in answer.headers["Location"]


def test_step_one_names_the_bad_field_and_keeps_what_was_typed(profiled):
    page = profiled.post("/lockup/new", data={"mode": "standard", "name-0": "Ana"})
    assert page.status_code == 422 and "Players: enter at least 2" in page.get_data(as_text=True)
    page = profiled.post("/lockup/new", data={"mode": "standard", "name-0": "Ana", "name-1": "Ana"})
    text = page.get_data(as_text=True)
    assert page.status_code == 422 and "Player 2: name is used twice" in text and 'value="Ana"' in text


def test_solo_step_one_has_one_player_row_and_both_fill_in_the_last_game_s_players(profiled):
    solo = profiled.get("/lockup/new/solo").get_data(as_text=True)
    assert 'id="name-0"' in solo and 'id="name-1"' not in solo
    fields = fields_for()
    assert profiled.post("/lockup/new/start", data=fields).status_code == 303
    again = profiled.get("/lockup/new").get_data(as_text=True)
    names = [fields[f"name-{i}"] for i in range(3)]
    assert all(f'value="{name}"' in again for name in names) and "Filled in as in the last game" in again
    assert 'value="' + names[0] + '"' not in profiled.get("/lockup/new/solo").get_data(as_text=True)  # solo: its own


def test_the_back_button_after_the_game_started_lands_on_the_game(profiled):
    """A step 1 re-posted after its game started (a page from before; same token): the game, not a new form."""
    fields = {**fields_for(), "setup_token": "made-up-token-1"}
    started = profiled.post("/lockup/new/start", data=fields)
    assert started.status_code == 303
    step_one = {k: v for k, v in fields.items() if k.startswith(("name-", "crew-", "mode", "setup_token"))}
    back = profiled.post("/lockup/new", data=step_one)
    assert back.status_code == 303 and back.location == started.location
    fresh = profiled.post("/lockup/new", follow_redirects=True, data={**step_one, "setup_token": "made-up-token-2"})
    assert fresh.status_code == 200 and 'id="new-cards"' in fresh.get_data(as_text=True)
    assert 'name="setup_token"' in profiled.get("/lockup/new").get_data(as_text=True)


def test_step_two_names_the_bad_field_and_keeps_every_typed_value(profiled):
    fields = fields_for()
    fields["item2-reputation"] = ""
    answer = profiled.post("/lockup/new/start", data=fields)
    text = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "Item 3: reputation is required" in support.words(text)
    assert 'value="Test Item 1"' in text and 'value="Test Goon' in text
    fields["item2-reputation"] = "-3"
    assert "Item 3: reputation must be 0 or more" in support.text(profiled.post("/lockup/new/start", data=fields))


def test_every_refused_field_is_named_at_once_next_to_it_with_its_card_open(profiled):
    """Three cards and the first player wrong: four problems listed, each card's in its fieldset, its
    printed facts open and the field marked aria-invalid; everything typed is kept (issue 13)."""
    fields = fields_for()
    fields["item0-reputation"] = ""
    fields["item2-cost_any"] = "x"
    fields["goon-sewers-type"] = ""
    del fields["first_player"]
    answer = profiled.post("/lockup/new/start", data=fields)
    text = answer.get_data(as_text=True)
    summary = support.words(text[text.index('id="new-cards-problems"'): text.index("</div>", text.index(
        'id="new-cards-problems"'))])
    assert answer.status_code == 422 and "4 things to check" in summary
    for words in ("Item 1: reputation is required", "Item 3: cost in any resource must be a whole number",
                  "The goon at the Sewers, goon type: choose one", "First player: choose one"):
        assert words in summary
    item = text[text.index('data-card="item0-"'): text.index("</fieldset>", text.index('data-card="item0-"'))]
    assert "Item 1: reputation is required" in support.words(item) and "<details open>" in item
    assert re.search(r'name="item0-reputation" aria-invalid="true"', item)
    assert not re.search(r'name="item1-reputation" aria-invalid', text)
    assert 'value="Test Item 1"' in text and not re.search(r"\b[a-z]+_[a-z]+\b|display\[", summary)


def test_the_engine_s_own_setup_errors_are_shown_too(profiled):
    fields = fields_for()
    del fields["first_player"]
    text = profiled.post("/lockup/new/start", data=fields).get_data(as_text=True)
    assert "First player: choose one" in support.words(text) and "first_player:" not in support.words(text)


def test_cards_entered_once_are_picked_by_name_afterwards(app, profiled):
    fields = fields_for()
    assert profiled.post("/lockup/new/start", data=fields).status_code == 303
    again = {k: v for k, v in fields.items() if not re.match(r"item\d-(?!name)", k)}  # only the items' names
    answer = profiled.post("/lockup/new/start", data={**again, "key": "second"})
    assert answer.status_code == 303
    page = profiled.post("/lockup/new", follow_redirects=True, data={"mode": "standard", "name-0": "A", "name-1": "B"})
    assert '<option value="Test Item 1">' in page.get_data(as_text=True)  # the catalog's autocomplete


def test_a_solo_game_starts_and_the_guards_turn_is_one_tap(app, profiled, monkeypatch):
    monkeypatch.setattr(core_rng, "new_seed", lambda: 5)  # the deal (which cards lie hidden) on every run
    fields = {**fields_for(1, "solo"), "difficulty": "expert"}
    step2 = profiled.post("/lockup/new", follow_redirects=True,
                          data={"mode": "solo", "name-0": "Ana", "difficulty": "expert"})
    assert "guards hold the first player marker" in step2.get_data(as_text=True)
    answer = profiled.post("/lockup/new/start", data=fields)
    assert answer.status_code == 303, answer.get_data(as_text=True)[:1500]
    game = answer.headers["Location"].rsplit("/", 1)[-1]
    page = profiled.get(f"/games/{game}").get_data(as_text=True)
    assert "The guards’ turn" in page
    taps = re.findall(r'name="location" value="([a-z_]+)"', page[page.index('id="guard-reveal"'):])
    assert len(taps) == 7  # one face-down guard on each of locations 1-7 (L-SO4)
    for loc in ("sewers", "smithy", "chow_hall"):  # their values stay hidden until revealed
        assert "the guards: face down" in page[page.index(f'id="loc-{loc}"'):].split("</li>")[0]
    with app.test_request_context():
        from companion.web import get_store, play

        solo = play.load(get_store().game(game)).state
    hidden = [p.card for here in solo.game.placements.values() for p in here if not p.face_up]
    assert len(hidden) == 7 and not any(f'{card}' in page for card in hidden)  # no card id, no value
    assert profiled.post(f"/lockup/{game}/do/reveal-guard", data={"location": taps[0]}).status_code == 303
    page = profiled.get(f"/games/{game}").get_data(as_text=True)
    assert "The guards decided" in page and "Guard turn: the player reveals" in page
