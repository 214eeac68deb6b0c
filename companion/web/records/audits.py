"""An audit-only result saved as a finished play (issue 24): a table that scored on paper and
checked its count with the app keeps it in the records, with the day and a title.

The audit page posts its own fields again (the form under the result copies them) with
``records-date``, ``records-title`` and, for a Lockup solo audit, ``records-level``; the result
is computed again by the game's own audit (nothing posted as a score is trusted), then kept like
a game entered by hand (:func:`companion.web.records.projection.add_entered`).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.games.lockup.model import GUARDS
from companion.games.ragami.scoring import score
from companion.web.gameui.lockup.end import auditform
from companion.web.gameui.ragami import forms as ragami_forms
from companion.web.gameui.rattus_cartus import forms as rc_forms
from companion.web.records import pages

DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Unsaved(ValueError):
    """The audit or the date cannot be saved: the message names the field."""


def _seat(name: str, score: int, winner: bool, parts: Mapping[str, int], lost: bool = False) -> dict:
    return {"name": name, "score": int(score), "winner": bool(winner), "start": False, "lost": lost,
            "parts": {k: int(v) for k, v in parts.items()}}


def lockup(form: Any) -> dict:
    """A Lockup audit (standard, advanced or solo) as a play's fields."""
    _doc, result, errors = auditform.run(auditform.values_of(form))
    if result is None:
        raise Unsaved(errors[0].message if errors else _("The audit has a problem: check it again first."))
    won = set(result["winners"])
    people = [_seat(p["name"], p["total"], p["name"] in won, p["breakdown"])
              for p in result["players"] if p["name"] != GUARDS]
    guards = next((p["total"] for p in result["players"] if p["name"] == GUARDS), None)
    if guards is None:
        return {"players": people}
    level = form.get("records-level")
    if level not in pages.LEVELS:
        raise Unsaved(_("Level: pick the variant and the guards' difficulty."))
    return {"players": people, "mode": "solo", "level": level, "guards": guards}


def rattus_cartus(form: Any) -> dict:
    """A Rattus Cartus audit: every player's lines, the winners, who the plague wiped out (RC-F7)."""
    document = rc_forms.audit_document(form)
    if document.unordered_ties():
        raise Unsaved(_("The audit has a problem: check it again first."))
    result = document.score()
    people = [_seat(p.name, p.total, p.name in result.winners, p.breakdown(), lost=p.rats > result.nuns)
              for p in result.players]
    return {"players": people, "nuns": result.nuns}


def ragami(form: Any) -> dict:
    """A Ragami audit: VP on the track, the conflicts bonus (RG-E3), white cubes (RG-E2), the winners."""
    tallies, options = ragami_forms.audit_document(form)
    result = score(tallies, options)
    return {"players": [_seat(p.name, p.total, p.name in result.winners, p.breakdown()) for p in result.players]}


AUDITS: dict[str, Callable[[Any], dict]] = {"lockup": lockup, "rattus-cartus": rattus_cartus, "ragami": ragami}


def play_of(kind: str, form: Any) -> dict:
    """The play an audit form describes, dated and titled; :class:`Unsaved` names what is wrong."""
    date = (form.get("records-date") or "").strip()
    if not DATE.fullmatch(date):
        raise Unsaved(_("Date: pick the day the game was played."))
    try:
        fields = AUDITS[kind](form)
    except InputError:
        raise Unsaved(_("The audit has a problem: check it again first.")) from None
    title = " ".join((form.get("records-title") or "").split())[:80] or _("Scored on paper")
    return {"game_id": f"paper-{secrets.token_hex(6)}", "kind": kind, "ended": f"{date} 12:00:00", "title": title,
            "mode": "multi", "level": None, "origin": "paper", "guards": None, "curve": None, **fields}
