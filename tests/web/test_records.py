"""Records (issue 24): figures from seeded whole games equal the same figures computed here from
the games' own folds; the projection kept live equals the one rebuilt from the log; CSV and BG
Stats files round-trip; an import merges without duplicates; host-only changes, read-only phones."""

from __future__ import annotations

import csv
import io
import json
from functools import cache

import pytest
import support

from companion.core import records as R
from companion.solo_guard.automaton import SOLO
from companion.web import get_store
from companion.web.records import files, projection

RAGAMI_PLAYERS = ("Olvu", "Zenta", "Kesto")


def post(client, url: str, data: dict) -> str:
    answer = client.post(url, data=data)
    assert answer.status_code == 303, (url, support.alerts(answer))
    return answer.location.rsplit("/", 1)[-1]


def ragami_game(client, leaders: tuple[str, ...]) -> str:
    """A Ragami game played through the app's forms: each of ``leaders`` resolves five conflicts
    (30 VP, RG-E1), then the round and the game end (every command goes through play.execute: the
    live projection). Two leaders end level on VP and conflicts: a shared win (RG-E4)."""
    game_id = post(client, "/ragami/new", {"players": list(RAGAMI_PLAYERS), "colours": ["", "", ""],
                                           "start_seat": "0"})
    for leader in leaders:
        for _ in range(5):
            post(client, f"/ragami/{game_id}/resolve-conflict",
                 {"player": leader, "die_value": "6", "helper": "", "white_cubes_spent": "0", "virtue_spent": "0"})
    post(client, f"/ragami/{game_id}/end-round", {})
    post(client, f"/ragami/{game_id}/finish-game", {})
    return game_id


SOLO_SEEDS = (("easy", 7), ("easy", 8), ("demanding", 9), ("expert", 7))
solo_commands = cache(support.solo_lockup_commands)  # each whole game played once per test run
lockup_commands = cache(support.lockup_commands)


@pytest.fixture
def seeded(app, client):
    """Solo Lockup games at three levels (stored from the log), a 3-player Lockup game, and two
    Ragami games played through the forms (one a tie between two players)."""
    support.store_profile(app)
    solo = {}
    for difficulty, seed in SOLO_SEEDS:
        commands = solo_commands(seed, difficulty)
        solo[support.store_commands(app, "lockup-solo", commands, f"Solo {difficulty} {seed}", finished=True)] = \
            SOLO.fold([e for c in commands for e in c])
    multi = support.store_commands(app, "lockup", lockup_commands(5, 3), "Table night", finished=True)
    tie, won = ragami_game(client, ("Olvu", "Zenta")), ragami_game(client, ("Olvu",))
    return {"solo": solo, "multi": multi, "tie": tie, "won": won}


def plays_of(app, kind: str) -> list[dict]:
    with app.test_request_context():
        store = get_store()
        projection.catch_up(store)
        return projection.plays(store, kind)


def test_solo_records_by_level_equal_the_games_own_results(app, seeded):
    """L-SO14: the player wins only above the guards; the figures by level, margins and streaks."""
    expected: dict[str, list] = {}
    for state in seeded["solo"].values():
        result = state.game.result
        me = next(p for p in result["players"] if p["name"] != "guards")
        guards = next(p for p in result["players"] if p["name"] == "guards")
        expected.setdefault(f"standard/{state.difficulty}", []).append(
            (me["total"], me["name"] in result["winners"], me["total"] - guards["total"]))
    solo = [p for p in plays_of(app, "lockup") if p["mode"] == "solo"]
    levels = {lv.level: lv for lv in R.by_level(solo, ()) if lv.games}
    assert set(levels) == set(expected) == {"standard/easy", "standard/demanding", "standard/expert"}
    for level, games in expected.items():
        assert (levels[level].games, levels[level].wins, levels[level].best) == \
            (len(games), sum(w for _s, w, _m in games), max(s for s, _w, _m in games))
    assert sorted(R.margin(p) for p in solo) == sorted(m for g in expected.values() for _s, _w, m in g)
    for level, games in expected.items():  # the win rate shown: wins over games
        assert levels[level].rate == sum(w for _s, w, _m in games) / len(games)
    by_id = {p["game_id"]: p for p in solo}
    for game_id, state in seeded["solo"].items():  # the curve ends where the track ended (L-RD6)
        me = state.game.seating[0]
        assert len(by_id[game_id]["curve"]) == 6 and by_id[game_id]["curve"][-1] == state.game.seats[me].reputation
    won = [me_won for _id, me_won in sorted((p["ended"], p["players"][0]["winner"]) for p in solo)]
    longest = run = 0
    for flag in won:
        run = run + 1 if flag else 0
        longest = max(longest, run)
    assert R.streaks(solo) == (run, longest)


