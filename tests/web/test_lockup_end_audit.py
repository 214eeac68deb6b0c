"""Audit-only mode: the form builds the ``audit lockup`` document; totals equal the CLI; each kind
of bad field gets a message naming it, 422, and the form keeps everything typed."""

from __future__ import annotations

import html
import json
import re

import pytest

from companion.cli import main as cli_main

# The example of ../shared/spec/cli-contracts.md, `companion audit lockup`.
CONTRACT_DOC = {
    "game": "lockup", "mode": "standard",
    "players": [
        {"name": "Vera", "reputation": 31, "power": 4, "resources": {"scrap": 1, "iron": 0, "potion": 2, "gold": 1},
         "tomes": 2, "items": [{"name": "Bone Shiv", "treasures": ["shield"]}],
         "goons": [{"type": "dwarf", "treasures": ["gem"]}]},
        {"name": "Isaac", "reputation": 28, "power": 2, "resources": {"scrap": 0, "iron": 1, "potion": 0, "gold": 0},
         "tomes": 0, "items": [], "goons": []},
    ],
    "first_player": "Isaac", "leader_goal": "Vera", "end_game_goal": {"kind": "majority", "treasure": "shield"},
}
CONTRACT_FORM = {
    "mode": "standard",
    "p0-name": "Vera", "p0-reputation": "31", "p0-power": "4", "p0-scrap": "1", "p0-iron": "0", "p0-potion": "2",
    "p0-gold": "1", "p0-tomes": "2", "p0-items": "Bone Shiv: shield", "p0-goons": "Dwarf: gem",
    "p1-name": "Isaac", "p1-reputation": "28", "p1-power": "2", "p1-iron": "1",
    "first_player": "p1", "leader_goal": "p0", "end_kind": "majority", "end_treasure": "shield",
}


def cli(tmp_path, capsys, doc) -> dict:
    path = tmp_path / "end.json"
    path.write_text(json.dumps(doc))
    assert cli_main(["audit", "lockup", str(path)]) == 0
    return json.loads(capsys.readouterr().out)


def shown_totals(page: str) -> dict[str, int]:
    pairs = re.findall(r'data-seat="([^"]+)"[^>]*>\s*<summary><h3>.*?data-total="(\d+)"', page, re.S)
    return {name: int(total) for name, total in pairs}


def shown_doc(page: str) -> dict:
    return json.loads(html.unescape(re.search(r'<pre class="json">(.*?)</pre>', page, re.S).group(1)))


def test_the_form_is_on_its_own_page(client):
    page = client.get("/lockup/audit").get_data(as_text=True)
    assert 'name="p0-reputation"' in page and 'name="g-gold"' in page and 'name="end_kind"' in page
    assert 'method="post"' in page and "csrf_token" in page


def test_the_contract_example_typed_in_gives_the_cli_totals(client, tmp_path, capsys):
    response = client.post("/lockup/audit", data=CONTRACT_FORM)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert shown_doc(page) == CONTRACT_DOC
    expected = cli(tmp_path, capsys, CONTRACT_DOC)
    assert shown_totals(page) == {p["name"]: p["total"] for p in expected["players"]} == {"Vera": 51, "Isaac": 31}
    assert "Vera wins with the most reputation." in page and "L-F7" in page
    assert 'value="Vera"' in page and "Bone Shiv: shield</textarea>" in page  # the form keeps what was typed


