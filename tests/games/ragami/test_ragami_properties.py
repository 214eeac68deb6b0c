"""Property tests: Ragami scores never depend on the order players are listed in (RG-E)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.ragami.scoring import Tally, score

NAMES = ("Amarillo", "Verde", "Azul", "Púrpura")


@st.composite
def tables(draw):
    count = draw(st.integers(min_value=2, max_value=4))
    tallies = [
        Tally(name, draw(st.integers(0, 40)), draw(st.integers(0, 4)), draw(st.integers(0, 7)))
        for name in NAMES[:count]
    ]
    return tallies, draw(st.permutations(tallies))


@settings(max_examples=200, deadline=None)
@given(tables())
def test_ragami_scores_do_not_depend_on_listing_order(table):
    tallies, shuffled = table
    first, again = score(tallies), score(shuffled)
    assert {p.name: p.breakdown() for p in first.players} == {p.name: p.breakdown() for p in again.players}
    assert set(first.winners) == set(again.winners) and first.tiebreak == again.tiebreak


@settings(max_examples=200, deadline=None)
@given(tables())
def test_ragami_rg_e3_bonus_ranks_follow_conflicts(table):
    tallies, _ = table
    bonus = {p.name: p.breakdown()["conflicts_bonus"] for p in score(tallies).players}
    conflicts = {t.name: t.conflicts for t in tallies}
    for a in conflicts:
        for b in conflicts:
            if conflicts[a] > conflicts[b]:
                assert bonus[a] >= bonus[b]
            if conflicts[a] == conflicts[b]:
                assert bonus[a] == bonus[b]
    assert all(bonus[n] == 0 for n, c in conflicts.items() if c == 0)  # RG-I1
