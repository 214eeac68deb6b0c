"""Issue 19, Ragami: the location tokens the set-up draws (RG-T2), asked for at the start so the
tokens left and the tokens-run-out end (RG-E1) are right from round 1; and the action card that
gives the last-placed player(s) +1 VP, recorded as itself (RG-T2, ruling RG-I3), whose VP count
toward the 30-VP end (RG-E1). Everything goes through the engine: start, decide, evolve."""

from __future__ import annotations

import json

import pytest
import support

from companion.core.errors import InputError
from companion.core.events import decode, encode
from companion.games.ragami import FIELDS, GAME, command_from_dict, pending, view_for
from companion.games.ragami.events import LastPlaceCardPlayed

FOUR = ["Ana", "Bo", "Cy", "Di"]
SETUP_4 = {"conflict_tokens": [1, 2, 3, 4, 5, 6], "demon_tokens": "7, 8 9 10"}


class Table(support.Table):
    """Drives the game like the app: decide, record the events, fold them."""

    game, parse = GAME, staticmethod(command_from_dict)

    def vp(self) -> dict[str, int]:
        return {s.name: s.vp for s in self.state.seats}

    def cubes(self) -> dict[str, int]:
        return {s.name: s.white_cubes for s in self.state.seats}


def replayed(events):
    """The events through an export and an import: the stored form folds to the same state."""
    stored = [json.loads(json.dumps(encode(e))) for e in events]
    return GAME.fold(decode(t, v, p) for t, v, p in stored)


# --- RG-T2: set-up location tokens ---------------------------------------------------------------


@pytest.mark.parametrize(("players", "saints"), [(FOUR, []), (FOUR[:3], [11]), (FOUR[:2], [11, 12])])
def test_ragami_rg_t2_setup_tokens_given_at_the_start_count_from_round_1(players, saints):
    """6 for the conflict dice, 4 for the demons, one per neutral saint (4 saints, one per colour)."""
    table = Table({"players": players, "start_player": players[0],
                   "setup_tokens": {**SETUP_4, "saint_tokens": saints}})
    view = view_for(table.state, None)
    assert view["round"] == 1 and view["tokens_left"] == 30 - 10 - len(saints)
    assert view["tokens_used"] == list(range(1, 11 + len(saints)))
    assert view["setup_tokens"] == {"recorded": True, "counts": {
        "conflict_tokens": 6, "demon_tokens": 4, "saint_tokens": len(saints)}}
    assert pending(table.state).asks == ()  # nothing left to ask
    assert table.refuses("draw-setup-tokens", conflict_tokens=[20, 21, 22, 23, 24, 25],
                         demon_tokens=[26, 27, 28, 29]).rule == "RG-T2"  # once per game
    assert replayed(table.events) == table.state


def test_ragami_rg_t2_without_them_the_first_prompt_asks_and_records_them():
    table = Table({"players": FOUR[:3], "start_player": "Ana"})
    assert pending(table.state).asks == ("draw-setup-tokens",)
    assert view_for(table.state, None)["setup_tokens"]["recorded"] is False
    assert list(view_for(table.state, None)["pending"]["asks"]) == ["draw-setup-tokens"]
    (drawn,) = table.do("draw-setup-tokens", conflict_tokens="30 29 28 27 26 25", demon_tokens=[1, 2, 3, 4],
                        saint_tokens="5")
    assert drawn.type == "ragami-setup-tokens-drawn" and drawn.saint_tokens == (5,)
    assert pending(table.state).asks == () and view_for(table.state, None)["tokens_left"] == 19
    assert replayed(table.events) == table.state


def test_ragami_rg_t2_the_ask_ends_with_round_1():
    """Later draws belong to the round setup (RG-T3 step 4): recorded as location tokens drawn."""
    table = Table({"players": FOUR[:2], "start_player": "Ana"})
    table.do("end-turn", passed=True)
    table.do("end-turn", passed=True)
    table.do("end-round")
    assert pending(table.state).asks == ()
    refused = table.refuses("draw-setup-tokens", conflict_tokens=[1, 2, 3, 4, 5, 6], demon_tokens=[7, 8, 9, 10],
                            saint_tokens=[11, 12])
    assert refused.rule == "RG-T2" and "round 1" in str(refused)


