"""A card already on the table is not a new draw (L-C5, L-S3, L-S4, L-P2, L-P3): refused naming the
field and saying where the card is, unless the table says it is a second copy (``copies``)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from support import setups

from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.games.lockup.cards import item_from
from companion.games.lockup.deck import CardOnTable, check_new
from companion.games.lockup.engine import start
from companion.games.lockup.model import GUARDS
from companion.games.lockup.scenario import Table, goon, item, setup
from companion.games.lockup.state import with_seat


def refused(exc: InputError) -> dict[str, str]:
    return {field: str(message) for field, message in problems_of(exc)}


def test_setup_refuses_the_same_item_dealt_twice_L_S3_L_C5():
    doc = setup(display=[item("War Drum"), item("Test Shiv"), item("war  drum")])
    with pytest.raises(CardOnTable) as exc:
        start(doc)
    assert refused(exc.value) == {"display[2].name": "War Drum is entered twice"}


def test_setup_refuses_two_goons_of_one_name_L_S4_L_C5():
    doc = setup(goons={"sewers": goon("Copperjaw"), "smithy": goon("Copperjaw")})
    with pytest.raises(CardOnTable) as exc:
        start(doc)
    assert refused(exc.value) == {"goons.smithy.name": "Copperjaw is entered twice"}


def test_setup_accepts_a_declared_second_copy_L_C5():
    doc = setup(goons={"sewers": goon("Copperjaw"), "smithy": goon("Copperjaw")}, copies=["copperjaw"])
    assert start(doc)[0].goons["smithy"]["name"] == "Copperjaw"


def test_refill_refuses_an_item_still_in_the_display_L_P2_L_C5():
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    shown = next(it.name for it in t.state.display if it is not None)
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_items", items=[item(shown)])
    assert refused(exc.value) == {"items[0].name": f"{shown} is already in the display"}
    assert t.pending.kind == "refill-items"  # nothing was recorded


def test_refill_refuses_an_item_in_a_crew_L_IT2_L_C5():
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    reserved = t.seat("Ana").reserved[0].name
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_items", items=[item(reserved.upper())])
    assert refused(exc.value) == {"items[0].name": f"{reserved} is already in Ana’s crew"}


def test_refill_accepts_a_second_copy_the_table_declares_L_C5():
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    reserved = t.seat("Ana").reserved[0].name
    t.do("refill_items", items=[item(reserved)], copies=[reserved])
    assert reserved in [it.name for it in t.state.display if it is not None]


def test_refill_refuses_one_item_twice_in_one_go_L_P2():
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    t.state = replace(t.state, display=(None, *t.state.display[1:]))  # two empty slots
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_items", items=[item("Test New"), item("Test New")])
    assert refused(exc.value) == {"items[1].name": "Test New is entered twice"}


def test_the_guards_cards_are_on_the_table_L_SO1_L_C5():
    t = Table(setup(("Ana",), mode="solo"))
    drum = item_from(item("War Drum"))
    state = with_seat(t.state, GUARDS, items=(drum,))
    with pytest.raises(CardOnTable) as exc:
        check_new(state, "item", [("items[0]", "War Drum")])
    assert refused(exc.value) == {"items[0].name": "War Drum is already among the guards’ cards"}
    check_new(state, "item", [("items[0]", "War Drum")], copies=("WAR DRUM",))  # a second copy


def to_goon_refill(t: Table) -> None:
    setups.reserve_for_patrol(t)
    t.do("refill_items", items=[item(f"Test Refill {i}") for i in t.pending.detail["slots"]])
    assert t.pending.kind == "refill-goons"


def test_refill_refuses_a_goon_on_the_board_and_one_discarded_L_P3_L_C5():
    t = Table(setup(("Ana", "Ben")))
    to_goon_refill(t)
    assert t.state.goon_discard == ("Test Goon 4",)  # the Chow Hall goon left (L-P3)
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_goons", goons={"sewers": goon("Test Goon 1")})
    assert refused(exc.value) == {"goons.sewers.name": "Test Goon 1 is already on the board"}
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_goons", goons={"sewers": goon("Test Goon 4")})
    assert refused(exc.value) == {"goons.sewers.name": "Test Goon 4 is already in the discard pile"}
    t.do("refill_goons", goons={"sewers": goon("Test Goon 4")}, copies=["Test Goon 4"])
    assert t.state.goons["sewers"].name == "Test Goon 4"


def test_copies_is_a_list_of_names():
    t = Table(setup(("Ana", "Ben")))
    setups.reserve_for_patrol(t)
    with pytest.raises(InputError) as exc:
        t.do("refill_items", items=[item("Test New")], copies="Test New")
    assert exc.value.field == "copies"
