"""Ruling I-18: "nearest the item deck" is display slot 1, the slot next to the item deck, as the
table entered it; the guards' Cell Block tie decisions (L-SO8, I-9) name the slot they chose.
Items are made up ("Made-up ...")."""

from __future__ import annotations

from dataclasses import replace

from companion.games.lockup.commands import Craft, to_json
from companion.games.lockup.scenario import Table, item, setup
from companion.solo_guard import answers
from companion.solo_guard.decisions import Item, cell_block
from companion.solo_guard.state import SoloBatch, SoloState


def res(**kw):
    return {"scrap": 0, "iron": 0, "potion": 0, "gold": 0, **kw}


def test_craft_tie_names_the_slot_nearest_the_deck_I_18_L_SO8():
    display = [Item("Made-up Spoon", 3, {"scrap": 1}), Item("Made-up Fork", 3, {"scrap": 1})]
    d = cell_block(res(scrap=2), [], display)
    assert d.result["item"] == "Made-up Spoon"
    assert "slot 1 (nearest the item deck among the tied)" in d.reason and d.reason.endswith("(L-SO8, I-18)")


def test_craft_tie_names_the_real_slot_when_a_slot_is_empty_I_18():
    """Slot 1 emptied earlier this Cell Block: the tied items are in slots 2 and 3."""
    display = [Item("Made-up Spoon", 3, {"scrap": 1}, slot=2), Item("Made-up Fork", 3, {"scrap": 1}, slot=3)]
    d = cell_block(res(scrap=2), [], display)
    assert d.result["item"] == "Made-up Spoon" and "slot 2 (nearest the item deck among the tied)" in d.reason


def test_reserve_tie_names_the_slot_I_18_L_SO8():
    display = [Item("Made-up Crown", 2, {"gold": 3}), Item("Made-up Tooth", 4, {"gold": 2}),
               Item("Made-up Tiara", 4, {"gold": 4})]
    d = cell_block(res(), [], display)
    assert d.result == {"action": "reserve", "item": "Made-up Tooth"}
    assert "slot 2 (nearest the item deck among the tied)" in d.reason and "(L-SO8, I-18)" in d.reason


def test_no_tie_names_no_slot_L_SO8():
    d = cell_block(res(scrap=2), [], [Item("Made-up Spoon", 3, {"scrap": 1}), Item("Made-up Fork", 2, {})])
    assert "slot" not in d.reason and d.reason.endswith("(L-SO8)")


def test_reserved_item_tie_still_cites_I_9():
    d = cell_block(res(scrap=2), [Item("Made-up Fork", 3, {"scrap": 1})], [Item("Made-up Spoon", 3, {"scrap": 1})])
    assert d.result["from"] == "reserved" and "(L-SO8, I-9)" in d.reason and "slot" not in d.reason


def test_the_automaton_keeps_the_entered_order_and_the_empty_slots_I_18():
    """From the setup document (display[0] = slot 1, next to the deck) to the guards' decision: with
    slot 1 empty, equal items in slots 2 and 3 go to slot 2, and the reason says so."""
    entered = [item("Made-up First", {"scrap": 1}, 5), item("Made-up Second", {"scrap": 1}, 3),
               item("Made-up Third", {"scrap": 1}, 3)]
    t = Table(setup(("Ana",), mode="solo", display=entered))
    assert [i.name for i in t.state.display] == ["Made-up First", "Made-up Second", "Made-up Third"]
    guards = replace(t.state.seats["guards"], resources=res(scrap=1))
    game = replace(t.state, display=(None, *t.state.display[1:]), seats={**t.state.seats, "guards": guards})
    decision, command = answers._cell_block(SoloBatch(SoloState(game=game)))
    assert command == Craft(seat="guards", source="display", item="Made-up Second", pay={"scrap": 1})
    assert to_json(command) == {"type": "craft", "seat": "guards", "source": "display", "item": "Made-up Second",
                                "pay": {"scrap": 1}}
    assert "slot 2 (nearest the item deck among the tied)" in decision.reason
