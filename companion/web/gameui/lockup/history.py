"""The history page of a Lockup game in words: sentences grouped by round and phase, each with its
rule id, undone commands marked, and every undo or redo saying what it undid or redid.

The sentences are the "What just happened" lines (:mod:`.feed`), so the page shows public facts
only: guard-deck events and face-down values are never described (I-16).
"""

from __future__ import annotations

from flask_babel import gettext as _

from companion.core import history as core_history
from companion.core.events import decode
from companion.web.gameui.lockup import feed, words

MARKERS = ("command-undone", "command-redone")
FIRST_ROLL_CALL = ("tiles-assigned", "passed", "guard-turn-taken", "location-card-revealed", "guard-cards-dealt")
PHASE_OPENERS = {"game-started": "setup", "round-started": "roll_call", "lights-out-began": "lights_out",
                 "patrol-began": "patrol", "game-ended": "over"}


def _heading(round_no: int, phase: str) -> str:
    if phase == "setup":
        return _("Setting up (L-S)")
    if phase == "over":
        return _("Final scoring (L-F)")
    return _("Round %(round)s · %(phase)s", round=round_no, phase=words.phase(phase))


def _lines(records) -> dict[str, list[str]]:
    """Each command's sentences, in order (``previous`` gives Atlas of Hideouts its context)."""
    out: dict[str, list[str]] = {}
    previous, current = None, None
    for record in records:
        if record.type in MARKERS:
            continue
        if record.command_id != current:
            current, previous = record.command_id, None
        event = decode(record.type, record.version, record.payload)
        line = feed.describe(event, previous)
        if line:
            out.setdefault(record.command_id, []).append(line)
        previous = event
    return out


def _marker_text(record, lines: dict[str, list[str]]) -> str:
    what = "; ".join(lines.get(record.payload.get("command_id"), [])) or _("an action that showed nothing")
    if record.type == "command-undone":
        return _("Undone: %(what)s", what=what)
    return _("Redone: %(what)s", what=what)


def sections(records) -> list[dict]:
    """``[{heading, items: [{seq, ts, text, undone}]}]``: one entry per command (its
    sentences joined), under the round and phase it was played in."""
    records = list(records)
    in_effect = set(core_history.timeline(records).in_effect)
    lines = _lines(records)
    out: list[dict] = []
    round_no, phase, seen = 0, "setup", set()
    for record in records:
        opener = PHASE_OPENERS.get(record.type)
        if opener is not None and record.command_id in in_effect:  # an undone command opened nothing
            phase = opener
            if record.type == "round-started":
                round_no = record.payload.get("round", round_no + 1)
            elif round_no == 0 and opener != "setup":
                round_no = 1
        if phase == "setup" and record.type in FIRST_ROLL_CALL:  # round 1 starts with the setup itself
            round_no, phase = 1, "roll_call"
        if record.type in MARKERS:
            text, undone = _marker_text(record, lines), False
        elif record.command_id in seen or not lines.get(record.command_id):
            continue
        else:
            seen.add(record.command_id)
            text, undone = " ".join(lines[record.command_id]), record.command_id not in in_effect
        heading = _heading(round_no, phase)
        if not out or out[-1]["heading"] != heading:
            out.append({"heading": heading, "round": round_no, "items": []})
        out[-1]["items"].append({"seq": record.seq, "ts": record.ts, "text": text, "undone": undone})
    return out
