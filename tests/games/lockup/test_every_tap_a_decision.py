"""Issue 23, "every tap a decision", in the engine.

A seat whose reward is a choice (Commissary, Chow Hall, Cell Block: L-R5..L-R7) is not asked to
collect it first: its choice offers the decline (L-LO6, I-3), so collecting is the choice itself.
A seat at a fixed reward is asked when the table option ``ask_fixed_rewards`` is on (L-LO6: it may
decline; see test_fixed_rewards_by_themselves). A game begun before keeps asking
(``game-started`` version 2, read with ``confirm_choice_rewards``). Patrol's items and goons may be
entered in one ``refill_items`` command (L-P2, L-P3).
"""

from __future__ import annotations

import pytest
from support import roll_call

from companion.core.events import decode
from companion.games.lockup import events as E
from companion.games.lockup.deck import CardOnTable
from companion.games.lockup.patrol import goon_slots_after_advance
from companion.games.lockup.scenario import Table, goon, item, setup

GOONS = {"sewers": goon("Test S"), "infirmary": goon("Test I"), "smithy": goon("Test A"),
         "commissary": goon("Test C"), "chow_hall": goon("Test D")}


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def test_a_choice_reward_is_asked_at_its_choice_not_confirmed_first_L_LO6_L_R5():
    t = Table(setup(("Ana", "Ben")))
    roll_call(t, ("Ana", "commissary", 4))
    assert t.pending.kind == "choice" and t.pending.seat == "Ana"  # no Collect before it
    assert [e for e in t.events if isinstance(e, E.RewardsConfirmed)][-1].location == "commissary"
    new = t.do("decline", seat="Ana")  # the decline is among the choice's options (I-3)
    assert any(isinstance(e, E.Straggled) and e.seat == "Ana" and e.location == "commissary" for e in new)


def test_a_fixed_reward_is_a_decision_when_the_table_asks_L_LO6():
    t = Table(setup(("Ana", "Ben"), options={"ask_fixed_rewards": True}))  # else collected by itself
    roll_call(t, ("Ana", "smithy", 4))
    assert t.pending.kind == "confirm-rewards" and t.pending.detail["undecided"] == ["Ana"]


def test_at_a_mixed_location_only_the_fixed_reward_seat_is_asked_L_LO6_L_R6():
    """The Chow Hall: Ana can recruit (her choice asks); Ben has nothing to pay with and no Bandit
    cube, so he has nothing to decline either (I-3): nobody is asked to confirm."""
    t = Table(setup(("Ana", "Ben"), goons=GOONS))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test: Ana can pay")
    roll_call(t, ("Ana", "chow_hall", 4), ("Ben", "chow_hall", 1))
    assert t.pending.kind == "choice" and t.pending.seat == "Ana"


def test_a_game_begun_before_issue_23_still_asks_at_confirmation():
    t = Table(setup(("Ana", "Ben"), confirm_choice_rewards=True))
    roll_call(t, ("Ana", "commissary", 4))
    assert t.pending.kind == "confirm-rewards" and t.pending.detail["undecided"] == ["Ana"]


def test_a_version_2_game_started_is_read_asking_at_confirmation():
    started = next(e for e in Table(setup(("Ana", "Ben"))).events if isinstance(e, E.GameStarted))
    assert E.GameStarted.version == 4 and "confirm_choice_rewards" not in started.options
    old = decode(E.GameStarted.type, 2, started.to_payload())
    assert old.options["confirm_choice_rewards"] is True


def to_patrol() -> Table:
    """Round 1's Patrol, the display's slot 2 empty: Ana reserved its item at the Cell Block (L-IT2)."""
    t = Table(setup(("Ana", "Ben"), goons=GOONS))
    t.do("adjust", seat="Ana", quantity="scrap", delta=1, reason="test")
    t.do("assign", seat="Ana", location="cell_block", tiles=up(4))
    t.pass_all()
    t.do("reserve", seat="Ana", index=1, pay={"scrap": 1})
    return t


def test_items_and_goons_in_one_command_L_P2_L_P3():
    t = to_patrol()
    assert t.pending.kind == "refill-items"
    assert goon_slots_after_advance(t.state) == ["sewers"]  # the Chow Hall goon leaves (L-P3)
    new = t.do("refill_items", items=[item("Test New Item")], goons={"sewers": goon("Test New Goon")})
    kinds = [type(e) for e in new]
    assert kinds.index(E.ItemsRefilled) < kinds.index(E.GoonsAdvanced) < kinds.index(E.GoonsRefilled)
    assert t.state.goons["sewers"].name == "Test New Goon" and t.state.display[1].name == "Test New Item"
    assert t.state.round == 2 and t.pending.kind == "roll-call"  # L-P5


def test_one_command_refuses_a_goon_already_on_the_board_and_records_nothing_L_P3_L_C5():
    t = to_patrol()
    state = t.state
    with pytest.raises(CardOnTable) as exc:
        t.do("refill_items", items=[item("Test New Item")], goons={"sewers": goon("Test A")})  # at the Smithy
    assert "goons.sewers.name" in dict(exc.value.problems)
    assert t.state is state  # nothing recorded, the items neither
