"""What the Ragami panel shows: the scoreboard, the round and its RG-T3 setup, the end of the
game (RG-E1) and the explained final scores (RG-E2…RG-E4). Ragami hides nothing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.core.events import Event
from companion.games import ragami
from companion.games.ragami.commands import VIRTUE_REASONS, WHITE_CUBE_GAINS
from companion.games.ragami.events import VP_CAUSES, LastPlaceCardPlayed, VpGained
from companion.games.ragami.game import end_reasons
from companion.games.ragami.rules import DEMONS, DIE_FACES, LAST_PLACE_CARD_VP, LOCATION_TOKENS, VIRTUE_MAX
from companion.games.ragami.scoring import Result, Ruling, outcome_note
from companion.web.gameui import recorded
from companion.web.gameui.ragami import bgstats, seating
from companion.web.gameui.ragami.forms import colour_labels, labels, setup_token_labels
from companion.web.gameui.recorded.scores import ScoredPlayer, Scores

LOG_LENGTH = 12
LAST_PLACE_CARD = "last-place-card"  # the cause the VP log gives the card's VP (not a VpGained cause)


def context(state: Any, game: dict, seat: str | None) -> dict[str, Any]:
    """The panel's context of a started game (``recorded`` frames a game without its setup);
    every device sees the same: Ragami has no hidden information."""
    view = ragami.view_for(state, None)
    return {
        "rg": view,
        "rg_labels": labels(),
        "rg_colours": colour_labels(),
        "rg_causes": cause_texts(),
        "rg_reminders": [(rule, reminder_text(rule, text, view)) for rule, text in view["pending"]["reminders"]],
        "rg_ending": [reason_text(r) for r in end_reasons(state)] if view["phase"] == "playing" else [],
        "rg_ended": [reason_text(r) for r in view["end_reasons"]],
        "rg_result": result_view(ragami.final_result(state)),
        "rg_option": option_text(view["options"]["bonus_needs_conflict"]),
        "rg_tokens": LOCATION_TOKENS,
        "rg_die_faces": DIE_FACES,
        "rg_demons": range(1, DEMONS + 1),
        "rg_virtue_values": range(0, VIRTUE_MAX + 1),
        "rg_vp_log": vp_log,
        "rg_reasons": reason_labels(),
        "rg_cube_gains": WHITE_CUBE_GAINS,
        "rg_virtue_reasons": VIRTUE_REASONS,
        "rg_next": next_players(view),
        "rg_round_start": state.turn is None and not state.passed,  # no turn ended yet this round
        "rg_setup_fields": [(name, words, view["setup_tokens"]["counts"][name])
                            for name, words in setup_token_labels().items()
                            if view["setup_tokens"]["counts"][name]],  # 4 players: no neutral saint
        "exports": exports(state, game),
        **seating.device_view(game, state),  # what this device may do (issue 12)
    }


def exports(state: Any, game: dict) -> dict[str, str] | None:
    """The final screen's export links, once final scoring is done."""
    return recorded.exports(game, state, ragami.final_result, bgstats.play, "ragami.bgstats_json")


def next_players(view: dict[str, Any]) -> list[str]:
    """Who plays after the current player, clockwise, leaving out who passed for the round."""
    names = [p["name"] for p in view["players"]]
    if view.get("turn") not in names:
        return []
    at = names.index(view["turn"])
    following = [names[(at + k) % len(names)] for k in range(1, len(names))]
    return [name for name in following if name not in view["passed"]]


def reason_labels() -> dict[str, str]:
    """Why white cubes were gained or a Virtue die changed, in words (a drop-down's options: no
    rule id, it is beside the drop-down)."""
    return {
        "saint-placed": _("a saint placed on a conflict"), "card": _("an action card"), "other": _("other"),
        "round-setup": _("round setup"), "moved": _("moved to a building: shows 1"),
        "placed": _("placed on a building: shows 1"), "spent": _("points spent"),
    }


def cause_texts() -> dict[str, str]:
    """Why VP were gained, with the rule (RG-V1…RG-V5)."""
    return {
        "conflict": _("conflict resolved (RG-V3)"), "saint": _("saint on a resolved conflict (RG-V4)"),
        "demons": _("demons purified (RG-V2)"), "white-cubes": _("white cubes converted (RG-V1)"),
        "virtue-die": _("Virtue die converted (RG-V5)"), LAST_PLACE_CARD: _("last-place action card (RG-T2)"),
    }


def reason_text(reason: str) -> str:
    """An RG-E1 end condition in words."""
    return {"30-vp": _("a player reached 30 VP"), "tokens-exhausted": _("the location tokens ran out")}.get(
        reason, reason)


