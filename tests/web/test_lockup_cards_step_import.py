"""A card catalog imported from a new game's card step (issue 23): a refused file is said on the
card step, next to the import field, every problem in words, the pasted text kept: the table never
lands on the catalog page and loses its place. Cards are made up for the test."""

from __future__ import annotations

import json
import re

import support
from web.test_import_errors_all_at_once import BAD_CATALOG, CATALOG_WORDS

STEP = "/lockup/new/cards?mode=standard&name-0=Ana&name-1=Ben&key=made-up-key"


def import_action(page: str) -> str:
    """Where the card step's import form posts (step 1's fields ride along in its query string)."""
    form = re.search(r'<details class="card" id="import-catalog".*?<form method="post" action="([^"]+)"', page, re.S)
    return form[1].replace("&amp;", "&")


def test_a_refused_catalog_is_said_on_the_card_step_next_to_its_field_with_the_text_kept(app, profiled):
    action = import_action(profiled.get(STEP).get_data(as_text=True))
    assert action.startswith("/lockup/new/cards/import?") and "name-1=Ben" in action
    pasted = json.dumps(BAD_CATALOG)
    answer = profiled.post(action, data={"text": pasted})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 422 and 'id="new-cards"' in page  # the card step, not the catalog page
    assert "Players: Ana, Ben" in support.text(answer) and 'name="key" value="made-up-key"' in page
    fold = page[page.index('id="import-catalog"'):page.index("</details>")]
    assert fold.startswith('id="import-catalog" open')
    said = support.words(fold[fold.index('id="import-problems"'):])
    assert all(words in said for words in CATALOG_WORDS), said
    assert 'aria-invalid="true" aria-describedby="import-problems"' in fold
    assert support.lost_values(page, "import-catalog-form", {"text": pasted}) == {}
    assert import_action(page) == action  # sent again from here, back to the same step
    with app.app_context():
        from companion.web import get_store

        assert get_store().get_setting("lockup-catalog") is None  # nothing was imported


def test_an_empty_import_says_so_and_a_good_one_goes_back_to_the_card_step(profiled):
    action = import_action(profiled.get(STEP).get_data(as_text=True))
    answer = profiled.post(action, data={"text": " "})
    assert answer.status_code == 422 and "choose a JSON file or paste its text" in support.text(answer)
    doc = {"items": [{"name": "Made-up Helmet", "cost": {"iron": 2}, "reputation": 3}]}
    answer = profiled.post(action, data={"text": json.dumps(doc)})
    assert answer.status_code == 303 and answer.location == STEP
    assert '<option value="Made-up Helmet">' in profiled.get(answer.location).get_data(as_text=True)

