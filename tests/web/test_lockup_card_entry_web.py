"""Card entry that cannot corrupt a game (issue 23, L-C5): a card already on the table is refused
in words next to its name, with "it's a second copy" offered; Patrol's entry problems are in
words next to their fields with the printed facts open; autocomplete offers the deck's cards.
Every card is made up ("Test ...", "Made-up ...")."""

from __future__ import annotations

import random
import re

import support
from support import setups

from companion.games.lockup import autoplay
from companion.games.lockup.scenario import Table, goon, setup
from companion.web.gameui.lockup.entry import BLANK_ENTRIES
from companion.web.gameui.lockup.formdriver import setup_fields

RAW_PATH = re.compile(r"\w+\[\d+\]|\bgoons\.|\bitems\b|\bcopies\b")


def to_goon_refill(app) -> str:
    """A 2-player game (goons "Test Goon 0".."Test Goon 4") whose Patrol asks for the Sewers' goon (L-P3)."""
    t = Table(setup(("Ana", "Ben")))
    t.pass_all()
    assert t.pending.kind == "refill-goons" and t.pending.detail["slots"] == ["sewers"]
    return support.store_commands(app, "lockup", [t.events], "Made-up Patrol")


def to_item_refill(app) -> str:
    """Ana reserved display item 2 (L-IT2); Patrol asks for the new item (L-P2)."""
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    return support.store_commands(app, "lockup", [t.events], "Made-up reserve")


def card(page: str, prefix: str) -> str:
    start = page.index(f'data-card="{prefix}"')
    return page[start: page.index("</fieldset>", start)]


def next_to(page: str, field: str) -> str:
    """The words right under a field (its ``field_error``), which the field is described by."""
    tag = re.search(rf'<input[^>]*name="{re.escape(field)}"[^>]*>', page).group()
    assert 'aria-invalid="true"' in tag
    target = re.search(r'aria-describedby="([^"]+)"', tag).group(1)
    return support.words(re.search(rf'<small[^>]* id="{target}">(.*?)</small>', page, re.S).group(1))


def test_a_goon_on_the_board_is_refused_in_words_then_accepted_as_a_second_copy_L_C5_L_P3(app, client):
    game = to_goon_refill(app)
    page = support.lockup_do(client, game, "refill-goons", expect=422, **{"goon-sewers-name": "test goon 2",
                                                                       "goon-sewers-type": "dwarf"})
    assert next_to(page, "goon-sewers-name") == "The goon at the Sewers, name: Test Goon 2 is already on the board"
    assert "It’s a second copy" in support.words(card(page, "goon-sewers-"))
    assert support.game_state(app, game).goons["sewers"] is None  # nothing recorded
    support.lockup_do(client, game, "refill-goons", **{"goon-sewers-name": "Test Goon 2", "goon-sewers-type": "dwarf",
                                                        "goon-sewers-copy": "1"})
    assert support.game_state(app, game).goons["sewers"].name == "Test Goon 2"


def test_a_discarded_goon_is_refused_with_its_place_L_P3_L_C5(app, client):
    game = to_goon_refill(app)
    page = support.lockup_do(client, game, "refill-goons", expect=422,
                             **{"goon-sewers-name": "Test Goon 4", "goon-sewers-type": "dwarf"})
    assert "Test Goon 4 is already in the discard pile" in next_to(page, "goon-sewers-name")


def test_patrol_entry_problems_are_words_next_to_their_fields_with_the_facts_open_L_P2(app, client):
    game = to_item_refill(app)
    page = support.lockup_do(client, game, "refill-items", expect=422,
                             **{"item0-name": "Made-up Lantern", "item0-cost_any": "x"})
    entry = card(page, "item0-")
    assert "<details open>" in entry
    assert next_to(page, "item0-reputation") == "Item 2: reputation is required"
    assert next_to(page, "item0-cost_any") == "Item 2: cost in any resource must be a whole number"
    alert = support.words(page[page.index('role="alert"'):][:600])
    assert "Item 2: reputation is required" in alert
    assert not RAW_PATH.search(alert), RAW_PATH.search(alert)
    assert "It’s a second copy" not in support.words(entry)  # only for a card on the table