def test_how_a_lockup_table_won_equals_its_final_scoring(app, seeded):
    """L-F: the average points of each scoring line, over the winners and over everyone."""
    state = support.game_state(app, seeded["multi"])
    result = state.result
    [play] = [p for p in plays_of(app, "lockup") if p["mode"] == "multi"]
    winners = [p for p in result["players"] if p["name"] in result["winners"]]
    for category in result["players"][0]["breakdown"]:
        assert R.parts([play], True)[category] == round(sum(p["breakdown"][category] for p in winners)
                                                        / len(winners), 1)
        assert R.parts([play], False)[category] == round(sum(p["breakdown"][category] for p in result["players"])
                                                         / len(result["players"]), 1)


def test_multiplayer_records_count_a_tie_as_a_win_for_everyone_tied(app, seeded):
    plays = plays_of(app, "ragami")
    assert {p["game_id"] for p in plays} == {seeded["tie"], seeded["won"]}
    tie = next(p for p in plays if p["game_id"] == seeded["tie"])
    assert [s["name"] for s in tie["players"] if s["winner"]] == ["Olvu", "Zenta"]  # level: shared (RG-E4)
    expected = {}
    for state in (support.game_state(app, seeded["tie"]), support.game_state(app, seeded["won"])):
        from companion.games.ragami import final_result

        result = final_result(state)
        for p in result.players:
            row = expected.setdefault(p.name.casefold(), [0, 0, 0])
            row[0] += 1
            row[1] += p.name in result.winners
            row[2] += p.total
    people = {p.key: (p.plays, p.wins, p.total) for p in R.people(plays)}
    assert people == {k: tuple(v) for k, v in expected.items()}
    assert R.shared_wins(plays) == 1


def test_the_projection_kept_live_equals_the_one_rebuilt_from_the_log(app, seeded):
    with app.test_request_context():
        store = get_store()
        live = {p["game_id"]: p for p in projection.projected(store)}
        assert {seeded["tie"], seeded["won"]} <= set(live)  # written by the finishing command itself
        projection.catch_up(store)
        before = projection.projected(store)
        projection.rebuild(store)
        assert projection.projected(store) == before
        assert len(before) == len(SOLO_SEEDS) + 3


def test_an_undo_of_the_last_command_takes_the_game_out_of_the_records(app, client, seeded):
    support.undo(client, seeded["won"])
    assert seeded["won"] not in {p["game_id"] for p in plays_of(app, "ragami")}


def test_csv_round_trips_every_play(app, seeded):
    plays = plays_of(app, "lockup") + plays_of(app, "ragami")
    with app.test_request_context():
        text = files.csv_file(plays)
        back = files.read(text)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == sum(len(p["players"]) for p in plays)
    assert [{**p, "origin": "app", "title": p["title"]} for p in back] == plays


def test_bgstats_file_round_trips_the_play_documents(app, seeded):
    plays = plays_of(app, "ragami")
    with app.test_request_context():
        text = files.bgstats_file(plays)
        again = files.bgstats_file(files.read(text))
    docs = json.loads(text)
    assert json.loads(again) == docs
    assert {d["sourcePlayId"] for d in docs} == {p["game_id"] for p in plays}
    assert set(docs[0]) == {"sourceName", "sourcePlayId", "playDate", "game", "players"}


def test_an_import_from_another_host_merges_without_duplicates(app, client, seeded):
    csv_text = client.get("/records/ragami/plays.csv").get_data(as_text=True)
    other = csv_text.replace(seeded["tie"], "other-host-game-1")
    answer = client.post("/records/ragami/import", data={"file": (io.BytesIO(other.encode()), "records.csv")})
    assert answer.status_code == 200
    assert "1 plays added, 1 already in the records." in support.text(answer)
    again = client.post("/records/ragami/import", data={"file": (io.BytesIO(other.encode()), "records.csv")})
    assert "0 plays added, 2 already in the records." in support.text(again)
    assert len(plays_of(app, "ragami")) == 3


def test_a_bad_records_file_is_refused_naming_the_line(client, seeded):
    bad = "game_id,game\nx,chess\n"
    answer = client.post("/records/ragami/import", data={"file": (io.BytesIO(bad.encode()), "r.csv")})
    assert answer.status_code == 400
    assert "Line 1: the columns" in support.text(answer)


