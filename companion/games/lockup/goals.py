"""Goals (L-GL1..L-GL3); the final scoring of the game is ``final.py``.

Leader goal (L-GL1, I-13, I-19): checked after every change. Unheld, it goes to the one seat that
has strictly the most of what it counts and reaches its minimum (the Spanish rulebook; with the
table option ``polish_leader_minimum``: goes above it, as the Polish rulebook prints); held, it
moves only to a seat that *exceeds* the holder (a tie does not move it).
"""

from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.core.i18n import T
from companion.games.lockup import events as E
from companion.games.lockup import scoring
from companion.games.lockup.flow import Batch, reputation
from companion.games.lockup.model import GOON_TYPES
from companion.games.lockup.state import Seat, State, clockwise_from, count_treasure


def goal_count(s: Seat, counts: str) -> int:
    """What a leader goal counts: treasure icons on face-up cards, or goons of a type (L-GL1, I-11)."""
    if counts in GOON_TYPES:
        return sum(1 for g in s.goons if g.type == counts)
    return count_treasure(s, counts)


def leader_change(state: State) -> E.LeaderGoalTaken | None:
    """The leader-goal event due now (L-GL1), or None."""
    goal = state.goals.get("leader")
    if goal is None or state.phase in ("over",):
        return None
    counts = {n: goal_count(state.seats[n], goal.counts) for n in state.seating}
    best = max(counts.values())
    if best < scoring.leader_need(goal.minimum, bool(state.options.get("polish_leader_minimum"))):  # I-19
        return None
    holder = state.leader_holder
    top = [n for n in clockwise_from(state, state.first_player) if counts[n] == best]
    if holder is None:
        return E.LeaderGoalTaken(top[0], None, best) if len(top) == 1 else None
    if counts[holder] < best:  # "exceeds the holder": strictly more
        return E.LeaderGoalTaken(top[0], holder, best)
    return None


def claim_instant(b: Batch, seat: str) -> None:
    """L-GL2: the first to meet the instant goal takes it and scores it at once; once per game."""
    goal = b.state.goals.get("instant")
    if goal is None:
        raise RuleViolation(T("There is no instant goal in this game"), "L-GL2")
    if b.state.instant_holder is not None:
        raise RuleViolation(T("%(instant_holder)s already took the instant goal",
                              instant_holder=b.state.instant_holder), "L-GL2")
    b.add(E.InstantGoalClaimed(seat))
    reputation(b, seat, goal.stars, "L-GL2", T("instant goal %(goal)s", goal=goal.name))


def needs_end_goal_input(state: State) -> bool:
    """A fixed end-game goal needs the table to name who meets it (L-GL3)."""
    goal = state.goals.get("end_game")
    return goal is not None and goal.treasure is None and state.end_goal_met is None
