"""Every tap a decision (issue 23) as plain form posts, without JavaScript: Roll Call picks tiles,
turns some face down and assigns them with the location's own button in ONE post (L-RC2, L-RC6);
the guard reveal is one tap per face-down guard and posts itself when only one is left (L-SO5);
a forced Lights Out reveal posts itself, one tile to name is one tap (L-LO1, I-16); a discard
with one kind of resource held posts itself (L-P1).

Every card here is made up for the test ("Made-up Item 1" ...), not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import setups

from companion.games.lockup.engine import pending
from companion.solo_guard.state import face_down

state = support.game_state
do = support.lockup_do


@pytest.fixture
def solo(app):
    return support.start_solo_expert(app, "Taps test", "taps-key")


def form_of(page: str, action: str) -> str:
    start = page.rindex("<form", 0, page.index(f'data-action="{action}"'))
    return page[start: page.index("</form>", start)]


def to_roll_call(app, client, game: str) -> None:
    """Past the round's first guard turn (the guards hold the first player marker, L-SO1, L-SO5)."""
    if pending(state(app, game).game).kind == "guard-turn":
        do(client, game, "reveal-guard", location=face_down(state(app, game).game)[0][0])
    assert pending(state(app, game).game).kind == "roll-call"


def test_the_roll_call_form_is_tiles_and_location_buttons_without_an_assign_press(app, client, solo):
    to_roll_call(app, client, solo)
    form = form_of(client.get(f"/games/{solo}").get_data(as_text=True), "assign")
    held = state(app, solo).game.seats["Ana"].holding
    assert len(re.findall(r'type="checkbox" name="tile"', form)) == len(held) == 6
    assert len(re.findall(r'type="checkbox" name="down"', form)) == 6  # solo: the values stay on this phone
    places = re.findall(r'<button type="submit" name="location" value="([a-z_]+)"', form)
    assert places == ["exercise_yard", "sewers", "infirmary", "smithy", "commissary", "chow_hall", "cell_block"]
    assert "library" not in places and ">Assign<" not in form  # L-RC5; the location's tap assigns
    # Enter in a field posts the first button: a disabled one, never a location nobody chose.
    assert re.search(r'<button type="submit" disabled hidden></button>', form).start() < form.index('name="location"')


def test_pick_face_down_and_location_in_one_plain_post_L_RC2_L_RC6(app, client, solo):
    to_roll_call(app, client, solo)
    held = list(state(app, solo).game.seats["Ana"].holding)
    numbers = [t for t in held if isinstance(t, int)]
    up, twice, down_only = "lookout", numbers[0], numbers[1]
    # "lookout" ticked; one number ticked and ticked face down (two taps with JavaScript); another
    # ticked face down only (one tick without JavaScript is a pick too); the Smithy's button.
    do(client, solo, "assign", seat="Ana", tile=[up, str(twice)], down=[str(twice), str(down_only)],
       location="smithy")
    game = state(app, solo).game
    placed = {(p.tile, p.face_up) for p in game.placements["smithy"] if p.seat == "Ana"}
    assert placed == {("lookout", True), (twice, False), (down_only, False)}
    assert game.seats["Ana"].face_down_used == 2 and len(game.seats["Ana"].holding) == 3
    page = client.get(f"/games/{solo}?seat=Ana").get_data(as_text=True)
    assert f'data-taps="{game.face_down_limit - 2}"' in page or pending(game).kind == "guard-turn"


def test_one_tick_face_down_alone_picks_the_tile_face_down_L_RC6(app, client, solo):
    """Issue 23: the "face down" box is its own one-tap target, with or without JavaScript: a tile
    posted only in ``down`` is picked, face down; the page offers that box under every tile."""
    to_roll_call(app, client, solo)
    form = form_of(client.get(f"/games/{solo}").get_data(as_text=True), "assign")
    assert "in one tap" in form and 'aria-describedby="holding-cell-down-hint"' in form
    assert 'id="holding-cell-down-full" hidden' in form  # the limit's reason, shown by taps.js when reached
    tile = next(t for t in state(app, solo).game.seats["Ana"].holding if isinstance(t, int))
    do(client, solo, "assign", seat="Ana", down=[str(tile)], location="sewers")
    with app.app_context():
        from companion.web import get_store

        [assigned] = [r.payload for r in get_store().events(solo) if r.type == "tiles-assigned"]
    assert assigned["tiles"] == [{"tile": tile, "face_up": False}]
    assert state(app, solo).game.seats["Ana"].face_down_used == 1


def test_more_face_down_than_the_round_allows_is_refused_naming_the_field_L_RC6(app, client, solo):
    """Past the limit (solo: 3 a round, L-RC6) a post is refused naming "face down", whether the
    tiles are tapped one by one or with "All the tiles"; nothing is recorded."""
    to_roll_call(app, client, solo)
    game = state(app, solo).game
    assert game.face_down_limit == 3
    held = [str(t) for t in game.seats["Ana"].holding]
    for fields in ({"down": held[:4]}, {"tile": held[:2], "down": held[:4]}, {"all": "1", "down": held[:4]}):
        answer = do(client, solo, "assign", expect=422, seat="Ana", location="smithy", **fields)
        assert "face down: 4 ticked, but only 3 of this round’s 3 may still go face down" in support.words(answer)
    assert state(app, solo).game.seats["Ana"].holding == game.seats["Ana"].holding
    do(client, solo, "assign", seat="Ana", down=held[:3], location="smithy")  # at the limit: assigned
    assert state(app, solo).game.seats["Ana"].face_down_used == 3


