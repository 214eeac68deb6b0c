"""Issue 19's Rattus Cartus and Ragami rules through ``companion replay`` (the real command line):
each scenario is a JSON Lines file built here, replayed, and checked on what the answer says the
game waits for (step and seat), the public state, and the one ``error: line N: <field>: <message>``
line (exit 2) of a command the rules refuse. Rattus Cartus: Safe-conducts (RC-G7, RC-I3), the
2-player preferred action (RC-G5), the set-up and phase A counts (RC-G6). Ragami: the last-place
action card (RG-T2, RG-I3, RG-E1) and the set-up's location tokens (RG-T2, RG-E1).
"""

from __future__ import annotations

import pytest
from support import wire


@pytest.fixture
def replay(capsys, tmp_path):
    """``replay(game, lines)``: the CLI's answer as a dict (exit 0), or its one error line (exit 2)."""
    return lambda game, lines: wire.replay_answer(capsys, tmp_path / "game.jsonl", game, lines)

# --- Rattus Cartus: Safe-conducts (RC-G7, ruling RC-I3) and the 2-player preferred action (RC-G5) --

END_TURN, SAFE_CONDUCT = {"type": "end-turn"}, {"type": "play-safe-conduct"}
THREE = {"players": ["Rojo", "Azul", "Verde"], "start_player": "Azul"}  # clockwise from Azul: Verde, Rojo


def rc_turn(doc: dict) -> tuple:
    return doc["waiting_for"]["kind"], doc["waiting_for"]["seats"], doc["waiting_for"]["rule"]


def test_a_safe_conduct_passes_the_turn_and_chooses_again_after_the_others_RC_G7(replay):
    assert rc_turn(replay("rattus-cartus", [THREE])) == ("round", ["Azul"], "RC-G1")
    lines = [THREE, SAFE_CONDUCT]
    assert rc_turn(replay("rattus-cartus", lines)) == ("round", ["Verde"], "RC-G1")
    lines.append(END_TURN)
    assert rc_turn(replay("rattus-cartus", lines)) == ("round", ["Rojo"], "RC-G1")
    lines.append(END_TURN)
    doc = replay("rattus-cartus", lines)
    assert rc_turn(doc) == ("round", ["Azul"], "RC-G1")  # Azul chooses again, after all the others
    assert doc["state"]["accessed"] == ["Verde", "Rojo"] and doc["state"]["queue"] == ["Azul"]
    doc = replay("rattus-cartus", [*lines, END_TURN])
    assert rc_turn(doc) == ("round", None, "RC-G1") and doc["state"]["accessed"] == ["Verde", "Rojo", "Azul"]


def test_two_safe_conducts_in_a_row_keep_their_order_RC_G7(replay):
    doc = replay("rattus-cartus", [THREE, SAFE_CONDUCT, SAFE_CONDUCT])
    assert rc_turn(doc) == ("round", ["Rojo"], "RC-G1") and doc["state"]["queue"] == ["Rojo", "Azul", "Verde"]


@pytest.mark.parametrize(("lines", "expected"), [
    # ruling RC-I3: the last one still to choose has nobody to wait for
    ([THREE, SAFE_CONDUCT, END_TURN, END_TURN, SAFE_CONDUCT],
     "error: line 5: command: Azul is the last to choose: nobody is left to wait for, so they access a building "
     "now (RC-I3)"),
    ([THREE, END_TURN, END_TURN, END_TURN, SAFE_CONDUCT],
     "error: line 5: command: Every player has accessed a building this round: resolve the buildings, then end the "
     "round (RC-G1)"),
    ([THREE, {"type": "play-safe-conduct", "player": "Rojo"}], "error: line 2: player: unknown field"),
    ([THREE, END_TURN, END_TURN, END_TURN, {"type": "record-preferred-action", "player": "Rojo"}],
     "error: line 5: command: Only with 2 players does one player alone take the round's preferred action (RC-G5)"),
])
def test_refused_safe_conducts_and_preferred_actions_RC_I3_RC_G5(replay, lines, expected):
    assert replay("rattus-cartus", lines) == expected