def test_an_item_in_a_crew_is_refused_L_IT2_L_C5(app, client):
    game = to_item_refill(app)
    page = support.lockup_do(client, game, "refill-items", expect=422,
                             **{"item0-name": "Test Item 1", "item0-reputation": "2"})
    assert next_to(page, "item0-name") == "Item 2, name: Test Item 1 is already in Ana’s crew"


def test_autocomplete_offers_the_cards_still_in_the_deck(app, client):
    game = to_goon_refill(app)
    support.lockup_do(client, game, "refill-goons", **{"goon-sewers-name": "Test New", "goon-sewers-type": "dwarf"})
    t = Table(setup(("Ana", "Ben"), goons={"sewers": goon("Test Old")}))
    t.pass_all()
    other = support.store_commands(app, "lockup", [t.events], "Made-up second game")
    page = client.get(f"/games/{other}").get_data(as_text=True)
    offered = re.findall(r'<option value="([^"]+)">', page[page.index('<datalist id="goon-names">'):][:2000])
    assert "Test New" in offered  # catalogued in the first game, still in this game's deck
    assert "Test Old" not in offered and "Test Goon 1" not in offered  # on this table


def test_new_game_refuses_a_goon_dealt_twice_until_it_is_a_second_copy_L_S4_L_C5(profiled):
    fields = setup_fields(autoplay.make_setup(random.Random(2), 3, "standard"))
    fields["goon-smithy-name"] = fields["goon-sewers-name"]
    answer = profiled.post("/lockup/new/start", data=fields)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422
    name = fields["goon-sewers-name"]
    assert next_to(page, "goon-smithy-name") == f"The goon at the Smithy, name: {name} is entered twice"
    assert 'name="goon-smithy-copy"' in page and 'name="goon-sewers-copy"' not in page
    assert profiled.post("/lockup/new/start", data={**fields, "goon-smithy-copy": "1"}).status_code == 303


def test_the_printed_facts_are_open_until_the_catalog_knows_cards_of_that_kind(profiled):
    """A first game: every card is new, so no card's facts need a tap to open; the next game's
    cards may be picked by name, their facts folded (issue 23: first-time set-up halved)."""
    step_one = {"mode": "standard", "name-0": "Ana", "name-1": "Ben"}
    page = profiled.post("/lockup/new", data=step_one, follow_redirects=True).get_data(as_text=True)
    entries = [card(page, p) for p in ("item0-", "item2-", "goon-sewers-", "goon-chow_hall-")]
    assert all("<details open>" in entry for entry in entries)
    assert '<input type="radio" name="goon-sewers-type" value="dwarf"' in page  # one tap, not a drop-down
    fields = setup_fields(autoplay.make_setup(random.Random(4), 2, "standard"))
    assert profiled.post("/lockup/new/start", data=fields).status_code == 303
    page = profiled.post("/lockup/new", data=step_one, follow_redirects=True).get_data(as_text=True)
    assert "<details open>" not in card(page, "item0-") and "<details open>" not in card(page, "goon-sewers-")


def test_a_blank_entry_is_drawn_once_per_language_a_typed_or_refused_one_each_time_L_P3(app, client):
    """A card entry with nothing typed is the same HTML in every game, kept once per language; one
    with a typed value or a problem is drawn with them and never kept (the next blank one is blank)."""
    BLANK_ENTRIES.clear()
    game = to_goon_refill(app)
    blank = card(client.get(f"/games/{game}").get_data(as_text=True), "goon-sewers-")
    assert len(BLANK_ENTRIES.keys()) == 1 and 'value=""' in blank
    page = support.lockup_do(client, game, "refill-goons", expect=422,
                             **{"goon-sewers-name": "test goon 2", "goon-sewers-type": "dwarf"})
    refused = card(page, "goon-sewers-")
    assert 'value="test goon 2"' in refused and 'aria-invalid="true"' in refused
    assert len(BLANK_ENTRIES.keys()) == 1  # the refused entry is not kept
    assert card(client.get(f"/games/{game}").get_data(as_text=True), "goon-sewers-") == blank
    spanish = card(client.get(f"/games/{game}", headers={"Accept-Language": "es"}).get_data(as_text=True),
                   "goon-sewers-")
    assert "Nombre del bandido" in spanish and len(BLANK_ENTRIES.keys()) == 2
