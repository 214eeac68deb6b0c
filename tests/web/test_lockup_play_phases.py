"""The Lockup table UI phase by phase (issue 5): Roll Call, Lights Out, refusals with rule ids,
bad fields named, hidden face-down tiles, remote devices, htmx fragments and undo.

Every card here is made up for the test ("Made-up Item A" ...), not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import setups

SETUP = setups.lockup_table(letters=True, smithy_suspicion=2, ask=True)  # asked at fixed rewards (L-LO6)


@pytest.fixture
def game(app, client):
    return setups.start_lockup(app, SETUP, "Phase test", "setup-key")


state = support.game_state


do = support.lockup_do


def section(page: str, ident: str) -> str:
    """The HTML of the element with ``id=ident`` up to the next sibling of the same list."""
    start = page.index(f'id="{ident}"')
    return page[start: page.index("</li>", start)]


def events(app, game_id) -> int:
    return state(app, game_id).seq


def test_roll_call_asks_face_up_tiles_by_name_face_down_as_a_count_and_never_the_library_I_16(client, game):
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Roll Call: Ana’s turn" in page
    cell = page[page.index('id="holding-cell"'): page.index('id="rollcall-locations"')]
    assert [v for v in re.findall(r'name="tile" value="([^"]+)"', cell)] == ["lookout", "enforcer", "1", "2", "3", "4"]
    assert 'name="down"' not in cell and re.search(r'name="face_down"[^>]*max="2"', cell)  # L-RC6: 2 with 3 players
    assert 'value="library"' not in page and "L-RC5" in page


def test_an_assignment_is_recorded_without_the_face_down_value_and_the_turn_moves_on_I_16(app, client, game):
    do(client, game, "assign", seat="Ana", location="sewers", tile=["lookout"], face_down="1")
    s = state(app, game)
    assert s.turn == "Ben" and s.seats["Ana"].unknown_down == 1 and s.seats["Ana"].holding == ()
    assert [(p.tile, p.face_up) for p in s.placements["sewers"]] == [("lookout", True), (None, False)]
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Holding cell: 4 tiles" in section(page.replace("</div>", "</li>"), "lockup-seats")


@pytest.mark.parametrize("fields,rule", [
    ({"location": "library", "tile": ["3"]}, "L-RC5"),
    ({"location": "sewers", "tile": ["3"], "face_down": "3"}, "L-RC6"),
    ({"location": "sewers", "tile": ["lookout", "enforcer", "1", "2", "3"], "face_down": "2"}, "L-RC2"),
])
def test_an_illegal_assignment_is_refused_with_the_rule(app, client, game, fields, rule):
    before = events(app, game)
    page = do(client, game, "assign", expect=422, seat="Ana", **fields)
    assert rule in page and 'class="error"' in page
    assert events(app, game) == before


def test_a_second_visit_and_a_wrong_seat_are_refused(app, client, game):
    do(client, game, "assign", seat="Ana", location="sewers", tile=["1"])
    assert "L-RC1" in do(client, game, "assign", expect=422, seat="Cleo", location="smithy", tile=["1"])
    do(client, game, "pass", seat="Ben")
    do(client, game, "pass", seat="Cleo")
    assert "L-RC3" in do(client, game, "assign", expect=422, seat="Ana", location="sewers", tile=["2"])
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert 'name="location" value="sewers"' not in page and "Already used this round" in page  # L-RC3


@pytest.mark.parametrize("action,fields,field", [
    ("assign", {"seat": "Ana", "location": "sewers"}, "tiles"),
    ("assign", {"seat": "Ana", "tile": ["3"]}, "location"),
    ("assign", {"seat": "Ana", "location": "sewers", "tile": ["three"]}, "tiles"),
    ("assign", {"seat": "Zed", "location": "sewers", "tile": ["3"]}, "seat"),
    ("assign", {"seat": "Ana", "location": "sewers", "face_down": "two"}, "face down"),
    ("reveal", {"seat": "Ana", "tile": ["the big one"]}, "tiles"),
    ("adjust", {"seat": "Ana", "quantity": "gold", "delta": "lots", "reason": "x"}, "delta"),
    ("adjust", {"seat": "Ana", "quantity": "gold", "delta": "2", "reason": " "}, "reason"),
    ("adjust", {"seat": "Ana", "quantity": "sanity", "delta": "2", "reason": "x"}, "quantity"),
    ("take", {"seat": "Ana", "resource": "mud"}, "resource"),
    ("discard", {"seat": "Ana", "discard_scrap": "-1"}, "resources.scrap"),
    ("craft", {"seat": "Ana", "source": "display", "index": "first"}, "index"),
])
def test_bad_fields_are_named_and_nothing_is_recorded(app, client, game, action, fields, field):
    before = events(app, game)
    page = do(client, game, action, expect=422, **fields)
    assert f"{field}:" in page
    assert events(app, game) == before


def test_an_unknown_action_is_a_404_not_a_500(client, game):
    assert client.post(f"/lockup/{game}/do/cheat", data={}).status_code == 404


def test_a_face_down_tile_and_the_holding_cells_are_hidden_from_every_url_I_16(client, game):
    do(client, game, "assign", seat="Ana", location="sewers", tile=["4"], down=["4"])  # a value typed anyway
    for url in (f"/games/{game}", f"/games/{game}?seat=Ben", f"/games/{game}?seat=Ana", f"/games/{game}?seat=guards"):
        page = client.get(url).get_data(as_text=True)
        sewers = section(page, "loc-sewers")
        assert "Ana: face down" in sewers and "4" not in sewers
        seats = page[page.index('id="lockup-seats"'): page.index('id="lockup-display"')]
        assert "Holding cell: 5 tiles" in seats and "Holding cell: 6 tiles" in seats and "enforcer" not in seats
    fragment = client.get(f"/games/{game}?seat=Ana", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in fragment and "Ana: face down" in section(fragment, "loc-sewers")
    assert "Peek" not in fragment and "?seat=" not in fragment  # no link to a seat's secrets
    feed = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Ana assigns 1 tile face down to the Sewers" in feed
    assert client.get(f"/games/{game}/export.jsonl").status_code == 403  # hidden information in progress


def test_a_remote_device_that_did_not_join_sees_and_changes_nothing(app, remote, game):
    before = events(app, game)
    assert remote.get(f"/games/{game}").status_code == 404
    assert remote.post(f"/lockup/{game}/do/assign", data={"seat": "Ana", "location": "sewers",
                                                          "tile": ["3"]}).status_code == 404
    assert events(app, game) == before


def test_htmx_posts_get_the_new_panel(app, client, game):
    answer = client.post(f"/lockup/{game}/do/assign", headers={"HX-Request": "true"},
                         data={"seat": "Ana", "location": "sewers", "tile": ["2"]})
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and page.lstrip().startswith('<div id="game-panel">')
    assert "Roll Call: Ben’s turn" in page


def test_lights_out_explains_strength_ties_suspicion_and_rewards(app, client, game):
    setups.to_lights_out(client, game)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Lights Out: the Exercise Yard" in page
    assert "Ana, Ben tie on 3: ranked Ana &gt; Ben" in page and "L-LO2" in page
    assert "1 power and the first player marker (L-R1)" in re.sub(r"<[^>]+>", "", page)
    do(client, game, "collect")
    page = re.sub(r"<[^>]+>", "", client.get(f"/games/{game}").get_data(as_text=True))
    assert "Ana collects the first-place reward at the Exercise Yard" in page
    assert "Lights Out: the Smithy" in page
    assert "Ben takes 2 suspicion: the highest ranked here without a lookout; Ana had a lookout here (L-LO3)" in page
    do(client, game, "collect")
    s = state(app, game)
    assert s.seats["Ben"].suspicion == 2 and s.seats["Ana"].resources["iron"] == 2


def test_undo_of_an_assignment_and_of_a_resolved_location(app, client, game):
    do(client, game, "assign", seat="Ana", location="sewers", tile=["3"])
    assert support.undo(client, game, "undo", key="u1").status_code == 303
    assert state(app, game).seats["Ana"].holding == ("lookout", "enforcer", 1, 2, 3, 4)
    assert "Roll Call: Ana’s turn" in client.get(f"/games/{game}").get_data(as_text=True)
    setups.to_lights_out(client, game)
    do(client, game, "collect")
    assert state(app, game).first_player == "Ana" and state(app, game).resolution.location == "smithy"
    assert support.undo(client, game, "undo", key="u2").status_code == 303
    s = state(app, game)
    assert s.resolution.location == "exercise_yard" and not s.resolution.confirmed
    assert s.seats["Ana"].power == 1


def test_a_manual_adjustment_is_recorded_with_its_reason(app, client, game):
    do(client, game, "adjust", seat="Cleo", quantity="tomes", delta="+1", reason="Made-up tome drawn")
    assert state(app, game).seats["Cleo"].tomes == 1
    assert "Made-up tome drawn" in client.get(f"/games/{game}").get_data(as_text=True)