TWO = {"players": ["Rojo", "Azul"], "start_player": "Azul"}
PREFERRED = {"type": "record-preferred-action", "player": "Rojo"}


def test_two_players_the_preferred_action_is_asked_once_both_accessed_RC_G5(replay):
    doc = replay("rattus-cartus", [TWO, END_TURN, END_TURN])
    assert rc_turn(doc) == ("preferred-action", None, "RC-G5")  # the table answers
    assert doc["waiting_for"]["message"] == (
        "Round 1: which of the two players takes the preferred action? The one who played more population cards "
        "and wildcards; on a tie Azul, who accessed a building first")
    doc = replay("rattus-cartus", [TWO, END_TURN, END_TURN, PREFERRED])
    assert rc_turn(doc) == ("round", None, "RC-G1") and doc["state"]["preferred_action"] == "Rojo"
    doc = replay("rattus-cartus", [TWO, END_TURN, END_TURN, PREFERRED, {"type": "end-round"}])
    assert rc_turn(doc) == ("round", ["Rojo"], "RC-G1") and doc["state"]["preferred_action"] is None


@pytest.mark.parametrize(("lines", "expected"), [
    ([TWO, END_TURN, PREFERRED],  # out of order: Rojo has not accessed a building yet
     "error: line 3: command: Both players access a building first; then record who takes the preferred action "
     "(RC-G5)"),
    ([TWO, END_TURN, END_TURN, {"type": "end-round"}],
     "error: line 4: command: First record which of the two players takes this round's preferred action (RC-G5)"),
    ([TWO, END_TURN, END_TURN, {"type": "record-preferred-action", "player": "Verde"}],
     "error: line 4: command: Verde is not playing this game"),
    ([TWO, END_TURN, END_TURN, {"type": "record-preferred-action"}], "error: line 4: player: is required"),
])
def test_the_preferred_action_refused_out_of_order_RC_G5(replay, lines, expected):
    assert replay("rattus-cartus", lines) == expected


def test_the_final_round_note_names_the_one_plus_1_influence_with_2_players_RC_G5(replay):
    lines = [TWO]
    for _ in range(9):  # RC-G1: 10 rounds with 2 players
        lines += [END_TURN, END_TURN, PREFERRED, {"type": "end-round"}]
    doc = replay("rattus-cartus", lines)
    assert doc["state"]["round"] == 10 and "only the one player who takes the round's preferred action gains +1 " \
        "influence" in doc["waiting_for"]["message"]
    doc = replay("rattus-cartus", [*lines, END_TURN, END_TURN])
    assert rc_turn(doc) == ("preferred-action", None, "RC-G5")
    assert doc["waiting_for"]["message"].startswith("Round 10, the last: which of the two players gains +1 influence")
    doc = replay("rattus-cartus", [*lines, END_TURN, END_TURN, PREFERRED, {"type": "end-round"}])
    assert doc["waiting_for"]["kind"] == "final-entry" and doc["waiting_for"]["seats"] == ["Rojo", "Azul"]


@pytest.mark.parametrize(("players", "drawn", "reserve"), [(2, 2, 10), (3, 2, 12), (4, 3, 6), (5, 3, 6)])
def test_setup_and_phase_a_counts_by_player_count_RC_G6(replay, players, drawn, reserve):
    names = ["Rojo", "Azul", "Verde", "Amarillo", "Negro"][:players]
    doc = replay("rattus-cartus", [{"players": names, "seed": 11}])
    assert (doc["state"]["buildings_drawn"], doc["state"]["reserve_deck"]) == (drawn, reserve)
    assert doc["waiting_for"]["seats"] == [doc["state"]["start_player"]]


# --- Ragami: the last-place action card (RG-T2, ruling RG-I3) and the set-up's location tokens -----


def purify(player: str, demons: int) -> dict:
    return {"type": "purify-demons", "player": player, "demons": demons}  # RG-V2: 1 VP a demon


