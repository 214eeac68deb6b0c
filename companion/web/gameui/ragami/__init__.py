"""Ragami in the app: new game, live tracking (VP with causes RG-V, conflicts, white cubes,
Virtue dice, location tokens), round setup reminders (RG-T3), the end of the game announced at
the end of its round (RG-E1), final conversion, bonus and winner (RG-E2…RG-E4); plus the
audit-only form.

The pages are the shared recorded-game views (``companion.web.gameui.recorded``); this module
declares what is Ragami's own. Every rule is decided by ``companion.games.ragami``.
"""

from __future__ import annotations

from companion.games import ragami
from companion.games.ragami import audit
from companion.games.ragami.rules import COLOURS, MAX_PLAYERS
from companion.games.ragami.scoring import score
from companion.web.gameui import recorded
from companion.web.gameui.ragami import bgstats, forms, history, panel, seating


def _new_context() -> dict:
    return {"colours": COLOURS, "rg_colours": forms.colour_labels(),
            "setup_fields": list(forms.setup_token_labels().items())}


def _audit(form) -> tuple[dict, int]:
    tallies, options = forms.audit_document(form)  # every field checked; all problems at once
    result = score(tallies, options)  # every line explained, RG-I1 by the table option
    return {"rg_result": panel.result_view(result), "output": audit.to_output(result)}, 200


GAME = recorded.RecordedGame(
    name="ragami", prefix="rg", url_prefix="/ragami", slug="ragami", definition=ragami.GAME, commands=ragami.COMMANDS,
    command_from_dict=ragami.command_from_dict, final_result=ragami.final_result, bgstats_play=bgstats.play,
    max_players=MAX_PLAYERS, new_game=forms.new_game, new_game_problems=forms.new_game_problems,
    command_data=forms.command_data, message=forms.message, audit=_audit, audit_problems=forms.audit_problems,
    audit_context=lambda: {"counts": forms.AUDIT_COUNTS, "rg_labels": forms.labels(), "rg_result": None},
    new_context=_new_context,
)
UI = recorded.register_ui(
    GAME, panel, seating, history,
    record_play=bgstats.record_play,
    last_to_act_only=seating.ends_round,  # the host or the last to act ends a round (issue 23)
    finished=ragami.is_finished,
    export_in_progress=True,  # nothing is secret in Ragami
)
