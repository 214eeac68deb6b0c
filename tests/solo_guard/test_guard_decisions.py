"""Scenario tests for the guards' decisions (L-SO8, L-SO10, I-9). Items are made up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lockup.model import RESOURCES
from companion.solo_guard.decisions import Item, cell_block, chow_hall, commissary, exchange, payment


def res(scrap=0, iron=0, potion=0, gold=0):
    return {"scrap": scrap, "iron": iron, "potion": potion, "gold": gold}


# --- Commissary (L-SO8) ---------------------------------------------------------------

def test_commissary_l_so8_tie_goes_to_the_rarest_with_the_reason_line():
    d = commissary(res(scrap=2, potion=1))
    assert d.result == {"take": "gold"}
    assert d.reason == "Guards take gold: fewest of iron and gold (0), gold is rarer (L-SO8)"


def test_commissary_l_so8_single_fewest():
    d = commissary(res(scrap=0, iron=2, potion=1, gold=3))
    assert d.result == {"take": "scrap"}
    assert d.reason.endswith("(L-SO8)") and "fewest scrap (0)" in d.reason


def test_commissary_l_so8_three_way_tie_takes_the_rarest():
    assert commissary(res(scrap=1, iron=1, potion=1, gold=2)).result == {"take": "iron"}


def test_commissary_l_c3_empty_supply_type_is_skipped():
    d = commissary(res(scrap=2, potion=1), supply={"gold": 0})
    assert d.result == {"take": "iron"}
    assert "the supply has no gold" in d.reason


def test_commissary_l_c3_nothing_left_in_the_supply():
    assert commissary(res(), supply=dict.fromkeys(RESOURCES, 0)).result == {"action": "none"}


# --- Chow Hall (L-SO8) ----------------------------------------------------------------

def test_chow_hall_l_so8_most_icons_then_lowest_location():
    d = chow_hall({"chow_hall": 2, "smithy": 2, "sewers": 1})
    assert d.result == {"arrest": ["smithy", "chow_hall"]}
    assert "(L-SO8)" in d.reason


def test_chow_hall_l_so8_ties_at_zero_take_the_lowest_two():
    assert chow_hall({"commissary": 0, "sewers": 0, "infirmary": 0}).result == {"arrest": ["sewers", "infirmary"]}


def test_chow_hall_l_so8_one_or_no_goon():
    assert chow_hall({"smithy": 0}).result == {"arrest": ["smithy"]}
    assert chow_hall({}).result == {"arrest": []}


# --- Cell Block (L-SO8, I-9) ----------------------------------------------------------

SHIV = Item("Made-up Shiv", 3, {"iron": 1, "any": 1})
TOOTH = Item("Made-up Tooth", 4, {"gold": 2})
SPOON = Item("Made-up Spoon", 3, {"scrap": 1})


def test_cell_block_l_so8_crafts_the_best_affordable_paying_any_with_scrap_first():
    d = cell_block(res(scrap=2, iron=1), [], [SHIV, TOOTH])
    assert d.result == {"action": "craft", "item": "Made-up Shiv", "from": "display", "pay": {"iron": 1, "scrap": 1}}
    assert "(L-SO8)" in d.reason


def test_cell_block_l_so8_any_paid_least_rare_first_scrap_potion_iron_gold():
    item = Item("Made-up Lantern", 2, {"any": 4})
    assert payment(item.cost, res(scrap=1, potion=1, iron=1, gold=5)) == {"scrap": 1, "potion": 1, "iron": 1, "gold": 1}
    assert payment(item.cost, res(scrap=1, potion=1, iron=1)) is None


def test_cell_block_l_so8_display_tie_goes_to_the_item_nearest_the_deck():
    d = cell_block(res(scrap=3, iron=1), [], [SPOON, SHIV])
    assert d.result["item"] == "Made-up Spoon"
    assert "nearest the item deck" in d.reason


def test_cell_block_i_9_reserved_item_counts_as_nearest_the_deck():
    d = cell_block(res(scrap=3, iron=1), [SHIV], [SPOON])
    assert d.result == {"action": "craft", "item": "Made-up Shiv", "from": "reserved", "pay": {"iron": 1, "scrap": 1}}
    assert "(L-SO8, I-9)" in d.reason


def test_cell_block_l_so8_higher_reputation_display_beats_reserved():
    d = cell_block(res(gold=2, scrap=1), [SPOON], [TOOTH])
    assert d.result["item"] == "Made-up Tooth" and d.result["from"] == "display"


def test_cell_block_l_so8_reserves_the_best_display_item_paying_nothing():
    d = cell_block(res(), [SHIV], [SPOON, TOOTH, Item("Made-up Crown", 4, {"gold": 3})])
    assert d.result == {"action": "reserve", "item": "Made-up Tooth"}
    assert "paying nothing" in d.reason


def test_cell_block_l_so8_nothing_when_nothing_affordable_and_empty_display():
    assert cell_block(res(), [TOOTH], []).result == {"action": "none"}


def test_cell_block_l_so8_free_item_is_affordable():
    d = cell_block(res(), [], [Item("Made-up Pebble", 1, {})])
    assert d.result == {"action": "craft", "item": "Made-up Pebble", "from": "display", "pay": {}}


# --- Exchange (L-SO10) ----------------------------------------------------------------

def test_exchange_l_so10_most_for_fewest():
    d = exchange(res(scrap=3, iron=1, potion=2, gold=1))
    assert d.result == {"give": "scrap", "take": "gold"}
    assert d.reason.endswith("(L-SO10)")


def test_exchange_l_so10_ties_give_least_rare_take_rarest():
    d = exchange(res(iron=2, gold=2))
    assert d.result == {"give": "iron", "take": "potion"}  # fewest: scrap and potion (0), potion is rarer
    assert "iron is least rare" in d.reason


def test_exchange_l_so10_nothing_without_resources():
    assert exchange(res()).result == {"action": "none"}


def test_exchange_l_c3_skips_types_the_supply_lacks():
    assert exchange(res(scrap=2), supply={"gold": 0, "iron": 0}).result == {"give": "scrap", "take": "potion"}
    assert exchange(res(scrap=2), supply={"gold": 0, "iron": 0, "potion": 0}).result == {"action": "none"}


counts = st.integers(min_value=0, max_value=6)
resource_maps = st.fixed_dictionaries({r: counts for r in RESOURCES})


@settings(max_examples=200, deadline=None)
@given(resource_maps)
def test_exchange_l_so10_properties(resources):
    """Always gives something they hold, takes a different type, never more of the give type."""
    result = exchange(resources).result
    if sum(resources.values()) == 0:
        assert result == {"action": "none"}
        return
    assert resources[result["give"]] == max(resources.values())
    assert result["take"] != result["give"]
    assert resources[result["take"]] <= resources[result["give"]]


@settings(max_examples=200, deadline=None)
@given(resource_maps, st.lists(st.tuples(st.integers(0, 6), st.fixed_dictionaries({}, optional={
    "scrap": counts, "iron": counts, "potion": counts, "gold": counts, "any": counts})), max_size=4))
def test_cell_block_l_so8_craft_is_paid_in_full_from_what_they_have(resources, specs):
    """A craft's payment never exceeds their resources and covers the cost exactly."""
    display = [Item(f"Made-up {i}", rep, cost) for i, (rep, cost) in enumerate(specs)]
    result = cell_block(resources, [], display).result
    if result["action"] == "craft":
        item = next(i for i in display if i.name == result["item"])
        pay = result["pay"]
        assert all(pay[r] <= resources[r] for r in pay)
        assert sum(pay.values()) == sum(item.cost.values())
        assert all(pay.get(r, 0) >= n for r, n in item.cost.items() if r != "any")
