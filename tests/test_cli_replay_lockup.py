"""Issue 19's Lockup rules through ``companion replay`` (the real command line): each scenario is
a JSON Lines file built here, replayed, and checked on what the answer says the game waits for
(step and seat), the public state, the result, and the one ``error: line N: <field>: <message>``
line (exit 2) of a command the rules refuse: the Bandit cube (L-R9, I-17), the leader goal in both
editions (L-GL1, I-19), raids and the majority goal as printed (I-4, I-12). Every card is made up
("Test ..."), from ``companion.games.lockup.scenario`` as the engine's tests use.
"""

from __future__ import annotations

import json

import pytest
import support
from support import wire

from companion.games.lockup.final import audit_document
from companion.games.lockup.scenario import Table, goon, item, setup


@pytest.fixture
def replay(capsys, tmp_path):
    """``replay(game, lines)``: the CLI's answer as a dict (exit 0), or its one error line (exit 2)."""
    return lambda game, lines: wire.replay_answer(capsys, tmp_path / "game.jsonl", game, lines)


def up(*tiles) -> list[dict]:
    return [{"tile": t, "face_up": True} for t in tiles]


def seat(doc: dict, name: str) -> dict:
    return next(s for s in doc["state"]["seats"] if s["name"] == name)


def held(doc: dict, name: str) -> dict:
    return {r: n for r, n in seat(doc, name)["resources"].items() if n}


def waits(doc: dict) -> tuple:
    return doc["waiting_for"]["kind"], doc["waiting_for"]["seats"], doc["waiting_for"].get("location")

# --- Lockup: the Bandit cube (L-R9, ruling I-17) -------------------------------------------------

THIEF = goon("Test Thief", "bandit", resource="gold")


def bandit_round(before: str) -> list:
    """Ana and Ben pass round 1; the made-up Bandit dealt at ``before`` moves on one location in
    Patrol and leaves 1 gold there (L-P3, L-P4). Round 2's Roll Call is next, Ana first."""
    return [setup(("Ana", "Ben"), goons={before: THIEF}), {"type": "pass", "seat": "Ana"},
            {"type": "pass", "seat": "Ben"}, {"type": "refill_goons", "goons": {"sewers": goon("Test New")}}]


# Ben ranks first at the Chow Hall with no resource of his own; Ana second. No collect line: Ben's
# reward is a choice, declined at it if at all, and Ana has nothing to decline (issue 23).
CHOW_HALL = [*bandit_round("commissary"),
             {"type": "assign", "seat": "Ana", "location": "chow_hall", "tiles": up(1)},
             {"type": "assign", "seat": "Ben", "location": "chow_hall", "tiles": up(4)},
             {"type": "pass", "seat": "Ana"}, {"type": "pass", "seat": "Ben"}]


def test_the_bandit_cube_lies_at_the_chow_hall_and_makes_ben_choose_L_P4_I_17(replay):
    before = replay("lockup", bandit_round("commissary"))
    assert before["state"]["location_cubes"] == {"chow_hall": {"gold": 1}}
    assert waits(before) == ("roll-call", ["Ana"], None)
    doc = replay("lockup", CHOW_HALL)
    # I-17: the cube is his reward too, so Ben has the choice (before issue 19 he straggled)
    assert waits(doc) == ("choice", ["Ben"], "chow_hall")
    assert doc["waiting_for"]["detail"] == {"tier": "first", "action": "recruit", "bandit": {"gold": 1}}


# The same, the table asking before a fixed reward (L-LO6): the game stops at the Library, where Ana straggled.
ASKING = [{**CHOW_HALL[0], "options": {**CHOW_HALL[0]["options"], **support.ASK_FIXED}}, *CHOW_HALL[1:]]


def test_the_bandit_cube_pays_for_the_recruit_L_R9_L_R6_I_17(replay):
    doc = replay("lockup", [*ASKING, {"type": "recruit", "seat": "Ben", "goons": ["sewers"], "pay": {"gold": 1}}])
    assert seat(doc, "Ben")["goons"] == ["Test New"] and held(doc, "Ben") == {}
    assert doc["state"]["location_cubes"] == {}
    assert waits(doc) == ("confirm-rewards", None, "library")  # Ana (second, nothing to pay) straggled