def test_solo_with_the_guards_and_a_fixed_goal(client, tmp_path, capsys):
    form = {"mode": "solo", "p0-name": "Ana", "p0-reputation": "30", "p0-gold": "2", "p0-stars": "5",
            "p0-items": "Lamp: magic\nKnife: shield, gem", "p0-goons": "cultist\ndemon: magic",
            "g-reputation": "30", "g-gold": "1", "g-scrap": "9", "g-goons": "mindflayer",
            "first_player": "g", "leader_goal": "g", "end_kind": "fixed"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    doc = shown_doc(page)
    assert [p["name"] for p in doc["players"]] == ["Ana", "guards"]
    assert doc["end_game_goal"] == {"kind": "fixed", "stars": {"Ana": 5}}
    expected = cli(tmp_path, capsys, doc)
    assert shown_totals(page) == {p["name"]: p["total"] for p in expected["players"]}
    assert expected["winners"] == ["Ana"] and "Ana beats the guards" in page and "L-SO14" in page


def without(form: dict, *keys: str) -> dict:
    return {k: v for k, v in form.items() if k not in keys}


P1 = [k for k in CONTRACT_FORM if k.startswith("p1-")]
BAD = {
    "reputation-word": ({"p0-reputation": "thirty"}, "p0-reputation",
                        "Player 1 (Vera) · Reputation: must be a non-negative integer"),
    "negative-power": ({"p1-power": "-2"}, "p1-power", "Player 2 (Isaac) · Power: must be a non-negative integer"),
    "resource-word": ({"p0-gold": "lots"}, "p0-gold", "Player 1 (Vera) · gold: must be a non-negative integer"),
    "item-treasure": ({"p0-items": "Bone Shiv: shield\n\nRusty Key: gold"}, "p0-items",
                      'Player 1 (Vera) · Crafted items · line 3: must be one of "shield", "gem", "magic"'),
    "goon-type": ({"p0-goons": "orc"}, "p0-goons", "Player 1 (Vera) · Goons · line 1: must be one of"),
    "missing-name": ({"p1-name": ""}, "p1-name", "Player 2 · Name: must be a non-empty string"),
    "duplicate-name": ({"p1-name": "Vera"}, "p1-name", "duplicate name"),
    "one-player": ({k: "" for k in P1} | {"first_player": "", "leader_goal": ""}, "players",
                   "Players: must have 2 to 5 entries"),
    "empty-slot-marker": ({"first_player": "p3"}, "first_player",
                          "First player marker: must name a listed player or be null"),
    "guards-not-playing": ({"leader_goal": "g"}, "leader_goal", "Leader goal holder: must name a listed player"),
    "majority-without-treasure": ({"end_treasure": ""}, "end_treasure", "End-game goal treasure: must be one of"),
    "solo-two-players": ({"mode": "solo", "g-reputation": "20"}, "players", "Players: solo is one player"),
    "guards-outside-solo": ({"g-reputation": "12"}, "g-reputation", "Guards: only in solo mode"),
    "stars-without-fixed-goal": ({"p0-stars": "5"}, "p0-stars",
                                 "Player 1 (Vera) · End-game goal stars: stars count only for a fixed"),
    "stars-word": ({"end_kind": "fixed", "p1-stars": "many"}, "p1-stars",
                   "Player 2 (Isaac) · End-game goal stars: must be a non-negative integer"),
    "mode": ({"mode": "chess"}, "mode", 'Mode: must be one of "standard", "advanced", "solo"'),
}


@pytest.mark.parametrize("change, field, message", BAD.values(), ids=BAD.keys())
def test_a_bad_field_is_named_next_to_the_form_and_nothing_typed_is_lost(client, change, field, message):
    form = CONTRACT_FORM | change
    response = client.post("/lockup/audit", data=form)
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422
    assert message in page
    assert f'href="#{field}"' in page and f'id="{field}"' in page
    assert f'aria-describedby="{field}-error"' in page or field == "players"
    assert 'class="player-score' not in page  # no breakdown from a bad form
    for key, value in form.items():
        if value and key.endswith(("-name", "-reputation", "-gold", "-power", "-stars")):
            assert f'value="{value}"' in page, key
    for key in ("p0-items", "p0-goons"):
        assert f">{form[key]}</textarea>" in page


def test_the_form_fits_a_phone_and_every_text_goes_through_babel(client):
    page = client.get("/lockup/audit", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "lockup_end.css" in page and 'inputmode="numeric"' in page
    assert page.count("<details") >= 6  # five player slots and the guards fold away on a phone


TIES = {
    "items": ({"mode": "standard", "p0-name": "Vera", "p0-reputation": "10", "p0-items": "Lamp: gem",
               "p1-name": "Isaac", "p1-reputation": "10"}, ["Vera"],
              "A tie on reputation: Vera wins with the most crafted items among the tied."),
    "shared": ({"mode": "standard", "p0-name": "Vera", "p0-reputation": "10", "p1-name": "Isaac",
                "p1-reputation": "10", "p2-name": "Ada", "p2-reputation": "3"}, ["Vera", "Isaac"],
               "A tie on reputation and on crafted items: a shared victory for Vera, Isaac."),
    "guards": ({"mode": "solo", "p0-name": "Ana", "p0-reputation": "12", "g-reputation": "12"}, ["guards"],
               "A tie: a tie goes to the guards. The guards win."),
}


@pytest.mark.parametrize("form, winners, verdict", TIES.values(), ids=TIES.keys())
def test_the_tie_break_used_is_spelled_out(client, tmp_path, capsys, form, winners, verdict):
    page = html.unescape(client.post("/lockup/audit", data=form).get_data(as_text=True))
    expected = cli(tmp_path, capsys, shown_doc(page))
    assert expected["winners"] == winners and verdict in page
    shown_winners = re.findall(r'data-seat="([^"]+)"[^>]*>\s*<summary><h3>[^<]*<span class="badge">', page)
    assert sorted(shown_winners) == sorted(winners)