def reminder_text(rule: str, text: str, view: dict[str, Any]) -> str:
    """An RG-T3 round setup step in words (the game's own text where no translation exists)."""
    steps = {
        "RG-T3.1": _("%(name)s takes the first player cube (it passed to the left).", name=view["start_player"]),
        "RG-T3.2": _('Every conflict die on the board +1; a die reaching 7 leaves the board and its location becomes '
                     '"no passage" (Ragami there move to an adjacent building).'),
        "RG-T3.3": _("Every Virtue die on the board +1, plus +1 per Ragami on or adjacent to its building."),
        "RG-T3.4": _("Roll the conflict dice in the supply; place each with a new location token (record the "
                     "tokens below)."),
        "RG-T3.5": _("Players may convert Virtue die points (3 = 1 VP) or move their die (it resets to 1); a die "
                     "off the board may be placed on any building at 1."),
        "RG-T3.6": _("%(name)s rolls the 3 action dice: each red 1 places a demon from the supply on a street, "
                     "then is turned to any other face.", name=view["dice_roller"]),
    }
    return steps.get(rule, text)


def vp_log(events: Iterable[Event]) -> dict[str, Any]:
    """VP gained so far: the latest gains with their causes, and each player's VP per cause."""
    gains = [gain for e in events for gain in _gains(e)]
    by_player: dict[str, dict[str, int]] = {}
    for gain in gains:
        causes = by_player.setdefault(gain.player, {})
        causes[gain.cause] = causes.get(gain.cause, 0) + gain.amount
    latest = [{"player": g.player, "amount": g.amount, "cause": g.cause,
               "rule": VP_CAUSES.get(g.cause, "RG-T2")}
              for g in reversed(gains[-LOG_LENGTH:])]
    return {"latest": latest, "by_player": by_player}


def _gains(event: Event) -> list[VpGained]:
    """The VP an event gave, as gains with a cause (the last-place card: 1 VP to each last player)."""
    if isinstance(event, VpGained):
        return [event]
    if isinstance(event, LastPlaceCardPlayed):
        return [VpGained(name, LAST_PLACE_CARD_VP, LAST_PLACE_CARD) for name in event.last_placed]
    return []


def tiebreak_texts() -> dict[Any, str]:
    """How the winner was decided, in words with the rule id."""
    return {
        None: _("No tie at the top: most VP (RG-E4)."),
        "conflicts": _("Tie on VP broken by the most conflicts resolved (RG-E4)."),
        "shared": _("Tied on VP and on conflicts resolved: shared victory (RG-E4)."),
    }


def option_text(bonus_needs_conflict: bool) -> str:
    """The RG-I1 table option of this game, in words."""
    if bonus_needs_conflict:
        return _("Table option (RG-I1), on: a player with no conflict resolved takes no +7 or +4 conflicts bonus.")
    return _("Table option (RG-I1), off: a player with no conflict resolved may take the +7 or +4 conflicts bonus.")


def ruling_text(ruling: Ruling) -> str:
    """RG-I1 with the result: the option and whether it changed a bonus in this game."""
    names = ", ".join(_("%(name)s (+%(vp)d)", name=name, vp=vp) for name, vp in ruling.changed)
    if ruling.applied:
        effect = _("It applied: no bonus for %(names)s, with 0 conflicts resolved.", names=names)
    elif ruling.changed:
        effect = _("With the option off, %(names)s took the bonus with 0 conflicts resolved.", names=names)
    else:
        effect = _("It changed no bonus in this game.")
    return f"{option_text(ruling.option)} {effect}"


@dataclass(frozen=True, slots=True)
class SaintsPlayer(ScoredPlayer):
    """A player's score with their conflicts won (the RG-E4 tie-break)."""

    conflicts: int


@dataclass(frozen=True, slots=True)
class SaintsScores(Scores):
    """The scores with the tie-break and the conflict-bonus ruling in words."""

    tiebreak_text: str
    ruling_applied: bool
    ruling_text: str


def result_view(result: Result | None) -> SaintsScores | None:
    """Final scores for the template, every line with its rule (shared by the game and the audit)."""
    if result is None:
        return None
    players = tuple(SaintsPlayer(name=p.name, total=p.total, lines=p.lines, winner=p.name in result.winners,
                                 conflicts=p.conflicts) for p in result.players)
    rule, text = outcome_note(result)
    return SaintsScores(players=players, winners=result.winners, tiebreak=result.tiebreak, outcome_rule=rule,
                        outcome_text=text, tiebreak_text=tiebreak_texts().get(result.tiebreak, result.tiebreak),
                        ruling_applied=result.ruling.applied, ruling_text=ruling_text(result.ruling))
