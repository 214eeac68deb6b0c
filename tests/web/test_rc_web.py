"""Rattus Cartus through the app (Flask client): new game, round tracker (RC-G1), end-of-game
entry, secret rats (RC-G3), plague reveal (RC-F7), explained scores (RC-F1…RC-F9), the audit
form; bad fields named with nothing recorded; other phones see nothing without joining."""

from __future__ import annotations

import html as htmlmod
import re
from pathlib import Path

import pytest
import support
from support import HX, alerts, count_games, recorded, seq, text

from companion.web import get_store

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = list(support.examples())
CLASSES = ("peasantry", "burghers", "church", "knighthood", "royalty", "sorcery")

# Three players, Church tied 4-4 (Azul's marker lies below: RC-F2); Gold tied for most (RC-F5,
# 9 split: 4 each); hand tied (RC-F3, 1 each); Verde has the most VP but too many rats (RC-F7);
# Rojo and Azul tie on 25 VP and Azul has fewer rats (RC-F8).
TALLIES = {
    "Rojo": {"church": "4", "peasantry": "2", "hand_cards": "3", "swords": "2", "gold": "2", "vp_tokens": "3"},
    "Azul": {"church": "4", "burghers": "3", "hand_cards": "3", "gold": "2"},
    "Verde": {"sorcery": "5", "knighthood": "2", "flutes": "1", "vp_tokens": "4"},
}
RATS = {"Rojo": "3", "Azul": "2", "Verde": "9"}


def new_game(client, players=("Rojo", "Azul", "Verde"), start_seat="0", **extra) -> str:
    data = {"players": list(players) + [""] * (5 - len(players)), "start_seat": start_seat, **extra}
    response = client.post("/rattus-cartus/new", data=data)
    assert response.status_code == 303, alerts(response)
    return response.location.rsplit("/", 1)[-1]


def act(client, game_id: str, kind: str, data: dict | None = None, htmx: bool = False):
    return client.post(f"/rattus-cartus/{game_id}/{kind}", data=data or {}, headers=HX if htmx else {})


def to_final_entry(client, game_id: str, rounds: int) -> None:
    for _ in range(rounds):
        assert act(client, game_id, "end-round").status_code == 303


def record_everything(client, game_id: str) -> None:
    for name, counts in TALLIES.items():
        assert act(client, game_id, "record-tally", {"player": name, **counts}).status_code == 303
        assert act(client, game_id, "record-rats", {"player": name, "rats": RATS[name]}).status_code == 303
    assert act(client, game_id, "record-treasury", {"used": "yes"}).status_code == 303
    order = {"influence_class": "church", "order": ["Azul", "Rojo"]}
    assert act(client, game_id, "record-influence-order", order).status_code == 303


def recorded_game(client) -> str:
    """A new game played to its end-of-game entry with everything recorded; its id."""
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    record_everything(client, game_id)
    return game_id


def panel(client, game_id: str, query: str = "") -> str:
    return client.get(f"/games/{game_id}{query}", headers=HX).get_data(as_text=True)


# --- new game ----------------------------------------------------------------------------------


def test_the_new_game_form_offers_five_seats_a_start_player_and_the_options(client):
    page = client.get("/rattus-cartus/new")
    body = page.get_data(as_text=True)
    assert page.status_code == 200
    assert body.count('name="players"') == 5 and 'name="start_seat"' in body
    assert 'name="plague_survivor"' in body and 'name="gold_two_player_tie"' in body


@pytest.mark.parametrize(("data", "named"), [
    ({"players": ["Rojo", "", "", "", ""], "start_seat": ""}, "Players: enter at least 2 player names"),
    ({"players": ["Rojo", "Azul", "", "", ""], "start_seat": "3"}, "Start player: choose a seat with a name"),
    ({"players": ["Rojo", "Rojo", "", "", ""], "start_seat": "0"}, "Seat 2: the same name as seat 1"),
    ({"players": ["Rojo", "Azul"], "start_seat": "0", "gold_two_player_tie": "split_7"}, "Two-player Gold tie"),
])
def test_a_bad_new_game_form_names_the_field_and_creates_nothing(app, client, data, named):
    response = client.post("/rattus-cartus/new", data=data)
    assert response.status_code == 422
    assert any(named in message for message in alerts(response)), alerts(response)
    assert count_games(app) == 0
    assert 'value="Rojo"' in response.get_data(as_text=True)  # what was typed is kept


