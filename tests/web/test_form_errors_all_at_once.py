"""The Rattus Cartus and Ragami new-game and audit forms and the Lockup audit form (issue 13,
errors): every problem at once, in words, each next to its field (aria-invalid, aria-describedby),
every posted value kept. Names and counts are made up for the test."""

from __future__ import annotations

import re

import support
from werkzeug.datastructures import MultiDict

RC_CLASSES = ("peasantry", "burghers", "church", "knighthood", "royalty", "sorcery")


def listed(page: str, block_id: str) -> list[str]:
    start = page.index(f'id="{block_id}"')
    block = page[start: page.index("</div>", start)]
    return [support.words(li) for li in re.findall(r"<li>(.*?)</li>", block, re.S)]


def next_to(page: str, field: str, tag_id: str | None = None) -> str:
    """The words described by a marked field (found by its name, or its id when names repeat)."""
    attr = f'id="{tag_id}"' if tag_id else f'name="{field}"'
    tags = [t for t in re.findall(r"<(?:input|select)[^>]*>", page, re.S) if attr in t and "aria-invalid" in t]
    assert tags, field
    target = re.search(r'aria-describedby="([^"]+)"', tags[0]).group(1)
    return support.words(re.search(rf'id="{re.escape(target)}">(.*?)</small>', page, re.S).group(1))


def test_rattus_cartus_new_game_names_every_seat_at_once_RC_G1(app, client):
    data = MultiDict([("title", "Made-up night"), ("players", "Ana"), ("players", ""), ("players", "Ana"),
                      ("players", "Ben"), ("players", "Ben"), ("start_seat", "1"), ("plague_survivor", "on"),
                      ("gold_two_player_tie", "split_6")])
    response = client.post("/rattus-cartus/new", data=data)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and support.count_games(app) == 0
    assert listed(page, "rc-new-problems") == ["Seat 3: the same name as seat 1", "Seat 5: the same name as seat 4",
                                               "Start player: choose a seat with a name, or draw at random"]
    assert next_to(page, "players", "rc-player-2") == "Seat 3: the same name as seat 1"
    assert next_to(page, "players", "rc-player-4") == "Seat 5: the same name as seat 4"
    shown = support.form_values(page, "rc-new")
    assert shown["players"] == ["Ana", "", "Ana", "Ben", "Ben"] and shown["start_seat"] == ["1"]
    assert shown["plague_survivor"] == ["on"] and shown["gold_two_player_tie"] == ["split_6"]
    assert shown["title"] == ["Made-up night"]


def test_ragami_new_game_names_every_seat_and_colour_at_once_in_spanish_RG_T1(app, client):
    data = MultiDict([("players", "Ana"), ("colours", "green"), ("players", "Ana"), ("colours", "green"),
                      ("players", ""), ("colours", ""), ("players", "Cy"), ("colours", "green"), ("start_seat", "2")])
    page = client.post("/ragami/new", data=data, headers={"Accept-Language": "es"}).get_data(as_text=True)
    found = listed(page, "rg-new-problems")
    assert len(found) == 4 and support.count_games(app) == 0
    assert all(f.startswith(("Asiento", "Jugador inicial")) for f in found), found
    assert not [f for f in found if re.search(r"\bthe same\b|\bseat\b|_", f)], found
    assert next_to(page, "colours", "rg-colour-3").startswith("Asiento 4")
    shown = support.form_values(page, "rg-new")
    assert shown["players"] == ["Ana", "Ana", "", "Cy"] and shown["colours"] == ["green", "green", "", "green"]


def rc_audit() -> dict[str, str]:
    form = {"treasury_used": "", "nuns": "", "plague_survivor": "on", "ties.church": "Zed"}
    for i, name in enumerate(("Ana", "", "Ana")):
        form[f"p{i}.name"] = name
        form.update({f"p{i}.{c}": "1" for c in RC_CLASSES})
    form.update({"p0.gold": "lots", "p0.rats": "-1", "p1.swords": "many"})
    return form


def test_rattus_cartus_audit_names_every_problem_next_to_its_field_RC_F7(client):
    form = rc_audit()
    response = client.post("/rattus-cartus/audit", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    expected = {"treasury_used": "Treasury used: choose yes or no", "nuns": "Nuns: is required",
                "p0.gold": "Player 1 · Gold: must be a whole number",
                "p1.swords": "Player 2 · Swords: must be a whole number",
                "p0.rats": "Player 1 · Rat sum: must be a non-negative integer",
                "p1.name": "Player 2 · Name: must be a non-empty string",
                "p2.name": "Player 3 · Name: duplicate name 'Ana'",
                "ties.church": "Influence ties · Church, entry 1: must name a listed player"}
    assert sorted(listed(page, "rc-audit-problems")) == sorted(expected.values())
    for field, words in expected.items():
        assert next_to(page, field) == words, field
    assert support.lost_values(page, "rc-audit", form) == {}


def test_ragami_audit_names_every_problem_next_to_its_field_in_polish(client):
    form = {"p0.name": "Ana", "p0.vp": "lots", "p0.conflicts": "-1", "p1.name": "Ana", "p1.vp": "x",
            "p2.white_cubes": "3"}
    response = client.post("/ragami/audit", data=form, headers={"Accept-Language": "pl"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    found = listed(page, "rg-audit-problems")
    assert len(found) == 5
    for field in ("p0.vp", "p0.conflicts", "p1.vp", "p1.name", "p2.name"):
        assert next_to(page, field) in found, field
    assert not [f for f in found if re.search(r"\bmust\b|\bduplicate\b|_", f)], found
    assert support.lost_values(page, "rg-audit", form) == {}


def test_lockup_audit_names_every_problem_at_once_L_F1(client):
    form = {"mode": "standard", "p0-name": "Ana", "p0-reputation": "x", "p0-power": "-2",
            "p1-name": "Ana", "p1-reputation": "12", "p1-gold": "lots", "g-reputation": "9", "p0-stars": "2"}
    response = client.post("/lockup/audit", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    found = [support.words(m) for m in re.findall(r'<li><a href="#[^"]+">(.*?)</a></li>', page, re.S)]
    for field, words in (("p0-reputation", "Reputation"), ("p0-power", "Power"), ("p1-gold", "gold"),
                         ("p1-name", "duplicate name"), ("g-reputation", "only in solo mode"),
                         ("p0-stars", "stars count only for a fixed end-game goal")):
        assert any(words in f for f in found), (words, found)
        assert re.search(rf'name="{field}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="{field}"', page) \
            or field == "g-reputation", field
    for value in ("x", "-2", "lots", "9", "2"):
        assert f'value="{value}"' in page
