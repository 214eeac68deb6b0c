"""Rattus Cartus in the app: new game, round tracker (RC-G1), end-of-game entry with secret rat
sums, plague reveal (RC-F7) and explained final scores (RC-F1…RC-F9); plus the audit-only form.

The pages are the shared recorded-game views (``companion.web.gameui.recorded``); this module
declares what is Rattus Cartus's own. Every rule is decided by ``companion.games.rattus_cartus``.
"""

from __future__ import annotations

import dataclasses

from companion.games import rattus_cartus as rc
from companion.games.rattus_cartus import audit
from companion.games.rattus_cartus.rules import CLASSES, MAX_PLAYERS
from companion.web.gameui import recorded
from companion.web.gameui.rattus_cartus import bgstats, forms, history, panel, seating

# Fields that arrive as one form control per position (a select per place in the stack).
LIST_FIELDS = ("order",)
OPTIONAL_COUNTS = (*CLASSES, *forms.COUNTS)


def _command_data(kind: str, form) -> dict:
    data = forms.command_data(form, LIST_FIELDS)
    if kind == "record-influence-order" and "order" in form:  # a place left blank is refused by its number
        data["order"] = [v.strip() for v in form.getlist("order")]
    return forms.drop_blank(data, OPTIONAL_COUNTS) if kind == "record-tally" else data


def _audit(form) -> tuple[dict, int]:
    document = forms.audit_document(form)  # every field checked; all problems at once
    unordered = document.unordered_ties()
    if unordered:  # RC-F2: every tie that decides a score is asked for at once, as on the end screen
        needs = panel.influence_ties([{"influence_class": cls, "players": names} for cls, names in unordered])
        return {"rc_tie_needs": dict(needs),
                "rc_tie_texts": [panel.tie_need_text(cls, names) for cls, names in unordered]}, 422
    result = document.score()
    options = dataclasses.asdict(document.options)
    return {"rc_result": panel.result_view(result, options), "output": audit.to_output(result)}, 200


def _audit_context() -> dict:
    return {"classes": CLASSES, "counts": forms.AUDIT_COUNTS[len(CLASSES):], "rc_labels": forms.labels(),
            "rc_result": None, "rc_tiebreaks": panel.tiebreak_texts(), "rc_tie_needs": {}, "rc_tie_texts": []}


GAME = recorded.RecordedGame(
    name="rattus_cartus", prefix="rc", url_prefix="/rattus-cartus", slug="rattus-cartus", definition=rc.GAME,
    commands=rc.COMMANDS, command_from_dict=rc.command_from_dict, final_result=rc.final_result,
    bgstats_play=bgstats.play, max_players=MAX_PLAYERS, new_game=forms.new_game,
    new_game_problems=forms.new_game_problems, command_data=_command_data, message=forms.message,
    audit=_audit, audit_problems=forms.audit_problems, audit_context=_audit_context,
)
UI = recorded.register_ui(
    GAME, panel, seating, history,
    record_play=bgstats.record_play,
    last_to_act_only=seating.ends_round,  # the host or the last to act ends a round (issue 23)
    finished=rc.is_finished,
    export_in_progress=False,  # rat sums are secret until the plague reveal (RC-G3)
    reveals=seating.reveals,  # the plague reveal is never undone (issue 12)
    host_only_when=seating.host_only_when,  # a rat sum entered is replaced by the host only
)
