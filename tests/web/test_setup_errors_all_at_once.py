"""New Lockup game, step 2 (issue 13, errors): every problem of every card at once, each in the
player's words in its own card's list, the field marked aria-invalid and described by its problem,
the card's facts open, every posted value kept. Cards and values are made up for the test."""

from __future__ import annotations

import random
import re

import support

from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields

SNAKE_OR_PATH = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+\[\d+\]|\b(?:display|goons|goals|players)\.")



def broken_fields() -> dict[str, str]:
    """A 3-player advanced setup with several problems in one item, one goon, one goal and one
    crew board (L-E1 and L-P4 checks included)."""
    fields = setup_fields(autoplay.make_setup(random.Random(2), 3, "advanced"))
    fields.update({"item0-name": "", "item0-reputation": "", "item0-cost_any": "x", "item0-effect": "L-E1",
                   "item0-effect_resource": "", "item0-t_gem": "2",
                   "goon-sewers-type": "bandit", "goon-sewers-resource": "", "goon-sewers-suspicion": "-2",
                   "goal-leader-counts": "", "goal-leader-minimum": "many",
                   "start-0-power": "", "start-0-gold": "lots"})
    return fields


EXPECTED = {  # form field -> the words next to it
    "item0-name": "Item 1: name is required",
    "item0-reputation": "Item 1: reputation is required",
    "item0-cost_any": "Item 1: cost in any resource must be a whole number",
    "item0-effect_resource": "Item 1: resource of the effect is required for effect L-E1",
    "goon-sewers-suspicion": "The goon at the Sewers: suspicion icons must be 0 or more",
    "goon-sewers-resource": "The goon at the Sewers: bandit's resource is required for a Bandit (L-P4)",
    "goal-leader-counts": "Leader goal, counts: choose one",
    "goal-leader-minimum": "Leader goal: minimum must be a whole number",
    "start-0-power": "power is required",
    "start-0-gold": "gold must be a whole number",
}


def card_of(page: str, prefix: str) -> str:
    start = page.index(f'data-card="{prefix}"')
    return page[start: page.index("</fieldset>", start)]


def described(page: str, field: str) -> str:
    """The words an input's aria-describedby points at (it must be marked aria-invalid); they sit
    right after the field (in its label), inside its card."""
    tag = re.search(rf'<(?:input|select)[^>]*name="{re.escape(field)}"[^>]*>', page)
    assert tag, field
    assert 'aria-invalid="true"' in tag.group(), field
    target = re.search(r'aria-describedby="([^"]+)"', tag.group()).group(1)
    item = re.search(rf'<(li|small)[^>]* id="{re.escape(target)}">(.*?)</\1>', page, re.S)
    assert item, (field, target)
    return support.words(item.group(2))


def right_after(page: str, field: str) -> bool:
    """Whether the field's problem comes after it and before the next field (a row of radio
    buttons is one field: its problem follows the row)."""
    after = page[page.index(f'name="{field}"'):]
    following = re.search(rf'<(?:input|select)\b(?![^>]*name="{re.escape(field)}")', after)
    return 0 < after.index(f'id="err-{field}"') < (following.start() if following else len(after))


def test_every_problem_of_every_card_is_shown_at_once_next_to_its_field_L_E1_L_P4_L_S10(profiled):
    fields = broken_fields()
    page = support.refused_page(profiled, "/lockup/new/start", fields)
    summary = support.words(page[page.index('id="new-cards-problems"'): page.index("</div>", page.index(
        'id="new-cards-problems"'))])
    assert f"{len(EXPECTED)} things to check" in summary
    for field, words in EXPECTED.items():
        assert words in summary, words
        assert words in described(page, field), field
        assert right_after(page, field), field
    for prefix, fields_of in (("item0-", 4), ("goon-sewers-", 2)):
        card = card_of(page, prefix)
        assert "<details open>" in card and card.count('class="error field-error"') == fields_of
    assert "Ana’s starting values: power is required" in summary
    assert not SNAKE_OR_PATH.search(summary), SNAKE_OR_PATH.search(summary)
    assert support.lost_values(page, "new-cards", fields) == {}


def test_the_same_problems_in_spanish_through_the_catalog(profiled):
    page = profiled.post("/lockup/new/start", data=broken_fields(),
                         headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Objeto 1: reputación es un dato obligatorio" in described(page, "item0-reputation")
    assert "Objeto 1: nombre es un dato obligatorio" in described(page, "item0-name")
    assert "L-E1" in described(page, "item0-effect_resource")
    summary = support.words(page[page.index('id="new-cards-problems"'): page.index("</div>", page.index(
        'id="new-cards-problems"'))])
    assert "10 cosas que revisar" in summary
    assert not re.search(r"\bis required\b|\bmust be\b|\bchoose one\b", summary)
    assert not SNAKE_OR_PATH.search(summary)


def test_an_empty_card_asks_only_for_its_name(profiled):
    fields = setup_fields(autoplay.make_setup(random.Random(2), 3, "standard"))
    for key in [k for k in fields if k.startswith("item1-")]:
        fields[key] = ""
    page = profiled.post("/lockup/new/start", data=fields).get_data(as_text=True)
    card = card_of(page, "item1-")
    assert support.words(card).count("Item 2:") == 1 and "Item 2: name is required" in support.words(card)


def test_a_catalogued_card_picked_by_name_still_needs_nothing_else(app, profiled):
    fields = setup_fields(autoplay.make_setup(random.Random(2), 3, "standard"))
    assert profiled.post("/lockup/new/start", data=fields).status_code == 303
    again = {k: v for k, v in fields.items() if not re.match(r"item\d-(?!name)", k)}
    again["goon-sewers-suspicion"] = "-1"  # one real problem: the catalogued items raise none
    page = profiled.post("/lockup/new/start", data=again).get_data(as_text=True)
    assert "One thing to check" in support.words(page)
    assert not re.search(r'name="item\d-name" aria-invalid', page)
    assert 'name="goon-sewers-suspicion" aria-invalid="true"' in page


def test_step_one_shows_every_player_row_problem_at_once_next_to_its_row(profiled):
    fields = {"mode": "standard", "title": "Made-up night", "name-0": "Ana", "crew-0": "red", "name-1": "Ana",
              "crew-2": "blue", "name-3": "guards", "pass_rewards_down": "1"}
    page = support.refused_page(profiled, "/lockup/new", fields)
    for field, words in (("name-1", "Player 2: name is used twice"),
                         ("name-3", "Player 4: name is reserved")):
        assert f'aria-describedby="err-{field}"' in support.invalid_field(page, field)
        assert words in support.words(re.search(rf'id="err-{field}">(.*?)</p>', page, re.S).group(1))
    assert 'name="name-0" maxlength="30" autocomplete="off" value="Ana" >' in page  # a good row is not marked
    assert 'id="err-name-2"' not in page  # issue 23: a crew alone is a player, named by its row ("Player 3")
    assert support.lost_values(page, "new-players", fields) == {}


def test_step_one_in_polish_through_the_catalog(profiled):
    page = profiled.post("/lockup/new", data={"mode": "standard", "name-0": "Ana", "name-1": "Ana"},
                         headers={"Accept-Language": "pl"}).get_data(as_text=True)
    words = support.words(re.search(r'id="err-name-1">(.*?)</p>', page, re.S).group(1))
    assert words.startswith("Gracz 2") and "used twice" not in words