def test_no_recruit_keeps_the_bandit_cube_and_goes_home_L_R9_L_LO4_I_17(replay):
    doc = replay("lockup", [*ASKING, {"type": "keep_bandit", "seat": "Ben"}])
    assert held(doc, "Ben") == {"gold": 1} and seat(doc, "Ben")["goons"] == []
    assert doc["state"]["location_cubes"] == {}
    assert [p["seat"] for p in doc["state"]["placements"]["library"]] == ["Ana"]  # Ben went home


def test_an_explicit_decline_gives_the_cube_up_L_LO6_I_17_I_6(replay):
    doc = replay("lockup", [*ASKING, {"type": "decline", "seat": "Ben"}])
    assert held(doc, "Ben") == {} and doc["state"]["location_cubes"] == {"chow_hall": {"gold": 1}}
    assert [p["seat"] for p in doc["state"]["placements"]["library"]] == ["Ben", "Ana"]
    assert waits(doc) == ("confirm-rewards", None, "library")


def test_declining_at_confirmation_leaves_the_cube_L_LO6_I_17(replay):
    """A file from before issue 23 (``confirm_choice_rewards``) declines a choice at confirmation."""
    older = [{**CHOW_HALL[0], "confirm_choice_rewards": True}, *CHOW_HALL[1:]]
    doc = replay("lockup", [*older, {"type": "collect", "declined": ["Ben"]}])
    assert held(doc, "Ben") == {} and doc["state"]["location_cubes"] == {"chow_hall": {"gold": 1}}


@pytest.mark.parametrize(("lines", "expected"), [
    # only the seat whose choice it is acts (L-LO4)
    ([*CHOW_HALL, {"type": "keep_bandit", "seat": "Ana"}],
     "error: line 9: command: It's Ben's turn, not Ana's (L-LO4)"),
    # the Commissary's first reward is a gain: it comes with the cube, or the whole reward is declined (L-R5)
    ([*bandit_round("smithy"), {"type": "assign", "seat": "Ana", "location": "commissary", "tiles": up(4)},
      {"type": "pass", "seat": "Ben"}, {"type": "pass", "seat": "Ana"},
      {"type": "keep_bandit", "seat": "Ana"}],
     "error: line 8: command: The first at the Commissary takes a resource with the Bandit cubes, or declines (L-R5)"),
    ([*CHOW_HALL, {"type": "keep_bandit", "seat": "Ben", "goons": ["sewers"]}], "error: line 9: goons: unknown field"),
])
def test_refused_bandit_commands_are_one_error_line_I_17(replay, lines, expected):
    assert replay("lockup", lines) == expected


def test_the_commissary_first_takes_a_resource_and_the_cube_L_R5_I_17(replay):
    lines = [*bandit_round("smithy"), {"type": "assign", "seat": "Ana", "location": "commissary", "tiles": up(4)},
             {"type": "pass", "seat": "Ben"}, {"type": "pass", "seat": "Ana"}]
    doc = replay("lockup", lines)
    assert waits(doc) == ("choice", ["Ana"], "commissary") and doc["waiting_for"]["detail"]["bandit"] == {"gold": 1}
    doc = replay("lockup", [*lines, {"type": "take", "seat": "Ana", "resource": "iron"}])
    assert held(doc, "Ana") == {"iron": 1, "gold": 1} and doc["state"]["location_cubes"] == {}


def test_the_solo_guards_take_the_bandit_cube_with_their_reward_I_17_L_SO8(replay):
    """A whole solo game (made-up cards, seeded): at the command after which the guards collect a
    Bandit cube, the replay shows it leave the location and reach the guards' resources."""
    played = wire.solo(7, "expert")
    index, moved = next((i, e) for i, batch in enumerate(played.events[1:]) for e in batch
                        if e.type == "cubes-moved" and e.rule == "L-R9" and e.target == "seat:guards")
    [(resource, count)] = dict(moved.cubes).items()
    location = moved.source.split(":", 1)[1]
    before = replay("lockup", played.lines()[:index + 1])
    after = replay("lockup", played.lines()[:index + 2])
    assert before["state"]["location_cubes"][location][resource] == count
    assert after["state"]["location_cubes"].get(location, {}).get(resource, 0) == 0
    assert held(after, "guards").get(resource, 0) >= held(before, "guards").get(resource, 0) + count
    assert after["state"]["guards"]["difficulty"] == "expert"


