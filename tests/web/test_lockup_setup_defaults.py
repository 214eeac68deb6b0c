"""New Lockup game, step 1 (issue 23): a table says how many play and may leave names blank.

A name left blank is its row's own label, "Player 2", in the language of the page the host set the
game up in (it is the player's name from then on, stored in the game: every phone reads the same
name; a seat's phone can still give itself a label). A crew without a name is a player named the
same way. Cards and values are made up for the test.
"""

from __future__ import annotations

import random
from urllib.parse import parse_qs, urlsplit

import support

from companion.games.lockup import autoplay
from companion.web.gameui.lockup.formdriver import setup_fields


def step_two_fields(answer) -> dict[str, str]:
    """The step-one fields step 1 sent on to step 2 (its redirect's query string)."""
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return {k: v[0] for k, v in parse_qs(urlsplit(answer.headers["Location"]).query).items()}


def test_three_play_with_blank_names_and_start_as_player_1_2_3(app, profiled):
    sent = step_two_fields(profiled.post("/lockup/new", data={"mode": "standard", "players": "3", "name-1": "Ben"}))
    assert [sent.get(f"name-{i}") for i in range(4)] == ["Player 1", "Ben", "Player 3", None]
    step_two = profiled.get("/lockup/new/cards", query_string=sent).get_data(as_text=True)
    assert 'name="first_player" value="Player 3"' in step_two and "Players: Player 1, Ben, Player 3" in step_two
    cards = setup_fields(autoplay.make_setup(random.Random(2), 3, "standard"))
    fields = {**{k: v for k, v in cards.items() if not k.startswith(("name-", "crew-"))}, **sent,
              "first_player": "Player 3"}
    answer = profiled.post("/lockup/new/start", data=fields)
    assert answer.status_code == 303, support.alerts(answer)
    game_id = answer.headers["Location"].split("#")[0].rsplit("/", 1)[-1]
    state = support.game_state(app, game_id)
    assert (state.seating, state.first_player) == (("Player 1", "Ben", "Player 3"), "Player 3")


def test_a_name_left_blank_is_in_the_language_of_the_page(profiled):
    for lang, label in (("es", "Jugador"), ("pl", "Gracz")):
        sent = step_two_fields(profiled.post("/lockup/new", data={"mode": "standard", "players": "2"},
                                             headers={"Accept-Language": lang}))
        assert (sent["name-0"], sent["name-1"]) == (f"{label} 1", f"{label} 2")


def test_a_crew_without_a_name_is_a_player_and_solo_needs_no_name(profiled):
    sent = step_two_fields(profiled.post("/lockup/new", data={"mode": "standard", "name-0": "Ana",
                                                              "crew-2": "Made-up Blue Crew"}))
    assert (sent["name-0"], sent["name-1"], sent["crew-1"]) == ("Ana", "Player 3", "Made-up Blue Crew")
    sent = step_two_fields(profiled.post("/lockup/new", data={"mode": "solo", "difficulty": "easy"}))
    assert sent["name-0"] == "Player 1"


def test_a_name_past_the_count_and_no_count_at_all_are_said_next_to_their_field(profiled):
    fields = {"mode": "standard", "players": "2", "name-0": "Ana", "name-2": "Cleo"}
    page = support.refused_page(profiled, "/lockup/new", fields)
    assert 'aria-describedby="err-name-2"' in support.invalid_field(page, "name-2")
    assert "Player 3: name is filled in, but 2 players were chosen" in support.words(page)
    assert support.lost_values(page, "new-players", fields) == {}
    page = support.refused_page(profiled, "/lockup/new", {"mode": "standard", "name-0": "Ana"})
    assert "Players: enter at least 2 player names, or choose how many play" in support.words(page)
    page = support.refused_page(profiled, "/lockup/new", {"mode": "standard", "players": "9"})
    assert support.words(page).count("Players: is not one of the choices") == 2  # the list and the field
    assert "enter at least" not in page


def test_a_typed_name_equal_to_a_blank_row_s_label_is_said_twice_not_merged(profiled):
    page = support.refused_page(profiled, "/lockup/new", {"mode": "standard", "players": "2", "name-0": "Player 2"})
    assert "Player 2: name is used twice" in support.words(page)
