"""Audit-only mode: the form builds the ``audit lockup`` document; totals equal the CLI on the
project's own examples, every one of them typed in; crafted items and goons are structured rows (a
name or a goon type, how many of each treasure) that never score a guess; each kind of bad field
gets a message naming it, 422, and the form keeps everything typed; "add a row" works as a plain
post and through htmx."""

from __future__ import annotations

import html
import json
import re
from collections import Counter

import pytest
import support

from companion.cli import main as cli_main

TREASURES = ("shield", "gem", "magic")
EXAMPLES = support.examples_of("companion audit lockup")
HX = {"HX-Request": "true"}


def repeats_a_treasure(doc: dict) -> bool:
    """A card showing the same treasure twice (a Demon scores 2 for each of those icons, L-G)."""
    cards = [c for p in doc["players"] for c in (*p["items"], *p["goons"])]
    return any(max(Counter(c["treasures"]).values(), default=0) > 1 for c in cards)


def form_of(doc: dict) -> dict:
    """The form fields a person fills in for an ``audit lockup`` document (the inverse of the form)."""
    slots = {}
    form = {"mode": doc["mode"]}
    for i, player in enumerate(doc["players"]):
        slot = "g" if player["name"] == "guards" else f"p{i}"
        slots[player["name"]] = slot
        if slot != "g":
            form[f"{slot}-name"] = player["name"]
        form |= {f"{slot}-reputation": str(player["reputation"]), f"{slot}-power": str(player["power"]),
                 f"{slot}-tomes": str(player["tomes"])}
        form |= {f"{slot}-{r}": str(n) for r, n in player["resources"].items()}
        for kind, head in (("items", "name"), ("goons", "type")):
            for n, card in enumerate(player[kind], start=1):
                form[f"{slot}-{kind}-{n}-{head}"] = card[head]
                form |= {f"{slot}-{kind}-{n}-{t}": str(k) for t, k in Counter(card["treasures"]).items()}
    for key in ("first_player", "leader_goal"):
        form[key] = slots[doc[key]] if doc[key] else ""
    goal = doc["end_game_goal"] or {}
    form["end_kind"] = goal.get("kind", "")
    form["end_treasure"] = goal.get("treasure", "")
    form |= {f"{slots[name]}-stars": str(n) for name, n in goal.get("stars", {}).items()}
    return form


def normal(doc: dict) -> dict:
    """The document with each card's treasures in one order (order does not score)."""
    doc = json.loads(json.dumps(doc))
    for player in doc["players"]:
        for card in (*player["items"], *player["goons"]):
            card["treasures"] = sorted(card["treasures"])
    return doc


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


def listed_errors(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'<li><a href="#[^"]+">([^<]*)</a></li>', page)]


def count_shown(page: str, box: str) -> str:
    """What a treasure count field shows ("" when left at 0)."""
    tag = re.search(rf'<input id="{box}" name="{box}" value="([^"]*)" inputmode="numeric"', page)
    assert tag, box
    return html.unescape(tag.group(1))


CONTRACT = EXAMPLES[0]
CONTRACT_FORM = form_of(CONTRACT["input"])


def test_the_form_is_on_its_own_page_with_rows_for_items_and_goons(client):
    page = client.get("/lockup/audit").get_data(as_text=True)
    assert 'name="p0-reputation"' in page and 'name="g-gold"' in page and 'name="end_kind"' in page
    assert 'method="post"' in page and "csrf_token" in page
    for n in (1, 2, 3):  # a few empty rows for every player
        assert f'id="p0-items-{n}-name"' in page and f'id="p4-goons-{n}-type"' in page
        assert all(count_shown(page, f"p1-items-{n}-{t}") == "" for t in TREASURES)  # 0 until typed
    assert 'id="p0-items-4-name"' not in page
    assert "<textarea" not in page  # no free text to mis-read


