"""Ragami turns (issue 13): clockwise from the start player (RG-T1 seating), a player who passes
plays no more this round, everyone passed ends the turns, a new round (RG-T3) starts with the new
start player and nobody passed; replaying the events gives the same state."""

from __future__ import annotations

import support

from companion.core.events import decode, encode
from companion.games.ragami import GAME, command_from_dict, view_for


class Table(support.Table):
    game, parse = GAME, staticmethod(command_from_dict)


def turn(table) -> str | None:
    return view_for(table.state, None)["turn"]


def test_turns_go_clockwise_and_skip_who_passed():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Bo"})
    assert turn(table) == "Bo"
    table.do("end-turn")
    assert turn(table) == "Cy"
    table.do("end-turn", passed=True)
    assert turn(table) == "Ana"
    table.do("end-turn")
    assert turn(table) == "Bo"  # Cy passed: skipped
    table.do("end-turn", passed="yes")
    table.do("end-turn", passed=True)
    assert turn(table) is None and view_for(table.state, None)["passed"] == ["Cy", "Bo", "Ana"]
    assert "Everyone has passed" in str(table.refuses("end-turn"))


def test_a_new_round_starts_with_the_next_start_player_and_nobody_passed():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    table.do("end-turn", passed=True)
    table.do("end-round")  # RG-T3 step 1: the first player cube passes left
    assert turn(table) == "Bo" and view_for(table.state, None)["passed"] == []


def test_replay_of_the_turn_events_gives_the_same_state():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"})
    table.do("end-turn")
    table.do("end-turn", passed=True)
    replayed = GAME.fold(decode(t, v, p) for t, v, p in map(encode, table.events))
    assert replayed == table.state
