"""The history pages of Rattus Cartus and Ragami in words (issue 13, issue 14): whole games played
through the app's forms (Flask client), every recorded command a sentence with its rule id, grouped
by round and phase (RC-G1 phases C and E; Ragami rounds, turns and the RG-T3 round setup), undo and
redo naming what they undid or redid, no event type, snake_case name or internal id on the page,
and the same pages in Spanish and Polish without an English run. Players' names are made up.
"""

from __future__ import annotations

import re

import pytest
import support
from support.english import english_runs
from web.test_words_crawl import offences

from companion.core.events import registered_types
from companion.web import get_store
from companion.web.gameui.ragami import history as ragami_history
from companion.web.gameui.rattus_cartus import history as rc_history

RULE = re.compile(r"\((?:[^()]*\b)?(?:RC|RG)-[A-Z]+\d*\b[^()]*\)")  # "(RC-G1)", "(RG-V3, RG-T5)"
TYPE_NAME = re.compile(r"\b(?:rc|ragami|command)[- ](?:[a-z]+[- ])*(?:started|ended|recorded|revealed|gained|"
                       r"changed|set|used|announced|finished|undone|redone)\b", re.I)
RC_PLAYERS = ("Kesto", "Vumi", "Drasa")
RC_TALLIES = {  # the tie of tests/web/test_rc_web.py: Church 4-4 decides a score (RC-F2)
    "Kesto": {"church": "4", "peasantry": "2", "hand_cards": "3", "swords": "2", "gold": "2", "vp_tokens": "3"},
    "Vumi": {"church": "4", "burghers": "3", "hand_cards": "3", "gold": "2"},
    "Drasa": {"sorcery": "5", "knighthood": "2", "flutes": "1", "vp_tokens": "4"},
}
RC_RATS = {"Kesto": "3", "Vumi": "2", "Drasa": "9"}
RG_PLAYERS = ("Olvu", "Zenta", "Brik")


def post(client, url: str, data: dict | None = None) -> None:
    answer = client.post(url, data=data or {})
    assert answer.status_code == 303, (url, support.alerts(answer))


def history(client, game_id: str, lang: str = "en") -> str:
    answer = client.get(f"/games/{game_id}/history", headers={"Accept-Language": lang})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def headings(page: str) -> list[str]:
    return [support.words(h) for h in re.findall(r"<h2>(.*?)</h2>", page, re.S)]


def items(page: str) -> list[str]:
    """Each line's sentence (the "(undone)" mark and the time left out)."""
    found = re.findall(r'<li id="h-\d+"[^>]*>(.*?)</li>', page, re.S)
    return [support.words(re.sub(r"<small>.*?</small>", " ", li, flags=re.S)) for li in found]


def stored_types(app, game_id: str) -> set[str]:
    with app.app_context():
        return {r.type for r in get_store().events(game_id)}


def command_ids(app, game_id: str) -> set[str]:
    with app.app_context():
        return {r.command_id for r in get_store().events(game_id)}


def assert_in_words(app, page: str, game_id: str) -> None:
    """Every line a sentence with its rule id; no type name, snake_case name or command id."""
    lines = items(page)
    assert lines and [line for line in lines if not RULE.search(line)] == []
    assert not TYPE_NAME.search(support.words(page)), TYPE_NAME.search(support.words(page))
    assert "A change was recorded" not in page and not offences(page)
    assert not [cid for cid in command_ids(app, game_id) if cid in page]


# --- every event type has its sentence ------------------------------------------------------------


@pytest.mark.parametrize(("prefix", "module"), [("rc-", rc_history), ("ragami-", ragami_history)])
def test_every_registered_event_type_of_the_game_has_a_sentence(prefix, module):
    """No event type of Rattus Cartus or Ragami falls back to the neutral sentence."""
    types = {t for t in registered_types() if t.startswith(prefix)}
    assert len(types) >= 8 and types <= set(module.SENTENCES)


def test_an_event_no_book_knows_reads_as_a_neutral_sentence(app):
    from companion.web import history

    with app.test_request_context(headers={"Accept-Language": "es"}):
        assert history.fallback() == "Se registró un cambio"
    with app.test_request_context():
        made_up = registered_types()["test-tally-added"](player="Ana", points=1)  # the made-up test game
        assert rc_history.describe([made_up]) == ["A change was recorded"]