def test_goon_types_and_treasures_are_in_the_players_words(client):
    page = client.get("/lockup/audit").get_data(as_text=True)
    options = re.findall(r'<select id="p0-goons-1-type"[^>]*>(.*?)</select>', page, re.S)[0]
    shown = [html.unescape(t).strip() for t in re.findall(r">([^<]*)</option>", options)]
    assert shown == ["—", "Bandit", "Cultist", "Demon", "Dwarf", "Hobgoblin", "Ratfolk", "Mindflayer"]
    labels = re.findall(r'<label for="p0-goons-1-(?:shield|gem|magic)">([^<]*)</label>', page)
    assert labels == ["Shield", "Gem", "Magic"]
    assert "how many of each treasure it shows (0 to 3)" in page
    assert re.search(r'<div class="counts" role="group" aria-label="Treasures of Player 1, goon 1">', page)


def test_every_cli_example_typed_into_the_form_gives_the_cli_totals(client, tmp_path, capsys):
    """Every example of ``companion audit lockup``, the one with a card showing two gems and a
    Demon (2 per treasure icon, L-G) among them: the form builds the same document and shows the
    totals of the example and of the CLI run on that document."""
    assert EXAMPLES and any(repeats_a_treasure(e["input"]) for e in EXAMPLES)
    for example in EXAMPLES:
        response = client.post("/lockup/audit", data=form_of(example["input"]))
        page = response.get_data(as_text=True)
        assert response.status_code == 200, (example["note"], listed_errors(page))
        assert normal(shown_doc(page)) == normal(example["input"]), example["note"]
        expected = {p["name"]: p["total"] for p in example["output"]["players"]}
        assert shown_totals(page) == expected, example["note"]
        assert {p["name"]: p["total"] for p in cli(tmp_path, capsys, shown_doc(page))["players"]} == expected


