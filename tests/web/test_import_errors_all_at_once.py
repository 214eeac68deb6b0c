"""Catalog and box-profile imports, and the catalog's card form (issue 13, errors): every problem of
the file or card at once, in the player's words and the request's language, never a JSON path
(``items[3].cost.any``) or an internal name. Cards and values are made up for the test."""

from __future__ import annotations

import json
import re

import support

from companion.web import get_store

PATH_OR_SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\w\[\d+\]|\b(?:items|goons|goals|traits|tomes)\.")

BAD_CATALOG = {
    "game": "lockup",
    "items": [{"name": "Made-up Lamp", "cost": {"any": -1, "colour": 2}, "treasures": ["gem", "made-up"],
               "effect": "L-E1"},
              {"cost": {}, "reputation": "x"}],
    "goons": [{"name": "Made-up Goon", "type": "made-up"}],
    "goals": [{"name": "Made-up Goal", "kind": "end_game"}],
    "tomes": [{"name": "", "text": 3}],
}

CATALOG_WORDS = [
    "Item 1 (Made-up Lamp): reputation is required",
    "Item 1 (Made-up Lamp), cost: unknown field “colour”",
    "Item 1 (Made-up Lamp): cost in any resource must be a non-negative integer",
    "Item 1 (Made-up Lamp): treasure icon 2 is not one of the allowed values",
    "Item 1 (Made-up Lamp): resource of the effect is required for effect L-E1",
    "Item 2: name is required",
    "Item 2: reputation must be a whole number (0 or more)",
    "Goon 1 (Made-up Goon): goon type is not one of the allowed values",
    "Goal 1 (Made-up Goal): stars is required",
    "Tome 1: text must be a string",
    "Tome 1: name must be a non-empty string",
]


def problems(response) -> list[str]:
    page = response.get_data(as_text=True)
    start = page.index('id="import-problems"')
    block = page[start: page.index("</div>", start)]
    return [support.words(li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def stored(app, key: str):
    with app.app_context():
        return get_store().get_setting(key)


def test_a_catalog_with_many_problems_lists_every_one_in_words_L_E1(app, client):
    response = client.post("/lockup/catalog/import", data={"text": json.dumps(BAD_CATALOG)})
    assert response.status_code == 422
    found = problems(response)
    assert found == CATALOG_WORDS
    assert not [p for p in found if PATH_OR_SNAKE.search(p)]
    assert 'aria-describedby="import-problems"' in response.get_data(as_text=True)
    assert "Nothing was imported: 11 things to fix in the file." in support.text(response)
    assert stored(app, "lockup-catalog") is None  # nothing of it was kept


def test_the_catalog_problems_in_spanish_and_polish(client):
    for lang, words in (("es", ("Objeto 1 (Made-up Lamp): reputación es un dato obligatorio",
                                "Objeto 2: nombre es un dato obligatorio")),
                        ("pl", ("Fant 1 (Made-up Lamp): reputacja jest polem wymaganym",
                                "Fant 2: nazwa jest polem wymaganym"))):
        found = problems(client.post("/lockup/catalog/import", data={"text": json.dumps(BAD_CATALOG)},
                                     headers={"Accept-Language": lang}))
        assert len(found) == len(CATALOG_WORDS)
        for expected in words:
            assert expected in found, (lang, found)
        assert not [p for p in found if re.search(r"\bis required\b|\bmust be\b|\bunknown field\b", p)], found
        assert not [p for p in found if PATH_OR_SNAKE.search(p)]


def test_a_catalog_that_is_not_json_says_where_in_words(client):
    found = problems(client.post("/lockup/catalog/import", data={"text": '{\n"items": [}'},
                                 headers={"Accept-Language": "es"}))
    assert len(found) == 1 and "2" in found[0] and "11" in found[0] and "Expecting" not in found[0]


def test_a_box_profile_with_many_problems_lists_every_one_in_words_L_C4_L_SO9(app, client):
    bad = {"game": "made-up", "crew_tiles": [1, "x", 3, 4], "colour": 1,
           "guard_cards": {"blue": [1, 2, 3], "green": [1, 2, 3, 4, "p"], "yellow": [1] * 5, "red": [1] * 5}}
    response = client.post("/lockup/box-profile/import", data={"text": json.dumps(bad)})
    assert response.status_code == 422
    assert problems(response) == [
        "Document: unknown field “colour”",
        "Game: this is not a Lockup file",
        "Crew tile 2: must be a whole number (0 or more)",
        "Special cards: the guard cards and the special cards go together: give both or neither (L-SO2, L-SO9)",
        "Blue guard cards: must have exactly 7 entries",
        'Green guard card 5: must be a non-negative integer or "power"',
    ]
    assert stored(app, "lockup-box-profile") is None
    es = problems(client.post("/lockup/box-profile/import", data={"text": json.dumps(bad)},
                              headers={"Accept-Language": "es"}))
    assert len(es) == 6 and not [p for p in es if PATH_OR_SNAKE.search(p) or "must " in p]


def test_the_catalog_card_form_names_every_wrong_field_at_once_and_keeps_every_value_L_E1(client):
    form = {"entry_kind": "item", "name": "", "cost.gold": "lots", "cost.any": "2", "reputation": "",
            "treasures.gem": "12", "effect": "L-E1", "effect_resource": ""}
    page = support.refused_page(client, "/lockup/catalog", form)
    for field in ("name", "cost.gold", "reputation", "treasures.gem", "effect_resource"):
        tag = support.invalid_field(page, field)
        target = re.search(r'aria-describedby="([^"]+)"', tag).group(1)
        assert re.search(rf'id="{re.escape(target)}">[^<]+<', page), field
    summary = support.words(page[page.index('class="error-summary"'): page.index("</div>", page.index(
        'class="error-summary"'))])
    for words in ("Name: is required", "Cost in gold: must be a whole number", "Reputation: is required",
                  "Gem icons: must be at most 9", "Resource of the effect: is required for effect L-E1"):
        assert words in summary
    assert support.lost_values(page, "entry", {k: v for k, v in form.items() if k != "entry_kind"}) == {}


def test_the_catalog_card_form_asks_to_choose_rather_than_listing_values(client):
    page = client.post("/lockup/catalog", data={"entry_kind": "goal", "name": "Made-up Goal"},
                       headers={"Accept-Language": "es"}).get_data(as_text=True)
    summary = support.words(page[page.index('class="error-summary"'): page.index("</div>", page.index(
        'class="error-summary"'))])
    assert "end_game" not in summary and "leader" not in summary and "elige uno" in summary
