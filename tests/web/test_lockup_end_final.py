"""Lockup end screen of finished games made by the random legal player: breakdown vs the audit,
the reputation chart, the audit trail, the table-count check and who may see it."""

from __future__ import annotations

import json
import random
from html.parser import HTMLParser

import pytest
import support

from companion.core.history import CommandUndone
from companion.games.lockup import audit, autoplay
from companion.games.lockup import events as E
from companion.games.lockup.engine import GAME, reputation_log
from companion.games.lockup.engine import start as lockup_start
from companion.solo_guard import playthrough
from companion.web import get_store
from companion.web.gameui.lockup.end import audit_doc, final_context

GAMES = [(1, 3, "standard"), (2, 1, "solo"), (5, 5, "advanced")]
PROFILE = support.MADE_UP_PROFILE_PATH


finished = support.played_lockup


class Tags(HTMLParser):
    """Start tags with their attributes, in document order."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def having(self, cls: str) -> list[dict]:
        return [a for _t, a in self.tags if cls in (a.get("class") or "").split()]


def store(app, chunks, title="Lockup night", finished_=True, kind="lockup"):
    """Store a game as commands (one per chunk of events); a chunk may be ("undo", i)."""
    with app.app_context():
        s = get_store()
        game = s.create_game(kind, title)
        keys = []
        for chunk in chunks:
            if isinstance(chunk, tuple):
                chunk = [CommandUndone(command_id=keys[chunk[1]])]
            key = f"{game['id']}-{len(keys)}"
            s.append(game["id"], s.last_seq(game["id"]), chunk, key)
            keys.append(key)
        s.set_status(game["id"], "finished" if finished_ else "active")
        return s.game(game["id"])


@pytest.fixture(params=GAMES, ids=lambda g: f"{g[2]}-{g[1]}p")
def game(request, app):
    events, state = finished(*request.param)
    return store(app, [events]), events, state


def test_totals_and_lines_equal_the_audit_on_the_same_end_state(client, game):
    row, _events, state = game
    page = Tags(client.get(f"/lockup/{row['id']}/end").get_data(as_text=True))
    expected = audit.run(audit_doc(state))
    shown = {a["data-seat"]: int(t["data-total"]) for a, t in zip(page.having("player-score"), page.having("total"),
                                                                   strict=True)}
    assert shown == {p["name"]: p["total"] for p in expected["players"]}
    assert expected["players"] == [dict(p) for p in state.result["players"]]  # the engine agrees with the CLI


def test_every_line_cites_its_rule_and_the_lines_add_up(app, game):
    row, _events, state = game
    with app.test_request_context():
        score = final_context(state, row)["final"]["score"]
    for p in score["players"]:
        assert [line["rule"].split(" · ")[0] for line in p["lines"]] == [
            "L-F", "L-F1", "L-F2", "L-F3", "L-F4", "L-F5", "L-F6"]
        assert sum(line["points"] for line in p["lines"]) == p["total"]
        assert sum(g["points"] for g in p["goons"]) == p["lines"][3]["points"]
    assert score["verdict_rule"] == ("L-SO14" if state.mode == "solo" else "L-F7")
    assert [p["name"] for p in score["players"] if p["winner"]] == list(state.result["winners"])


def reputation_at_round_ends(events) -> dict[str, list[int]]:
    """Independently of the chart code: fold event by event, note the track when a round ends."""
    state, ends = None, []
    for event in events:
        if isinstance(event, E.RoundStarted):
            ends.append({n: s.reputation for n, s in state.seats.items()})
        state = GAME.evolve(state, event)
    ends.append({n: s.reputation for n, s in state.seats.items()})
    return {n: [end[n] for end in ends] for n in state.seating}


def test_chart_has_one_point_per_round_per_player_with_the_track_values(client, game):
    row, events, state = game
    points = Tags(client.get(f"/lockup/{row['id']}/end").get_data(as_text=True)).having("point")
    assert len(points) == 6 * len(state.seating)
    drawn = {n: [int(p["data-value"]) for p in points if p["data-seat"] == n] for n in state.seating}
    assert {n: [int(p["data-round"]) for p in points if p["data-seat"] == n] for n in state.seating} == {
        n: [1, 2, 3, 4, 5, 6] for n in state.seating}
    assert drawn == reputation_at_round_ends(events)
    assert all(0 <= float(p["cy"]) <= 220 and 0 <= float(p["cx"]) <= 340 for p in points)


def test_audit_trail_lists_every_reputation_change_with_its_stored_event(app, client):
    events, state = finished(1, 3, "standard")
    k = next(i for i, e in enumerate(events) if isinstance(e, E.ReputationChanged))
    bogus = E.ReputationChanged(seat="Ana", delta=99, rule="L-IT1", reason="undone, never counts")
    # An undone command in the middle shifts the stored seq away from the event index.
    row = store(app, [events[:k], [bogus], ("undo", 1), events[k:]])
    html = client.get(f"/lockup/{row['id']}/end").get_data(as_text=True)
    rows = Tags(html).having("rep-change")
    log = reputation_log(state)
    assert len(rows) == len(log) and "undone, never counts" not in html
    assert [(r["data-seat"], int(r["data-delta"]), r["data-rule"]) for r in rows] == [
        (e["seat"], e["delta"], e["rule"]) for e in log]
    with app.app_context():
        stored = {r.seq: r for r in get_store().events(row["id"])}
    during_play = [r for r in rows if "data-seq" in r]
    assert len(during_play) == sum(e["event"] is not None for e in log) > 0
    for r in during_play:
        record = stored[int(r["data-seq"])]
        if record.type == "game-started":  # the starting value of the track
            start = next(p for p in record.payload["players"] if p["name"] == r["data-seat"])
            assert start["reputation"] == int(r["data-delta"]) and "start" in r["class"].split()
        else:
            assert record.type == "reputation-changed" and record.payload["seat"] == r["data-seat"]
            assert record.payload["delta"] == int(r["data-delta"])
    assert sum(stored[int(r["data-seq"])].type == "reputation-changed" for r in during_play) > 0


def check_names(client, row) -> list[str]:
    page = Tags(client.get(f"/lockup/{row['id']}/end").get_data(as_text=True))
    return [a["data-seat"] for a in page.having("check-row")]


def test_table_count_highlights_exactly_the_wrong_totals(client, app):
    events, state = finished(5, 5, "advanced")
    row = store(app, [events])
    totals = {p["name"]: p["total"] for p in state.result["players"]}
    names = check_names(client, row)
    typed = {names[0]: totals[names[0]], names[1]: totals[names[1]] + 3, names[2]: "",
             names[3]: totals[names[3]] - 1, names[4]: totals[names[4]]}
    form = {f"count-{i}": str(typed[n]) for i, n in enumerate(names)}
    response = client.post(f"/lockup/{row['id']}/end/check", data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    differing = [a["data-seat"] for a in Tags(html).having("check-row") if "diff" in a["class"].split()]
    assert differing == [names[1], names[3]]
    assert "2 totals differ." in html and f'value="{totals[names[1]] + 3}"' in html
    assert "+3" in html and "−1" in html


def test_table_count_by_htmx_answers_with_the_section_only(client, app):
    events, state = finished(2, 1, "solo")
    row = store(app, [events])
    totals = {p["name"]: p["total"] for p in state.result["players"]}
    form = {f"count-{i}": str(totals[n]) for i, n in enumerate(check_names(client, row))}
    response = client.post(f"/lockup/{row['id']}/end/check", data=form, headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.lstrip().startswith('<section id="lockup-check"')
    assert "<html" not in html and "Every counted total matches." in html and 'class="check-row diff"' not in html


def test_table_count_with_a_word_names_the_player_and_keeps_what_was_typed(client, app):
    events, _state = finished(1, 3, "standard")
    row = store(app, [events])
    names = check_names(client, row)
    response = client.post(f"/lockup/{row['id']}/end/check", data={"count-0": "forty", "count-1": "12"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert f"Counted total for {names[0]}: type a whole number" in html
    assert 'value="forty"' in html and 'value="12"' in html


def test_end_screen_is_refused_while_the_game_is_in_progress(client, app):
    setup = autoplay.make_setup(random.Random(7), 3)
    row = store(app, [lockup_start(setup)], finished_=False)
    for url in (f"/lockup/{row['id']}/end", f"/lockup/{row['id']}/end/bgstats.json"):
        response = client.get(url)
        assert response.status_code == 403 and b"hidden information" in response.data
    assert client.post(f"/lockup/{row['id']}/end/check", data={"count-0": "1"}).status_code == 403
    with app.test_request_context():
        state = GAME.fold(lockup_start(setup))
        assert final_context(state, row) == {"final": None}


def test_end_screen_is_hidden_from_other_devices_and_other_games(client, remote, app):
    events, _state = finished(1, 3, "standard")
    row = store(app, [events])
    assert remote.get(f"/lockup/{row['id']}/end").status_code == 404
    assert client.get("/lockup/no-such-game/end").status_code == 404
    with app.app_context():
        other = get_store().create_game("test-tally", "Not Lockup")
    assert client.get(f"/lockup/{other['id']}/end").status_code == 404


def test_a_solo_game_against_the_automaton_has_the_same_end_screen(client, app):
    events, _lines, solo = playthrough.play("expert", json.loads(PROFILE.read_text()), 7)
    row = store(app, [events], kind="lockup-solo")
    page = Tags(client.get(f"/lockup/{row['id']}/end").get_data(as_text=True))
    expected = audit.run(audit_doc(solo.game))
    assert {a["data-seat"]: int(t["data-total"]) for a, t in zip(page.having("player-score"), page.having("total"),
                                                                  strict=True)} == {
        p["name"]: p["total"] for p in expected["players"]}
    assert len(page.having("point")) == 12 and len(page.having("rep-change")) == len(reputation_log(solo.game))
    with app.test_request_context():
        assert final_context(solo, row)["final"]["score"]["verdict_rule"] == "L-SO14"
