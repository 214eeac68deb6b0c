"""Golden solo playthroughs, one per difficulty (L-SO1..L-SO14): the text must match the files.

Regenerate with ``.venv/bin/python scripts/regen_golden.py`` after an intended change, and review
the diff before committing.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

import pytest

from companion.solo_guard.playthrough import GOLDEN_GAMES, golden_text

GOLDEN = Path(__file__).parent / "golden"
PROFILE = json.loads((GOLDEN / "made_up_profile.json").read_text())


@pytest.mark.parametrize("difficulty", list(GOLDEN_GAMES))
def test_golden_playthrough_matches(difficulty):
    expected = (GOLDEN / f"{difficulty}.txt").read_text(encoding="utf-8")
    actual = golden_text(difficulty, PROFILE)
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        f"golden/{difficulty}.txt", "now", n=2))
    assert not diff, "golden playthrough changed (run scripts/regen_golden.py if intended):\n" + diff[:5000]


@pytest.mark.parametrize("difficulty", list(GOLDEN_GAMES))
def test_golden_every_guard_decision_gives_a_reason_with_a_rule_id(difficulty):
    """L-SO8/L-SO10: each automated decision comes with one line ending in its rule ids."""
    lines = [x for x in (GOLDEN / f"{difficulty}.txt").read_text().splitlines() if "[guards]" in x]
    assert lines
    for line in lines:
        assert re.search(r"\((L-SO\d+|I-\d+)(, [A-Z]-[A-Z0-9]+)*\)$", line), line


def test_goldens_cover_special_draw_and_empty_deck_and_six_rounds():
    """Between them the goldens show L-SO9 in Lights Out, I-8, six rounds and final scores (L-SO14)."""
    text = {d: (GOLDEN / f"{d}.txt").read_text() for d in GOLDEN_GAMES}
    assert "special draw:" in text["demanding"] + text["expert"]
    assert "(I-8)" in "".join(text.values())
    for body in text.values():
        assert "== Round 6 ==" in body and "== Final scores ==" in body and "final" in body