def test_every_number_links_to_the_games_behind_it(client, seeded):
    page = client.get("/records/ragami").get_data(as_text=True)
    link = "/records/ragami/plays?player=olvu&amp;won=1"
    assert link in page
    behind = client.get(link.replace("&amp;", "&"))
    assert behind.status_code == 200
    assert seeded["tie"] in behind.get_data(as_text=True) and seeded["won"] in behind.get_data(as_text=True)


def test_filters_narrow_by_player_count_and_a_bad_date_is_named(client, seeded):
    solo = support.text(client.get("/records/lockup?players=1"))
    assert "4 finished games" in solo
    bad = client.get("/records/lockup?from=yesterday")
    assert bad.status_code == 422
    assert "From: pick a date" in support.text(bad)


def test_the_host_merges_two_spellings_and_enters_a_paper_game(app, client, seeded):
    form = {"date": "2026-01-02", "title": "Paper night", "name-1": "olvu ", "score-1": "30",
            "name-2": "Zenta", "score-2": "30", "name-3": "Kesto B", "score-3": "12"}
    assert client.post("/records/ragami/enter", data=form).status_code == 303
    client.post("/records/merge", data={"name": "Kesto B", "into": "Kesto", "kind": "ragami"})
    people = {p.key: p for p in R.people(plays_of(app, "ragami"), plays_of_aliases(app))}
    assert people["olvu"].plays == 3 and people["kesto"].plays == 3
    assert "kesto b" not in people


def test_the_date_range_keeps_the_games_of_those_days(client, seeded):
    form = {"date": "2026-01-02", "title": "Paper night", "name-1": "Olvu", "score-1": "30", "name-2": "Zenta",
            "score-2": "20"}
    assert client.post("/records/ragami/enter", data=form).status_code == 303
    january = support.text(client.get("/records/ragami?from=2026-01-01&to=2026-01-31"))
    assert "1 finished game" in january
    assert "3 finished games" in support.text(client.get("/records/ragami"))
    csv_text = client.get("/records/ragami/plays.csv?from=2026-01-01&to=2026-01-31").get_data(as_text=True)
    assert {row["title"] for row in csv.DictReader(io.StringIO(csv_text))} == {"Paper night"}


def plays_of_aliases(app) -> dict:
    with app.test_request_context():
        return projection.aliases(get_store())


def test_a_paper_game_with_a_bad_score_names_the_field(client, seeded):
    answer = client.post("/records/ragami/enter", data={"date": "2026-01-02", "name-1": "Ana", "score-1": "lots"})
    assert answer.status_code == 422
    assert "Score of Ana: type a whole number" in support.text(answer)


def test_a_seated_phone_reads_the_records_but_changes_nothing(app, seeded):
    device = support.phone(app, seeded["tie"], "Olvu")
    assert device.get("/records/ragami").status_code == 200
    assert 'id="records-import"' not in device.get("/records/ragami").get_data(as_text=True)
    assert device.post("/records/merge", data={"name": "Olvu", "into": "Zenta"}).status_code == 403
    assert device.post(f"/records/ragami/plays/{seeded['tie']}/hide").status_code == 403
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.0.2.99"
    assert stranger.get("/records/ragami").status_code == 403


def test_the_host_takes_a_play_out_of_the_records(app, client, seeded):
    assert client.post(f"/records/ragami/plays/{seeded['tie']}/hide").status_code == 303
    assert seeded["tie"] not in {p["game_id"] for p in plays_of(app, "ragami")}


# --- an audit kept in the records (issue 24: "games entered by hand count too") -----------------

from web.test_lockup_end_audit import form_of as lockup_audit_form  # noqa: E402 - the audit tests' own form builders
from web.test_ragami_web import audit_form as ragami_audit_form  # noqa: E402
from web.test_rc_web import audit_form as rc_audit_form  # noqa: E402

# The example each game's own audit page test uses with the page's default options (Lockup: the solo
# example, where a tie goes to the guards, L-SO14).
AUDITS = [("lockup", "/lockup/audit", "companion audit lockup", -1, lockup_audit_form),
          ("rattus-cartus", "/rattus-cartus/audit", "companion audit rattus-cartus", 0, rc_audit_form),
          ("ragami", "/ragami/audit", "companion audit ragami", 0, ragami_audit_form)]