def test_a_random_start_player_is_drawn_when_no_seat_is_chosen(client):
    game_id = new_game(client, start_seat="")
    assert re.search(r"Start player: (Rojo|Azul|Verde)", text(client.get(f"/games/{game_id}")))


# --- round tracker -----------------------------------------------------------------------------


def test_rounds_for_the_player_count_and_the_start_player_passes_left(client):
    game_id = new_game(client, start_seat="1")  # Azul starts; clockwise Rojo, Azul, Verde
    page = text(client.get(f"/games/{game_id}"))
    assert "Round 1 of 9" in page and "Start player: Azul" in page  # 3 players: 9 rounds (RC-G1)
    expected = ["Verde", "Rojo", "Azul", "Verde"]
    for round_no, start in enumerate(expected, start=2):
        assert act(client, game_id, "end-round", htmx=True).status_code == 200
        page = text(client.get(f"/games/{game_id}"))
        assert f"Round {round_no} of 9" in page and f"Start player: {start}" in page


@pytest.mark.parametrize(("players", "rounds"), [(2, 10), (4, 8), (5, 8)])
def test_round_count_by_player_count(client, players, rounds):
    game_id = new_game(client, players=[f"P{i}" for i in range(players)])
    assert f"Round 1 of {rounds}" in text(client.get(f"/games/{game_id}"))
    to_final_entry(client, game_id, rounds - 1)
    assert "Final round" in text(client.get(f"/games/{game_id}"))  # RC-G5 reminder
    to_final_entry(client, game_id, 1)
    assert "Still to record" in text(client.get(f"/games/{game_id}"))


def test_final_scoring_is_refused_before_the_last_round(app, client):
    game_id = new_game(client)
    before = seq(app, game_id)
    response = act(client, game_id, "record-tally", {"player": "Rojo", "church": "1"})
    assert response.status_code == 422 and "RC-G1" in alerts(response)[0]
    assert seq(app, game_id) == before


# --- end of game, plague, scores -----------------------------------------------------------------


def test_whole_game_with_plain_forms_ends_with_every_line_explained_and_the_tie_break(client):
    game_id = recorded_game(client)
    assert "Everything is recorded" in text(client.get(f"/games/{game_id}"))
    response = act(client, game_id, "reveal-plague", {"nuns": "3"})
    assert response.status_code == 303
    page = text(client.get(response.location))
    assert "The Nuns row shows 3 Nuns. Wiped out: Verde." in page
    totals = dict(re.findall(r"(Rojo|Azul|Verde) (\d+) VP", page))
    assert totals == {"Rojo": "25", "Azul": "25", "Verde": "26"}
    assert "Tie on VP broken by the lowest rat sum (RC-F8)." in page
    assert re.search(r"Winner RC-F8 Azul ", page)
    for rule in ("RC-F1", "RC-F2", "RC-F3", "RC-F4", "RC-F5", "RC-F6", "RC-F7"):
        assert rule in page
    assert "church: place 1 with 4 influence (tie broken by stacking order, RC-F2)" in page


def test_the_same_game_through_htmx_returns_only_the_panel(client):
    game_id = recorded_game(client)
    response = act(client, game_id, "reveal-plague", {"nuns": "3"}, htmx=True)
    body = response.get_data(as_text=True)
    assert response.status_code == 200 and body.lstrip().startswith('<div id="game-panel">') and "<html" not in body
    assert "rc-outcome" in body


