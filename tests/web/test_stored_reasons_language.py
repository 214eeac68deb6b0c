"""Reasons recorded inside events read wholly in the viewer's language (issue 14).

The guards' decisions (L-SO5, L-SO8, L-SO10) and the effect lines (L-E7) are stored as messages
(msgid and params), so every part of them is translated when a page shows them, not only the
outer sentence; the names the table typed (made-up cards here) stay as typed. Logs written before
(version 1: English text) still decode and show, their outer sentence recognised in the catalog.

Games: a solo expert game against the automaton with made-up cards and the made-up box profile
(the scripted player, seed 7), stored command by command.
"""

from __future__ import annotations

import re

import pytest
import support
from support.english import english_runs

from companion.core.events import decode, encode
from companion.core.i18n import english
from companion.solo_guard import events as SE
from companion.web.gameui.lockup import feed

SOLO = support.solo_lockup_commands(7)
EXCHANGED = next(i for i, events in enumerate(SOLO) if any(getattr(e, "rule", "") == "L-E7" for e in events))


def store(app, commands, finished=False) -> str:
    support.store_profile(app)
    return support.store_commands(app, "lockup-solo", commands, "Made-up solo night", finished=finished)


def section(page: str, section_id: str) -> str:
    found = re.search(rf'<section id="{section_id}".*?</section>', page, re.S)
    assert found, section_id
    return support.words(found.group(0))


def page(client, path: str, lang: str) -> str:
    answer = client.get(path, headers={"Accept-Language": lang})
    assert answer.status_code == 200, path
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("lang, heading", [("es", "Los guardias decidieron"), ("pl", "Strażnicy zdecydowali")])
def test_the_guards_turns_and_choices_read_wholly_in_the_language_L_SO5_L_SO8(app, client, lang, heading):
    """Halfway through a solo game, the guards' last decisions on the game page (a guard turn's
    placement, their reward choices) have no English left in them; in English they have."""
    game_id = store(app, SOLO[: len(SOLO) // 2])
    guards = section(page(client, f"/games/{game_id}", lang), "lockup-guards")
    assert guards.startswith(heading) and "L-SO" in guards
    assert english_runs(guards) == [], guards
    assert english_runs(section(page(client, f"/games/{game_id}", "en"), "lockup-guards"))  # the check can fail
    history = support.words(page(client, f"/games/{game_id}/history", lang))
    assert english_runs(history) == [], [run for run in english_runs(history)][:5]


def test_an_L_E7_exchange_line_reads_wholly_in_spanish_with_the_card_name_as_typed(app, client):
    """L-E7: both cube moves of the exchange name the effect in Spanish and the made-up card as typed."""
    game_id = store(app, SOLO[: EXCHANGED + 1])
    history = support.words(page(client, f"/games/{game_id}/history", "es"))
    lines = re.findall(r"\(L-E7 — [^()]*\(Made-up Item \d+\)\)", history)
    assert len(lines) == 2, history[-800:]
    assert all(english_runs(line) == [] and "exchange" not in line for line in lines), lines
    assert "(L-E7 — exchange 1 of your resources for another from the supply (Made-up Item" in support.words(
        page(client, f"/games/{game_id}/history", "en"))


def as_version_1(event):
    """The record an older app wrote for ``event``: a reason event at version 1 with its English text."""
    kind, version, payload = encode(event)
    if version == 2 and "reason" in payload:
        return kind, 1, {**payload, "reason": english(payload["reason"])}
    return kind, version, payload


def test_a_version_1_log_decodes_and_shows_its_reasons_recognised(app, client):
    """Old logs are read as written (never rewritten): a v1 ``guards-decided`` keeps its English
    string, and the game page shows the guards' turn with its outer sentence in Spanish."""
    old = [[as_version_1(e) for e in events] for events in SOLO[:3]]
    kind, version, payload = next(r for events in old for r in events if r[0] == "guards-decided")
    event = decode(kind, version, payload)
    assert version == 1 and isinstance(event, SE.GuardsDecided) and isinstance(event.reason, str)
    assert event.reason.startswith("Guard turn: the player reveals")
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert feed.describe(event).startswith("Los guardias: Turno de los guardias: el jugador revela")
    game_id = store(app, old)
    guards = section(page(client, f"/games/{game_id}", "es"), "lockup-guards")
    assert "Turno de los guardias: el jugador revela" in guards