@pytest.mark.parametrize("kind, url, command, index, form_of", AUDITS, ids=[a[0] for a in AUDITS])
def test_an_audit_is_kept_in_the_records_with_its_date(app, client, kind, url, command, index, form_of):
    example = support.examples_of(command)[index]
    page = client.post(url, data=form_of(example["input"]))
    assert page.status_code == 200, support.alerts(page)
    fields = support.form_values(page.get_data(as_text=True), "records-save-audit")
    assert fields, "the audit's result offers to keep it in the records"
    posted = {name: values for name, values in fields.items() if name not in ("records-date",)}
    answer = client.post(f"/records/{kind}/audit", data={**posted, "records-date": "2026-03-04",
                                                         "records-title": "Paper night"})
    assert answer.status_code == 303, support.alerts(answer)
    [kept] = plays_of(app, kind)
    expected = [(p["name"], p["total"], p["name"] in example["output"]["winners"], p["breakdown"])
                for p in example["output"]["players"] if p["name"] != "guards"]
    assert [(s["name"], s["score"], s["winner"], s["parts"]) for s in kept["players"]] == expected
    assert (kept["ended"], kept["title"], kept["origin"]) == ("2026-03-04 12:00:00", "Paper night", "paper")
    if kind == "lockup":
        guards = next(p["total"] for p in example["output"]["players"] if p["name"] == "guards")
        assert (kept["mode"], kept["guards"], kept["level"]) == ("solo", guards, fields["records-level"][0])


def test_an_audit_without_a_date_is_not_kept_and_the_date_is_named(app, client):
    example = support.examples_of("companion audit ragami")[0]
    answer = client.post("/records/ragami/audit", data=ragami_audit_form(example["input"]))
    assert answer.status_code == 422
    assert "Date: pick the day the game was played." in support.text(answer)
    assert plays_of(app, "ragami") == []


def test_a_phone_is_not_offered_to_keep_an_audit(app, client):
    example = support.examples_of("companion audit ragami")[0]
    device = app.test_client()
    device.environ_base["REMOTE_ADDR"] = support.LAN_PHONE
    page = device.post("/ragami/audit", data=ragami_audit_form(example["input"]))
    assert 'id="records-save-audit"' not in page.get_data(as_text=True)
    assert device.post("/records/ragami/audit", data={"records-date": "2026-03-04"}).status_code == 403


def test_the_host_puts_a_play_back_and_counts_a_name_apart_again(app, client, seeded):
    client.post(f"/records/ragami/plays/{seeded['tie']}/hide")
    client.post("/records/merge", data={"name": "Kesto", "into": "Olvu", "kind": "ragami"})
    page = client.get("/records/ragami").get_data(as_text=True)
    assert 'id="records-undo"' in page and "kesto → olvu" in support.words(page)
    assert client.post(f"/records/ragami/plays/{seeded['tie']}/restore").status_code == 303
    assert client.post("/records/separate", data={"name": "Kesto", "kind": "ragami"}).status_code == 303
    assert seeded["tie"] in {p["game_id"] for p in plays_of(app, "ragami")}
    assert "kesto" in {p.key for p in R.people(plays_of(app, "ragami"), plays_of_aliases(app))}


@pytest.mark.parametrize("body, named", [
    ("game_id,game,date,title,mode,level,origin,players,player,score,winner,start_player,lost_to_plague,nuns,"
     "guards,curve,parts\nx,ragami\n", "Line 2, column date"),  # a short row: every later column is missing
    ("game_id,game,date,title,mode,level,origin,players,player,score,winner,start_player,lost_to_plague,nuns,"
     "guards,curve,parts\nx,ragami,2026-01-01,,multi,,app,1,Ana,many,1,0,0,,,,\n", "Line 2, column score"),
    ("[" * 5000 + "]" * 5000, "Line 1: not JSON"),
    ('[{"sourcePlayId": "a", "game": {"sourceGameId": "chess"}, "playDate": "2026-01-01 10:00:00", '
     '"players": []}]', "Play 1: not a game of this app"),
    ("[1, 2]", "Play 1: not a BG Stats play of this app"),
])
def test_a_broken_records_file_is_refused_by_name(client, body, named):
    answer = client.post("/records/ragami/import", data={"file": (io.BytesIO(body.encode()), "r.csv")})
    assert answer.status_code == 400
    assert named in support.text(answer)


def test_the_shared_wins_and_the_score_bands_link_to_their_games(client, seeded):
    page = client.get("/records/ragami").get_data(as_text=True)
    shared = client.get("/records/ragami/plays?mode=multi&shared=1").get_data(as_text=True)
    assert "/records/ragami/plays?mode=multi&amp;shared=1" in page
    assert seeded["tie"] in shared and seeded["won"] not in shared
    band = client.get("/records/ragami/plays?mode=multi&band=0").get_data(as_text=True)  # the players at 0-9
    assert seeded["tie"] in band and seeded["won"] in band
    assert client.get("/records/ragami/plays?band=zzz&won=maybe&mode=x").status_code == 200  # nonsense: ignored
