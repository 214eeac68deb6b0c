"""Ragami through the app (Flask client): new game, live tracking (VP with causes RG-V, conflicts,
white cubes, Virtue dice, location tokens), RG-T3 reminders, the end announced at the end of its
round (RG-E1), final conversion, bonus and winner (RG-E2…RG-E4), the audit form; bad fields
named with nothing recorded; other phones see nothing without joining."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import support
from support import HX, alerts, count_games, recorded, seq, text

from companion.web import get_store

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = list(support.examples())
EXAMPLE = next(e for e in EXAMPLES if e["command"] == "companion audit ragami")


def new_game(client, players=("Ama", "Ver", "Azu"), colours=("", "", ""), start_seat="0") -> str:
    data = {"players": list(players), "colours": list(colours), "start_seat": start_seat}
    response = client.post("/ragami/new", data=data)
    assert response.status_code == 303, alerts(response)
    return response.location.rsplit("/", 1)[-1]


def act(client, game_id: str, kind: str, data: dict | None = None, htmx: bool = False):
    return client.post(f"/ragami/{game_id}/{kind}", data=data or {}, headers=HX if htmx else {})


def ok(client, game_id: str, kind: str, data: dict | None = None) -> None:
    response = act(client, game_id, kind, data)
    assert response.status_code == 303, alerts(response)


def row(client, game_id: str, player_index: int) -> list[str]:
    """VP, conflicts, white cubes and Virtue die of one scoreboard row."""
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    start = body.index(f'id="rg-row-{player_index}"')
    cells = re.findall(r'<td class="num[^"]*">([^<]*)</td>', body[start:body.index("</tr>", start)])
    return [c.strip() for c in cells]


def resolve(client, game_id: str, player: str, die: int, **extra) -> None:
    ok(client, game_id, "resolve-conflict", {"player": player, "die_value": str(die), "helper": "",
                                             "white_cubes_spent": "0", "virtue_spent": "0", **extra})


# --- new game ----------------------------------------------------------------------------------


def test_new_game_with_colours_and_start_player(client):
    game_id = new_game(client, ("Ama", "Ver"), ("", "purple"), start_seat="1")
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="rg-dot rg-yellow" title="yellow"' in page and 'class="rg-dot rg-purple"' in page  # RG-T1
    assert "Start player: Ver" in text(client.get(f"/games/{game_id}"))


@pytest.mark.parametrize(("data", "named"), [
    ({"players": ["Ama", "", "", ""], "start_seat": ""}, "Players: enter at least 2 player names"),
    ({"players": ["Ama", "Ver", "", ""], "colours": ["green", "green"], "start_seat": ""},
     "Seat 2: the same colour as seat 1"),
    ({"players": ["Ama", "Ver", "", ""], "colours": ["red", ""], "start_seat": ""},
     "Ama · Colour: is not one of the choices"),
    ({"players": ["Ama", "Ver", "", ""], "start_seat": "2"}, "Start player: choose a seat with a name"),
])
def test_a_bad_new_game_form_names_the_field_and_creates_nothing(app, client, data, named):
    response = client.post("/ragami/new", data=data)
    assert response.status_code == 422
    assert any(named in message for message in alerts(response)), alerts(response)
    assert count_games(app) == 0 and 'value="Ama"' in response.get_data(as_text=True)


# --- live tracking -----------------------------------------------------------------------------


def test_a_conflict_gives_die_vp_saint_vp_helper_cubes_and_spends(client):
    game_id = new_game(client)
    ok(client, game_id, "gain-white-cubes", {"player": "Ama", "count": "3", "reason": "card"})
    resolve(client, game_id, "Ama", 5, saints=["Ver", "Azu"], helper="Azu", white_cubes_spent="2",
            virtue_spent="1")
    assert row(client, game_id, 1) == ["5", "1", "1", "off"]  # RG-V3, RG-T5; die 1 - 1 = 0
    assert row(client, game_id, 2) == ["1", "0", "0", "1"]  # RG-V4 saint
    assert row(client, game_id, 3) == ["1", "0", "2", "1"]  # saint, and the helping Ragami's 2 cubes (RG-T4)
    page = text(client.get(f"/games/{game_id}"))
    assert "VP of Ama: conflict resolved (RG-V3) 5" in page
    assert "Ver +1 VP · saint on a resolved conflict (RG-V4)" in page


def test_demons_conversions_cubes_and_virtue_die(client):
    game_id = new_game(client)
    ok(client, game_id, "purify-demons", {"player": "Ver", "demons": "3"})  # RG-V2
    ok(client, game_id, "gain-white-cubes", {"player": "Ver", "count": "5", "reason": "saint-placed"})
    ok(client, game_id, "convert-white-cubes", {"player": "Ver", "vp": "2"})  # RG-V1: 4 cubes
    ok(client, game_id, "spend-white-cubes", {"player": "Ver", "count": "1"})
    ok(client, game_id, "set-virtue-die", {"player": "Ver", "value": "6", "reason": "round-setup"})
    ok(client, game_id, "convert-virtue", {"player": "Ver", "vp": "1"})  # RG-V5: 3 points
    assert row(client, game_id, 2) == ["6", "0", "0", "3"]
    page = text(client.get(f"/games/{game_id}"))
    assert ("VP of Ver: demons purified (RG-V2) 3 · white cubes converted (RG-V1) 2 · Virtue die converted (RG-V5) 1"
            in page)


def test_location_tokens_are_ticked_once_each(app, client):
    game_id = new_game(client)
    ok(client, game_id, "use-location-tokens", {"tokens": ["4", "17"]})
    body = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'value="17" checked disabled' in body and "Location tokens left: 28 of 30" in text(client.get(
        f"/games/{game_id}"))
    before = seq(app, game_id)
    response = act(client, game_id, "use-location-tokens", {"tokens": ["17"]})
    assert response.status_code == 422 and "Location token 17 is already used (RG-T2)" in alerts(response)[0]
    assert seq(app, game_id) == before


def test_round_setup_reminders_from_the_second_round(client):
    game_id = new_game(client, start_seat="0")  # Ama, Ver, Azu clockwise
    page = text(client.get(f"/games/{game_id}"))
    assert "Round 1" in page and "RG-T3.1" not in page
    ok(client, game_id, "end-round")
    page = text(client.get(f"/games/{game_id}"))
    assert "Round 2" in page and "Start player: Ver" in page  # passed left (RG-T3)
    assert "RG-T3.1 Ver takes the first player cube" in page
    assert "RG-T3.6 Ama rolls the 3 action dice" in page  # last in turn order
    for step in ("RG-T3.2", "RG-T3.3", "RG-T3.4", "RG-T3.5"):
        assert step in page


@pytest.mark.parametrize(("kind", "data", "named"), [
    ("resolve-conflict", {"player": "Ama", "die_value": "9"}, "Ama · Conflict die: must be an integer from 1 to 6"),
    ("resolve-conflict", {"player": "Ama", "die_value": "3", "white_cubes_spent": "many"}, "White cubes spent"),
    ("resolve-conflict", {"player": "Ama", "die_value": "3", "white_cubes_spent": "2"}, "only 0 white cubes (RG-T4)"),
    ("resolve-conflict", {"player": "Ama", "die_value": "3", "saints": ["Ama"]}, "own saint (RG-T4)"),
    ("purify-demons", {"player": "Ver", "demons": "x"}, "Ver · Demons purified:"),
    ("convert-white-cubes", {"player": "Ver", "vp": "1"}, "needs 2 white cubes"),
    ("convert-virtue", {"player": "Ver", "vp": "1"}, "(RG-V5)"),
    ("set-virtue-die", {"player": "Ver", "value": "7"}, "Ver · Virtue die: must be an integer from 0 to 6"),
    ("set-virtue-die", {"player": "Ver", "value": "3", "reason": "moved"}, "shows 1 (RG-T3)"),
    ("use-location-tokens", {"tokens": ["31"]}, "Location tokens, entry 1: must be an integer from 1 to 30"),
    ("use-location-tokens", {}, "Location tokens: is required"),
    ("gain-white-cubes", {"player": "Nobody", "count": "1"}, "Nobody is not playing this game"),
    ("end-round", {"now": "yes"}, "now: unknown field"),
])
def test_a_bad_field_or_illegal_action_is_named_and_nothing_is_recorded(app, client, kind, data, named):
    recorded.RAGAMI.refused(app, client, new_game(client), kind, data, named)


def test_undo_is_an_event_and_restores_the_scoreboard(app, client):
    game_id = new_game(client)
    resolve(client, game_id, "Ama", 4)
    support.undo(client, game_id, "undo", key="u1")
    assert row(client, game_id, 1) == ["0", "0", "0", "1"]
    assert seq(app, game_id) == 3


def test_export_is_allowed_during_the_game(client):
    game_id = new_game(client)
    resolve(client, game_id, "Ama", 4)
    response = client.get(f"/games/{game_id}/export.jsonl")
    assert response.status_code == 200 and b"ragami-vp-gained" in response.data


# --- end of game ---------------------------------------------------------------------------------


def play_to_thirty(client, game_id: str) -> None:
    """Ama reaches 30 VP with five conflicts; Ver reaches 37 with one conflict and demons."""
    for _ in range(5):
        resolve(client, game_id, "Ama", 6)
    resolve(client, game_id, "Ver", 6)
    for demons in ("6", "6", "6", "6", "3"):
        ok(client, game_id, "purify-demons", {"player": "Ver", "demons": demons})


def test_thirty_vp_warns_of_the_last_round_and_the_end_comes_when_it_ends(app, client):
    game_id = new_game(client, ("Ama", "Ver"), ("", ""))
    play_to_thirty(client, game_id)
    page = text(client.get(f"/games/{game_id}"))
    assert "This is the last round: a player reached 30 VP. The game ends when this round ends (RG-E1)." in page
    ok(client, game_id, "gain-white-cubes", {"player": "Ver", "count": "2"})  # the round goes on
    ok(client, game_id, "end-round")
    page = text(client.get(f"/games/{game_id}"))
    assert "The game ended at the end of round 1: a player reached 30 VP." in page
    before = seq(app, game_id)
    response = act(client, game_id, "purify-demons", {"player": "Ama", "demons": "1"})
    assert response.status_code == 422 and "(RG-E2)" in alerts(response)[0] and seq(app, game_id) == before


def test_final_conversion_bonus_and_the_conflicts_tie_break(client):
    game_id = new_game(client, ("Ama", "Ver"), ("", ""))
    play_to_thirty(client, game_id)
    ok(client, game_id, "end-round")
    ok(client, game_id, "finish-game")
    page = text(client.get(f"/games/{game_id}"))
    assert "Ama 37 VP · 5 conflicts resolved · winner" in page  # 30 + 7 (RG-E3)
    assert "Ver 37 VP · 1 conflict resolved" in page  # 33 + 4 (RG-E3)
    assert "Tie on VP broken by the most conflicts resolved (RG-E4)." in page
    assert "RG-E1 Virtue Points on the track 30" in page and "RG-E3 most conflicts resolved (5) 7" in page


def test_white_cubes_convert_at_the_end_and_leftovers_convert_at_scoring(client):
    game_id = new_game(client, ("Ama", "Ver"), ("", ""))
    ok(client, game_id, "gain-white-cubes", {"player": "Ver", "count": "7"})
    ok(client, game_id, "use-location-tokens", {"tokens": [str(t) for t in range(1, 31)]})
    assert "the location tokens ran out" in text(client.get(f"/games/{game_id}"))
    ok(client, game_id, "end-round")
    ok(client, game_id, "convert-white-cubes", {"player": "Ver", "vp": "2"})  # RG-E2 during the final phase
    response = act(client, game_id, "finish-game", htmx=True)
    assert response.status_code == 200 and "rg-outcome" in response.get_data(as_text=True)
    page = text(client.get(f"/games/{game_id}"))
    assert "RG-E2 3 white cubes converted 2 to 1 1" in page and "Ver 3 VP" in page
    assert "RG-E4" in page


# --- other devices -------------------------------------------------------------------------------


def test_a_phone_that_has_not_joined_sees_nothing_and_changes_nothing(app, client, remote):
    game_id = new_game(client)
    assert remote.get(f"/games/{game_id}").status_code == 404
    assert act(remote, game_id, "end-round").status_code == 404
    assert remote.get(f"/games/{game_id}/export.jsonl").status_code == 404
    assert remote.get("/ragami/new").status_code == 403  # host only (issue 10)
    assert seq(app, game_id) == 1
    with app.app_context():
        code = get_store().game(game_id)["table_code"]
    remote.post("/join", data={"code": code})
    assert "Round 1" in text(remote.get(f"/games/{game_id}"))


# --- audit-only form -----------------------------------------------------------------------------


def audit_form(doc: dict) -> dict[str, str]:
    form = {}
    for i, player in enumerate(doc["players"]):
        form.update({f"p{i}.{key}": str(value) for key, value in player.items()})
    return form


def test_the_audit_form_gives_the_spec_example_explained(app, client):
    page = recorded.RAGAMI.audit_totals(client, audit_form(EXAMPLE["input"]), EXAMPLE["output"])
    assert re.search(r"Winner RG-E4 " + " · ".join(EXAMPLE["output"]["winners"]), page)
    assert "RG-E3 most conflicts resolved (6) 7" in page and "RG-E3 second most conflicts resolved (3) 4" in page
    assert count_games(app) == 0


@pytest.mark.parametrize(("change", "named"), [
    ({"p1.vp": "lots"}, "Verde · VP: must be a whole number"),
    ({"p2.conflicts": "-1"}, "Azul · Conflicts resolved: must be a non-negative integer"),
    ({"p1.name": "Amarillo"}, "Player 2 · Name: duplicate name 'Amarillo'"),
])
def test_a_bad_audit_field_is_named(client, change, named):
    response = client.post("/ragami/audit", data={**audit_form(EXAMPLE["input"]), **change})
    assert response.status_code == 422
    assert any(named in message for message in alerts(response)), alerts(response)


def test_an_audit_with_one_player_is_refused(client, remote):
    response = remote.post("/ragami/audit", data={"p0.name": "Solo", "p0.vp": "3"})
    assert response.status_code == 422 and "Players: must have 2 to 4 entries" in alerts(response)[0]


# --- RG-I1 table option ----------------------------------------------------------------------------


def start_with_option(client, values: list[str] | None) -> str:
    """A two-player game; ``values`` is what the form posts for ``bonus_needs_conflict`` (None: nothing)."""
    data = {"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"}
    if values is not None:
        data["bonus_needs_conflict"] = values
    response = client.post("/ragami/new", data=data)
    assert response.status_code == 303, alerts(response)
    return response.location.rsplit("/", 1)[-1]


def finish_with_zero_conflicts(client, game_id: str) -> str:
    """Ama resolves five 6s (30 VP); Ver purifies 36 demons' worth of VP and resolves nothing (RG-I1)."""
    for _ in range(5):
        resolve(client, game_id, "Ama", 6)
    for _ in range(6):
        ok(client, game_id, "purify-demons", {"player": "Ver", "demons": "6"})
    ok(client, game_id, "end-round")
    ok(client, game_id, "finish-game")
    return text(client.get(f"/games/{game_id}"))