def test_the_reveal_waits_for_every_entry_and_names_what_is_missing(app, client):
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    act(client, game_id, "record-tally", {"player": "Rojo", **TALLIES["Rojo"]})
    page = text(client.get(f"/games/{game_id}"))
    assert "Final counts of Azul" in page and "Rat sum of Rojo (secret)" in page and "Treasury was used" in page
    before = seq(app, game_id)
    response = act(client, game_id, "reveal-plague", {"nuns": "2"})
    assert response.status_code == 422 and "RC-F7" in alerts(response)[0]
    assert seq(app, game_id) == before


def test_an_unordered_influence_tie_blocks_the_reveal_and_offers_the_stack_form(client):
    game_id = recorded_game(client)
    act(client, game_id, "record-tally", {"player": "Verde", "church": "4", **TALLIES["Verde"]})  # a 3-way tie
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="rc-order-church"' in page and page.count('name="order"') == 3
    assert "Stacking order of the tie in Church (RC-F2)" in text(client.get(f"/games/{game_id}"))
    assert act(client, game_id, "reveal-plague", {"nuns": "3"}).status_code == 422
    act(client, game_id, "record-influence-order", {"influence_class": "church", "order": ["Verde", "Azul", "Rojo"]})
    assert act(client, game_id, "reveal-plague", {"nuns": "3"}).status_code == 303


@pytest.mark.parametrize(("kind", "data", "named"), [
    ("record-tally", {"player": "Rojo", "gold": "lots"}, "Rojo · Gold: must be an integer"),
    ("record-tally", {"player": "Rojo", "church": "-2"}, "Rojo · Church: must be an integer at least 0"),
    ("record-rats", {"player": "Azul", "rats": ""}, "Azul · Rat sum:"),
    ("record-treasury", {"used": "maybe"}, "Treasury used:"),
    ("record-influence-order", {"influence_class": "church", "order": ["Azul"]}, "Stacking order:"),
    ("reveal-plague", {"nuns": "6"}, "Nuns: must be an integer from 0 to 5"),
    ("reveal-plague", {"nuns": "3", "extra": "x"}, "extra: unknown field"),
])
def test_a_bad_field_is_named_and_nothing_is_recorded(app, client, kind, data, named):
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    recorded.RATTUS_CARTUS.refused(app, client, game_id, kind, data, named)


def test_a_refused_tally_keeps_what_was_typed_for_that_player(client):
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    response = act(client, game_id, "record-tally", {"player": "Azul", "church": "7", "gold": "x"})
    body = response.get_data(as_text=True)
    azul = body[body.index('id="rc-tally-2"'):body.index('id="rc-tally-3"')]
    assert 'value="7"' in azul and 'value="x"' in azul


def test_an_unknown_action_is_404_and_records_nothing(app, client):
    game_id = new_game(client)
    assert act(client, game_id, "win-the-game").status_code == 404
    assert seq(app, game_id) == 1


def test_a_double_submit_records_once(app, client):
    game_id = new_game(client)
    for _ in range(3):
        act(client, game_id, "end-round", {"key": "same-form"})
    assert seq(app, game_id) == 2 and "Round 2 of 9" in text(client.get(f"/games/{game_id}"))


# --- hidden information --------------------------------------------------------------------------


def normalised(body: str, game_id: str) -> str:
    """A page without what differs between two games anyway: ids, form keys, CSRF tokens."""
    body = body.replace(game_id, "GAME")
    return re.sub(r'name="(key|csrf_token)" value="[^"]*"', "", body)


def normalised_panel(client, game_id: str, query: str = "") -> str:
    return normalised(panel(client, game_id, query), game_id)


