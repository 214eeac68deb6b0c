"""Property tests: Rattus Cartus scores never depend on the order players are listed in (RC-F)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.rattus_cartus.rules import CLASSES
from companion.games.rattus_cartus.scoring import Options, Tally, score

NAMES = ("Rojo", "Azul", "Verde", "Amarillo", "Negro")
small = st.integers(min_value=0, max_value=4)


@st.composite
def games(draw):
    count = draw(st.integers(min_value=2, max_value=5))
    tallies = [
        Tally(
            name=name,
            influence=tuple(draw(small) for _ in CLASSES),
            hand_cards=draw(small), swords=draw(small), safe_conducts=draw(small), flutes=draw(small),
            gold=draw(small), vp_tokens=draw(small), rats=draw(st.integers(min_value=0, max_value=8)),
        )
        for name in NAMES[:count]
    ]
    # RC-F2: a stacking order over every player with influence resolves any tie in that class.
    ties = {c: draw(st.permutations([t.name for t in tallies if t.influence_in(c) > 0])) for c in CLASSES}
    return tallies, ties, draw(st.permutations(tallies))


def _summary(result):
    players = {p.name: (p.total, p.breakdown(), p.survives) for p in result.players}
    return players, set(result.winners), result.tiebreak


@settings(max_examples=150, deadline=None)
@given(games(), st.integers(min_value=0, max_value=5), st.booleans(), st.booleans())
def test_rc_scores_do_not_depend_on_listing_order(game, nuns, treasury, survivor):
    tallies, ties, shuffled = game
    options = Options(plague_survivor=survivor)
    first = score(tallies, treasury_used=treasury, nuns=nuns, ties=ties, options=options)
    again = score(shuffled, treasury_used=treasury, nuns=nuns, ties=ties, options=options)
    assert _summary(first) == _summary(again)


@settings(max_examples=100, deadline=None)
@given(games(), st.integers(min_value=0, max_value=5))
def test_rc_winners_are_survivors_with_the_top_score(game, nuns):
    tallies, ties, _ = game
    result = score(tallies, treasury_used=True, nuns=nuns, ties=ties)
    alive = [p for p in result.players if p.survives]
    if alive:
        best = max(p.total for p in alive)
        assert {p.total for p in result.players if p.name in result.winners} == {best}
    else:
        assert result.winners == () and result.tiebreak == "all_wiped_out"
