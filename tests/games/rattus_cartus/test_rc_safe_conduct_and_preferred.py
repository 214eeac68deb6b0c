"""Rattus Cartus rounds as printed (issue 19), through the engine: a Safe-conduct played at the
start of a turn sends its player after all the others (RC-G7, RC-I3); with 2 players only one
preferred action a round, asked once both accessed a building (RC-G5), also in the final round;
how many building cards phase A draws and the reserve deck by player count (RC-G6)."""

from __future__ import annotations

import pytest
import support

from companion.core.errors import InputError
from companion.core.events import decode, encode
from companion.games.rattus_cartus import GAME, command_from_dict, events, pending, view_for
from companion.games.rattus_cartus.rules import BUILDINGS_DRAWN, RESERVE_DECK, rounds_for


class Table(support.Table):
    game, parse = GAME, staticmethod(command_from_dict)


def turn(table: Table) -> str | None:
    return view_for(table.state, None)["turn"]


def test_rc_g7_a_safe_conduct_passes_the_turn_and_its_player_chooses_after_the_others():
    table = Table({"players": ["Ana", "Bo", "Cy", "Di"], "start_player": "Ana"})
    table.do("play-safe-conduct")  # Ana
    assert turn(table) == "Bo" and view_for(table.state, None)["queue"] == ["Bo", "Cy", "Di", "Ana"]
    table.do("end-turn")  # Bo accesses
    table.do("play-safe-conduct")  # Cy
    table.do("end-turn")  # Di accesses
    # Ana played hers first: everyone else has chosen or played one, so it is her turn again.
    assert turn(table) == "Ana" and view_for(table.state, None)["queue"] == ["Ana", "Cy"]
    table.do("end-turn")
    assert turn(table) == "Cy"
    table.do("end-turn")
    assert turn(table) is None
    assert view_for(table.state, None)["accessed"] == ["Bo", "Di", "Ana", "Cy"]


def test_rc_g7_a_second_safe_conduct_sends_its_player_to_the_back_again():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Bo"})
    table.do("play-safe-conduct")  # Bo
    table.do("end-turn")  # Cy
    table.do("end-turn")  # Ana
    assert turn(table) == "Bo"
    assert table.refuses("play-safe-conduct").rule == "RC-I3"  # nobody left to wait for
    table.do("end-turn")
    assert table.refuses("play-safe-conduct").rule == "RC-G1"  # every player has accessed a building
    table2 = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"})
    table2.do("play-safe-conduct")  # Ana
    table2.do("play-safe-conduct")  # Bo
    table2.do("end-turn")  # Cy
    table2.do("play-safe-conduct")  # Ana again: Bo is still to choose
    assert [turn(table2), view_for(table2.state, None)["queue"]] == ["Bo", ["Bo", "Ana"]]


def test_rc_g1_e_the_round_end_clears_the_safe_conduct_order():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"})
    table.do("play-safe-conduct")
    table.do("end-round")  # a table may end the round without recording every turn
    view = view_for(table.state, None)
    assert (view["turn"], view["queue"], view["accessed"], view["turns"]) == ("Bo", ["Bo", "Cy", "Ana"], [], 0)


def test_safe_conducts_replay_to_the_same_state_and_a_forged_turn_is_refused():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Cy"})
    table.do("play-safe-conduct")
    table.do("end-turn")
    replayed = GAME.fold(decode(t, v, p) for t, v, p in map(encode, table.events))
    assert replayed == table.state
    forged = events.TurnEnded(1, "Ana")  # it is Bo's turn
    with pytest.raises(InputError) as caught:
        GAME.evolve(table.state, forged)
    assert caught.value.field == "rc-turn-ended.player"


def test_rc_g5_with_two_players_only_one_takes_the_preferred_action_asked_after_both_accessed():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    assert table.refuses("record-preferred-action", player="Ana").rule == "RC-G5"  # nobody accessed yet
    table.do("play-safe-conduct")  # Ana waits: Bo accesses first, so Bo wins a tie
    table.do("end-turn")
    table.do("end-turn")
    waits = pending(table.state)
    assert (waits.step, waits.rule) == ("preferred-action", "RC-G5")
    assert "on a tie Bo, who accessed a building first" in str(waits.message)
    assert table.refuses("end-round").rule == "RC-G5"
    assert table.refuses("record-preferred-action", player="Cy").rule is None  # not at the table
    table.do("record-preferred-action", player="Ana")
    assert view_for(table.state, None)["preferred_action"] == "Ana" and pending(table.state).step == "round"
    table.do("end-round")
    assert view_for(table.state, None)["preferred_action"] is None  # asked again next round


def test_rc_g5_the_preferred_action_is_only_asked_with_two_players():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"})
    for _ in range(3):
        table.do("end-turn")
    assert pending(table.state).step == "round"
    assert table.refuses("record-preferred-action", player="Ana").rule == "RC-G5"
    table.do("end-round")  # nothing to ask: each building has its own preferred action


def test_rc_g5_final_round_with_two_players_one_player_gains_the_influence():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    for _ in range(9):
        table.do("end-round")
    assert "only the one player who takes the round's preferred action gains +1 influence" in str(
        pending(table.state).message)
    table.do("end-turn")
    table.do("end-turn")
    assert "the last: which of the two players gains +1 influence" in str(pending(table.state).message)
    table.do("record-preferred-action", player="Bo")
    table.do("end-round")
    assert table.state.phase == "final"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rc_g6_building_cards_drawn_and_the_reserve_deck_use_all_thirty_buildings(players):
    names = [f"P{i}" for i in range(players)]
    view = view_for(Table({"players": names, "start_player": "P0"}).state, None)
    drawn, reserve = view["buildings_drawn"], view["reserve_deck"]
    assert (drawn, reserve) == (BUILDINGS_DRAWN[players], RESERVE_DECK[players])
    assert drawn == (3 if players >= 4 else 2)  # RC-G6, phase A
    assert reserve == {2: 10, 3: 12, 4: 6, 5: 6}[players]  # RC-G6, set-up step 8: the rulebook's table
    # The printed numbers add up: every round's row plus the reserve are the 30 building cards.
    assert rounds_for(players) * drawn + reserve == 30


def test_new_commands_parse_like_the_others_and_name_a_bad_field():
    assert command_from_dict("play-safe-conduct", {}) == command_from_dict("play-safe-conduct")
    with pytest.raises(InputError) as caught:
        command_from_dict("record-preferred-action", {})
    assert caught.value.field == "player"
    with pytest.raises(InputError) as caught:
        command_from_dict("play-safe-conduct", {"player": "Ana"})
    assert caught.value.field == "player"
