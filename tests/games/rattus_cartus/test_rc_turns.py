"""Rattus Cartus during play (issue 13): phase C turns clockwise from the start player, one
building each (RC-G1 C); the start player passes left at the end of the round (RC-G1 E); the
Treasury noted in a round answers RC-F5 for the end; replaying the events gives the same state."""

from __future__ import annotations

import support

from companion.core.events import decode, encode
from companion.games.rattus_cartus import GAME, command_from_dict, pending, view_for


class Table(support.Table):
    game, parse = GAME, staticmethod(command_from_dict)


def test_rc_g1_c_one_turn_each_clockwise_then_no_more_turns():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Cy"})
    order = []
    for _ in range(3):
        order.append(view_for(table.state, None)["turn"])
        table.do("end-turn")
    assert order == ["Cy", "Ana", "Bo"] and view_for(table.state, None)["turn"] is None
    assert table.refuses("end-turn").rule == "RC-G1"


def test_rc_g1_e_the_round_end_passes_the_start_player_left_and_resets_the_turns():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Cy"})
    table.do("end-turn")
    table.do("end-round")
    view = view_for(table.state, None)
    assert (view["start_player"], view["turn"], view["turns"]) == ("Ana", "Ana", 0)


def test_rc_f5_a_round_that_noted_the_treasury_leaves_no_treasury_need():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    table.do("end-round", treasury_used=True)
    for _ in range(9):
        table.do("end-round")  # a later round without the note does not undo it
    assert table.state.treasury_used is True
    assert "treasury" not in pending(table.state).needs


def test_without_a_note_the_treasury_is_still_asked_at_the_end():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    for _ in range(10):
        table.do("end-round", treasury_used="no")
    assert "treasury" in pending(table.state).needs


def test_replay_gives_the_same_state():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Bo"})
    table.do("end-turn")
    table.do("end-round", treasury_used=True)
    table.do("end-turn")
    replayed = GAME.fold(decode(t, v, p) for t, v, p in map(encode, table.events))
    assert replayed == table.state
