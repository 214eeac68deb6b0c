"""The recorded Rattus Cartus game: round tracker (RC-G1), end-of-game entry, plague reveal (RC-F7),
final scores (RC-F1…RC-F9); replay equals live; illegal commands raise and record nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import support

from companion.core.errors import InputError, RuleViolation
from companion.core.events import decode, encode
from companion.games.rattus_cartus import GAME, command_from_dict, final_result, is_finished, pending, view_for
from companion.games.rattus_cartus.audit import run as audit

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = next(e for e in support.examples()
               if e["command"] == "companion audit rattus-cartus")
NAMES = ["Rojo", "Azul", "Verde", "Amarillo"]


class Table(support.Table):
    """Drives the game like the app: decide, record the events, fold them."""

    game, parse = GAME, staticmethod(command_from_dict)


def play_rounds(table: Table, count: int) -> list[str]:
    starts = []
    for _ in range(count):
        starts.append(table.state.start_player)
        table.do("end-round")
    return starts


def enter_example(table: Table) -> None:
    doc = EXAMPLE["input"]
    for player in doc["players"]:
        table.do("record-tally", player=player["name"], **player["influence"],
                 **{k: player[k] for k in ("hand_cards", "swords", "safe_conducts", "flutes", "gold", "vp_tokens")})
        table.do("record-rats", player=player["name"], rats=str(player["rats"]))  # form text is fine
    table.do("record-treasury", used="on")


@pytest.mark.parametrize(("count", "rounds"), [(2, 10), (3, 9), (4, 8), (5, 8)])
def test_rc_g1_rounds_by_player_count_and_start_player_passing_left(count, rounds):
    names = ["A", "B", "C", "D", "E"][:count]
    table = Table({"players": names, "start_player": names[1]})
    assert table.state.rounds == rounds
    starts = play_rounds(table, rounds)
    assert starts == [names[(1 + i) % count] for i in range(rounds)]
    assert pending(table.state).step == "final-entry"
    assert "All" in str(table.refuses("end-round"))


def test_rc_whole_game_matches_the_audit_and_replay_equals_live():
    table = Table({"players": NAMES, "start_player": "Verde"})
    play_rounds(table, 8)
    enter_example(table)
    assert pending(table.state).needs == ("influence-order:church",)
    table.refuses("reveal-plague", nuns=4)
    table.do("record-influence-order", influence_class="church", order="Azul, Rojo")
    assert pending(table.state).step == "plague"
    [revealed] = table.do("reveal-plague", nuns=4)
    assert revealed.wiped_out == ("Verde",) and revealed.winners == ("Azul",)
    assert is_finished(table.state)
    view = json.loads(json.dumps(view_for(table.state, None)))["result"]
    expected = EXAMPLE["output"]
    assert [{k: p[k] for k in ("name", "total", "breakdown", "rats", "survives")} for p in view["players"]] \
        == expected["players"]
    assert (view["winners"], view["tiebreak"]) == (expected["winners"], expected["tiebreak"])
    assert audit(EXAMPLE["input"])["players"] == expected["players"]
    assert GAME.fold(table.events) == table.state
    stored = [json.loads(json.dumps(encode(e))) for e in table.events]
    assert GAME.fold(decode(t, v, p) for t, v, p in stored) == table.state


def test_rc_every_final_line_cites_a_rule():
    table = Table({"players": NAMES, "start_player": "Rojo"})
    play_rounds(table, 8)
    enter_example(table)
    table.do("record-influence-order", influence_class="church", order=["Azul", "Rojo"])
    table.do("reveal-plague", nuns=4)
    result = final_result(table.state)
    assert all(line.rule.startswith("RC-F") for p in result.players for line in p.lines)


def test_rc_g3_rats_secret_until_the_plague_reveal():
    table = Table({"players": ["A", "B"], "start_player": "A"})
    play_rounds(table, 10)
    table.do("record-rats", player="A", rats=3)
    seen_by_b = {p["name"]: p for p in view_for(table.state, "B")["players"]}
    assert seen_by_b["A"]["rats"] is None and seen_by_b["A"]["rats_recorded"] is True
    assert {p["name"]: p["rats"] for p in view_for(table.state, "A")["players"]}["A"] == 3
    assert all(p["rats"] is None for p in view_for(table.state, None)["players"])
    table.do("record-rats", player="B", rats=6)
    for name in ("A", "B"):
        table.do("record-tally", player=name, church=2 if name == "A" else 1)
    table.do("record-treasury", used=False)
    table.do("reveal-plague", nuns=5)
    assert [p["rats"] for p in view_for(table.state, None)["players"]] == [3, 6]
    assert table.state.winners == ("A",)


def test_rc_illegal_commands_raise_and_record_nothing():
    table = Table({"players": ["A", "B", "C"], "start_player": "C"})
    table.refuses("record-tally", player="A", church=1)  # not before the last round (RC-G1)
    table.refuses("reveal-plague", nuns=2)
    play_rounds(table, 9)
    table.refuses("record-rats", player="Zed", rats=1)
    table.refuses("record-influence-order", influence_class="church", order=["A", "Zed"])
    assert "record A's final counts, B's final counts" in str(table.refuses("reveal-plague", nuns=2))
    for name in ("A", "B", "C"):
        table.do("record-tally", player=name, church=1)
        table.do("record-rats", player=name, rats=1)
    table.do("record-treasury", used=True)
    violation = table.refuses("reveal-plague", nuns=2)  # three-way church tie unordered (RC-F2)
    assert violation.rule == "RC-F2"
    table.do("record-influence-order", influence_class="church", order=["B", "C", "A"])
    table.do("reveal-plague", nuns=0)  # everyone wiped out (RC-F9)
    assert table.state.winners == () and table.state.tiebreak == "all_wiped_out"
    table.refuses("end-round")
    table.refuses("record-rats", player="A", rats=0)
    with pytest.raises(RuleViolation):
        GAME.decide(None, command_from_dict("end-round", {}))


def test_rc_f9_plague_survivor_option_is_a_setup_choice():
    table = Table({"players": ["A", "B"], "start_player": "A", "plague_survivor": True})
    play_rounds(table, 10)
    for name, rats in (("A", 4), ("B", 3)):
        table.do("record-tally", player=name)
        table.do("record-rats", player=name, rats=rats)
    table.do("record-treasury", used=False)
    table.do("reveal-plague", nuns=1)
    assert table.state.winners == ("B",) and table.state.tiebreak == "all_wiped_out"


def test_rc_pending_walks_through_the_steps():
    assert pending(None).step == "setup"
    table = Table({"players": ["A", "B"], "start_player": "B"})
    assert pending(table.state).step == "round" and "Round 1 of 10" in pending(table.state).message
    play_rounds(table, 9)
    assert "final round" in pending(table.state).message
    table.do("end-round")
    assert set(pending(table.state).needs) == {"tally:A", "tally:B", "rats:A", "rats:B", "treasury"}


def test_rc_setup_validation_names_the_field():
    for setup, field in [
        ({"players": ["A"]}, "players"),
        ({"players": ["A", "A"], "start_player": "A"}, "players[1]"),
        ({"players": ["A", "B"], "start_player": "C"}, "start_player"),
        ({"players": ["A", "B"], "start_player": "A", "colour": 1}, "colour"),
        ({"players": ["A", "B"], "start_player": "A", "gold_two_player_tie": "x"}, "gold_two_player_tie"),
    ]:
        with pytest.raises(InputError) as caught:
            GAME.start(setup)
        assert caught.value.field == field


def test_rc_random_start_player_is_recorded_with_its_seed():
    [started] = GAME.start({"players": ["A", "B", "C"]})
    assert started.start_player in ("A", "B", "C") and started.seed is not None


@pytest.mark.parametrize(
    ("kind", "data", "field"),
    [
        ("jump", {}, "kind"),
        ("end-round", {"x": 1}, "x"),
        ("record-tally", {"church": 1}, "player"),
        ("record-tally", {"player": "A", "church": "-1"}, "church"),
        ("record-tally", {"player": "A", "gold": "lots"}, "gold"),
        ("record-rats", {"player": "A", "rats": 1.5}, "rats"),
        ("record-treasury", {"used": "maybe"}, "used"),
        ("record-influence-order", {"influence_class": "magic", "order": ["A", "B"]}, "influence_class"),
        ("record-influence-order", {"influence_class": "church", "order": "A"}, "order"),
        ("record-influence-order", {"influence_class": "church", "order": "A,B,A"}, "order[2]"),
        ("reveal-plague", {"nuns": 6}, "nuns"),
    ],
)
def test_rc_command_from_dict_names_the_bad_field(kind, data, field):
    with pytest.raises(InputError) as caught:
        command_from_dict(kind, data)
    assert caught.value.field == field


def test_rc_f2_stale_order_after_a_corrected_tally_does_not_block_the_reveal():
    table = Table({"players": ["A", "B", "C"], "start_player": "A"})
    play_rounds(table, 9)
    for name in ("A", "B", "C"):
        table.do("record-tally", player=name, church=2)
        table.do("record-rats", player=name, rats=0)
    table.do("record-treasury", used=False)
    table.do("record-influence-order", influence_class="church", order=["C", "B", "A"])
    table.do("record-tally", player="A", church=5)  # a correction: A is no longer tied
    assert pending(table.state).step == "plague"
    table.do("reveal-plague", nuns=1)
    classes = {p.name: p.breakdown()["classes"] for p in final_result(table.state).players}
    assert classes == {"A": 10, "C": 5, "B": 2}


# --- RC-F5 two-player Gold tie: the option in the log (rc-game-started version 2) ------------------


def two_player_gold_tie(setup_extra: dict | None = None, events=None) -> Table:
    """A two-player game where both end with 2 Gold and the Treasury was used (RC-F5)."""
    table = Table({"players": ["A", "B"], "start_player": "A", **(setup_extra or {})})
    if events is not None:
        table.events = list(events)
        table.state = GAME.fold(table.events)
    play_rounds(table, 10)
    for name in ("A", "B"):
        table.do("record-tally", player=name, gold=2)
        table.do("record-rats", player=name, rats=0)
    table.do("record-treasury", used=True)
    table.do("reveal-plague", nuns=0)
    return table


def gold_of(table: Table) -> list[int]:
    return [p.breakdown()["gold"] for p in final_result(table.state).players]


def test_rc_f5_new_game_defaults_to_split_9_and_records_it():
    table = two_player_gold_tie()
    started = table.events[0]
    assert started.version == 2 and encode(started)[2]["gold_two_player_tie"] == "split_9"
    assert gold_of(table) == [4, 4]
    assert view_for(table.state, None)["options"]["gold_two_player_tie"] == "split_9"


def test_rc_f5_split_6_chosen_at_setup_is_kept():
    assert gold_of(two_player_gold_tie({"gold_two_player_tie": "split_6"})) == [3, 3]
    assert gold_of(two_player_gold_tie({"gold_two_player_tie": "split_9"})) == [4, 4]


@pytest.mark.parametrize(("payload_extra", "expected"), [
    ({}, [3, 3]),  # recorded under the old default: it still scores as it did then
    ({"gold_two_player_tie": "split_6"}, [3, 3]),
    ({"gold_two_player_tie": "split_9"}, [4, 4]),
])
def test_rc_f5_a_version_1_game_started_replays_as_it_was_scored_then(payload_extra, expected):
    """RC-F5: a v1 ``rc-game-started`` without the option meant the old default "split_6"; the
    upcaster keeps that meaning, and an explicit value is kept as recorded."""
    payload = {"players": ["A", "B"], "start_player": "A", "rounds": 10, "plague_survivor": False, "seed": None,
               **payload_extra}
    started = decode("rc-game-started", 1, payload)
    assert started.version == 2 and started.gold_two_player_tie == (payload_extra or {}).get(
        "gold_two_player_tie", "split_6")
    assert gold_of(two_player_gold_tie(events=[started])) == expected


# --- RC-F2 only a tie that decides a score needs an order ----------------------------------------


def test_rc_f2_a_tie_below_the_scoring_places_asks_for_no_order():
    """Five players, 4th and 5th tied in Church: the end screen asks nothing and the reveal goes on."""
    names = ["A", "B", "C", "D", "E"]
    table = Table({"players": names, "start_player": "A"})
    play_rounds(table, 8)
    for name, church in zip(names, (5, 4, 3, 1, 1), strict=True):
        table.do("record-tally", player=name, church=church)
        table.do("record-rats", player=name, rats=0)
    table.do("record-treasury", used=False)
    assert pending(table.state).step == "plague"
    assert view_for(table.state, None)["influence_ties"] == []
    table.do("reveal-plague", nuns=0)
    classes = [p.breakdown()["classes"] for p in final_result(table.state).players]
    assert classes == [10, 5, 2, 0, 0]


def test_rc_f2_every_scoring_tie_is_asked_for_at_once_and_the_refusal_names_them_all():
    names = ["A", "B", "C", "D", "E"]
    table = Table({"players": names, "start_player": "A"})
    play_rounds(table, 8)
    for name, church, sorcery in zip(names, (5, 5, 3, 1, 1), (2, 0, 2, 0, 0), strict=True):
        table.do("record-tally", player=name, church=church, sorcery=sorcery)
        table.do("record-rats", player=name, rats=0)
    table.do("record-treasury", used=False)
    assert pending(table.state).needs == ("influence-order:church", "influence-order:sorcery")
    ties = view_for(table.state, None)["influence_ties"]
    assert ties == [{"influence_class": "church", "players": ["A", "B"]},
                    {"influence_class": "sorcery", "players": ["A", "C"]}]
    violation = table.refuses("reveal-plague", nuns=0)
    assert violation.rule == "RC-F2" and "church" in str(violation) and "sorcery" in str(violation)
