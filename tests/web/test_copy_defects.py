"""Copy defects of issue 23, each as the English words on the page (or in the refusal): a tile value
never read as a count, "Recruiting 2 goons costs", only this table's majority points, location names
as printed in the guards' sentences, the Spanish "cubo de primer jugador" (Ragami rulebook), a
phone's home page with its h1, the Watch button named by its words."""

from __future__ import annotations

import re

import pytest
import support
from support import recorded, setups, text
from web.test_lockup_end_audit import form_of

from companion.core.errors import RuleViolation
from companion.games.lockup.model import LOCATIONS
from companion.games.lockup.scenario import Table, goon, setup
from companion.web import get_store

LAN = "192.168.1.20"


def test_l_rc2_a_face_up_tile_is_named_as_a_tile_beside_the_face_down_count(app, client):
    game = setups.start_lockup(app, setups.lockup_table(letters=True), "Copy test", "copy-key")
    support.lockup_do(client, game, "assign", seat="Ana", location="sewers", tile=["2"], face_down="1")
    page = text(client.get(f"/games/{game}"))
    assert "Ana assigns tile 2 and 1 tile face down to the Sewers (L-RC2)" in page
    assert "assigns 2 and" not in page


def test_l_r6_recruiting_two_goons_is_refused_in_a_sentence_that_agrees():
    goons = {"sewers": goon("Test Goon A"), "smithy": goon("Test Goon B")}
    t = Table(setup(("Ana", "Ben"), goons=goons))
    t.do("adjust", seat="Ana", quantity="scrap", delta=4, reason="test")
    t.do("assign", seat="Ana", location="chow_hall", tiles=[4])
    t.pass_all()
    t.collect()
    with pytest.raises(RuleViolation) as refused:
        t.do("recruit", seat="Ana", goons=["sewers", "smithy"], pay={"scrap": 1})
    assert str(refused.value).startswith("Recruiting 2 goons costs 4 resources in all, not 1"), str(refused.value)


@pytest.mark.parametrize(("players", "points", "not_shown"), [
    (3, "(most: 8, second: 4)", "2 players"), (2, "(most: 6)", "second: 4"),
])
def test_l_gl3_the_majority_line_gives_only_this_tables_points(client, players, points, not_shown):
    doc = next(e["input"] for e in support.examples_of("companion audit lockup")
               if e["input"]["mode"] == "standard" and len(e["input"]["players"]) == players)
    page = text(client.post("/lockup/audit", data=form_of(doc)))
    assert re.search(r"crafted items? showing \w+ " + re.escape(points), page), page[:3000]
    assert not_shown not in page


def test_the_guards_sentences_name_locations_as_printed(app, client):
    support.store_profile(app)
    commands = support.solo_lockup_commands(7)
    game = support.store_commands(app, "lockup-solo", commands[:40], "Copy")
    page = text(client.get(f"/games/{game}/history"))
    assert "Guard turn: the player reveals" in page
    lower = [name.replace("_", " ") for name in LOCATIONS]
    assert not [m.group(0) for m in re.finditer(r"\b(?:{})\b".format("|".join(lower)), page)]


def test_ragami_es_the_first_player_cube_is_the_rulebooks_cubo_de_primer_jugador(client):
    game = recorded.RAGAMI.start(client, {"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    recorded.RAGAMI.ok(client, game, "end-round")
    page = text(client.get(f"/games/{game}", headers={"Accept-Language": "es"}))
    assert "toma el cubo de primer jugador" in page and "cubo de jugador inicial" not in page


def test_a_phones_home_page_has_its_h1_join_a_table(app, remote):
    page = remote.get("/").get_data(as_text=True)
    assert re.search(r"<h1>Join a table</h1>", page) and page.count("<h1") == 1
    assert page.index('id="join"') < page.index('id="audit"')


def test_the_host_home_page_keeps_one_h1(client):
    page = client.get("/").get_data(as_text=True)
    assert page.count("<h1") == 1 and re.search(r"<h2>Join a table</h2>", page)


def test_the_watch_button_is_named_by_its_words(app, client):
    game = recorded.RAGAMI.start(client, {"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = LAN
    with app.app_context():
        phone.post("/join", data={"code": get_store().game(game)["table_code"]})
    page = phone.get(f"/games/{game}").get_data(as_text=True)
    assert re.search(r'<button type="submit" class="secondary">Watch as a spectator</button>', page)