def test_rg_i1_the_new_game_form_offers_the_option_ticked(client):
    body = client.get("/ragami/new").get_data(as_text=True)
    assert '<input type="hidden" name="bonus_needs_conflict" value="off">' in body
    box = re.search(r'<input type="checkbox" name="bonus_needs_conflict"[^>]*>', body).group(0)
    assert "checked" in box and 'value="on"' in box


@pytest.mark.parametrize("values", [None, ["off", "on"]])
def test_rg_i1_on_by_default_shown_on_the_game_page_and_with_the_result(app, client, values):
    game_id = start_with_option(client, values)
    assert "Table option (RG-I1), on" in text(client.get(f"/games/{game_id}"))
    with app.app_context():
        [started] = [e for e in get_store().events(game_id) if e.type == "ragami-game-started"]
    assert started.payload["bonus_needs_conflict"] is True and started.version == 2
    page = finish_with_zero_conflicts(client, game_id)
    assert "Ama 37 VP" in page and "Ver 36 VP" in page and re.search(r"Winner RG-E4 Ama ", page)
    assert "Table option (RG-I1), on" in page and "It applied: no bonus for Ver (+4)" in page


def test_rg_i1_off_unticked_in_the_form_lets_0_conflicts_take_the_bonus(app, client):
    game_id = start_with_option(client, ["off"])
    assert "Table option (RG-I1), off" in text(client.get(f"/games/{game_id}"))
    page = finish_with_zero_conflicts(client, game_id)
    assert "Ver 40 VP" in page and re.search(r"Winner RG-E4 Ver ", page)
    assert "RG-E3 second most conflicts resolved (0; RG-I1 table option off) 4" in page
    assert "With the option off, Ver (+4) took the bonus" in page