def last_place_card(player: str = "Ana") -> dict:
    return {"type": "play-last-place-card", "player": player}


def scores(doc: dict) -> dict:
    return {p["name"]: (p["vp"], p["white_cubes"]) for p in doc["state"]["players"]}


PASS = {"type": "end-turn", "passed": True}
RG_THREE = {"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"}


@pytest.mark.parametrize(("vp", "after"), [
    # one last player: +1 VP; the card's player takes 2 white cubes
    ({"Ana": 3, "Bo": 2}, {"Ana": (3, 2), "Bo": (2, 0), "Cy": (1, 0)}),
    # two tied last: both +1 VP; the card's player takes 3
    ({"Ana": 3}, {"Ana": (3, 3), "Bo": (1, 0), "Cy": (1, 0)}),
    # three tied last: no effect (RG-I3)
    ({}, {"Ana": (0, 0), "Bo": (0, 0), "Cy": (0, 0)}),
    # played by the last player themself
    ({"Bo": 2, "Cy": 4}, {"Ana": (1, 2), "Bo": (2, 0), "Cy": (4, 0)}),
])
def test_the_last_place_card_single_and_tied_RG_T2_RG_I3(replay, vp, after):
    doc = replay("ragami", [RG_THREE, *(purify(name, n) for name, n in vp.items()), last_place_card()])
    assert scores(doc) == after
    assert (doc["waiting_for"]["kind"], doc["waiting_for"]["seats"]) == ("round", ["Ana"])
    assert doc["events"] == 1 + len(vp) + 1  # the card is one command and one event of its own


RG_TWO = {"players": ["Ana", "Bo"], "start_player": "Ana"}


def test_vp_from_the_last_place_card_counts_toward_the_30_vp_end_RG_I3_RG_E1(replay):
    """Both at 29, tied last: the card lifts both to 30, so this round is the last; the same round
    without the card goes on to round 2."""
    to_29 = [6, 6, 6, 6, 5]  # the command takes 1 to 6 demons at a time
    lines = [RG_TWO, *(purify("Ana", n) for n in to_29), *(purify("Bo", n) for n in to_29)]
    doc = replay("ragami", [*lines, last_place_card("Bo")])
    assert scores(doc) == {"Ana": (30, 0), "Bo": (30, 3)}
    assert doc["waiting_for"]["warning"] == ("This is the last round: a player reached 30 VP; the game ends when "
                                             "the round ends.")
    doc = replay("ragami", [*lines, last_place_card("Bo"), PASS, PASS, {"type": "end-round"}])
    assert (doc["waiting_for"]["kind"], doc["waiting_for"]["seats"], doc["waiting_for"]["rule"]) == (
        "final-conversion", None, "RG-E2")
    assert doc["state"]["end_reasons"] == ["30-vp"]
    doc = replay("ragami", [*lines, last_place_card("Bo"), PASS, PASS, {"type": "end-round"}, {"type": "finish-game"}])
    assert doc["waiting_for"]["kind"] == "finished" and doc["result"]["winners"] == ["Bo"]  # 3 cubes: +1 VP (RG-E2)
    doc = replay("ragami", [*lines, PASS, PASS, {"type": "end-round"}])
    assert doc["waiting_for"]["warning"] is None and doc["state"]["round"] == 2


@pytest.mark.parametrize(("lines", "expected"), [
    ([RG_THREE, last_place_card("Eve")], "error: line 2: command: Eve is not playing this game"),
    ([RG_THREE, {"type": "play-last-place-card"}], "error: line 2: player: is required"),
])
def test_the_last_place_card_refused_RG_I3(replay, lines, expected):
    assert replay("ragami", lines) == expected


SETUP_TOKENS = {"conflict_tokens": [1, 2, 3, 4, 5, 6], "demon_tokens": [7, 8, 9, 10], "saint_tokens": [11, 12]}
LEFT = list(range(13, 31))  # the 18 tokens the set-up did not draw with 2 players


