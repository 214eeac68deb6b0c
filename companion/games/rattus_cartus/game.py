"""Rattus Cartus as a recorded game: round tracker, end-of-game entry, plague reveal, final scores.

``start(setup)`` -> events; ``decide(state, command)`` -> events or ``RuleViolation`` (never
mutates); ``evolve(state, event)`` -> state; ``pending(state)`` says what the table must do next.
The rounds' commands and events (turns, Safe-conducts, the 2-player preferred action) are in
``rounds``; ``view.view_for`` hides other players' rat sums until the plague reveal (RC-G3).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import jsonin, rng
from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event, evolve_by
from companion.core.i18n import T, join
from companion.games.rattus_cartus import events as ev
from companion.games.rattus_cartus import rounds
from companion.games.rattus_cartus.commands import (
    Command,
    RecordInfluenceOrder,
    RecordRats,
    RecordTally,
    RecordTreasury,
    RevealPlague,
)
from companion.games.rattus_cartus.rounds import FINAL, FINISHED, ROUNDS
from companion.games.rattus_cartus.rules import (
    CLASSES,
    GOLD_TWO_PLAYER_TIE_DEFAULT,
    GOLD_TWO_PLAYER_TIE_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PREFERRED_ONE_PER_ROUND,
    rounds_for,
)
from companion.games.rattus_cartus.scoring import (
    CLASS_NAMES,
    Options,
    Result,
    Tally,
    score,
    tie_problems,
)


@dataclass(frozen=True)
class State:
    """The game so far. Per-seat tuples follow ``players`` (clockwise seating)."""

    players: tuple[str, ...]
    start_player: str
    rounds: int
    round: int = 1
    phase: str = ROUNDS
    options: Options = Options()
    tallies: tuple[Tally | None, ...] = ()  # rats kept apart, in ``rats``
    rats: tuple[int | None, ...] = ()
    treasury_used: bool | None = None
    orders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (class, bottom-first order)
    nuns: int | None = None
    winners: tuple[str, ...] = ()
    tiebreak: str | None = None
    turns: int = 0  # phase C turns taken this round: buildings accessed and Safe-conducts played
    queue: tuple[str, ...] = ()  # phase C: who still chooses, in order (the current player first)
    accessed: tuple[str, ...] = ()  # who accessed a building this round, in order
    preferred: str | None = None  # with 2 players: who takes this round's preferred action (RC-G5)

    def seat(self, name: str) -> int:
        """Index of a player in the seating."""
        return self.players.index(name)

    def clockwise(self, first: str) -> tuple[str, ...]:
        """Every player, clockwise from ``first``."""
        at = self.seat(first)
        return self.players[at:] + self.players[:at]

    def current_player(self) -> str | None:
        """Whose phase C turn it is: clockwise from the start player, a Safe-conduct sending its
        player after the others (RC-G7); None once everyone has accessed a building."""
        if self.phase != ROUNDS or not self.queue:
            return None
        return self.queue[0]

    def asks_preferred(self) -> bool:
        """With 2 players, once both accessed a building: who takes the one preferred action (RC-G5)?"""
        return (len(self.players) == PREFERRED_ONE_PER_ROUND and self.phase == ROUNDS and not self.queue
                and len(self.accessed) == len(self.players) and self.preferred is None)

    def ties(self) -> dict[str, tuple[str, ...]]:
        """Recorded stacking orders by class."""
        return dict(self.orders)


@dataclass(frozen=True)
class Pending:
    """What the game waits for: a ``step`` name, the missing entries (``needs``), a message and rule."""

    step: str
    message: str
    rule: str
    needs: tuple[str, ...] = ()


# --- start -------------------------------------------------------------------------------------


def start(setup: Mapping[str, Any]) -> list[Event]:
    """Validate the setup (``players`` clockwise, ``start_player`` or null to draw one, options;
    optional ``seed``: the draw's seed, so that a replayed set-up draws the same start player)."""
    setup = jsonin.obj(setup, "", required=("players",),
                       optional=("start_player", "plague_survivor", "gold_two_player_tie", "seed"))
    players = jsonin.array(setup["players"], "players", MIN_PLAYERS, MAX_PLAYERS)  # RC-G1
    names = tuple(jsonin.string(p, f"players[{i}]").strip() for i, p in enumerate(players))
    for i, name in enumerate(names):
        if name in names[:i]:
            raise InputError(f"players[{i}]", T("duplicate name %(name)s", name=repr(name)))
    first, seed = rng.start_player(setup, names)  # setup step 9: given, or drawn with its seed
    survivor = jsonin.boolean(setup.get("plague_survivor", False), "plague_survivor")
    gold = jsonin.choice(setup.get("gold_two_player_tie", GOLD_TWO_PLAYER_TIE_DEFAULT), "gold_two_player_tie",
                         GOLD_TWO_PLAYER_TIE_OPTIONS)
    return [ev.GameStarted(names, first, rounds_for(len(names)), survivor, gold, seed)]


# --- decide ------------------------------------------------------------------------------------


def decide(state: State | None, command: Command) -> list[Event]:
    """The events ``command`` causes, or ``RuleViolation`` (nothing is recorded)."""
    if state is None:
        raise RuleViolation(T("Set up the game first: players, seating and start player"), "RC-G1")
    if state.phase == FINISHED:
        raise RuleViolation(T("The game is over: the plague has been revealed"), "RC-F7")
    round_handler = rounds.HANDLERS.get(type(command))
    if round_handler is not None:
        return round_handler(state, command)
    if state.phase != FINAL:
        raise RuleViolation(
            T("Final scoring comes after the last round: this is round %(round)s of %(rounds)s",
              round=state.round, rounds=state.rounds), "RC-G1")
    handler = _FINAL_HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation(T("Unknown command %(name)s", name=type(command).__name__))
    return handler(state, command)


def _known(state: State, name: str) -> str:
    if name not in state.players:
        raise RuleViolation(T("%(name)s is not playing this game", name=name))
    return name


def _record_tally(state: State, command: RecordTally) -> list[Event]:
    _known(state, command.player)
    counts = dataclasses.asdict(command)
    return [ev.TallyRecorded(**counts)]


def _record_rats(state: State, command: RecordRats) -> list[Event]:
    return [ev.RatsRecorded(_known(state, command.player), command.rats)]


def _record_treasury(state: State, command: RecordTreasury) -> list[Event]:
    return [ev.TreasuryRecorded(command.used)]


def _record_order(state: State, command: RecordInfluenceOrder) -> list[Event]:
    for name in command.order:
        _known(state, name)
    return [ev.InfluenceOrderRecorded(command.influence_class, command.order)]


def _reveal_plague(state: State, command: RevealPlague) -> list[Event]:
    missing = [need for need in _needs(state) if not need.startswith("influence-order:")]
    if missing:
        raise RuleViolation(T("Before the plague, record %(needs)s", needs=join([_describe(m) for m in missing])),
                            "RC-F7")
    problems = tie_problems(_tallies(state), state.ties())
    if problems:  # RC-F2: only a tie that decides a score needs its stacking order
        raise RuleViolation(join([message for _cls, message in problems], "; "), "RC-F2")
    result = _score(state, command.nuns)
    wiped = tuple(p.name for p in result.players if p.rats > command.nuns)  # RC-F7
    return [ev.PlagueRevealed(command.nuns, wiped, result.winners, result.tiebreak)]


def _describe(need: str) -> T:
    """A pending need (``rats:Azul``) in words."""
    what, _, who = need.partition(":")
    if what == "tally":
        return T("%(player)s's final counts", player=who)
    if what == "rats":
        return T("%(player)s's rat sum", player=who)
    if what == "treasury":
        return T("whether the Treasury was used")
    return T("the stacking order of the tie in %(group)s", group=CLASS_NAMES.get(who, who))


_FINAL_HANDLERS = {
    RecordTally: _record_tally,
    RecordRats: _record_rats,
    RecordTreasury: _record_treasury,
    RecordInfluenceOrder: _record_order,
    RevealPlague: _reveal_plague,
}


# --- evolve ------------------------------------------------------------------------------------


def evolve(state: State | None, event: Event) -> State:
    """The state after ``event``."""
    if isinstance(event, ev.GameStarted):
        options = Options(event.plague_survivor, event.gold_two_player_tie)
        empty = (None,) * len(event.players)
        state = State(tuple(event.players), event.start_player, event.rounds, options=options,
                      tallies=empty, rats=empty)
        return dataclasses.replace(state, queue=state.clockwise(event.start_player))
    return evolve_by(_EVOLVERS, state, event, "Rattus Cartus")


def _tally_recorded(state: State, event: ev.TallyRecorded) -> State:
    tally = Tally(event.player, tuple(event.influence), event.hand_cards, event.swords, event.safe_conducts,
                  event.flutes, event.gold, event.vp_tokens)
    return dataclasses.replace(state, tallies=_put(state.tallies, state.seat(event.player), tally))


def _rats_recorded(state: State, event: ev.RatsRecorded) -> State:
    return dataclasses.replace(state, rats=_put(state.rats, state.seat(event.player), event.rats))


def _order_recorded(state: State, event: ev.InfluenceOrderRecorded) -> State:
    orders = dict(state.orders)
    orders[event.influence_class] = tuple(event.order)
    return dataclasses.replace(state, orders=tuple(sorted(orders.items(), key=lambda kv: CLASSES.index(kv[0]))))


def _plague_revealed(state: State, event: ev.PlagueRevealed) -> State:
    # The recorded outcome must be what scoring gives (RC-F7..RC-F9): a forged export is refused.
    if state.phase != FINAL or any(not need.startswith("influence-order:") for need in _needs(state)):
        raise InputError("rc-plague-revealed", T("comes before every final count was recorded (RC-F7)"))
    result = _score(state, event.nuns)
    wiped = tuple(p.name for p in result.players if p.rats > event.nuns)
    if (tuple(event.wiped_out), tuple(event.winners), event.tiebreak) != (wiped, result.winners, result.tiebreak):
        raise InputError("rc-plague-revealed.winners", T("are not what final scoring gives (RC-F7..RC-F9)"))
    return dataclasses.replace(state, phase=FINISHED, nuns=event.nuns, winners=tuple(event.winners),
                               tiebreak=event.tiebreak)


_EVOLVERS = {
    **rounds.EVOLVERS,
    ev.TallyRecorded: _tally_recorded,
    ev.RatsRecorded: _rats_recorded,
    ev.TreasuryRecorded: lambda s, e: dataclasses.replace(s, treasury_used=e.used),
    ev.InfluenceOrderRecorded: _order_recorded,
    ev.PlagueRevealed: _plague_revealed,
}


def _put(values: tuple, index: int, value: Any) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


# --- queries -----------------------------------------------------------------------------------


def _tallies(state: State) -> list[Tally]:
    """Complete tallies with rats (only meaningful once every entry is recorded)."""
    return [dataclasses.replace(t, rats=r or 0) for t, r in zip(state.tallies, state.rats, strict=True) if t]


def _score(state: State, nuns: int) -> Result:
    return score(_tallies(state), treasury_used=bool(state.treasury_used), nuns=nuns, ties=state.ties(),
                 options=state.options)


def _needs(state: State) -> tuple[str, ...]:
    needs = [f"tally:{p}" for p, t in zip(state.players, state.tallies, strict=True) if t is None]
    needs += [f"rats:{p}" for p, r in zip(state.players, state.rats, strict=True) if r is None]
    if state.treasury_used is None:
        needs.append("treasury")
    if not any(n.startswith("tally:") for n in needs):
        classes = dict.fromkeys(c for c, _ in tie_problems(_tallies(state), state.ties()))
        needs += [f"influence-order:{c}" for c in classes]
    return tuple(needs)


def final_result(state: State | None) -> Result | None:
    """The explained final scores once the plague is revealed (``None`` before)."""
    if state is None or state.phase != FINISHED or state.nuns is None:
        return None
    return _score(state, state.nuns)


def is_finished(state: State | None) -> bool:
    """True once the plague has been revealed."""
    return state is not None and state.phase == FINISHED


def pending(state: State | None) -> Pending:
    """What the table must do next."""
    if state is None:
        return Pending("setup", T("Set up the game: 2 to 5 players, seating and start player"), "RC-G1")
    if state.phase == ROUNDS:
        return Pending(*rounds.round_pending(state))
    if state.phase == FINAL:
        needs = _needs(state)
        if needs:
            return Pending("final-entry", T("Record every player's final counts"), "RC-F1", needs)
        return Pending("plague", T("Reveal the Nuns row and count the Nuns"), "RC-F7")
    return Pending("finished", T("The plague has been revealed: see the final scores"), "RC-F8")