def test_nothing_on_any_page_depends_on_a_rat_sum_before_the_reveal(client):
    pages = []
    for rats in ("2", "8"):
        game_id = new_game(client)
        to_final_entry(client, game_id, 9)
        act(client, game_id, "record-tally", {"player": "Rojo", **TALLIES["Rojo"]})
        refused = act(client, game_id, "record-tally", {"player": "Rojo", "gold": "x"}, htmx=True)  # errors too
        act(client, game_id, "record-rats", {"player": "Rojo", "rats": rats})
        after_rats = act(client, game_id, "record-rats", {"player": "Azul", "rats": "oops"}, htmx=True)
        pages.append([
            normalised_panel(client, game_id),
            normalised_panel(client, game_id, "?seat=Rojo"),  # a seat in the URL proves nothing
            normalised(after_rats.get_data(as_text=True), game_id),
            normalised(refused.get_data(as_text=True), game_id),
        ])
        assert client.get(f"/games/{game_id}/export.jsonl").status_code == 403
    assert pages[0] == pages[1]
    assert re.search(r'Rojo ·\s*<span class="ok">recorded', pages[0][0])  # only that it is recorded


def test_rat_sums_are_typed_hidden_and_shown_after_the_reveal(client):
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert body.count('name="rats" type="password"') == 3
    record_everything(client, game_id)
    act(client, game_id, "reveal-plague", {"nuns": "3"})
    page = text(client.get(f"/games/{game_id}"))
    assert "Rojo 3 survives" in page and "Azul 2 survives" in page and "Verde 9 wiped out" in page
    assert client.get(f"/games/{game_id}/export.jsonl").status_code == 200


# --- other devices -------------------------------------------------------------------------------


def test_a_phone_that_has_not_joined_sees_nothing_and_changes_nothing(app, client, remote):
    game_id = new_game(client)
    assert remote.get(f"/games/{game_id}").status_code == 404
    assert remote.get(f"/games/{game_id}", headers=HX).status_code == 404
    assert act(remote, game_id, "end-round").status_code == 404
    assert remote.get("/rattus-cartus/new").status_code == 403  # host only (issue 10)
    assert remote.post("/rattus-cartus/new", data={"players": ["A", "B"]}).status_code == 403
    assert seq(app, game_id) == 1 and count_games(app) == 1
    with app.app_context():
        token = get_store().game(game_id)["join_token"]
    remote.get(f"/join/{token}")
    assert "Round 1 of 9" in text(remote.get(f"/games/{game_id}"))


# --- audit-only form -----------------------------------------------------------------------------


def audit_form(doc: dict) -> dict[str, str]:
    """The audit form filled from an audit document of cli-contracts.md."""
    form = {"treasury_used": "yes" if doc["treasury_used"] else "no", "nuns": str(doc["nuns"])}
    for i, player in enumerate(doc["players"]):
        form[f"p{i}.name"] = player["name"]
        form.update({f"p{i}.{c}": str(player["influence"][c]) for c in CLASSES})
        for field in ("hand_cards", "swords", "safe_conducts", "flutes", "gold", "vp_tokens", "rats"):
            form[f"p{i}.{field}"] = str(player[field])
    for cls, order in doc.get("influence_ties", {}).items():
        form[f"ties.{cls}"] = ", ".join(order)
    return form


def test_the_audit_form_gives_the_spec_example_with_every_line_explained(app, client):
    example = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus")
    page = recorded.RATTUS_CARTUS.audit_totals(client, audit_form(example["input"]), example["output"])
    assert re.search(r"Winner RC-F8 " + " · ".join(example["output"]["winners"]), page)
    assert "RC-F2" in page and "RC-F5" in page
    assert count_games(app) == 0  # nothing recorded


@pytest.mark.parametrize(("change", "named"), [
    ({"p1.gold": "lots"}, "Azul · Gold: must be a whole number"),
    ({"p1.gold": "-1"}, "Azul · Gold: must be a non-negative integer"),
    ({"ties.church": ""}, "Influence ties · Church:"),
    ({"ties.church": "Azul, Nobody"}, "Influence ties · Church, entry 2:"),
    ({"treasury_used": ""}, "Treasury used: choose yes or no"),
    ({"nuns": ""}, "Nuns: is required"),
    ({"nuns": "6"}, "Nuns: must be at most 5"),
    ({"p1.name": ""}, "Player 2 · Name:"),
])
def test_a_bad_audit_field_is_named_and_the_form_keeps_what_was_typed(client, change, named):
    example = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus")
    response = client.post("/rattus-cartus/audit", data={**audit_form(example["input"]), **change})
    assert response.status_code == 422
    assert any(named in message for message in alerts(response)), alerts(response)
    assert 'value="Verde"' in response.get_data(as_text=True)