# --- Lockup: the leader goal's minimum in both editions (L-GL1, ruling I-19) ----------------------


def crafts_shields(shields: int, options: dict) -> list:
    """Ana crafts a made-up item showing ``shields`` shields; the made-up leader goal counts
    shields with a printed minimum of 2 (``scenario.setup``)."""
    display = [item("Test Shields", cost={"scrap": 1}, treasures=["shield"] * shields), item("Test A"), item("Test B")]
    return [setup(("Ana", "Ben"), display=display, options=options),
            {"type": "adjust", "seat": "Ana", "quantity": "scrap", "delta": 1, "reason": "test: the cost"},
            {"type": "assign", "seat": "Ana", "location": "cell_block", "tiles": up(4)},
            {"type": "pass", "seat": "Ben"}, {"type": "pass", "seat": "Ana"},
            {"type": "craft", "seat": "Ana", "source": "display", "index": 0, "pay": {"scrap": 1}}]


@pytest.mark.parametrize(("shields", "spanish", "polish"), [(1, None, None), (2, "Ana", None), (3, "Ana", "Ana")])
def test_leader_goal_reach_es_or_go_above_pl_the_minimum_L_GL1_I_19(replay, shields, spanish, polish):
    """The same game under both editions: ES (default) reaching the minimum of 2 is enough; PL
    (``polish_leader_minimum``) needs more than 2."""
    es = replay("lockup", crafts_shields(shields, {}))
    pl = replay("lockup", crafts_shields(shields, {"polish_leader_minimum": True}))
    assert (es["state"]["leader_goal"], pl["state"]["leader_goal"]) == (spanish, polish)
    assert waits(es) == waits(pl) == ("refill-items", None, None)  # Patrol: the crafted item's slot (L-P2)


def test_the_edition_option_is_refused_by_name_on_line_1_I_19(replay):
    lines = crafts_shields(2, {"polish_leader_minimum": "yes"})
    assert replay("lockup", lines) == "error: line 1: options.polish_leader_minimum: must be true or false"


# --- Lockup: raids and the majority goal as printed (I-4, I-12) ------------------------------------


def passes_to_the_end(options: dict, prefix: tuple = (), **extra) -> list:
    """Three players who, after the ``prefix`` commands, place nothing and pass every round to the
    end; the lines are what the engine asks at each step (made-up goons refill the emptied slots)."""
    table = Table(setup(("Ana", "Ben", "Cleo"), options=options, **extra))
    lines, n = [setup(("Ana", "Ben", "Cleo"), options=options, **extra)], 0
    for command in prefix:
        table.do(**command)
        lines.append(command)
    while table.pending.kind != "over":
        kind = table.pending.kind
        if kind == "roll-call":
            command = {"type": "pass", "seat": table.pending.seat}
        elif kind == "refill-goons":
            n += 1
            command = {"type": "refill_goons",
                       "goons": {loc: goon(f"Test Goon {n}-{loc}") for loc in table.pending.detail["slots"]}}
        elif kind in ("refill-items", "end-goal"):
            command = ({"type": "refill_items", "items": [item(f"Test Item {len(lines)}")]} if kind == "refill-items"
                       else {"type": "end_goal", "seats": []})
        else:
            raise AssertionError(f"stuck at {table.pending}")
        table.do(**command)
        lines.append(command)
    return lines


def totals(doc: dict) -> dict:
    return {p["name"]: p["total"] for p in doc["result"]["players"]}


@pytest.mark.parametrize("printed", [False, True])
def test_nobody_with_suspicion_or_gems_raid_and_majority_as_printed_I_4_I_12_L_RD3_L_GL3(replay, printed):
    """0 suspicion and 0 gem items all round. The companion's readings (default): nobody loses in
    the final raid and nobody scores the majority goal. As printed (``raid_zero_ranks``,
    ``majority_zero_ranks``): all three tie for the most, lose 4 each and score 4 each."""
    doc = replay("lockup", passes_to_the_end({"raid_zero_ranks": printed, "majority_zero_ranks": printed}))
    assert waits(doc) == ("over", None, None)
    players = {p["name"]: p["breakdown"] for p in doc["result"]["players"]}
    assert {name: b["end_game_goal"] for name, b in players.items()} == dict.fromkeys(players, 4 if printed else 0)
    assert {name: b["track"] for name, b in players.items()} == dict.fromkeys(players, 6 if printed else 10)


