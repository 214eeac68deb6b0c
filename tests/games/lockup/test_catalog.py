"""The Lockup card catalog and the box-profile/catalog form conversions (pure).

Every card and profile here is made up ("Test Shiv", "made-up profile"): only the format is real.
"""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.games.lockup import catalog as C
from companion.games.lockup.box_profile import GUARD_COLOURS, parse_profile
from companion.games.lockup.card_forms import (
    crew_field,
    entry_form_values,
    entry_from_form,
    guard_field,
    profile_form_values,
    profile_from_form,
    special_field,
)
from companion.games.lockup.cards import item_from, parse_item

TEST_SHIV = {"name": "Test Shiv", "cost": {"iron": 1, "any": 1}, "reputation": 2, "treasures": ["shield"],
             "effect": None, "effect_resource": None}
TEST_BANDIT = {"name": "Test Bandit", "type": "bandit", "suspicion": 1, "treasures": [], "effect": None,
               "effect_resource": None, "resource": "gold"}
TEST_GOAL = {"name": "Test Hoard", "kind": "leader", "counts": "gem", "minimum": 3}


def test_an_item_entry_is_what_the_engine_takes():
    entry = C.parse_entry("item", TEST_SHIV)
    assert entry == TEST_SHIV
    assert item_from(entry) == parse_item(TEST_SHIV, "")


@pytest.mark.parametrize(("kind", "doc", "field"), [
    ("item", {**TEST_SHIV, "reputation": -1}, "reputation"),
    ("item", {**TEST_SHIV, "cost": {"mithril": 1}}, "cost.mithril"),
    ("item", {**TEST_SHIV, "effect": "L-E1"}, "effect_resource"),
    ("goon", {**TEST_BANDIT, "resource": None}, "resource"),
    ("goon", {**TEST_BANDIT, "type": "dragon"}, "type"),
    ("goal", {**TEST_GOAL, "counts": "spoons"}, "counts"),
    ("goal", {"name": "Test Star", "kind": "instant"}, "stars"),
    ("tome", {"name": "Test Tome", "text": 3}, "text"),
    ("trait", {"name": "  "}, "name"),
    ("trait", {"name": "x" * 81}, "name"),
])
def test_a_wrong_entry_names_its_field(kind, doc, field):
    with pytest.raises(InputError) as err:
        C.parse_entry(kind, doc)
    assert err.value.field == field


def test_an_unknown_kind_is_refused():
    with pytest.raises(InputError) as err:
        C.merge(C.empty(), "dragon", {"name": "x"})
    assert err.value.field == "kind"


def test_merge_keeps_the_newest_spelling_case_insensitively():
    cat = C.merge(C.empty(), "item", TEST_SHIV)
    cat2 = C.merge(cat, "item", {**TEST_SHIV, "name": "test  SHIV", "reputation": 3})
    assert [e["name"] for e in C.entries(cat2, "item")] == ["test SHIV"]
    assert C.lookup(cat2, "item", "TEST shiv")["reputation"] == 3
    assert C.entries(cat, "item")[0]["name"] == "Test Shiv", "merge must not change its argument"


def test_entries_are_sorted_and_kinds_kept_apart():
    cat = C.empty()
    for name in ("Test Zed", "test apple", "Test Mid"):
        cat = C.merge(cat, "tome", {"name": name, "text": "made-up text"})
    cat = C.merge(cat, "trait", {"name": "Test Mid"})
    assert [e["name"] for e in C.entries(cat, "tome")] == ["test apple", "Test Mid", "Test Zed"]
    assert C.entries(cat, "trait") == [{"name": "Test Mid", "text": ""}]
    assert C.lookup(cat, "goon", "Test Mid") is None
    assert C.lookup(cat, "tome", "") is None and C.lookup(cat, "tome", None) is None


def test_remove_drops_only_that_entry():
    cat = C.merge(C.merge(C.empty(), "item", TEST_SHIV), "goon", TEST_BANDIT)
    cat = C.remove(cat, "item", "TEST SHIV")
    assert C.entries(cat, "item") == [] and len(C.entries(cat, "goon")) == 1
    assert C.remove(cat, "item", "absent") == cat


def test_a_whole_catalog_round_trips_and_merges():
    cat = C.merge(C.merge(C.merge(C.empty(), "item", TEST_SHIV), "goon", TEST_BANDIT), "goal", TEST_GOAL)
    assert C.parse_catalog(cat) == cat
    other = C.merge(C.empty(), "item", {**TEST_SHIV, "name": "TEST SHIV", "reputation": 5})
    merged = C.merge_all(cat, other)
    assert C.lookup(merged, "item", "test shiv") == {**TEST_SHIV, "name": "TEST SHIV", "reputation": 5}
    assert C.lookup(merged, "goon", "Test Bandit") == TEST_BANDIT


def test_a_repeated_name_in_one_file_keeps_the_later_entry():
    doc = {"items": [TEST_SHIV, {**TEST_SHIV, "reputation": 4}]}
    assert [e["reputation"] for e in C.entries(C.parse_catalog(doc), "item")] == [4]


@pytest.mark.parametrize(("doc", "field"), [
    ([], "input"),
    ({"game": "ragami"}, "game"),
    ({"cards": []}, "cards"),
    ({"items": {}}, "items"),
    ({"items": [TEST_SHIV, {**TEST_SHIV, "reputation": "two"}]}, "items[1].reputation"),
    ({"goons": [{**TEST_BANDIT, "treasures": ["gold"]}]}, "goons[0].treasures[0]"),
])
def test_a_wrong_catalog_document_names_the_field(doc, field):
    with pytest.raises(InputError) as err:
        C.parse_catalog(doc)
    assert err.value.field == field