@pytest.mark.parametrize(("data", "words"), [
    ({"conflict_tokens": [1, 2, 3, 4, 5], "demon_tokens": [7, 8, 9, 10], "saint_tokens": [11]},
     "Location tokens of the conflict dice: the set-up draws 6 here, not 5"),
    ({"conflict_tokens": [1, 2, 3, 4, 5, 6], "demon_tokens": [7, 8, 9, 10]},
     "Location tokens of the neutral saints: the set-up draws 1 here, not 0"),
    ({"conflict_tokens": [1, 2, 3, 4, 5, 6], "demon_tokens": [7, 8, 9, 6], "saint_tokens": [11]},
     "Location tokens of the demons: token 6 is listed twice"),
])
def test_ragami_rg_t2_a_wrong_setup_draw_is_refused_in_words(data, words):
    table = Table({"players": FOUR[:3], "start_player": "Ana"})
    refused = table.refuses("draw-setup-tokens", **data)
    assert refused.rule == "RG-T2" and str(refused).startswith(words)
    assert "_tokens" not in str(refused)  # no internal field name reaches a screen


def test_ragami_rg_t2_setup_tokens_already_drawn_are_refused():
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("use-location-tokens", tokens=[6])
    assert table.refuses("draw-setup-tokens", **SETUP_4).rule == "RG-T2"


@pytest.mark.parametrize(("setup_tokens", "path"), [
    ({"conflict_tokens": [1, 2, 3, 4, 5], "demon_tokens": [7, 8, 9, 10]}, "setup_tokens.conflict_tokens"),
    ({**SETUP_4, "saint_tokens": [11]}, "setup_tokens.saint_tokens"),  # 4 players: no neutral saint
    ({"conflict_tokens": [1, 2, 3, 4, 5, 31], "demon_tokens": [7, 8, 9, 10]}, "setup_tokens.conflict_tokens[5]"),
    ({"conflict_tokens": [1, 2, 3, 4, 5, 6], "demon_tokens": [7, 8, 9, 1]}, "setup_tokens.demon_tokens[3]"),
    ({"conflict_tokens": [1, 2, 3, 4, 5, 6]}, "setup_tokens.demon_tokens"),  # missing
    ({**SETUP_4, "demons": [1]}, "setup_tokens.demons"),  # an unknown field
    ("1 2 3", "setup_tokens"),
])
def test_ragami_rg_t2_setup_tokens_at_the_start_name_the_field(setup_tokens, path):
    with pytest.raises(InputError) as caught:
        GAME.start({"players": FOUR, "start_player": "Ana", "setup_tokens": setup_tokens})
    assert caught.value.field == path


def test_ragami_rg_e1_tokens_run_out_counting_the_setup_draw():
    """With the set-up's 10 recorded, the 20 drawn in later rounds exhaust the 30 (RG-E1)."""
    table = Table({"players": FOUR, "start_player": "Ana", "setup_tokens": SETUP_4})
    table.do("use-location-tokens", tokens=list(range(11, 31)))
    assert view_for(table.state, None)["tokens_left"] == 0
    assert pending(table.state).warning is not None  # RG-E1: this round is the last
    *_, announced = table.do("end-round")
    assert announced.type == "ragami-game-end-announced" and announced.reasons == ("tokens-exhausted",)


def test_ragami_draw_setup_tokens_fields_describe_the_form():
    assert [(f.name, f.type, f.required) for f in FIELDS["draw-setup-tokens"]] == [
        ("conflict_tokens", "integers", True), ("demon_tokens", "integers", True), ("saint_tokens", "integers", False)]
    assert [f.name for f in FIELDS["play-last-place-card"]] == ["player"]


# --- RG-T2, RG-I3: the last-place action card ----------------------------------------------------