def test_rg_i1_a_refused_new_game_form_keeps_the_box_unticked(client):
    response = client.post("/ragami/new", data={"players": ["Ama", ""], "bonus_needs_conflict": ["off"]})
    assert response.status_code == 422
    box = re.search(r'<input type="checkbox" name="bonus_needs_conflict"[^>]*>', response.get_data(as_text=True))
    assert "checked" not in box.group(0)


OFF_EXAMPLE = next(e for e in EXAMPLES if e["command"] == "companion audit ragami"
                   and e["input"].get("bonus_needs_conflict") is False)


@pytest.mark.parametrize(("values", "winner", "verde"), [
    (["off"], "Verde", "35"),  # the example: option off
    (["off", "on"], "Amarillo", "31"),
    (None, "Amarillo", "31"),  # a post without the field keeps the default (on)
])
def test_rg_i1_the_audit_form_for_each_option_value(client, values, winner, verde):
    form = audit_form(OFF_EXAMPLE["input"])
    if values is not None:
        form["bonus_needs_conflict"] = values
    response = client.post("/ragami/audit", data=form)
    assert response.status_code == 200, alerts(response)
    page = text(response)
    assert re.search(rf"Winner RG-E4 {winner} ", page) and f"Verde {verde} VP" in page
    assert "Table option (RG-I1), " + ("off" if values == ["off"] else "on") in page
    box = re.search(r'<input type="checkbox" name="bonus_needs_conflict"[^>]*>', response.get_data(as_text=True))
    assert ("checked" in box.group(0)) == (values != ["off"])  # the form keeps the choice
