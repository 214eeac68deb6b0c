"""Setup (L-S, L-C4, L-C6) and Roll Call (L-RC1..L-RC7) scenarios, plus view_for hiding."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError, RuleViolation
from companion.games.lockup.engine import decide, start, view_for
from companion.games.lockup.model import SUPPLY
from companion.games.lockup.parse import parse
from companion.games.lockup.scenario import Table, goon, setup
from companion.games.lockup.state import all_cubes


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def down(*tiles):
    return [{"tile": t, "face_up": False} for t in tiles]


def test_standard_setup_values_L_S7_L_S5_L_S1():
    t = Table(setup(("Ana", "Ben", "Cleo"), goons={"smithy": goon("Test Snoop", suspicion=2)}))
    ana = t.seat("Ana")
    assert (ana.reputation, ana.power, ana.storage_limit, ana.suspicion) == (10, 1, 5, 0)
    assert t.state.loc_suspicion["smithy"] == 2 and t.state.supply["suspicion"] == 10
    assert t.state.supply["power"] == SUPPLY["power"] - 3
    assert t.state.board_side == "3-5" and t.state.face_down_limit == 2
    assert all_cubes(t.state) == SUPPLY


def test_five_players_remove_the_tile_printed_2_L_C4():
    t = Table(setup(("A", "B", "C", "D", "E"), crew_tiles=(1, 2, 3, 4)))
    assert t.seat("A").holding == ("lookout", "enforcer", 1, 3, 4)


@pytest.mark.parametrize(("change", "field"), [
    ({"mode": "chess"}, "mode"),
    ({"players": [{"name": "Ana"}]}, "players"),
    ({"players": [{"name": "Ana"}, {"name": "Ana"}]}, "players[1].name"),
    ({"players": [{"name": "Ana"}, {"name": "guards"}]}, "players[1].name"),
    ({"crew_tiles": [1, 2, 3]}, "crew_tiles"),
    ({"crew_tiles": [1, 2, -3, 4]}, "crew_tiles[2]"),
    ({"first_player": "Zed"}, "first_player"),
    ({"display": []}, "display"),
    ({"goals": {"leader": None, "end_game": None, "instant": {"name": "T", "kind": "instant", "stars": 1}}},
     "goals.leader"),
    ({"options": {"pass_rewards_down": "yes"}}, "options.pass_rewards_down"),
])
def test_setup_errors_name_the_field(change, field):
    with pytest.raises(InputError) as err:
        start({**setup(("Ana", "Ben")), **change})
    assert err.value.field == field


def test_advanced_needs_side_b_values_and_starts_at_zero_L_S10():
    with pytest.raises(InputError) as err:
        start(setup(("Ana", "Ben"), mode="advanced"))
    assert err.value.field == "players[0].start"
    doc = setup(("Ana", "Ben"), mode="advanced")
    doc["players"] = [{"name": n, "start": {"power": 0, "suspicion": 1, "storage_limit": 6}} for n in ("Ana", "Ben")]
    t = Table(doc)
    assert t.seat("Ana").reputation == 0 and t.seat("Ana").suspicion == 1 and t.seat("Ana").storage_limit == 6
    # L-S10: traits are kept from the last player in turn order, counter-clockwise.
    assert t.pending.kind == "trait" and t.pending.seat == "Ben"
    with pytest.raises(RuleViolation, match="L-S10"):
        t.do("pick_trait", seat="Ana", trait="Test Trait")
    t.do("pick_trait", seat="Ben", trait="Test Trait")
    t.do("pick_trait", seat="Ana", trait="Test Trait", goon=goon("Test Pet", "demon", treasures=["gem"], effect="L-E4"))
    assert [g.name for g in t.seat("Ana").goons] == ["Test Pet"] and t.seat("Ana").power == 1  # effect at once
    assert t.pending.kind == "roll-call" and t.pending.seat == "Ana"


def test_turns_go_clockwise_from_the_first_player_L_RC1():
    t = Table(setup(("Ana", "Ben", "Cleo"), first="Ben"))
    assert t.pending.seat == "Ben"
    with pytest.raises(RuleViolation, match=r"It's Ben's turn.*\(L-RC1\)"):
        t.do("assign", seat="Ana", location="sewers", tiles=up(1))
    t.do("assign", seat="Ben", location="sewers", tiles=up(1))
    assert t.pending.seat == "Cleo"
    t.do("pass", seat="Cleo")
    t.do("pass", seat="Ana")
    assert t.pending.seat == "Ben"  # Cleo and Ana passed: Ben plays on alone


def test_library_is_never_assigned_L_RC5():
    t = Table(setup())
    with pytest.raises(RuleViolation) as err:
        t.do("assign", seat="Ana", location="library", tiles=up(1))
    assert str(err.value) == "Tiles can't be assigned to the Library (L-RC5)"


def test_same_location_twice_in_a_round_L_RC3():
    t = Table(setup())
    t.do("assign", seat="Ana", location="smithy", tiles=up(1))
    t.do("assign", seat="Ben", location="smithy", tiles=up(1))
    with pytest.raises(RuleViolation, match="L-RC3"):
        t.do("assign", seat="Ana", location="smithy", tiles=up(2))


def test_face_down_limit_2_or_3_with_two_players_L_RC6():
    three = Table(setup(("Ana", "Ben", "Cleo")))
    with pytest.raises(RuleViolation, match="L-RC6"):
        three.do("assign", seat="Ana", location="smithy", tiles=down(1, 2, 3))
    two = Table(setup(("Ana", "Ben")))
    two.do("assign", seat="Ana", location="smithy", tiles=down(1, 2, 3))
    two.do("pass", seat="Ben")
    with pytest.raises(RuleViolation, match="L-RC6"):
        two.do("assign", seat="Ana", location="sewers", tiles=down(4))


def test_tiles_must_be_in_the_holding_cell_L_RC2():
    t = Table(setup())
    t.do("assign", seat="Ana", location="smithy", tiles=up(1))
    t.do("pass", seat="Ben")
    with pytest.raises(RuleViolation, match="not in the holding cell"):
        t.do("assign", seat="Ana", location="sewers", tiles=up(1))
    with pytest.raises(RuleViolation, match="L-RC2"):
        t.do("assign", seat="Ana", location="sewers", tiles=[])


def test_no_tiles_left_forces_a_pass_and_all_passed_starts_lights_out_L_RC7():
    t = Table(setup())
    t.do("assign", seat="Ana", location="smithy", tiles=up("lookout", "enforcer", 1, 2, 3, 4))
    new = t.do("pass", seat="Ben")
    assert [e.type for e in new][:2] == ["passed", "passed"] and new[1].forced
    assert "lights-out-began" in t.types(new)


def test_an_illegal_command_appends_nothing():
    t = Table(setup())
    before = t.state
    with pytest.raises(RuleViolation):
        decide(before, parse({"type": "assign", "seat": "Ana", "location": "library", "tiles": up(1)}, before.seating))
    assert t.state is before and t.state == before


def test_malformed_commands_name_the_field():
    t = Table(setup())
    for cmd, field in [({"type": "fly"}, "type"), ({"type": "pass"}, "seat"),
                       ({"type": "assign", "seat": "Ana", "location": "moon", "tiles": []}, "location"),
                       ({"type": "assign", "seat": "Ana", "location": "sewers", "tiles": ["fist"]}, "tiles[0]")]:
        with pytest.raises(InputError) as err:
            decide(t.state, parse(cmd, t.state.seating))
        assert err.value.field == field


def test_view_hides_face_down_tiles_from_others_and_spectators():
    t = Table(setup())
    t.do("assign", seat="Ana", location="smithy", tiles=down(4) + up(1))
    mine = view_for(t.state, "Ana").placements["smithy"]
    theirs = view_for(t.state, "Ben").placements["smithy"]
    spectator = view_for(t.state, None).placements["smithy"]
    assert [p.tile for p in mine] == [4, 1]
    assert [p.tile for p in theirs] == [None, 1] and [p.tile for p in spectator] == [None, 1]