# --- box profile form --------------------------------------------------------------------------

def made_up_profile_form() -> dict[str, str]:
    """A made-up profile typed into the form (not the real box)."""
    form = {crew_field(i): str(n) for i, n in enumerate([1, 2, 3, 4])}
    for colour, count in GUARD_COLOURS.items():
        form.update({guard_field(colour, i): str(i % 3 + 1) for i in range(count)})
    form[guard_field("blue", 2)] = "P"
    form.update({special_field("yellow"): "4", special_field("red"): "0"})
    return form


def test_a_made_up_profile_from_the_form():
    doc, errors = profile_from_form(made_up_profile_form())
    assert errors == {}
    assert doc["guard_cards"]["blue"][:3] == [1, 2, "power"]
    assert doc["special_guard"] == {"yellow": 4, "red": 0}
    parse_profile(doc)
    assert profile_from_form(profile_form_values(doc)) == (doc, {})


def test_every_wrong_profile_field_is_named_at_once():
    form = made_up_profile_form()
    form.update({crew_field(0): "one", guard_field("green", 4): "", guard_field("red", 1): "-2",
                 guard_field("yellow", 0): "²"})
    del form[special_field("red")]
    doc, errors = profile_from_form(form)
    assert doc is None
    # Each value's problem is said on its row (the form types a row in one field): issue 23.
    assert set(errors) == {"crew_tiles", "guard_cards.green", "guard_cards.red", "guard_cards.yellow",
                           "special_guard.red"}
    assert errors["guard_cards.green"] == "card 5 is required"
    assert errors["crew_tiles"].startswith("tile 1 must be a whole number")
    assert "power" in errors["guard_cards.red"] and errors["guard_cards.red"].startswith("card 2 ")


def test_whole_profile_rules_name_their_field():
    form = made_up_profile_form()
    form[crew_field(1)] = "5"
    assert profile_from_form(form) == (None, {"crew_tiles": "must include the tile printed 2 (L-C4)"})
    form = made_up_profile_form()
    form[special_field("yellow")] = "7"
    assert set(profile_from_form(form)[1]) == {"special_guard.yellow"}


def test_an_empty_profile_has_no_form_values():
    assert profile_form_values(None) == {}


# --- catalog entry form ------------------------------------------------------------------------

def test_an_item_from_the_form():
    form = {"name": " Test Shiv ", "cost.iron": "1", "cost.any": "1", "cost.gold": "", "reputation": "2",
            "treasures.shield": "1", "effect": "", "effect_resource": "gold"}
    entry = entry_from_form("item", form)
    assert entry == TEST_SHIV
    assert entry_from_form("item", entry_form_values("item", entry)) == entry


def test_a_bandit_and_a_goal_from_the_form():
    bandit = {"name": "Test Bandit", "type": "bandit", "suspicion": "1", "resource": "gold", "effect": ""}
    assert entry_from_form("goon", bandit) == TEST_BANDIT
    cultist = entry_from_form("goon", {**bandit, "type": "cultist"})
    assert cultist["resource"] is None, "only a Bandit keeps a resource (L-P4)"
    goal = entry_from_form("goal", {"name": "Test Hoard", "kind": "leader", "counts": "gem", "minimum": "3"})
    assert (goal["counts"], goal["minimum"]) == ("gem", 3)
    major = entry_from_form("goal", {"name": "Test Major", "kind": "end_game", "treasure": "magic", "stars": "x"})
    assert major["treasure"] == "magic"
    fixed = entry_from_form("goal", {"name": "Test Fixed", "kind": "end_game", "stars": "5"})
    assert (fixed["treasure"], fixed["stars"]) == (None, 5)
    assert entry_from_form("goal", entry_form_values("goal", goal)) == goal


def test_an_effect_with_a_resource_from_the_form():
    form = {"name": "Test Pouch", "reputation": "0", "effect": "L-E1", "effect_resource": "scrap"}
    entry = entry_from_form("item", form)
    assert (entry["effect"], entry["effect_resource"]) == ("L-E1", "scrap")
    assert entry_from_form("item", {**form, "effect": "L-E4"})["effect_resource"] is None


@pytest.mark.parametrize(("kind", "form", "field"), [
    ("item", {"reputation": "1"}, "name"),
    ("item", {"name": "Test Shiv"}, "reputation"),
    ("item", {"name": "Test Shiv", "reputation": "1", "cost.gold": "two"}, "cost.gold"),
    ("item", {"name": "Test Shiv", "reputation": "1", "treasures.gem": "10"}, "treasures.gem"),
    ("item", {"name": "Test Shiv", "reputation": "1", "effect": "L-E9"}, "effect"),
    ("item", {"name": "Test Shiv", "reputation": "1", "effect": "L-E1"}, "effect_resource"),
    ("goon", {"name": "Test Goon"}, "type"),
    ("goon", {"name": "Test Goon", "type": "bandit"}, "resource"),
    ("goon", {"name": "Test Goon", "type": "dwarf", "suspicion": "-1"}, "suspicion"),
    ("goal", {"name": "Test Goal"}, "kind"),
    ("goal", {"name": "Test Goal", "kind": "leader", "minimum": "2"}, "counts"),
    ("goal", {"name": "Test Goal", "kind": "leader", "counts": "gem"}, "minimum"),
    ("goal", {"name": "Test Goal", "kind": "instant"}, "stars"),
    ("tome", {"text": "made-up"}, "name"),
])
def test_a_wrong_form_field_is_named(kind, form, field):
    with pytest.raises(InputError) as err:
        entry_from_form(kind, form)
    assert err.value.field == field