# --- Rattus Cartus --------------------------------------------------------------------------------


def rattus_game(client) -> str:
    """Three made-up players through the forms: turns and the Treasury in round 1, nine rounds,
    an undone and redone turn, an undone tally recorded again, final counts, the plague."""
    answer = client.post("/rattus-cartus/new", data={"players": [*RC_PLAYERS, "", ""], "start_seat": "0",
                                                     "plague_survivor": "on"})
    assert answer.status_code == 303
    game_id = answer.location.rsplit("/", 1)[-1]
    act = f"/rattus-cartus/{game_id}"
    for _ in RC_PLAYERS:
        post(client, f"{act}/end-turn")
    assert support.undo(client, game_id, "undo").status_code == 303  # Drasa's turn undone…
    assert support.undo(client, game_id, "redo").status_code == 303  # …and redone
    post(client, f"{act}/end-round", {"treasury_used": "yes"})
    for _ in range(8):
        post(client, f"{act}/end-round")
    for name, counts in RC_TALLIES.items():
        post(client, f"{act}/record-tally", {"player": name, **counts})
        post(client, f"{act}/record-rats", {"player": name, "rats": RC_RATS[name]})
    assert support.undo(client, game_id, "undo").status_code == 303  # Drasa's rat sum, then entered again
    post(client, f"{act}/record-rats", {"player": "Drasa", "rats": RC_RATS["Drasa"]})
    post(client, f"{act}/record-treasury", {"used": "yes"})
    post(client, f"{act}/record-influence-order", {"influence_class": "church", "order": ["Vumi", "Kesto"]})
    post(client, f"{act}/reveal-plague", {"nuns": "3"})
    return game_id


def rattus_two_player_round(client) -> str:
    """Two made-up players' first round (issue 19): a Safe-conduct (RC-G7), both accessing a building,
    who takes the round's only preferred action (RC-G5), the round's end."""
    answer = client.post("/rattus-cartus/new", data={"players": ["Kesto", "Vumi", "", "", ""], "start_seat": "0"})
    game_id = answer.location.rsplit("/", 1)[-1]
    act = f"/rattus-cartus/{game_id}"
    for kind in ("play-safe-conduct", "end-turn", "end-turn"):
        post(client, f"{act}/{kind}")
    post(client, f"{act}/record-preferred-action", {"player": "Kesto"})
    post(client, f"{act}/end-round")
    return game_id


def test_a_whole_rattus_cartus_game_reads_as_sentences_by_round_and_phase(app, client):
    """RC-G1 rounds and phases, RC-F final scoring; RC-G3: a rat sum is never shown."""
    game_id = rattus_game(client)
    both = stored_types(app, game_id) | stored_types(app, rattus_two_player_round(client))
    assert both >= {t for t in registered_types() if t.startswith("rc-")}
    page = history(client, game_id)
    assert_in_words(app, page, game_id)
    heads = headings(page)
    assert heads[0] == "Setting up (RC-G1)" and heads[-1] == "Final scoring (RC-F)"
    assert heads[1:4] == ["Round 1 · C. Access buildings and play population cards", "Round 1 · E. End of the round",
                          "Round 2 · E. End of the round"]
    assert "Round 9 · E. End of the round" in heads and len(heads) == 12
    lines = items(page)
    assert lines[0] == ("Kesto, Vumi and Drasa sit clockwise; start player Kesto; 9 rounds (RC-G1); If the plague "
                        "wipes out everyone, the lowest rat sum survives (table option, RC-F9).")
    turn = "Drasa accessed a building and played population cards; the turn passes clockwise (RC-G1)"
    assert lines[3:6] == [turn, f"Undone: {turn}", f"Redone: {turn}"]
    assert lines[6] == ("Round 1 is over: the start player card passes left to Vumi (RC-G1); "
                        "The Treasury building was used this round (RC-F5)")
    assert "Round 9, the last, is over: final scoring follows (RC-G1)" in lines
    assert ("Kesto's final counts: Peasantry 2, Church 4, Cards in hand 3, Swords 2, Gold 2, VP tokens 3 "
            "(RC-F1, RC-F3…RC-F6)") in lines
    rats = "Drasa's rat sum is recorded, secret until the plague (RC-G3)"
    assert lines.count(rats) == 2 and f"Undone: {rats}" in lines
    assert "The Treasury was used this game: Gold scores (RC-F5)" in lines
    assert ("Tie in Church: the markers from the bottom of the stack up, Vumi, Kesto; Vumi arrived first and wins "
            "the tie (RC-F2)") in lines
    assert lines[-1].startswith("The Nuns row is revealed: 3 Nuns (RC-F7); wiped out by the plague: Drasa; ")
    assert lines[-1].endswith("(RC-F8)") and 'href="/rules/rattus-cartus#RC-F7"' in page


