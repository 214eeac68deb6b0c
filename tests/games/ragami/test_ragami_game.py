"""The recorded Ragami game: live VP with causes (RG-V1…RG-V5), rounds and RG-T3 reminders, the end
announced at the end of its round (RG-E1), final conversion and bonus (RG-E2, RG-E3), winner
(RG-E4); replay equals live; illegal commands raise and record nothing."""

from __future__ import annotations

import json

import pytest
import support

from companion.core.errors import InputError, RuleViolation
from companion.core.events import decode, encode
from companion.games.ragami import GAME, command_from_dict, final_result, is_finished, pending, view_for
from companion.games.ragami.audit import run as audit

FOUR = [{"name": "Ana", "colour": "yellow"}, {"name": "Bo", "colour": "green"},
        {"name": "Cy", "colour": "blue"}, {"name": "Di", "colour": "purple"}]


class Table(support.Table):
    """Drives the game like the app: decide, record the events, fold them."""

    game, parse = GAME, staticmethod(command_from_dict)

    def seat(self, name: str):
        return self.state.seat(name)


def test_ragami_rg_v3_v4_resolving_gives_the_die_value_saint_vp_and_helper_cubes():
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("gain-white-cubes", player="Ana", count=3, reason="saint-placed")
    table.do("resolve-conflict", player="Ana", die_value=4, saints=["Cy"], helper="Bo", white_cubes_spent=2,
             virtue_spent="1")
    ana = table.seat("Ana")
    assert (ana.vp, ana.conflicts, ana.white_cubes, ana.virtue_die) == (4, 1, 1, 0)  # die off the board
    assert table.seat("Cy").vp == 1 and table.seat("Cy").conflicts == 0
    assert table.seat("Bo").white_cubes == 2 and table.seat("Bo").vp == 0
    causes = [(e.player, e.amount, e.cause) for e in table.events if e.type == "ragami-vp-gained"]
    assert causes == [("Ana", 4, "conflict"), ("Cy", 1, "saint")]


def test_ragami_rg_v1_v2_v5_conversions_and_purified_demons():
    table = Table({"players": ["Ana", "Bo"], "start_player": "Bo"})
    table.do("purify-demons", player="Bo", demons=2)
    table.do("gain-white-cubes", player="Bo", count=5)
    table.do("convert-white-cubes", player="Bo", vp=2)
    table.do("set-virtue-die", player="Ana", value=6, reason="round-setup")
    table.do("convert-virtue", player="Ana", vp=2)
    assert (table.seat("Bo").vp, table.seat("Bo").white_cubes) == (4, 1)
    assert (table.seat("Ana").vp, table.seat("Ana").virtue_die) == (2, 0)
    assert table.refuses("convert-white-cubes", player="Bo", vp=1).rule == "RG-V1"
    assert table.refuses("convert-virtue", player="Ana", vp=1).rule == "RG-V5"


def test_ragami_rg_t3_start_player_passes_left_with_setup_reminders():
    table = Table({"players": FOUR, "start_player": "Cy"})
    assert pending(table.state).reminders == ()  # the first round has no round setup
    starts = []
    for _ in range(5):
        table.do("end-round")
        starts.append(table.state.start_player)
    assert starts == ["Di", "Ana", "Bo", "Cy", "Di"]
    reminders = dict(pending(table.state).reminders)
    assert set(reminders) == {f"RG-T3.{i}" for i in range(1, 7)}
    assert reminders["RG-T3.1"].startswith("Di") and reminders["RG-T3.6"].startswith("Cy")
    assert view_for(table.state, None)["dice_roller"] == "Cy" and pending(table.state).rule == "RG-T3"


def test_ragami_rg_e1_thirty_vp_ends_the_game_at_the_end_of_that_round():
    table = Table({"players": FOUR, "start_player": "Ana"})
    table.do("resolve-conflict", player="Ana", die_value=6)
    for _ in range(4):
        table.do("resolve-conflict", player="Bo", die_value=6)
    table.do("resolve-conflict", player="Bo", die_value=6)  # Bo reaches 36 VP mid-round
    assert pending(table.state).warning and "30 VP" in pending(table.state).warning
    table.do("resolve-conflict", player="Cy", die_value=3)  # the round goes on
    ended = table.do("end-round")
    assert [e.type for e in ended] == ["ragami-round-ended", "ragami-game-end-announced"]
    assert pending(table.state).step == "final-conversion"
    assert table.refuses("resolve-conflict", player="Cy", die_value=2).rule == "RG-E2"
    assert table.refuses("end-round").rule == "RG-E2"


