"""Holding cells are private (ruling I-16): face-down tiles recorded without their value on a shared
device, counted against L-RC6/L-RC7, named in Lights Out before ranking (L-LO1); views of other
seats, spectators and the table show only how many tiles each seat holds."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import ASK_FIXED

from companion.core.errors import InputError, RuleViolation
from companion.core.events import decode, encode
from companion.games.lockup import events as E
from companion.games.lockup.autoplay import Cards, make_setup, random_command
from companion.games.lockup.engine import GAME, decide, start, view_for
from companion.games.lockup.fold import evolve
from companion.games.lockup.parse import parse
from companion.games.lockup.scenario import Table, setup
from companion.games.lockup.state import held

THREE = ("Ana", "Ben", "Cleo")


def up(*tiles):
    return [{"tile": t, "face_up": True} for t in tiles]


def unknown(n=1):
    return [{"tile": None, "face_up": False} for _ in range(n)]


def _to_lights_out(t: Table) -> None:
    t.pass_all()
    assert t.state.phase == "lights_out"


def test_other_seats_and_spectators_see_a_count_never_the_tiles_I_16():
    """The issue's example: Ana's cell listed as lookout, enforcer, 1, 2, 3 gave away her face-down 4."""
    t = Table(setup(THREE))
    t.do("assign", seat="Ana", location="smithy", tiles=[{"tile": 4, "face_up": False}])
    for viewer in ("Ben", "Cleo", None):
        ana = view_for(t.state, viewer).seats["Ana"]
        assert ana.holding == (None,) * 5 and ana.pool == () and ana.unknown_down == 0
        assert [p.tile for p in view_for(t.state, viewer).placements["smithy"]] == [None]
    own = view_for(t.state, "Ana")
    assert own.seats["Ana"].holding == ("lookout", "enforcer", 1, 2, 3)
    assert own.seats["Ben"].holding == (None,) * 6  # Ana does not see Ben's cell either


def test_a_face_down_tile_without_a_value_lowers_the_count_I_16_L_RC6():
    t = Table(setup(THREE))
    new = t.do("assign", seat="Ana", location="smithy", tiles=up(1) + unknown())
    assert new[0].tiles == ({"tile": 1, "face_up": True}, {"tile": None, "face_up": False})
    ana = t.seat("Ana")
    assert held(ana) == 4 and ana.face_down_used == 1 and ana.unknown_down == 1
    assert sorted(map(str, ana.pool)) == sorted(map(str, ("lookout", "enforcer", 2, 3, 4)))
    assert [p.tile for p in t.state.placements["smithy"]] == [1, None]
    assert t.pending.detail == {"tiles": ["lookout", "enforcer", 1, 2, 3, 4], "held": 6, "face_down_left": 2}
    t.do("pass", seat="Ben")
    t.do("pass", seat="Cleo")
    # Ana's turn: only public facts, the tiles not shown face up (the face-down one among them)
    assert t.pending.detail == {"tiles": ["lookout", "enforcer", 2, 3, 4], "held": 4, "face_down_left": 1}
    with pytest.raises(RuleViolation, match="L-RC6"):  # 1 used, 2 more would be 3 (3 players: at most 2)
        t.do("assign", seat="Ana", location="sewers", face_down=2)
    t.do("assign", seat="Ana", location="sewers", face_down=1)
    assert held(t.seat("Ana")) == 3 and t.seat("Ana").unknown_down == 2


def test_the_face_down_count_is_a_command_field_and_a_face_up_tile_must_be_named():
    t = Table(setup(THREE))
    with pytest.raises(InputError) as err:
        decide(t.state, parse({"type": "assign", "seat": "Ana", "location": "smithy", "tiles": [{"tile": None}]},
                              THREE))
    assert err.value.field == "tiles[0].tile"
    with pytest.raises(InputError) as err:
        decide(t.state, parse({"type": "assign", "seat": "Ana", "location": "smithy", "face_down": -1}, THREE))
    assert err.value.field == "face_down"
    with pytest.raises(RuleViolation, match="L-RC2"):  # nothing at all
        decide(t.state, parse({"type": "assign", "seat": "Ana", "location": "smithy", "face_down": 0}, THREE))


def test_face_up_tiles_must_leave_enough_for_the_unknown_face_down_ones_L_RC2_I_16():
    """Ana holds 5 after one unknown face-down tile: six tiles face up cannot be right."""
    t = Table(setup(THREE, options=ASK_FIXED))  # Lights Out stops at the Sewers
    t.do("assign", seat="Ana", location="smithy", face_down=1)
    t.do("pass", seat="Ben")
    t.do("pass", seat="Cleo")
    with pytest.raises(RuleViolation, match="only 5 tile") as err:
        t.do("assign", seat="Ana", location="sewers", tiles=up("lookout", "enforcer", 1, 2, 3, 4))
    assert err.value.rule == "L-RC2"
    t.do("assign", seat="Ana", location="sewers", tiles=up("lookout", "enforcer", 1, 2, 3))
    assert held(t.seat("Ana")) == 0 and t.seat("Ana").passed  # L-RC7: no tiles left, must pass
    assert t.state.phase == "lights_out"


def test_no_tiles_left_must_pass_counts_the_unknown_face_down_tiles_L_RC7():
    t = Table(setup(("Ana", "Ben")))  # 2 players: 3 face down allowed (L-RC6)
    t.do("assign", seat="Ana", location="smithy", tiles=up("lookout", "enforcer", 1) + unknown(3))
    types = t.types(t.do("assign", seat="Ben", location="smithy", tiles=up(1)))
    assert "passed" in types and t.seat("Ana").passed and t.pending.seat == "Ben"


def _lights_out_at_smithy() -> Table:
    """Ana: 1 face up and two unknown face-down tiles at the Smithy; Ben: 3 face up there; Cleo elsewhere."""
    t = Table(setup(THREE))
    t.do("assign", seat="Ana", location="smithy", tiles=up(1) + unknown(2))
    t.do("assign", seat="Ben", location="smithy", tiles=up(3))
    t.do("assign", seat="Cleo", location="cell_block", tiles=up(2))
    _to_lights_out(t)
    return t


def test_lights_out_waits_for_the_seat_to_name_its_face_down_tiles_before_ranking_L_LO1_I_16():
    t = _lights_out_at_smithy()
    p = t.pending
    assert (p.kind, p.seat, p.location, p.detail["count"]) == ("reveal-tiles", "Ana", "smithy", 2)
    assert 1 not in p.detail["tiles"] and 4 in p.detail["tiles"]
    assert not any(e.type == "location-revealed" and e.location == "smithy" for e in t.events)
    new = t.do("reveal_tiles", seat="Ana", tiles=[4, 2])
    assert new[0] == E.TilesRevealed("Ana", "smithy", (4, 2))
    revealed = next(e for e in new if e.type == "location-revealed")
    assert revealed.tiles["Ana"] == (1, 4, 2) and revealed.strength["Ana"] == 7 and revealed.ranking[0] == "Ana"
    ana = t.seat("Ana")
    assert ana.unknown_down == 0 and ana.pool == ()


@pytest.mark.parametrize(("tiles", "rule", "words"), [
    ([4], "L-LO1", "2 face-down tile"),
    ([4, 2, 3], "L-LO1", "not 3"),
    ([4, 1], "L-RC6", "shown face up or revealed"),  # the 1 is face up at the Smithy
    ([4, 4], "L-RC2", "named twice"),
    ([4, 9], "L-RC2", "no 9 tile"),
])
def test_a_reveal_must_name_tiles_still_hidden_distinct_and_the_right_count_L_LO1_L_RC2_L_RC6(tiles, rule, words):
    t = _lights_out_at_smithy()
    before = t.state
    with pytest.raises(RuleViolation, match=words) as err:
        t.do("reveal_tiles", seat="Ana", tiles=tiles)
    assert err.value.rule == rule and t.state is before


def test_only_the_seat_named_reveals_its_tiles_L_LO1():
    t = _lights_out_at_smithy()
    with pytest.raises(RuleViolation, match="It's Ana's turn") as err:
        t.do("reveal_tiles", seat="Ben", tiles=[3])
    assert err.value.rule == "L-LO1"
    with pytest.raises(RuleViolation):  # not what the game waits for
        t.do("collect", declined=[])


def test_a_tile_back_home_in_lights_out_is_not_one_of_the_face_down_tiles_L_RC6_I_16():
    """Ana's 1 was face up at the Exercise Yard and came home; it can't be her face-down Smithy tile."""
    t = Table(setup(THREE, options=ASK_FIXED))
    t.do("assign", seat="Ana", location="exercise_yard", tiles=up(1))
    t.do("pass", seat="Ben")
    t.do("pass", seat="Cleo")
    t.do("assign", seat="Ana", location="smithy", face_down=1)
    t.pass_all()
    while t.pending.kind != "reveal-tiles":
        t.collect()
    assert 1 in t.seat("Ana").holding  # home again (L-LO4)
    with pytest.raises(RuleViolation, match="L-RC6|shown face up"):
        t.do("reveal_tiles", seat="Ana", tiles=[1])
    t.do("reveal_tiles", seat="Ana", tiles=[3])
    assert sorted(map(str, t.seat("Ana").holding)) == sorted(map(str, ("lookout", "enforcer", 1, 2, 4)))


def test_old_logs_with_values_typed_at_assignment_replay_unchanged_and_stay_masked_I_16():
    t = Table(setup(THREE, options=ASK_FIXED))  # stays in Lights Out
    t.do("assign", seat="Ana", location="smithy", tiles=[{"tile": 4, "face_up": False}])
    replayed = GAME.fold(decode(*encode(e)) for e in t.events)
    assert replayed == t.state and replayed.seats["Ana"].pool == () and replayed.seats["Ana"].unknown_down == 0
    _to_lights_out(t)
    assert t.pending.kind != "reveal-tiles"  # the value is known: nobody is asked
    assert view_for(t.state, "Ben").seats["Ana"].holding == (None,) * 5  # a count only


def test_solo_names_face_down_tiles_at_once_I_16():
    doc = setup(("Ana",), mode="solo")
    t = Table(doc)
    t.do("deal_guards", cards=[{"location": loc, "value": 1} for loc in
                               ("exercise_yard", "sewers", "infirmary", "smithy", "commissary", "chow_hall",
                                "cell_block")])
    t.do("guard_turn", reveal={"location": "sewers", "index": 0})
    with pytest.raises(InputError) as err:
        t.do("assign", seat="Ana", location="smithy", tiles=up(1) + unknown())
    assert err.value.field == "tiles[1].tile"


def _assert_private(state) -> None:
    """No view but the owner's holds a holding cell's contents or a face-down value (I-16)."""
    for viewer in (None, *state.seating):
        view = view_for(state, viewer)
        for name, seat in view.seats.items():
            if name == viewer:
                continue
            assert set(seat.holding) <= {None} and seat.pool == () and seat.unknown_down == 0
            assert len(seat.holding) == held(state.seats[name])
        for here in view.placements.values():
            for p in here:
                if not p.face_up and p.seat != viewer:
                    assert p.tile is None and p.card is None and not p.special


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), count=st.sampled_from([2, 3, 4, 5]), advanced=st.booleans())
def test_no_view_but_the_owners_ever_shows_a_holding_cell_or_a_face_down_value_I_16(seed, count, advanced):
    """Whole random games (autoplay: unknown and typed face-down tiles, reveals), every step."""
    rng = random.Random(seed)
    cards = Cards(rng)
    state = GAME.fold(start(make_setup(rng, count, "advanced" if advanced else "standard", cards)))
    steps = 0
    while state.phase != "over":
        _, events = random_command(state, rng, cards)
        for e in events:
            state = evolve(state, e)
            _assert_private(state)
        steps += 1
        assert steps < 5000
    assert state.round == 6