def test_two_gems_on_one_card_score_twice_for_a_demon(client):
    """Made-up cards: a "Lamp" showing two gems and a Demon; the Demon scores 2 per treasure icon
    (L-G), so 20 + 2 x 2 = 24 (one gem, as a single box read it, gave 22)."""
    form = CROWBAR | {"p0-items-1-name": "Lamp", "p0-items-1-gem": "2"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    assert shown_doc(page)["players"][0]["items"] == [{"name": "Lamp", "treasures": ["gem", "gem"]}]
    assert shown_totals(page) == {"Vera": 24, "Isaac": 21}
    assert count_shown(page, "p0-items-1-gem") == "2" and count_shown(page, "p0-items-1-shield") == ""


def test_counts_of_zero_leave_a_row_blank_and_a_slot_unused(client):
    form = CONTRACT_FORM | {f"p{s}-{k}-{n}-{t}": "0" for s in (2, 3) for k in ("items", "goons")
                            for n in (1, 2, 3) for t in TREASURES} | {"p0-items-2-gem": " 0 "}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    doc = shown_doc(page)
    assert [p["name"] for p in doc["players"]] == ["Vera", "Isaac"]
    assert doc["players"][0]["items"] == [{"name": "Bone Shiv", "treasures": ["shield"]}]


def test_the_contract_example_keeps_what_was_typed(client):
    page = client.post("/lockup/audit", data=CONTRACT_FORM).get_data(as_text=True)
    assert "Vera wins with the most reputation." in page and "L-F7" in page
    assert 'value="Vera"' in page and 'value="Bone Shiv"' in page
    assert count_shown(page, "p0-items-1-shield") == "1" and count_shown(page, "p0-items-1-gem") == ""
    assert re.search(r'<option value="dwarf" selected>\s*Dwarf', page)


# The case, with made-up data (no card of the box): Vera's made-up "Crowbar" shows a
# shield and a gem, and she has one Demon, worth 2 per treasure icon on her cards (L-G). Read
# right: 20 + 2 x 2 = 24. Read as the old free-text line did ("Crowbar, shield, gem" as a name
# with no treasures): 20.
CROWBAR = {"mode": "standard", "p0-name": "Vera", "p0-reputation": "20", "p0-goons-1-type": "demon",
           "p1-name": "Isaac", "p1-reputation": "21"}


def test_an_item_with_a_shield_and_a_gem_scores_its_treasures(client, tmp_path, capsys):
    form = CROWBAR | {"p0-items-1-name": "Crowbar", "p0-items-1-shield": "1", "p0-items-1-gem": "1"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    doc = shown_doc(page)
    assert doc["players"][0]["items"] == [{"name": "Crowbar", "treasures": ["shield", "gem"]}]
    assert shown_totals(page) == {"Vera": 24, "Isaac": 21} and "Vera wins" in page
    misread = json.loads(json.dumps(doc))
    misread["players"][0]["items"] = [{"name": "Crowbar, shield, gem", "treasures": []}]
    assert {p["name"]: p["total"] for p in cli(tmp_path, capsys, misread)["players"]} == {"Vera": 20, "Isaac": 21}


def test_treasures_typed_into_the_name_are_refused_not_misread(client):
    form = CROWBAR | {"p0-items-1-name": "Crowbar, shield, gem"}
    response = client.post("/lockup/audit", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and 'class="player-score' not in page
    assert listed_errors(page) == ["Vera, item 1: “Crowbar, shield, gem” has treasures in its name: "
                                   "type only the item's name and, below it, how many of each treasure it shows"]
    assert 'value="Crowbar, shield, gem"' in page
    assert re.search(r'id="p0-items-1-name"[^>]*aria-invalid="true" aria-describedby="p0-items-1-error"', page)


P1 = [k for k in CONTRACT_FORM if k.startswith("p1-")]
BAD = {
    "reputation-word": ({"p0-reputation": "thirty"}, "p0-reputation",
                        "Player 1 (Vera) · Reputation: must be a non-negative integer"),
    "negative-power": ({"p1-power": "-2"}, "p1-power", "Player 2 (Isaac) · Power: must be a non-negative integer"),
    "resource-word": ({"p0-gold": "lots"}, "p0-gold", "Player 1 (Vera) · gold: must be a non-negative integer"),
    "digits-of-another-script": ({"p0-tomes": "٣"}, "p0-tomes", "Player 1 (Vera) · Unplayed tomes: must be"),
    "item-without-treasure": ({"p0-items-3-name": "Rusty Key", "p0-items-3-gem": "0"}, "p0-items-3-shield",
                              "Vera, item 3: type how many of each treasure it shows (every crafted item shows at "
                              "least one"),
    "item-without-name": ({"p0-items-2-magic": "1"}, "p0-items-2-name",
                          "Vera, item 2: type the item's name, or clear the row"),
    "treasures-in-the-name": ({"p0-items-1-name": "Bone Shiv: shield"}, "p0-items-1-name",
                              "Vera, item 1: “Bone Shiv: shield” has treasures in its name"),
    "goon-without-type": ({"p1-goons-2-gem": "2"}, "p1-goons-2-type",
                          "Isaac, goon 2: choose the goon's type, or clear the row"),
    "goon-type-not-listed": ({"p0-goons-1-type": "orc"}, "p0-goons-1-type",
                             "Vera, goon 1: choose the goon's type from the list"),
    "count-a-word": ({"p0-goons-1-gem": "two"}, "p0-goons-1-gem", "Vera, goon 1 · Gem: type how many, from 0 to 3"),
    "count-above-three": ({"p0-items-1-magic": "4"}, "p0-items-1-magic",
                          "Vera, item 1 · Magic: type how many, from 0 to 3"),
    "count-negative": ({"p0-items-1-shield": "-1"}, "p0-items-1-shield", "Vera, item 1 · Shield: type how many"),
    "count-a-fraction": ({"p0-goons-1-gem": "1.5"}, "p0-goons-1-gem", "Vera, goon 1 · Gem: type how many"),
    "count-other-script-digit": ({"p0-goons-1-gem": "٢"}, "p0-goons-1-gem", "Vera, goon 1 · Gem: type how many"),
    "count-a-checkbox-word": ({"p0-items-1-shield": "on"}, "p0-items-1-shield", "Vera, item 1 · Shield: type how"),
    "unnamed-player-row": ({"p1-name": "", "p1-items-1-name": "Lamp"}, "p1-items-1-shield",
                           "Player 2, item 1: type how many of each treasure"),
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
    "guards-goon-outside-solo": ({"g-goons-1-type": "mindflayer"}, "g-reputation", "Guards: only in solo mode"),
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
    assert f'aria-describedby="{field}-error"' in page or field == "players" or re.search(
        rf'id="{field}"[^>]*aria-describedby="{field.rsplit("-", 1)[0]}-error"', page)
    assert 'class="player-score' not in page  # no breakdown from a bad form
    for key, value in form.items():
        if not value:
            continue
        if key.endswith(("-name", "-reputation", "-gold", "-power", "-stars", "-tomes")):
            assert f'value="{value}"' in page, key
        elif key.endswith(TREASURES):  # shown as typed; a 0 is shown as the blank it means
            assert count_shown(page, key) == ("" if value.strip() == "0" else value), key
        elif key.endswith("-type") and value in ("dwarf", "mindflayer"):
            assert re.search(rf'<option value="{value}" selected>', page), key


def test_every_row_that_cannot_be_read_is_named_at_once(client):
    form = CONTRACT_FORM | {"p0-items-2-name": "Lamp", "p1-goons-1-magic": "1", "p1-items-4-name": "Key, gem",
                            "p1-items-5-name": "Key", "p1-items-5-gem": "lots"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    assert [e.split(":")[0] for e in listed_errors(page)] == [
        "Vera, item 2", "Isaac, item 4", "Isaac, item 5 · Gem", "Isaac, goon 1"]  # one problem for item 5
    for row in ("p0-items-2", "p1-items-4", "p1-items-5", "p1-goons-1"):
        assert f'<div class="audit-row invalid" id="{row}">' in page and f'id="{row}-error"' in page


def test_blank_rows_are_skipped_and_rows_may_have_gaps(client):
    form = CONTRACT_FORM | {"p0-items-rows": "5", "p0-items-5-name": "Lamp", "p0-items-5-magic": "1",
                            "p0-goons-1-type": "", "p0-goons-1-gem": "", "p0-goons-2-type": "dwarf",
                            "p0-goons-2-gem": "1"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    vera = shown_doc(page)["players"][0]
    assert vera["items"] == [{"name": "Bone Shiv", "treasures": ["shield"]}, {"name": "Lamp", "treasures": ["magic"]}]
    assert vera["goons"] == [{"type": "dwarf", "treasures": ["gem"]}]
    assert 'id="p0-items-6-name"' in page and 'id="p0-items-7-name"' not in page  # one empty row after the last


def test_add_a_row_without_javascript_keeps_every_value_and_scores_nothing(client):
    form = CONTRACT_FORM | {"p0-items-rows": "3", "p1-goons-2-type": "ratfolk", "add": "p1-goons"}
    response = client.post("/lockup/audit", data=form)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and 'class="player-score' not in page and 'id="audit-error"' not in page
    assert 'name="p1-goons-rows" value="4"' in page and 'name="p0-items-rows" value="3"' in page
    assert re.search(r'id="p1-goons-4-type"[^>]*autofocus', page)
    assert re.search(r'<details class="card seat" id="p1" open>', page)
    assert 'value="Bone Shiv"' in page and count_shown(page, "p0-items-1-shield") == "1" and 'value="31"' in page
    assert re.search(r'<option value="ratfolk" selected>', page)
    again = client.post("/lockup/audit", data=form | {"p1-goons-rows": "4"}).get_data(as_text=True)
    assert 'name="p1-goons-rows" value="5"' in again


def test_add_a_row_after_full_rows_puts_the_cursor_in_the_next_one(client):
    form = CONTRACT_FORM | {"p0-items-rows": "3", "add": "p0-items"} | {
        f"p0-items-{n}-{f}": v for n in (2, 3) for f, v in (("name", "Lamp"), ("magic", "1"))}
    part = client.post("/lockup/audit", data=form, headers=HX).get_data(as_text=True)
    assert 'name="p0-items-rows" value="4"' in part and re.search(r'id="p0-items-4-name"[^>]*autofocus', part)
    assert 'id="p0-items-5-name"' not in part


def test_add_a_row_through_htmx_answers_only_those_rows(client):
    form = CONTRACT_FORM | {"add": "p0-items"}
    response = client.post("/lockup/audit", data=form, headers=HX)
    part = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in part and "<form" not in part
    assert part.strip().startswith('<fieldset class="audit-rows" id="p0-items">')
    assert 'value="Bone Shiv"' in part and count_shown(part, "p0-items-1-shield") == "1"
    assert 'name="p0-items-rows" value="4"' in part and re.search(r'id="p0-items-4-name"[^>]*autofocus', part)
    assert 'hx-target="#p0-items"' in part and 'hx-swap="outerHTML"' in part


def test_the_first_button_of_the_form_scores(client):
    """Enter in a field presses the form's first submit button: it must score, not add a row."""
    page = client.get("/lockup/audit").get_data(as_text=True)
    form = re.search(r"<form.*?</form>", page, re.S).group(0)
    first = re.search(r"<button[^>]*>", form).group(0)
    assert 'type="submit"' in first and "name=" not in first


@pytest.mark.parametrize("change", [{"add": "p9-items"}, {"add": "p0-items-rows"}, {"p0-items-rows": "99999"},
                                    {"p0-items-999-name": "Lamp"}], ids=["slot", "target", "count", "index"])
def test_forged_row_fields_change_nothing_they_should_not(client, change):
    response = client.post("/lockup/audit", data=CONTRACT_FORM | change)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert len(re.findall(r'id="p0-items-\d+-name"', page)) <= 30


def test_solo_with_the_guards_and_a_fixed_goal(client, tmp_path, capsys):
    form = {"mode": "solo", "p0-name": "Ana", "p0-reputation": "30", "p0-gold": "2", "p0-stars": "5",
            "p0-items-1-name": "Lamp", "p0-items-1-magic": "1",
            "p0-items-2-name": "Knife", "p0-items-2-shield": "1", "p0-items-2-gem": "2",
            "p0-goons-1-type": "cultist", "p0-goons-2-type": "demon", "p0-goons-2-magic": "1",
            "g-reputation": "30", "g-gold": "1", "g-scrap": "9", "g-goons-1-type": "mindflayer",
            "first_player": "g", "leader_goal": "g", "end_kind": "fixed"}
    page = client.post("/lockup/audit", data=form).get_data(as_text=True)
    doc = shown_doc(page)
    assert [p["name"] for p in doc["players"]] == ["Ana", "guards"]
    assert doc["players"][1]["goons"] == [{"type": "mindflayer", "treasures": []}]
    assert doc["end_game_goal"] == {"kind": "fixed", "stars": {"Ana": 5}}
    expected = cli(tmp_path, capsys, doc)
    assert shown_totals(page) == {p["name"]: p["total"] for p in expected["players"]}
    assert expected["winners"] == ["Ana"] and "Ana beats the guards" in page and "L-SO14" in page


def test_the_form_fits_a_phone_and_every_text_goes_through_babel(client):
    page = client.get("/lockup/audit", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "lockup_end.css" in page and 'inputmode="numeric"' in page
    assert page.count('<details class="card seat"') == 6  # five player slots and the guards fold away on a phone


TIES = {
    "items": ({"mode": "standard", "p0-name": "Vera", "p0-reputation": "10", "p0-items-1-name": "Lamp",
               "p0-items-1-gem": "1", "p1-name": "Isaac", "p1-reputation": "10"}, ["Vera"],
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