def test_ragami_rg_i3_one_last_player_gains_1_vp_and_the_card_player_2_white_cubes():
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("purify-demons", player="Ana", demons=3)
    table.do("purify-demons", player="Bo", demons=2)
    table.do("purify-demons", player="Cy", demons=1)
    (played,) = table.do("play-last-place-card", player="Ana")
    assert isinstance(played, LastPlaceCardPlayed) and played.type == "ragami-last-place-card-played"
    assert (played.player, played.last_placed, played.white_cubes) == ("Ana", ("Di",), 2)
    assert table.vp() == {"Ana": 3, "Bo": 2, "Cy": 1, "Di": 1}
    assert table.cubes() == {"Ana": 2, "Bo": 0, "Cy": 0, "Di": 0}
    assert table.state.seat("Di").conflicts == 0  # VP only: no conflict resolved
    assert replayed(table.events) == table.state


def test_ragami_rg_i3_two_tied_last_both_gain_1_vp_and_the_card_player_3_white_cubes():
    """The last player may play it too ("aunque no seas el jugador en última posición" is a permission)."""
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("purify-demons", player="Ana", demons=2)
    table.do("purify-demons", player="Bo", demons=2)
    (played,) = table.do("play-last-place-card", player="Di")
    assert (played.last_placed, played.white_cubes) == (("Cy", "Di"), 3)
    assert table.vp() == {"Ana": 2, "Bo": 2, "Cy": 1, "Di": 1}
    assert table.cubes()["Di"] == 3


@pytest.mark.parametrize("players", [FOUR[:3], FOUR])
def test_ragami_rg_i3_three_or_more_tied_last_the_card_has_no_effect(players):
    """Printed: three tied last, no effect; four tied (RG-I3, the card is silent) read the same way."""
    table = Table({"players": players, "start_player": "Ana"})
    if len(players) == 4:
        table.do("purify-demons", player="Ana", demons=1)
        table.do("purify-demons", player="Bo", demons=1)
        table.do("purify-demons", player="Cy", demons=1)
        table.do("purify-demons", player="Di", demons=1)
    before = (table.vp(), table.cubes())
    (played,) = table.do("play-last-place-card", player="Bo")
    assert (played.last_placed, played.white_cubes) == ((), 0)
    assert (table.vp(), table.cubes()) == before


def test_ragami_rg_i3_two_players_tied_both_gain():
    """In a 2-player game both players tied are the two tied last."""
    table = Table({"players": FOUR[:2], "start_player": "Bo"})
    (played,) = table.do("play-last-place-card", player="Bo")
    assert (played.last_placed, played.white_cubes) == (("Ana", "Bo"), 3)
    assert table.vp() == {"Ana": 1, "Bo": 1}


def test_ragami_rg_e1_vp_from_the_last_place_card_reach_30_and_end_the_game():
    table = Table({"players": FOUR[:2], "start_player": "Ana"})
    for name in ("Ana", "Bo"):  # 29 VP each: nobody has reached 30
        for _ in range(4):
            table.do("resolve-conflict", player=name, die_value=6)
        table.do("purify-demons", player=name, demons=5)
    assert pending(table.state).warning is None
    table.do("play-last-place-card", player="Ana")  # two tied last: +1 VP each
    assert table.vp() == {"Ana": 30, "Bo": 30}
    assert "30 VP" in pending(table.state).warning  # RG-E1: this round is the last
    *_, announced = table.do("end-round")
    assert announced.type == "ragami-game-end-announced" and announced.reasons == ("30-vp",)


def test_ragami_rg_i3_a_forged_card_event_is_refused_on_import():
    """What the card gives follows from the VP track, like the recorded winners (RG-E4)."""
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("purify-demons", player="Ana", demons=1)
    forged = LastPlaceCardPlayed("Ana", ("Ana",), 2)
    with pytest.raises(InputError) as caught:
        GAME.evolve(table.state, forged)
    assert caught.value.field == "ragami-last-place-card-played.last_placed"


def test_ragami_rg_i3_the_card_names_a_player_at_the_table():
    table = Table({"players": FOUR, "start_player": "Ana"})
    assert "Zed" in str(table.refuses("play-last-place-card", player="Zed"))
    with pytest.raises(InputError) as caught:
        command_from_dict("play-last-place-card", {})
    assert caught.value.field == "player"