ADJUST = {"type": "adjust", "reason": "test: the scenario"}


def test_zero_suspicion_second_in_the_final_raid_changes_the_winner_I_4_L_RD3(replay):
    """Ana ends with 1 suspicion, Ben and Cleo with 0, Ana 5 reputation ahead. The companion's
    reading: only Ana loses (8), so Ben and Cleo win. As printed (``raid_zero_ranks``): Ben and
    Cleo are tied second with 0 and lose 2 each, and Ana wins."""
    prefix = ({**ADJUST, "seat": "Ana", "quantity": "suspicion", "delta": 1},
              {**ADJUST, "seat": "Ana", "quantity": "reputation", "delta": 5})
    default = replay("lockup", passes_to_the_end({}, prefix))
    printed = replay("lockup", passes_to_the_end({"raid_zero_ranks": True}, prefix))
    assert (totals(default), default["result"]["winners"]) == ({"Ana": 9, "Ben": 10, "Cleo": 10}, ["Ben", "Cleo"])
    assert (totals(printed), printed["result"]["winners"]) == ({"Ana": 9, "Ben": 8, "Cleo": 8}, ["Ana"])


GEM_DISPLAY = [item("Test Gem", cost={"scrap": 1}, treasures=["gem"]), item("Test C"), item("Test D"), item("Test E")]
ANA_CRAFTS_A_GEM = ({**ADJUST, "seat": "Ana", "quantity": "scrap", "delta": 1},
                    {"type": "assign", "seat": "Ana", "location": "cell_block", "tiles": up(4)},
                    {"type": "pass", "seat": "Ben"}, {"type": "pass", "seat": "Cleo"}, {"type": "pass", "seat": "Ana"},
                    {"type": "craft", "seat": "Ana", "source": "display", "index": 0, "pay": {"scrap": 1}})


def test_zero_gem_items_second_in_the_majority_goal_changes_the_winner_I_12_L_GL3(replay):
    """Only Ana crafts a (made-up) gem item; Ben is 1 point behind her. The companion's reading:
    0 items never places, Ana wins. As printed (``majority_zero_ranks``): Ben and Cleo are tied
    second with 0 and score 2 each, and Ben wins."""
    probe = replay("lockup", passes_to_the_end({}, ANA_CRAFTS_A_GEM, display=GEM_DISPLAY))
    behind = totals(probe)["Ana"] - totals(probe)["Ben"] - 1
    prefix = (*ANA_CRAFTS_A_GEM, {**ADJUST, "seat": "Ben", "quantity": "reputation", "delta": behind})
    default = replay("lockup", passes_to_the_end({}, prefix, display=GEM_DISPLAY))
    printed = replay("lockup", passes_to_the_end({"majority_zero_ranks": True}, prefix, display=GEM_DISPLAY))
    goal = {p["name"]: p["breakdown"]["end_game_goal"] for p in printed["result"]["players"]}
    assert goal["Ben"] == goal["Cleo"] == 2 and default["result"]["winners"] == ["Ana"]
    assert printed["result"]["winners"] == ["Ben"]
    assert totals(printed)["Ben"] == totals(default)["Ben"] + 2 == totals(default)["Ana"] + 1


@pytest.mark.parametrize("options", [{}, {"majority_zero_ranks": True, "polish_leader_minimum": True}])
def test_the_replayed_result_is_what_audit_lockup_answers_for_its_end_I_12_I_19(replay, options):
    """The game's end as an audit document (the leader goal card and the options the audit honours
    included) gives, through ``companion audit lockup``, the result the replay printed."""
    lines = passes_to_the_end(options, ANA_CRAFTS_A_GEM, display=GEM_DISPLAY)
    table = Table(lines[0])
    for command in lines[1:]:
        table.do(**command)
    document = audit_document(table.state)
    assert document["leader_goal_card"] == {"counts": "shield", "minimum": 2}
    assert all(document[key] is options.get(key, False) for key in ("majority_zero_ranks", "polish_leader_minimum"))
    audited = support.audit_cli("lockup", document)
    assert audited.returncode == 0, audited.stderr
    assert json.loads(audited.stdout) == replay("lockup", lines)["result"]