def test_the_audit_form_is_listed_on_the_home_page_and_open_to_every_phone(client, remote):
    assert "/rattus-cartus/audit" in client.get("/").get_data(as_text=True)
    assert remote.get("/rattus-cartus/audit").status_code == 200


# --- table options and scoring ties (RC-F5, RC-F2) -------------------------------------------------


def finish_two_player_gold_tie(client, game_id: str) -> str:
    """Both players end with 2 Gold, the Treasury used (RC-F5); returns the final page as words."""
    to_final_entry(client, game_id, 10)
    for name, church in (("Rojo", "3"), ("Azul", "1")):
        assert act(client, game_id, "record-tally", {"player": name, "church": church, "gold": "2"}).status_code == 303
        assert act(client, game_id, "record-rats", {"player": name, "rats": "0"}).status_code == 303
    assert act(client, game_id, "record-treasury", {"used": "yes"}).status_code == 303
    assert act(client, game_id, "reveal-plague", {"nuns": "0"}).status_code == 303
    return text(client.get(f"/games/{game_id}"))


def test_rc_f5_the_new_game_form_offers_split_9_first_as_the_default(client):
    body = client.get("/rattus-cartus/new").get_data(as_text=True)
    select = body[body.index('id="rc-gold-tie"'):body.index("</select>", body.index('id="rc-gold-tie"'))]
    values = re.findall(r'<option value="(\w+)"', select)
    assert values == ["split_9", "split_6"] and "selected" not in select.split("split_6")[0]


def test_rc_f5_a_two_player_gold_tie_splits_9_by_default_and_the_page_names_the_option(client):
    game_id = new_game(client, players=("Rojo", "Azul"))
    assert "share the 9 VP, 4 each (the default, RC-F5)" in text(client.get(f"/games/{game_id}"))
    page = finish_two_player_gold_tie(client, game_id)
    assert re.search(r"RC-F5 Gold two players tied for most Gold cards: the 9 VP split \(the default[^)]*\) 4", page)
    assert "Scored with these table options" in page and "share the 9 VP, 4 each (the default, RC-F5)" in page


def test_rc_f5_split_6_chosen_in_the_new_game_form_is_kept_and_named(client):
    game_id = new_game(client, players=("Rojo", "Azul"), gold_two_player_tie="split_6")
    page = finish_two_player_gold_tie(client, game_id)
    assert re.search(r"RC-F5 Gold two players tied for most Gold cards: only the 6 VP split, by the table option 3",
                     page)
    assert "share only the 6 VP, 3 each (table option, RC-F5)" in page


def test_rc_f5_a_refused_new_game_form_keeps_the_split_6_choice(client):
    response = client.post("/rattus-cartus/new", data={"players": ["Rojo", "", "", "", ""],
                                                       "gold_two_player_tie": "split_6"})
    assert response.status_code == 422
    assert re.search(r'<option value="split_6" selected>', response.get_data(as_text=True))


FIVE = ("Rojo", "Azul", "Verde", "Amarillo", "Negro")


def five_player_end(client, church=("5", "4", "3", "1", "1"), sorcery=("0",) * 5) -> str:
    game_id = new_game(client, players=FIVE)
    to_final_entry(client, game_id, 8)
    for name, c, s in zip(FIVE, church, sorcery, strict=True):
        assert act(client, game_id, "record-tally", {"player": name, "church": c, "sorcery": s}).status_code == 303
        assert act(client, game_id, "record-rats", {"player": name, "rats": "0"}).status_code == 303
    assert act(client, game_id, "record-treasury", {"used": "no"}).status_code == 303
    return game_id


