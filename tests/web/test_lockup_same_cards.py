"""Step 2's "Same cards as last game" (issue 13): one tap fills the goals, the item display and the
goons with the cards dealt in the last Lockup game of this device, still editable. Cards are made up
(``autoplay.make_setup``)."""

from __future__ import annotations

import random
from html.parser import HTMLParser

import support

from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields


def step_one(fields: dict) -> dict:
    return {k: v for k, v in fields.items() if k.startswith(("name-", "crew-")) or k in ("mode", "difficulty")}


def card_fields(fields: dict) -> dict:
    return {k: v for k, v in fields.items() if k.startswith(("item", "goon-", "goal-"))}


def test_no_last_game_no_same_cards_button(profiled):
    fields = setup_fields(autoplay.make_setup(random.Random(3), 3, "standard"))
    page = profiled.post("/lockup/new", follow_redirects=True, data=step_one(fields)).get_data(as_text=True)
    assert 'id="new-cards"' in page and 'id="same-cards"' not in page


def test_same_cards_fills_every_card_of_the_last_game_and_starts_the_same_game(app, profiled):
    """One tap fills step 2; starting right away deals exactly the last game's cards (L-S4, L-S8, L-C6)."""
    fields = setup_fields(autoplay.make_setup(random.Random(4), 3, "standard"))
    started = profiled.post("/lockup/new/start", data=fields)
    assert started.status_code == 303
    offered = profiled.post("/lockup/new", follow_redirects=True, data=step_one(fields)).get_data(as_text=True)
    assert 'id="same-cards"' in offered and "Same cards as last game" in offered
    filled = profiled.post("/lockup/new", follow_redirects=True,
                           data={**step_one(fields), "same_cards": "1"}).get_data(as_text=True)
    assert 'id="same-cards-filled"' in filled and 'id="same-cards"' not in filled
    for name, value in card_fields(fields).items():
        if name.endswith("name"):
            assert f'value="{value}"' in filled, name
    # The filled form as a browser would send it: the cards of the last game, the same deal.
    before = support.count_games(app)
    sent = {**filled_form(filled), "first_player": fields["first_player"]}
    again = profiled.post("/lockup/new/start", data=sent)
    assert again.status_code == 303 and support.count_games(app) == before + 1
    first = support.game_state(app, started.location.rsplit("/", 1)[-1])
    second = support.game_state(app, again.location.rsplit("/", 1)[-1])
    assert second.display == first.display and second.goals == first.goals
    assert second.goons == first.goons


class _Form(HTMLParser):
    """The values a browser would send from the form ``#new-cards`` (inputs, checked radios and
    selected options)."""

    def __init__(self):
        super().__init__()
        self.inside, self.select, self.values = False, None, {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = a.get("id") == "new-cards"
        elif self.inside and tag == "input" and a.get("type") not in ("radio", "checkbox") and a.get("value"):
            self.values[a["name"]] = a["value"]
        elif self.inside and tag == "input" and a.get("type") == "radio" and "checked" in a and a.get("value"):
            self.values[a["name"]] = a["value"]  # a row of choices (goon type, leader goal's count)
        elif self.inside and tag == "select":
            self.select = a.get("name")
        elif self.inside and tag == "option" and "selected" in a and a.get("value"):
            self.values[self.select] = a["value"]


def filled_form(page: str) -> dict:
    """The filled ``#new-cards`` form's values."""
    parser = _Form()
    parser.feed(page)
    return parser.values


def test_same_cards_solo_takes_three_items_and_no_instant_goal(profiled):
    """A solo game after a 3-player one: the 2-player display of 3 items (L-C6, L-SO1), no instant goal."""
    fields = setup_fields(autoplay.make_setup(random.Random(5), 3, "standard"))
    assert profiled.post("/lockup/new/start", data=fields).status_code == 303
    solo = {"mode": "solo", "difficulty": "expert", "name-0": "Made-up Ana", "same_cards": "1"}
    page = profiled.post("/lockup/new", follow_redirects=True, data=solo).get_data(as_text=True)
    assert f'value="{fields["item2-name"]}"' in page and 'name="item3-name"' not in page
    assert "goal-instant-name" not in page