def test_no_tile_tapped_is_refused_naming_the_field(app, client, solo):
    to_roll_call(app, client, solo)
    answer = do(client, solo, "assign", expect=422, seat="Ana", location="sewers")
    assert "tiles: tap at least one tile" in support.words(answer)


def test_all_the_tiles_with_some_face_down_L_RC6(app, client, solo):
    to_roll_call(app, client, solo)
    held = list(state(app, solo).game.seats["Ana"].holding)
    do(client, solo, "assign", seat="Ana", all="1", down=[str(held[-1])], location="infirmary")
    # As assigned (the game may already be in Lights Out, where the tile is turned up again, L-LO1).
    with app.app_context():
        from companion.web import get_store

        [assigned] = [r.payload for r in get_store().events(solo) if r.type == "tiles-assigned"]
    placed = [(t["tile"], t["face_up"]) for t in assigned["tiles"]]
    assert sorted(placed, key=str) == sorted([(t, t != held[-1]) for t in held], key=str)


def test_the_guard_reveal_is_one_tap_per_face_down_guard_and_none_for_the_last_L_SO5(app, client, solo):
    assert pending(state(app, solo).game).kind == "guard-turn"
    form = form_of(client.get(f"/games/{solo}").get_data(as_text=True), "reveal-guard")
    hidden = [loc for loc, _i in face_down(state(app, solo).game)]
    assert re.findall(r'name="location" value="([a-z_]+)"', form) == hidden and "data-auto" not in form
    # Atlas of Hideouts (L-SO6) turns all but one: the last face-down guard is no choice.
    do(client, solo, "adjust", seat="Ana", quantity="tomes", delta=f"+{len(hidden) - 1}", reason="Made-up tomes")
    for location in hidden[1:]:
        do(client, solo, "atlas", location=location)
    form = form_of(client.get(f"/games/{solo}").get_data(as_text=True), "reveal-guard")
    assert re.search(r'data-auto="\d+"', form) and f'type="hidden" name="location" value="{hidden[0]}"' in form


@pytest.fixture
def table(app, client):
    return setups.start_lockup(app, setups.lockup_table(letters=True), "Reveal test", "reveal-key")


def test_a_forced_reveal_posts_itself_and_one_tile_to_name_is_one_tap_L_LO1_I_16(app, client, table):
    """Ana shows five tiles face up: her one face-down tile can only be the sixth (forced); Ben's
    one face-down tile is any of the five he did not show (one tap each)."""
    do(client, table, "assign", seat="Ana", location="smithy", tile=["lookout", "enforcer", "1", "2", "3"])
    do(client, table, "assign", seat="Ben", location="sewers", tile=["2"], face_down="1")
    do(client, table, "assign", seat="Cleo", location="infirmary", tile=["1"])
    do(client, table, "assign", seat="Ana", location="sewers", face_down="1")
    while (waiting := pending(state(app, table))).kind == "roll-call":  # Ana holds no tile: she is done
        do(client, table, "pass", seat=waiting.seat)
    asked = set()
    while (waiting := pending(state(app, table))).kind == "reveal-tiles" and waiting.location == "sewers":
        form = form_of(client.get(f"/games/{table}").get_data(as_text=True), "reveal")
        if waiting.seat == "Ana":  # forced: ticked and posted by the page itself
            assert re.search(r'data-auto="\d+"', form) and re.search(r'name="tile" value="4" checked', form)
            do(client, table, "reveal", seat="Ana", tile=["4"])
        else:  # a choice: one button per tile Ben did not show
            assert "data-auto" not in form
            assert len(re.findall(r'<button type="submit" name="tile" value="[^"]+"', form)) == 5
            do(client, table, "reveal", seat="Ben", tile=["3"])
        asked.add(waiting.seat)
    assert asked == {"Ana", "Ben"}


def test_a_discard_of_one_kind_of_resource_posts_itself_L_P1(app, client, table):
    """Ana holds only scrap, 2 over her limit: no choice. Ben holds two kinds: his choice."""
    for seat, cubes in (("Ana", {"scrap": 7}), ("Ben", {"scrap": 4, "iron": 3})):
        for resource, n in cubes.items():
            do(client, table, "adjust", seat=seat, quantity=resource, delta=f"+{n}", reason="Made-up correction")
    while (waiting := pending(state(app, table))).kind == "roll-call":
        do(client, table, "pass", seat=waiting.seat)
    assert (waiting.kind, waiting.seat) == ("discard", "Ana")
    form = form_of(client.get(f"/games/{table}").get_data(as_text=True), "discard")
    assert re.search(r'data-auto="\d+"', form) and re.search(r'name="discard_scrap" value="2"', form)
    do(client, table, "discard", seat="Ana", discard_scrap="2")
    assert (pending(state(app, table)).kind, pending(state(app, table)).seat) == ("discard", "Ben")
    form = form_of(client.get(f"/games/{table}").get_data(as_text=True), "discard")
    assert "data-auto" not in form and 'name="discard_scrap" value' not in form
