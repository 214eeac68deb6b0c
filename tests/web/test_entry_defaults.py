"""Entry the table checks itself (issue 23): Ragami's conflict die has no default and the turn's end
comes after the turn's forms; an influence tie (RC-F2) is never pre-filled in seating order, and the
audit form reads tied names whatever their case."""

from __future__ import annotations

import re

from support import alerts, recorded, seq, text
from web.test_rc_web import EXAMPLES, audit_form, recorded_game

RAGAMI = recorded.RAGAMI


def ragami_game(client) -> str:
    return RAGAMI.start(client, {"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})


def test_rg_v3_the_conflict_die_starts_blank_and_a_blank_die_is_refused_by_name(app, client):
    game_id = ragami_game(client)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    die = re.search(r'<select id="rg-resolve-die".*?</select>', page, re.S).group(0)
    assert 'required' in die and re.search(r'<option value="" selected>choose</option>', die)
    assert "<option selected>" not in die  # no face chosen for the table
    RAGAMI.refused(app, client, game_id, "resolve-conflict", {"player": "Ama", "die_value": ""}, "Conflict die")
    RAGAMI.ok(client, game_id, "resolve-conflict", {"player": "Ama", "die_value": "4"})


def test_the_turn_ends_after_the_turns_forms(client):
    page = client.get(f"/games/{ragami_game(client)}").get_data(as_text=True)
    forms = [page.index(f'id="{form}"') for form in ("rg-resolve", "rg-more-vp", "rg-cubes-virtue", "rg-tokens")]
    assert max(forms) < page.index('id="rg-end-turn"') < page.index('id="rg-pass"') < page.index('id="rg-board"')
    assert page.index('id="rg-round"') < min(forms)  # whose turn still leads the page


def test_rc_f2_a_tie_is_asked_blank_not_in_seating_order_and_a_blank_place_is_refused(app, client):
    game_id = recorded_game(client)
    client.post(f"/rattus-cartus/{game_id}/record-tally", data={"player": "Verde", "church": "4"})  # a 3-way tie
    form = re.search(r'<form[^>]*id="rc-order-church".*?</form>', client.get(f"/games/{game_id}").get_data(
        as_text=True), re.S).group(0)
    selects = re.findall(r"<select[^>]*>.*?</select>", form, re.S)
    assert len(selects) == 3 and all('<option value="" selected>choose</option>' in s for s in selects)
    assert all("<option selected>" not in s for s in selects)
    before = seq(app, game_id)
    answer = client.post(f"/rattus-cartus/{game_id}/record-influence-order",
                         data={"influence_class": "church", "order": ["Verde", "", ""]})
    assert answer.status_code == 422 and any("Stacking order, entry 2" in a for a in alerts(answer)), alerts(answer)
    assert seq(app, game_id) == before


def test_rc_f2_the_recorded_order_is_shown_back_in_its_places(client):
    game_id = recorded_game(client)  # Church: Azul then Rojo recorded
    form = re.search(r'<form[^>]*id="rc-order-church".*?</form>', client.get(f"/games/{game_id}").get_data(
        as_text=True), re.S).group(0)
    assert re.findall(r"<option selected>(\w+)</option>", form) == ["Azul", "Rojo"]
    assert 'value="" selected' not in form


def test_rc_f2_audit_ties_are_read_whatever_their_case(client):
    example = next(e for e in EXAMPLES if e["command"] == "companion audit rattus-cartus")
    form = audit_form(example["input"])
    expected = text(client.post("/rattus-cartus/audit", data=form))
    shouted = {k: (v.swapcase() if k.startswith("ties.") else v) for k, v in form.items()}
    assert any(k.startswith("ties.") for k in form) and shouted != form
    answer = client.post("/rattus-cartus/audit", data=shouted)
    assert answer.status_code == 200, alerts(answer)
    assert text(answer) == expected  # the same scores, tie-breaks and winner
