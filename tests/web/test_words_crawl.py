"""Words a player uses (issue 13): every page of whole recorded Lockup games — the game page after
every command, the history, the end screen — is crawled for internal ids, snake_case names and
the ungrammatical templates once seen ("the guards collects the every other reward", "no reward:
no reward", "+1 tomes", "1 face down" read as the tile 1).

A 3-player game (the random legal player) and a solo expert game against the automaton (the
scripted player), both with made-up cards; each command is stored as its own command.
"""

from __future__ import annotations

import re

import pytest
import support
from web.test_lockup_cards_option_words import options_with_rule_ids

BAD = {
    "snake_case name": re.compile(r"\b[a-z]+_[a-z_]+\b"),
    "guard card id": re.compile(r"\b(?:red|blue|green|yellow)-\d+\b"),
    "kebab-case event name": re.compile(r"\b[a-z]+-(?:[a-z]+-)*(?:began|started|moved|assigned|confirmed|"
                                        r"collected|changed|refilled|advanced|held|ended|dealt|shuffled)\b"),
    "the guards with a singular verb": re.compile(r"\b[Tt]he guards (?:collects|passes|assigns|is|has|takes|"
                                                  r"declines|recruits|crafts|reserves|gains|loses)\b"),
    "tier in a bare template": re.compile(r"\bthe (?:every other|each|no reward) reward\b"),
    "a reason repeated": re.compile(r"\b(no reward|straggler): \1\b"),
    "one and a plural": re.compile(r"(?<![\d.,])\b1 (?:tomes|tiles|conflicts|goons|players|points|cubes)\b"),
    "a count read as a tile": re.compile(r"(?:assigns|,) \d+ face down\b"),
    "a signed count and a plural noun": re.compile(r"[+−-]1 tomes\b"),
}


def offences(page: str) -> list[str]:
    """Each bad pattern found in the page's words, with a little context."""
    # A JSON document shown for the CLI (pre, code, textarea) is a file format, not words.
    text = support.words(re.sub(r"<(script|style|title|pre|code|textarea)\b.*?</\1>", " ", page, flags=re.S))
    found = []
    for name, pattern in BAD.items():
        for m in pattern.finditer(text):
            found.append(f"{name}: …{text[max(0, m.start() - 50): m.end() + 30]}…")
    # Issue 23: an option takes no markup, so its rule id could not fold on a phone (beside it instead).
    found += [f"a rule id in a drop-down's option: {o}" for o in options_with_rule_ids(page)]
    return found


def _store(app, kind: str, commands: list[list]) -> str:
    from companion.web import get_store

    with app.app_context():
        store = get_store()
        game = store.create_game(kind, "Made-up words night")
        seq = 0
        for i, events in enumerate(commands):
            store.append(game["id"], seq, events, f"{game['id']}-{i}")
            seq += len(events)
        return game["id"]


@pytest.mark.parametrize("kind, commands", [("lockup", support.lockup_commands),
                                            ("lockup-solo", support.solo_lockup_commands)], ids=["3-players", "solo"])
def test_no_internal_word_reaches_a_page_of_a_whole_game(app, client, kind, commands):
    support.store_profile(app)
    whole = commands()
    game_id = _store(app, kind, whole[:1])
    found: dict[str, str] = {}
    from companion.web import get_store

    for i, events in enumerate(whole[1:], start=1):
        with app.app_context():
            store = get_store()
            store.append(game_id, store.last_seq(game_id), events, f"{game_id}-{i}")
        page = client.get(f"/games/{game_id}")
        assert page.status_code == 200
        for offence in offences(page.get_data(as_text=True)):
            found.setdefault(offence.split(":")[0], f"after command {i}: {offence}")
    with app.app_context():
        get_store().set_status(game_id, "finished")  # counted on the records pages (issue 24)
    for path in (f"/games/{game_id}/history", f"/lockup/{game_id}/end", "/records/lockup", "/records/lockup/plays"):
        page = client.get(path)
        assert page.status_code == 200, path
        for offence in offences(page.get_data(as_text=True)):
            found.setdefault(offence.split(":")[0], f"{path}: {offence}")
    assert not found, "\n".join(found.values())


def test_the_history_reads_as_sentences_by_round_and_phase_with_rule_ids(app, client):
    game_id = _store(app, "lockup", support.lockup_commands())
    page = client.get(f"/games/{game_id}/history").get_data(as_text=True)
    headings = [support.words(h) for h in re.findall(r"<h2>(.*?)</h2>", page, re.S)]
    assert headings[0] == "Setting up (L-S)" and headings[-1] == "Round 6 · Lights Out"  # ends in its command
    assert {"Round 1 · Roll Call", "Round 1 · Lights Out", "Round 5 · Patrol"} <= set(headings)
    items = [support.words(li) for li in re.findall(r'<li id="h-\d+"[^>]*>(.*?)</li>', page, re.S)]
    rule = re.compile(r"\b(?:L|I|RC|RG)-[A-Z]*\d*\b")  # every sentence cites its rule (L-RC2, L-S, I-16)
    assert items and [i for i in items if not rule.search(i) and "manual adjustment" not in i] == []
    assert "Final scoring (L-F)" in support.words(page) and not offences(page)