def test_a_safe_conduct_and_the_two_player_preferred_action_read_as_sentences(app, client):
    """RC-G7: the Safe-conduct line in phase C; RC-G5: the preferred action under phase D."""
    game_id = rattus_two_player_round(client)
    page = history(client, game_id)
    assert_in_words(app, page, game_id)
    assert headings(page)[1:4] == ["Round 1 · C. Access buildings and play population cards",
                                   "Round 1 · D. Resolve buildings", "Round 1 · E. End of the round"]
    lines = items(page)
    assert lines[1] == ("Kesto played a Safe-conduct instead of accessing a building: the turn passes on, and they "
                        "choose after all the others (RC-G7)")
    assert lines[2:4] == [f"{name} accessed a building and played population cards; the turn passes clockwise "
                          "(RC-G1)" for name in ("Vumi", "Kesto")]
    assert lines[4] == ("With 2 players only one preferred action a round: Kesto takes it in round 1 (in the final "
                        "round, the +1 influence instead) (RC-G5)")


def test_rattus_cartus_history_hides_the_rat_sums_before_the_plague(app, client):
    """RC-G3: the history, public to the table, never holds a rat sum's value."""
    answer = client.post("/rattus-cartus/new", data={"players": ["Kesto", "Vumi", "", "", ""], "start_seat": "1"})
    game_id = answer.location.rsplit("/", 1)[-1]
    for _ in range(10):
        post(client, f"/rattus-cartus/{game_id}/end-round")
    post(client, f"/rattus-cartus/{game_id}/record-rats", {"player": "Kesto", "rats": "37"})
    page = history(client, game_id)
    clock = re.compile(r"\d{1,2}:\d{2}(:\d{2})?( ?[AP]M)?")  # when each line was recorded: 11:49:37 AM
    assert "37" not in clock.sub("", support.words(page)) and items(page)[-1] == (
        "Kesto's rat sum is recorded, secret until the plague (RC-G3)")
    assert "Two-player Gold tie: Split 9 VP, 4 each, as printed (the default) (RC-F5)" in items(page)[0]


def test_old_versions_of_rattus_cartus_events_read_in_words(app, client):
    """rc-game-started v1 (before the RC-F5 option) and rc-round-ended v1 (before the Treasury
    note) are upcast on read and described like the current versions."""
    started = ("rc-game-started", 1, {"players": ["Kesto", "Vumi"], "start_player": "Vumi", "rounds": 10,
                                      "plague_survivor": False, "seed": 41})
    ended = ("rc-round-ended", 1, {"round": 1, "next_start_player": "Kesto", "last": False})
    game_id = support.store_commands(app, "rattus-cartus", [[started], [ended]], "Made-up old game")
    page = history(client, game_id)
    assert_in_words(app, page, game_id)
    assert items(page) == [
        "Kesto and Vumi sit clockwise; start player Vumi, drawn at random; 10 rounds (RC-G1); Two-player Gold tie: "
        "Split only the 6 VP, 3 each (RC-F5)",
        "Round 1 is over: the start player card passes left to Kesto (RC-G1)"]


# --- Ragami ---------------------------------------------------------------------------------------


