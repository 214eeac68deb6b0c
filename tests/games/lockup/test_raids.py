"""Raids (L-RD1..L-RD5, I-4) and the solo raid (L-SO12, I-5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.lockup.raids import SoloRaid, raid_losses, reputation_after, solo_raid


def test_most_loses_8_second_loses_4_l_rd1():
    """L-RD1: most -8, second most -4, the rest nothing."""
    assert raid_losses({"Ana": 5, "Ben": 3, "Cy": 1}, 3) == {"Ana": 8, "Ben": 4, "Cy": 0}


def test_tie_for_most_each_4_and_no_second_l_rd2():
    """L-RD2: a tie for most -> each tied -4; nobody loses for second."""
    assert raid_losses({"Ana": 4, "Ben": 4, "Cy": 2, "Dee": 1}, 4) == {"Ana": 4, "Ben": 4, "Cy": 0, "Dee": 0}


def test_three_way_tie_for_most_l_rd2():
    """L-RD2: every player tied for most loses 4."""
    assert raid_losses({"Ana": 2, "Ben": 2, "Cy": 2}, 3) == {"Ana": 4, "Ben": 4, "Cy": 4}


def test_tie_for_second_each_2_l_rd2():
    """L-RD2: a tie for second -> each tied -2 (the single most still -8)."""
    losses = raid_losses({"Ana": 6, "Ben": 2, "Cy": 2, "Dee": 1, "Eve": 0}, 5)
    assert losses == {"Ana": 8, "Ben": 2, "Cy": 2, "Dee": 0, "Eve": 0}


def test_two_players_most_loses_6_nobody_second_l_rd3():
    """L-RD3: 2-player game: most -6, nobody loses for second."""
    assert raid_losses({"Ana": 3, "Ben": 1}, 2) == {"Ana": 6, "Ben": 0}


def test_two_players_tie_nobody_loses_l_rd3():
    """L-RD3: 2-player tie for most: nobody loses."""
    assert raid_losses({"Ana": 2, "Ben": 2}, 2) == {"Ana": 0, "Ben": 0}


def test_zero_suspicion_never_loses_i_4():
    """I-4: only players holding cubes can be most or second most."""
    assert raid_losses({"Ana": 3, "Ben": 0, "Cy": 0}, 3) == {"Ana": 8, "Ben": 0, "Cy": 0}
    assert raid_losses({"Ana": 0, "Ben": 0, "Cy": 0}, 3) == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert raid_losses({"Ana": 0, "Ben": 0}, 2) == {"Ana": 0, "Ben": 0}
    assert raid_losses({"Ana": 1, "Ben": 0}, 2) == {"Ana": 6, "Ben": 0}


def test_reputation_never_below_zero_l_rd4():
    """L-RD4: the track stops at 0."""
    losses = raid_losses({"Ana": 5, "Ben": 3, "Cy": 0}, 3)
    assert reputation_after({"Ana": 3, "Ben": 10, "Cy": 0}, losses) == {"Ana": 0, "Ben": 6, "Cy": 0}


def test_solo_player_has_more_loses_6_and_all_return_l_so12():
    """L-SO12: player has more -> player -6, every board cube returns; locations too (I-5)."""
    assert solo_raid("Ana", 3, 1) == SoloRaid(loser="Ana", loss=6, returned=("Ana", "guards"), locations_return=True)


def test_solo_guards_have_more_only_their_cubes_return_l_so12():
    """L-SO12: guards have more -> guards -6 and only the guards' cubes return; location cubes return (I-5)."""
    assert solo_raid("Ana", 1, 3) == SoloRaid(loser="guards", loss=6, returned=("guards",), locations_return=True)


def test_solo_tie_nobody_loses_all_return_l_so12():
    """L-SO12: tie -> nobody loses; all return (also with no cubes at all)."""
    assert solo_raid("Ana", 2, 2) == SoloRaid(loser=None, loss=0, returned=("Ana", "guards"))
    assert solo_raid("Ana", 0, 0).loss == 0


def test_solo_raid_rejects_negative_counts():
    with pytest.raises(ValueError):
        solo_raid("Ana", -1, 0)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(["Ana", "Ben", "Cy", "Dee", "Eve"]), st.integers(0, 12), min_size=2),
       st.randoms(use_true_random=False))
def test_raid_is_order_independent_and_zero_holders_never_lose_i_4(suspicion, rnd):
    """Property (L-RD1..L-RD3, I-4): the order players are listed in changes nothing; 0 cubes lose 0."""
    count = len(suspicion)
    items = list(suspicion.items())
    rnd.shuffle(items)
    losses = raid_losses(suspicion, count)
    assert raid_losses(dict(items), count) == losses
    assert all(losses[n] == 0 for n, c in suspicion.items() if c == 0)
    assert set(losses.values()) <= ({0, 6} if count == 2 else {0, 2, 4, 8})
    # More cubes never lose less reputation.
    for a, ca in suspicion.items():
        for b, cb in suspicion.items():
            if ca > cb:
                assert losses[a] >= losses[b]
