"""The end of a Lockup game as scoring sees it: ``final_result`` (L-F1..L-F7; solo L-SO14) and
the ``companion audit lockup`` document of an end state.

Apart from the goals (``goals.py``, which acts through ``flow.Batch``) so that the fold can check
a recorded ``game-ended`` against it without importing the deciding side (no import circle).
"""

from __future__ import annotations

from companion.games.lockup import scoring
from companion.games.lockup.audit import OPTIONS as AUDIT_OPTIONS
from companion.games.lockup.state import State


def final_result(state: State) -> dict:
    """Final scoring after the final raid (L-F1..L-F7; solo L-SO14) as ``audit lockup`` JSON."""
    ends = [
        scoring.PlayerEnd(
            name=s.name, reputation=s.reputation, power=s.power, resources=dict(s.resources), tomes=s.tomes,
            items=tuple(scoring.Item(i.name, tuple(i.treasures)) for i in s.items),
            goons=tuple(scoring.Goon(g.type, tuple(g.treasures)) for g in s.goons),
        )
        for s in (state.seats[n] for n in state.seating)
    ]
    goal = state.goals.get("end_game")
    end_goal = None
    if goal is not None and goal.treasure is not None:
        end_goal = scoring.EndGameGoal("majority", treasure=goal.treasure)
    elif goal is not None:
        end_goal = scoring.EndGameGoal("fixed", stars={n: goal.stars for n in state.end_goal_met or ()})
    scores = scoring.final_scores(ends, state.first_player, state.leader_holder, end_goal, solo=state.mode == "solo",
                            majority_zero_ranks=bool(state.options.get("majority_zero_ranks")))
    return scores.to_json()


def audit_document(state: State) -> dict:
    """The ``companion audit lockup`` input for this game's end state (cli-contracts.md)."""
    goal = state.goals.get("end_game")
    end_goal = None
    if goal is not None and goal.treasure is not None:
        end_goal = {"kind": "majority", "treasure": goal.treasure}
    elif goal is not None:
        end_goal = {"kind": "fixed", "stars": {n: goal.stars for n in state.end_goal_met or ()}}
    players = [
        {"name": s.name, "reputation": s.reputation, "power": s.power, "resources": dict(s.resources),
         "tomes": s.tomes, "items": [{"name": i.name, "treasures": list(i.treasures)} for i in s.items],
         "goons": [{"type": g.type, "treasures": list(g.treasures)} for g in s.goons]}
        for s in (state.seats[n] for n in state.seating)
    ]
    leader = state.goals.get("leader")
    card = None if leader is None else {"counts": leader.counts, "minimum": leader.minimum}
    return {"game": "lockup", "mode": state.mode, "players": players, "first_player": state.first_player,
            "leader_goal": state.leader_holder, "end_game_goal": end_goal, "leader_goal_card": card,
            **{key: bool(state.options.get(key)) for key in AUDIT_OPTIONS}}  # the options audit honours
