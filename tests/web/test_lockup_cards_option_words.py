"""Drop-down options in words only (issue 23): an ``<option>`` takes no markup, so a rule id in its
text could not fold on a phone. The rule id stands beside the drop-down instead, in its label,
folded like every other run of rule ids. Every drop-down of the card step, the catalog, a Lockup
game's card entry and Ragami's Virtue die is read here; the words crawl reads whole Lockup games."""

from __future__ import annotations

import re

from companion.rules import RULE_ID

OPTION = re.compile(r"<option\b[^>]*>([^<]*)</option>")


def options_with_rule_ids(page: str) -> list[str]:
    """The option texts of ``page`` that hold a rule id."""
    return [text for text in OPTION.findall(page) if RULE_ID.search(text)]


def test_the_card_step_and_the_catalog_offer_effects_in_words_with_the_rule_beside(profiled):
    step_two = profiled.get("/lockup/new/cards?mode=standard&name-0=Ana&name-1=Ben").get_data(as_text=True)
    assert options_with_rule_ids(step_two) == []
    assert '<option value="L-E4" >gain 1 power</option>' in step_two  # the code is the value, the text words
    effect = re.search(r'<label>(Effect .*?)<select name="item0-effect"', step_two, re.S).group(1)
    assert '<span class="rule-ids">(<a class="rule-link" href="/rules/lockup#L-E">L-E</a>)</span>' in effect
    for kind in ("item", "goon"):
        catalog = profiled.get(f"/lockup/catalog?kind={kind}").get_data(as_text=True)
        assert options_with_rule_ids(catalog) == [], kind
        assert ">gain 1 power</option>" in catalog
        assert 'href="/rules/lockup#L-E">L-E</a>' in re.search(r'<label for="[^"]*effect">(.*?)</label>',
                                                              catalog, re.S).group(1)


def test_a_ragami_virtue_die_s_reasons_are_words_and_its_rule_beside(client):
    answer = client.post("/ragami/new", data={"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    page = client.get(answer.location).get_data(as_text=True)
    assert options_with_rule_ids(page) == []
    assert '>moved to a building: shows 1</option>' in page
    why = re.search(r'<label for="rg-virtue-reason">(.*?)</label>', page, re.S).group(1)
    assert '<span class="rule-ids">(<a class="rule-link" href="/rules/ragami#RG-T3">RG-T3</a>)</span>' in why