def test_ragami_rg_e1_location_tokens_exhausted_ends_the_game():
    table = Table({"players": ["Ana", "Bo", "Cy"], "start_player": "Ana"})
    table.do("use-location-tokens", tokens=list(range(1, 11)))
    table.do("end-round")
    table.do("use-location-tokens", tokens="11 12 13, 14")
    assert table.refuses("use-location-tokens", tokens=[14, 15]).rule == "RG-T2"
    table.do("use-location-tokens", tokens=list(range(15, 31)))
    assert view_for(table.state, None)["tokens_left"] == 0
    [_, announced] = table.do("end-round")
    assert announced.reasons == ("tokens-exhausted",) and announced.round == 2


def test_ragami_whole_game_rg_e2_e3_e4_matches_the_audit_and_replay_equals_live():
    table = Table({"players": FOUR, "start_player": "Ana"})
    for player, dice in (("Ana", [6, 6, 6, 6]), ("Bo", [5, 5, 4, 4]), ("Cy", [6, 6, 6]), ("Di", [3])):
        for die in dice:
            table.do("resolve-conflict", player=player, die_value=die)
    table.do("gain-white-cubes", player="Cy", count=7)
    table.do("end-round")
    table.do("resolve-conflict", player="Di", die_value=6, saints=["Bo", "Cy"], helper="Ana")
    table.do("end-round")  # nobody at 30 yet (Ana 24): round 3 starts
    table.do("resolve-conflict", player="Ana", die_value=6)  # Ana reaches 30
    table.do("end-round")
    table.do("convert-white-cubes", player="Cy", vp=1)  # RG-E2 is still allowed
    table.do("finish-game")
    assert is_finished(table.state)
    doc = {"game": "ragami", "players": [
        {"name": s.name, "vp": s.vp, "conflicts": s.conflicts, "white_cubes": s.white_cubes}
        for s in table.state.seats]}
    expected = audit(doc)
    view = json.loads(json.dumps(view_for(table.state, "Ana")))["result"]
    assert [{k: p[k] for k in ("name", "total", "breakdown")} for p in view["players"]] == expected["players"]
    assert (view["winners"], view["tiebreak"]) == (expected["winners"], expected["tiebreak"])
    assert list(table.state.winners) == expected["winners"] == ["Ana"]
    bonus = {p.name: p.breakdown()["conflicts_bonus"] for p in final_result(table.state).players}
    assert bonus == {"Ana": 7, "Bo": 4, "Cy": 0, "Di": 0}
    assert GAME.fold(table.events) == table.state
    stored = [json.loads(json.dumps(encode(e))) for e in table.events]
    assert GAME.fold(decode(t, v, p) for t, v, p in stored) == table.state
    table.refuses("convert-white-cubes", player="Cy", vp=1)


def test_ragami_illegal_commands_raise_and_record_nothing():
    table = Table({"players": FOUR, "start_player": "Ana"})
    assert table.refuses("resolve-conflict", player="Ana", die_value=3, saints=["Ana"]).rule == "RG-T4"
    table.refuses("resolve-conflict", player="Ana", die_value=3, helper="Ana")
    table.refuses("resolve-conflict", player="Ana", die_value=3, white_cubes_spent=1)
    table.refuses("resolve-conflict", player="Ana", die_value=3, virtue_spent=2)
    table.refuses("resolve-conflict", player="Zed", die_value=3)
    table.refuses("resolve-conflict", player="Ana", die_value=3, saints=["Zed"])
    table.refuses("spend-white-cubes", player="Bo", count=1)
    assert table.refuses("set-virtue-die", player="Bo", value=4, reason="moved").rule == "RG-T3"
    assert table.refuses("finish-game").rule == "RG-E1"
    with pytest.raises(RuleViolation):
        GAME.decide(None, command_from_dict("end-round"))


def test_ragami_pending_and_view():
    assert pending(None).step == "setup"
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana"})
    assert pending(table.state).step == "round" and pending(table.state).warning is None
    view = view_for(table.state, "Bo")
    assert [p["you"] for p in view["players"]] == [False, True]
    assert [p["colour"] for p in view["players"]] == ["yellow", "green"]
    assert view["result"] is None and view["tokens_left"] == 30


