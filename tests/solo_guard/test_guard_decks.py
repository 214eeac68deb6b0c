"""Guard deck and location deck (L-SO2, L-SO3, L-SO4, L-SO9, L-SO13, I-8) over 1,000 seeds."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.errors import InputError
from companion.solo_guard import decks

SEEDS = range(1000)


@pytest.mark.parametrize(("difficulty", "colour"), [("easy", "green"), ("demanding", "yellow"), ("expert", "red")])
def test_l_so2_deck_is_7_blue_plus_5_of_the_difficulty_colour(difficulty, colour, made_up_profile):
    cards = decks.guard_cards(made_up_profile, difficulty)
    assert len(cards) == 12 and len({c.id for c in cards}) == 12
    assert Counter(c.colour for c in cards) == {"blue": 7, colour: 5}
    assert [c.value for c in cards if c.colour == colour] == list(made_up_profile.cards(colour))


def test_l_so9_special_card_is_marked_only_in_yellow_and_red(made_up_profile):
    assert not any(c.special for c in decks.guard_cards(made_up_profile, "easy"))
    for difficulty, colour in (("demanding", "yellow"), ("expert", "red")):
        special = [c for c in decks.guard_cards(made_up_profile, difficulty) if c.special]
        assert [c.id for c in special] == [f"{colour}-{made_up_profile.special_index(colour) + 1}"]


def test_unknown_difficulty_is_an_input_error(made_up_profile):
    with pytest.raises(InputError) as info:
        decks.guard_cards(made_up_profile, "nightmare")
    assert info.value.field == "difficulty"


def test_l_so3_location_deck_is_six_locations_and_two_off_duty(made_up_profile):
    places = [decks.location_place(c) for c in decks.LOCATION_CARDS]
    assert places.count(None) == 2
    assert [p for p in places if p] == ["exercise_yard", "sewers", "infirmary", "smithy", "commissary", "chow_hall"]


def test_l_so13_each_shuffle_over_1000_seeds_holds_every_card_once(made_up_profile):
    ids = tuple(c.id for c in decks.guard_cards(made_up_profile, "expert"))
    for seed in SEEDS:
        guards, locations = decks.shuffle_both(ids, seed, 1 + seed % 6)
        assert sorted(guards) == sorted(ids)
        assert sorted(locations) == sorted(decks.LOCATION_CARDS)


def test_shuffles_depend_only_on_seed_and_round(made_up_profile):
    ids = tuple(c.id for c in decks.guard_cards(made_up_profile, "easy"))
    assert decks.shuffle_both(ids, 7, 2) == decks.shuffle_both(ids, 7, 2)
    orders = {decks.shuffle_both(ids, 7, r)[0] for r in range(1, 7)}
    assert len(orders) > 1


def test_l_so4_deal_puts_exactly_7_on_locations_1_to_7_over_1000_seeds(made_up_profile):
    ids = tuple(c.id for c in decks.guard_cards(made_up_profile, "demanding"))
    for seed in SEEDS:
        order, _ = decks.shuffle_both(ids, seed, 1)
        placements, rest = decks.deal(order)
        assert [loc for loc, _ in placements] == list(decks.DEAL_LOCATIONS)
        assert "library" not in dict(placements)
        assert len(rest) == 5
        assert sorted([c for _, c in placements] + list(rest)) == sorted(ids)


def test_i_8_draw_from_an_empty_deck_gives_nothing(made_up_profile):
    assert decks.draw(()) == (None, ())
    assert decks.draw(("a", "b")) == ("a", ("b",))