def test_rc_f2_the_end_screen_asks_no_order_for_a_tie_below_the_scoring_places(client):
    game_id = five_player_end(client)  # Amarillo and Negro tied 4th-5th in Church
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="rc-ties"' not in body and "Everything is recorded" in text(client.get(f"/games/{game_id}"))
    assert act(client, game_id, "reveal-plague", {"nuns": "0"}).status_code == 303


def test_rc_f2_the_end_screen_lists_every_scoring_tie_at_once(client):
    game_id = five_player_end(client, church=("5", "5", "3", "1", "1"), sorcery=("2", "0", "2", "0", "0"))
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="rc-order-church"' in body and 'id="rc-order-sorcery"' in body
    assert body.count('name="order"') == 4  # Rojo-Azul in Church, Rojo-Verde in Sorcery; not Amarillo-Negro
    page = text(client.get(f"/games/{game_id}"))
    assert "Stacking order of the tie in Church (RC-F2)" in page and "Stacking order of the tie in Sorcery" in page


def five_player_audit(**changes) -> dict[str, str]:
    example = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus"
                   and len(e["input"]["players"]) == 5)
    return {**audit_form(example["input"]), **changes}


def test_rc_f2_the_audit_form_scores_a_tie_below_the_scoring_places_without_an_order(client):
    response = client.post("/rattus-cartus/audit", data=five_player_audit())
    assert response.status_code == 200, alerts(response)
    assert re.search(r"Winner RC-F8 Negro", text(response))


def test_rc_f2_the_audit_form_asks_for_every_missing_scoring_tie_at_once(client):
    # Azul's Burghers 4 -> 2 ties Amarillo for 1st; Negro's Royalty 2 -> 3 ties Amarillo for 2nd.
    response = client.post("/rattus-cartus/audit", data=five_player_audit(**{"p1.burghers": "2", "p4.royalty": "3"}))
    assert response.status_code == 422
    body = response.get_data(as_text=True)
    needs = htmlmod.unescape(body[body.index('id="rc-audit-tie-needs"'):].split("</p>")[0])
    assert "Influence ties · Burghers: Azul, Amarillo are tied" in needs
    assert "Influence ties · Royalty: Amarillo, Negro are tied" in needs
    assert 'id="ties-burghers-need"' in body and 'id="ties-royalty-need"' in body
    assert 'id="ties-peasantry-need"' not in body  # 4th-5th: no order needed
    fixed = five_player_audit(**{"p1.burghers": "2", "p4.royalty": "3", "ties.burghers": "Amarillo, Azul",
                                 "ties.royalty": "Negro, Amarillo"})
    assert client.post("/rattus-cartus/audit", data=fixed).status_code == 200


@pytest.mark.parametrize(("option", "gold", "named"), [
    (None, 4, "share the 9 VP, 4 each (the default, RC-F5)"),
    ("split_9", 4, "share the 9 VP, 4 each (the default, RC-F5)"),
    ("split_6", 3, "share only the 6 VP, 3 each (table option, RC-F5)"),
])
def test_rc_f5_the_audit_form_two_player_gold_tie_for_each_option(client, option, gold, named):
    example = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus"
                   and len(e["input"]["players"]) == 2 and "gold_two_player_tie" not in e["input"])
    form = audit_form(example["input"])
    if option:
        form["gold_two_player_tie"] = option
    response = client.post("/rattus-cartus/audit", data=form)
    assert response.status_code == 200, alerts(response)
    page = text(response)
    notes = r"(the 9 VP split \(the default; no two-player exception\)|only the 6 VP split, by the table option)"
    assert re.search(rf"RC-F5 Gold two players tied for most Gold cards: {notes} {gold} ", page)
    assert named in page


def test_rc_f5_the_two_player_gold_option_is_not_shown_at_a_larger_table(client):
    game_id = new_game(client, gold_two_player_tie="split_6")  # three players: the option changes nothing
    page = text(client.get(f"/games/{game_id}"))
    assert "everyone loses (RC-F9)" in page and "tied for most Gold share" not in page