def test_ragami_setup_validation_names_the_field():
    for setup, field in [
        ({"players": ["A"]}, "players"),
        ({"players": ["A", "B", "C", "D", "E"]}, "players"),
        ({"players": ["A", "A"]}, "players[1]"),
        ({"players": [{"name": "A", "colour": "red"}, "B"]}, "players[0].colour"),
        ({"players": [{"name": "A", "colour": "blue"}, {"name": "B", "colour": "blue"}]}, "players[1].colour"),
        ({"players": ["A", "B"], "start_player": "C"}, "start_player"),
    ]:
        with pytest.raises(InputError) as caught:
            GAME.start(setup)
        assert caught.value.field == field
    [started] = GAME.start({"players": [{"name": "A", "colour": "green"}, "B"]})
    assert started.colours == ("green", "yellow") and started.seed is not None


@pytest.mark.parametrize(
    ("kind", "data", "field"),
    [
        ("fly", {}, "kind"),
        ("resolve-conflict", {"player": "A", "die_value": 7}, "die_value"),
        ("resolve-conflict", {"player": "A"}, "die_value"),
        ("resolve-conflict", {"player": "A", "die_value": 2, "saints": "B,B"}, "saints[1]"),
        ("purify-demons", {"player": "A", "demons": 0}, "demons"),
        ("convert-white-cubes", {"player": "A", "vp": "x"}, "vp"),
        ("gain-white-cubes", {"player": "A", "count": 1, "reason": "luck"}, "reason"),
        ("set-virtue-die", {"player": "A", "value": 7}, "value"),
        ("use-location-tokens", {"tokens": [0]}, "tokens[0]"),
        ("use-location-tokens", {"tokens": "3 3"}, "tokens[1]"),
        ("use-location-tokens", {"tokens": []}, "tokens"),
        ("end-round", {"round": 2}, "round"),
    ],
)
def test_ragami_command_from_dict_names_the_bad_field(kind, data, field):
    with pytest.raises(InputError) as caught:
        command_from_dict(kind, data)
    assert caught.value.field == field


# --- RG-I1 table option in the log (ragami-game-started version 2) --------------------------------


def zero_conflict_finish(setup_extra: dict | None = None, events=None) -> Table:
    """Ana resolves conflicts; Bo gains VP only from demons and never resolves one (RG-I1)."""
    table = Table({"players": ["Ana", "Bo"], "start_player": "Ana", **(setup_extra or {})})
    if events is not None:
        table.events = list(events)
        table.state = GAME.fold(table.events)
    for _ in range(5):
        table.do("resolve-conflict", player="Ana", die_value=6)
    for _ in range(6):
        table.do("purify-demons", player="Bo", demons=6)
    table.do("end-round")
    table.do("finish-game")
    return table


def bonuses(table: Table) -> dict[str, int]:
    return {p.name: p.breakdown()["conflicts_bonus"] for p in final_result(table.state).players}


def test_ragami_rg_i1_is_on_by_default_recorded_and_shown_with_the_result():
    table = zero_conflict_finish()
    started = table.events[0]
    assert started.version == 2 and encode(started)[2]["bonus_needs_conflict"] is True
    view = view_for(table.state, None)
    assert view["options"] == {"bonus_needs_conflict": True}
    assert bonuses(table) == {"Ana": 7, "Bo": 0} and table.state.winners == ("Ana",)  # 37 to 36
    assert view["result"]["ruling"] == {"rule": "RG-I1", "option": True, "applied": True,
                                        "changed": [["Bo", 4]], "text": view["result"]["ruling"]["text"]}


def test_ragami_rg_i1_off_at_setup_lets_0_conflicts_take_the_bonus():
    table = zero_conflict_finish({"bonus_needs_conflict": False})
    assert view_for(table.state, None)["options"] == {"bonus_needs_conflict": False}
    assert bonuses(table) == {"Ana": 7, "Bo": 4} and table.state.winners == ("Bo",)  # 40 to 37
    ruling = view_for(table.state, None)["result"]["ruling"]
    assert (ruling["option"], ruling["applied"], ruling["changed"]) == (False, False, [["Bo", 4]])
    with pytest.raises(InputError) as caught:
        GAME.start({"players": ["A", "B"], "bonus_needs_conflict": "off"})
    assert caught.value.field == "bonus_needs_conflict"


def test_ragami_a_version_1_game_started_replays_with_rg_i1_on():
    """v1 ``ragami-game-started`` had no option: RG-I1 always applied, and the upcaster keeps it."""
    started = decode("ragami-game-started", 1, {"players": ["Ana", "Bo"], "colours": ["yellow", "green"],
                                                "start_player": "Ana", "seed": None})
    assert started.version == 2 and started.bonus_needs_conflict is True
    assert bonuses(zero_conflict_finish(events=[started])) == {"Ana": 7, "Bo": 0}