def ragami_game(client) -> str:
    """Three made-up players through the forms: every cause of VP, white cube and Virtue die change,
    turns and passes, a round setup, 30 VP ending the game (RG-E1), an undo and a redo, final scoring."""
    answer = client.post("/ragami/new", data={"players": list(RG_PLAYERS), "colours": ["", "", ""],
                                              "start_seat": "0"})
    assert answer.status_code == 303
    game_id = answer.location.rsplit("/", 1)[-1]
    act = f"/ragami/{game_id}"
    conflict = {"player": "Olvu", "die_value": "6", "helper": "", "white_cubes_spent": "0", "virtue_spent": "0"}
    post(client, f"{act}/draw-setup-tokens", {"conflict_tokens": "20 21 22 23 24 25", "demon_tokens": "26 27 28 29",
                                              "saint_tokens": "30"})  # RG-T2, asked in round 1
    post(client, f"{act}/resolve-conflict", {**conflict, "saints": ["Zenta"], "helper": "Brik", "virtue_spent": "1"})
    post(client, f"{act}/purify-demons", {"player": "Olvu", "demons": "2"})
    post(client, f"{act}/gain-white-cubes", {"player": "Olvu", "count": "4", "reason": "saint-placed"})
    post(client, f"{act}/spend-white-cubes", {"player": "Olvu", "count": "1"})
    post(client, f"{act}/convert-white-cubes", {"player": "Olvu", "vp": "1"})
    post(client, f"{act}/set-virtue-die", {"player": "Olvu", "value": "1", "reason": "placed"})
    post(client, f"{act}/end-turn")
    post(client, f"{act}/gain-white-cubes", {"player": "Zenta", "count": "2", "reason": "card"})
    post(client, f"{act}/play-last-place-card", {"player": "Zenta"})  # Brik last (RG-T2, RG-I3)
    post(client, f"{act}/gain-white-cubes", {"player": "Zenta", "count": "1", "reason": "other"})
    post(client, f"{act}/set-virtue-die", {"player": "Zenta", "value": "4", "reason": "card"})
    post(client, f"{act}/set-virtue-die", {"player": "Zenta", "value": "3", "reason": "other"})
    post(client, f"{act}/convert-virtue", {"player": "Zenta", "vp": "1"})
    for _ in RG_PLAYERS:
        post(client, f"{act}/end-turn", {"passed": "yes"})
    post(client, f"{act}/end-round")
    post(client, f"{act}/set-virtue-die", {"player": "Brik", "value": "2", "reason": "round-setup"})
    post(client, f"{act}/use-location-tokens", {"tokens": ["3", "17"]})
    post(client, f"{act}/set-virtue-die", {"player": "Olvu", "value": "1", "reason": "moved"})
    for _ in range(4):
        post(client, f"{act}/resolve-conflict", conflict)
    assert support.undo(client, game_id, "undo").status_code == 303
    assert support.undo(client, game_id, "redo").status_code == 303
    post(client, f"{act}/end-round")
    post(client, f"{act}/convert-white-cubes", {"player": "Brik", "vp": "1"})
    post(client, f"{act}/finish-game")
    return game_id


def test_a_whole_ragami_game_reads_as_sentences_by_round_and_turn(app, client):
    """RG-T1 setting up, rounds and whose turn it was, the RG-T3 round setup, RG-E final scoring."""
    game_id = ragami_game(client)
    assert stored_types(app, game_id) >= {t for t in registered_types() if t.startswith("ragami-")}
    page = history(client, game_id)
    assert_in_words(app, page, game_id)
    assert headings(page) == ["Setting up (RG-T1)", "Round 1 · Olvu’s turn", "Round 1 · Zenta’s turn",
                              "Round 1 · Brik’s turn", "Round 1 · Olvu’s turn", "Round 1 · everyone has passed",
                              "Round 2 · round setup (RG-T3)", "Round 2 · Zenta’s turn", "Final scoring (RG-E)"]
    lines = items(page)
    assert lines[0] == ("Olvu (yellow), Zenta (green) and Brik (blue) sit clockwise; start player Olvu (RG-T1); "
                        "No conflicts bonus without a conflict resolved (RG-I1)")
    assert lines[2] == ("Olvu resolved a conflict: +6 VP and one more conflict resolved (RG-V3, RG-T5); Zenta's saint "
                        "stood on the resolved conflict: +1 VP (RG-V4); Olvu spent every Virtue die point: the die "
                        "leaves the board (RG-T4); Brik's Ragami helped resolve the conflict: +2 white cubes (RG-T4)")
    for line in ("Set-up: location tokens drawn for the conflict dice 20, 21, 22, 23, 24, 25, for the demons 26, 27, "
                 "28, 29 and for the neutral saints 30 (RG-T2)",
                 "Zenta played the last-place action card: +1 VP to Brik, last; Zenta gains 2 white cubes (RG-T2)",
                 "Olvu purified 2 demons: +2 VP (RG-V2)", "Olvu placed a saint on a conflict: +4 white cubes (RG-T1)",
                 "Olvu spent 1 white cube (RG-T4)", "Olvu converted 2 white cubes into 1 VP (RG-V1)",
                 "Olvu placed their Virtue die on a building: it shows 1 (RG-T3)",
                 "Olvu's turn is over; the next player clockwise who has not passed plays (RG-T3)",
                 "Zenta gained 2 white cubes from an action card (RG-T1)", "Zenta gained 1 white cube (RG-T1)",
                 "An action card set Zenta's Virtue die to 4 (RG-T1)", "Zenta's Virtue die now shows 3 (RG-T1)",
                 "Zenta converted 3 Virtue die points into 1 VP (RG-V5)",
                 "Brik passed: no more turns for them this round (RG-T3)",
                 "Round 1 is over (RG-T3); Round 2 begins: Zenta takes the first player cube, passed to the left "
                 "(RG-T3)",
                 "Brik's Virtue die rose at round setup: it shows 2 (RG-T3)", "Location tokens drawn: 3, 17 (RG-T2)",
                 "Olvu moved their Virtue die to another building: it shows 1 (RG-T3)",
                 "Round 2 is over (RG-T3); The game ends with round 2: a player reached 30 VP (RG-E1)",
                 "Brik converted 2 white cubes into 1 VP (RG-V1)"):
        assert line in lines, line
    resolved = "Olvu resolved a conflict: +6 VP and one more conflict resolved (RG-V3, RG-T5)"
    assert f"Undone: {resolved}" in lines and f"Redone: {resolved}" in lines
    assert lines[-1] == ("Final scoring: white cubes left converted (RG-E2) and the conflicts bonus (RG-E3); "
                         "Olvu wins with the most VP (RG-E4)")


