"""Holding cells are private (ruling I-16) on the table UI: face-down tiles are counted in Roll Call,
named only when Lights Out reaches them (L-LO1), and no page, fragment, URL or export shows a
holding cell or a face-down value before that.

The crew tiles are made up for the test (2, 7391, 8462, 9573: not a real box's values) so that each
can be searched for in the pages. Nobody shows them face up: each may appear only in the list of
tiles a seat may still name (the same public list whatever is face down), or once revealed.
Every card is made up ("Made-up Item A"), not a real Lockup card.
"""

from __future__ import annotations

import re

import pytest
import support
from support import setups

from companion.games.lockup.engine import pending

TILES = [2, 7391, 8462, 9573]
SECRET = {"Ana": "9573", "Ben": "7391", "Cleo": "8462"}  # what each puts face down
DISTINCT = {"7391", "8462", "9573"}
SETUP = setups.lockup_table(letters=True, crew_tiles=TILES, ask=True)  # asked at fixed rewards (L-LO6)
HX = support.HX
CHOICES = re.compile(r'<fieldset id="(?:holding-cell|reveal-tiles)"[^>]*>.*?</fieldset>', re.S)


@pytest.fixture
def game(app, client):
    return setups.start_lockup(app, SETUP, "Private cells", "setup-key", {"crew_tiles": TILES})


state = support.game_state


do = support.lockup_do


def pages(client, game_id) -> dict[str, str]:
    """Every page and fragment anyone at the table (or typing a URL) can get now."""
    urls = {"game page": f"/games/{game_id}", "history": f"/games/{game_id}/history", "home": "/"}
    urls |= {f"?seat={n}": f"/games/{game_id}?seat={n}" for n in ("Ana", "Ben", "Cleo", "guards")}
    out = {name: client.get(url).get_data(as_text=True) for name, url in urls.items()}
    out["fragment ?seat=Ana"] = client.get(f"/games/{game_id}?seat=Ana", headers=HX).get_data(as_text=True)
    assert client.get(f"/games/{game_id}/export.jsonl").status_code == 403
    return out


def assert_private(client, game_id, hidden: set[str], where: str) -> None:
    """No page shows a value of ``hidden`` outside the list of tiles a seat may still name, and that
    list always holds every tile nobody has seen (so it tells nothing about what is face down)."""
    for name, page in pages(client, game_id).items():
        for choices in CHOICES.findall(page):
            assert hidden <= set(re.findall(r'name="tile" value="([^"]+)"', choices)), (where, name)
        rest = CHOICES.sub("", page)
        found = {v for v in hidden if re.search(rf"(?<!\d){v}(?!\d)", rest)}
        assert not found, f"{where}: the {name} shows {found}"
        assert "Holding cell: lookout" not in rest and "Peek" not in rest


def test_face_down_values_are_named_only_in_lights_out_and_shown_nowhere_before_I_16_L_LO1(app, client, game):
    assert_private(client, game, DISTINCT, "at the start")
    do(client, game, "assign", seat="Ana", location="smithy", tile=["lookout"], face_down="1")
    assert_private(client, game, DISTINCT, "after Ana's assignment")
    do(client, game, "assign", seat="Ben", location="smithy", tile=["2"], face_down="1", headers=HX, expect=200)
    do(client, game, "assign", seat="Cleo", location="sewers", tile=["enforcer"], face_down="1")
    for name in ("Ana", "Ben", "Cleo"):
        do(client, game, "pass", seat=name)
    assert state(app, game).phase == "lights_out"
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Cleo, reveal your face-down tile here" in page and 'data-waiting="reveal-tiles"' in page
    assert_private(client, game, DISTINCT, "when Lights Out asks Cleo")

    refused = do(client, game, "reveal", expect=422, seat="Cleo", tile=["enforcer"])  # it is face up
    assert "L-RC6" in refused and 'class="error"' in refused
    assert "L-LO1" in do(client, game, "reveal", expect=422, seat="Cleo", tile=["8462", "9573"])
    assert "L-LO1" in do(client, game, "reveal", expect=422, seat="Ana", tile=["9573"])  # not her turn yet
    do(client, game, "reveal", seat="Cleo", tile=[SECRET["Cleo"]])
    assert_private(client, game, {"7391", "9573"}, "after Cleo's reveal")
    assert "8462" in client.get(f"/games/{game}").get_data(as_text=True)  # revealed: on the table now

    while pending(state(app, game)).kind == "confirm-rewards":
        do(client, game, "collect")  # the Sewers' rewards; the Infirmary is empty
    assert 'Ana, reveal your face-down tile here' in client.get(f"/games/{game}").get_data(as_text=True)
    assert_private(client, game, {"7391", "9573"}, "when Lights Out asks Ana")
    fragment = do(client, game, "reveal", seat="Ana", tile=[SECRET["Ana"]], headers=HX, expect=200)
    assert "<html" not in fragment and "Ben, reveal your face-down tile here" in fragment
    assert_private(client, game, {"7391"}, "when Lights Out asks Ben")
    do(client, game, "reveal", seat="Ben", tile=[SECRET["Ben"]])
    s = state(app, game)
    assert s.resolution.location == "smithy" and s.resolution.tiles["Ana"] == ("lookout", 9573)
    assert s.resolution.ranking == ("Ana", "Ben")  # 9573 against 2 + 7391 (L-LO2)
    assert "Smithy revealed" in client.get(f"/games/{game}").get_data(as_text=True)


def test_roll_call_lists_only_tiles_not_shown_face_up_and_asks_a_count_I_16(app, client, game):
    do(client, game, "assign", seat="Ana", location="smithy", tile=["lookout", "2"], face_down="1")
    for name in ("Ben", "Cleo"):
        do(client, game, "pass", seat=name)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    cell = CHOICES.search(page).group(0)
    assert re.findall(r'name="tile" value="([^"]+)"', cell) == ["enforcer", "7391", "8462", "9573"]
    assert "Ana holds 3 tiles." in cell and re.search(r'name="face_down"[^>]*max="1"', cell)  # L-RC6: 1 left
    refused = do(client, game, "assign", expect=422, seat="Ana", location="sewers",
                 tile=["enforcer", "7391", "8462", "9573"])  # one of them is face down at the Smithy
    assert "L-RC2" in refused and "only 3 tile" in refused