def test_setup_tokens_given_with_the_setup_count_from_round_1_RG_T2(replay):
    doc = replay("ragami", [{**RG_TWO, "setup_tokens": SETUP_TOKENS}])
    assert doc["state"]["tokens_left"] == 18 and doc["state"]["setup_tokens"]["recorded"] is True
    assert doc["waiting_for"]["asks"] == [] and doc["waiting_for"]["seats"] == ["Ana"]


def test_setup_tokens_are_asked_in_round_1_until_recorded_RG_T2(replay):
    doc = replay("ragami", [RG_TWO])
    assert doc["waiting_for"]["asks"] == ["draw-setup-tokens"] and doc["state"]["tokens_left"] == 30
    assert doc["state"]["setup_tokens"]["counts"] == {"conflict_tokens": 6, "demon_tokens": 4, "saint_tokens": 2}
    doc = replay("ragami", [RG_TWO, {"type": "draw-setup-tokens", **SETUP_TOKENS}])
    assert doc["waiting_for"]["asks"] == [] and doc["state"]["tokens_left"] == 18
    assert doc["state"]["tokens_used"] == list(range(1, 13))


@pytest.mark.parametrize("given", ["setup", "command"])
def test_the_tokens_run_out_in_round_1_only_with_the_setup_tokens_counted_RG_T2_RG_E1(replay, given):
    lines = ([{**RG_TWO, "setup_tokens": SETUP_TOKENS}] if given == "setup"
             else [RG_TWO, {"type": "draw-setup-tokens", **SETUP_TOKENS}])
    doc = replay("ragami", [*lines, {"type": "use-location-tokens", "tokens": LEFT}])
    assert doc["state"]["tokens_left"] == 0
    assert doc["waiting_for"]["warning"] == ("This is the last round: the location tokens ran out; the game ends "
                                             "when the round ends.")
    doc = replay("ragami", [*lines, {"type": "use-location-tokens", "tokens": LEFT}, PASS, PASS, {"type": "end-round"}])
    assert doc["waiting_for"]["kind"] == "final-conversion" and doc["state"]["end_reasons"] == ["tokens-exhausted"]
    # without the set-up's tokens the same draw leaves 12 and the game goes on
    doc = replay("ragami", [RG_TWO, {"type": "use-location-tokens", "tokens": LEFT}, PASS, PASS, {"type": "end-round"}])
    assert doc["state"]["tokens_left"] == 12 and doc["waiting_for"]["kind"] == "round" and doc["state"]["round"] == 2


DRAW = {"type": "draw-setup-tokens", **SETUP_TOKENS}


@pytest.mark.parametrize(("lines", "expected"), [
    ([RG_TWO, {**DRAW, "conflict_tokens": [1, 2, 3, 4, 5]}],
     "error: line 2: command: Location tokens of the conflict dice: the set-up draws 6 here, not 5 (RG-T2)"),
    ([RG_TWO, {**DRAW, "saint_tokens": [11, 1]}],
     "error: line 2: command: Location tokens of the neutral saints: token 1 is listed twice (RG-T2)"),
    ([RG_TWO, DRAW, DRAW], "error: line 3: command: The set-up location tokens are already recorded (RG-T2)"),
    ([RG_TWO, PASS, PASS, {"type": "end-round"}, DRAW],
     "error: line 5: command: The set-up location tokens are recorded in round 1; record later draws as location "
     "tokens drawn (RG-T2)"),
    ([RG_TWO, {"type": "use-location-tokens", "tokens": [4]}, DRAW],
     "error: line 3: command: Location token 4 is already used (RG-T2)"),
    ([{**RG_TWO, "setup_tokens": {**SETUP_TOKENS, "demon_tokens": [7]}}],
     "error: line 1: setup_tokens.demon_tokens: the set-up draws 4 here, not 1"),
    ([RG_TWO, {**DRAW, "demon_tokens": [7, 8, 9, 31]}],
     "error: line 2: demon_tokens[3]: must be an integer from 1 to 30"),
])
def test_setup_tokens_refused_RG_T2(replay, lines, expected):
    assert replay("ragami", lines) == expected