def test_an_old_ragami_start_reads_in_words(app, client):
    """ragami-game-started v1 (before the RG-I1 table option) is upcast and described; the start
    player drawn by the companion is said so."""
    started = ("ragami-game-started", 1, {"players": ["Olvu", "Zenta"], "colours": ["purple", "green"],
                                          "start_player": "Zenta", "seed": 7})
    game_id = support.store_commands(app, "ragami", [[started]], "Made-up old game")
    page = history(client, game_id)
    assert_in_words(app, page, game_id)
    assert items(page) == ["Olvu (purple) and Zenta (green) sit clockwise; start player Zenta, drawn at random "
                           "(RG-T1); No conflicts bonus without a conflict resolved (RG-I1)"]


# --- the undo/redo confirmation names the action in the same words --------------------------------


def test_undo_and_redo_confirmations_name_the_action_in_words(app, client):
    """The confirmation asked before an undo or redo (issue 12) names the command as the history does."""
    answer = client.post("/rattus-cartus/new", data={"players": ["Kesto", "Vumi", "", "", ""], "start_seat": "0"})
    game_id = answer.location.rsplit("/", 1)[-1]
    post(client, f"/rattus-cartus/{game_id}/end-turn")
    asked = support.text(client.post(f"/games/{game_id}/undo"))
    assert "Undo: Kesto accessed a building and played population cards; the turn passes clockwise (RC-G1)?" in asked
    answer = client.post("/ragami/new", data={"players": list(RG_PLAYERS), "colours": ["", "", ""], "start_seat": "0"})
    game_id = answer.location.rsplit("/", 1)[-1]
    post(client, f"/ragami/{game_id}/purify-demons", {"player": "Brik", "demons": "1"})
    assert support.undo(client, game_id, "undo").status_code == 303
    asked = client.post(f"/games/{game_id}/redo", headers={"Accept-Language": "es"})
    assert "Brik purificó 1 Demonio: +1 PV (RG-V2)" in support.text(asked)


# --- the same pages in Spanish and Polish ---------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_history_pages_hold_no_english_in_spanish_and_polish(app, client, lang):
    """Issue 14: every heading and line of both whole games in the language, rule ids kept."""
    for game_id in (rattus_game(client), rattus_two_player_round(client), ragami_game(client)):
        page = history(client, game_id, lang)
        words = support.words(re.sub(r"<(script|style|title)\b.*?</\1>", " ", page, flags=re.S))
        assert english_runs(words) == [], english_runs(words)
        assert not TYPE_NAME.search(words) and not offences(page)
        lines = items(page)
        assert lines and [line for line in lines if not RULE.search(line)] == []
    assert ("Ronda 1" if lang == "es" else "Runda 1") in words
