"""Card faces and the setup document report every problem at once (issue 13: errors all at once).

The cards are made up; the checks are the engine's own (L-C6, L-E1, L-P4, L-S8)."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import InputError
from companion.core.problems import InputErrors, Problems, problems_of
from companion.games.lockup import autoplay
from companion.games.lockup.cards import parse_goal, parse_goon, parse_item
from companion.games.lockup.setup import start


def fields(exc: InputError) -> list[str]:
    return [field for field, _message in problems_of(exc)]


def test_an_item_with_several_problems_names_each_field_L_E1():
    made_up = {"cost": {"any": "x", "gold": 1}, "effect": "L-E1", "colour": "made-up"}
    with pytest.raises(InputErrors) as caught:
        parse_item(made_up, "display[0]")
    assert fields(caught.value) == ["display[0].name", "display[0].reputation", "display[0].colour",
                                    "display[0].cost.any", "display[0].effect_resource"]
    assert (caught.value.field, caught.value.message) == ("display[0].name", "is required")  # the CLI's one line


def test_a_goon_with_several_problems_names_each_field_L_P4():
    with pytest.raises(InputErrors) as caught:
        parse_goon({"name": " ", "type": "bandit", "suspicion": -1, "treasures": ["made-up"]}, "goons.sewers")
    assert fields(caught.value) == ["goons.sewers.name", "goons.sewers.suspicion", "goons.sewers.treasures[0]",
                                    "goons.sewers.resource"]


def test_a_goal_of_the_wrong_kind_says_only_that():
    with pytest.raises(InputError) as caught:
        parse_goal({"name": "Made-up Goal", "kind": "instant"}, "goals.leader", "leader")
    assert fields(caught.value) == ["goals.leader.kind"]


def test_a_good_card_still_parses():
    item = parse_item({"name": "Made-up Lamp", "cost": {"gold": 1}, "reputation": 2, "treasures": ["gem"]}, "x")
    assert (item.name, item.cost, item.reputation, item.treasures) == ("Made-up Lamp", {"gold": 1}, 2, ("gem",))


def test_setup_reports_the_problems_of_every_card_and_the_crew_tiles_together_L_S8():
    setup = autoplay.make_setup(random.Random(3), 3, "standard")
    setup["display"][1] = {"name": "Made-up Lamp", "cost": {}}
    setup["goons"]["sewers"] = {"name": "Made-up Goon", "type": "made-up"}
    setup["goals"]["instant"] = None
    setup["crew_tiles"] = [1, "x", 3, 4]
    with pytest.raises(InputErrors) as caught:
        start(setup)
    assert fields(caught.value) == ["goons.sewers.type", "display[1].reputation", "goals.instant", "crew_tiles[1]"]


def test_the_collector_keeps_the_first_problem_of_a_field():
    found = Problems()
    found.add("a", "first")
    found.add("a", "second")
    found.check(parse_item, {}, "b")
    assert found.found == [("a", "first"), ("b.name", "is required"), ("b.cost", "is required"),
                           ("b.reputation", "is required")]
    with pytest.raises(InputErrors):
        found.raise_any()
    Problems().raise_any()  # nothing found: no error
