"""The Lockup engine: ``decide``, ``evolve``, ``pending``, ``view_for``, ``reputation_log``.

``decide(state, command)`` takes a command dataclass (``companion.games.lockup.commands``; the
codec reads one from its wire form, validated: ``InputError``), checks it is what the game waits
for (``pending``) and from the right seat, runs the phase handler
(``RuleViolation`` on an illegal move: nothing is appended), then keeps advancing whatever needs
no choice (forced passes, reveals, fixed rewards, Patrol steps, raids, final scoring) until the
game waits again. So after every command ``pending(state)`` is a real question to someone.

Hooks for the solo automaton (``companion.solo_guard``), all issued as commands with no seat
field (the guards' automaton acts for the seat ``"guards"``):

- ``pending(state).kind == "guards-deal"`` at each solo Roll Call start: send ``DealGuards`` with
  one ``GuardCard`` (location, value, card, special) per location (L-SO4);
- ``"guard-turn"``: ``GuardTurn(reveal=GuardReveal(location, index) | None, place=GuardCard |
  None, done)`` (L-SO5, I-8); ``index`` is the position in ``state.placements[location]``. Roll
  Call ends at once when the player passes or has placed every tile (I-7);
- ``"special-draw"`` (L-SO9, after a special card was revealed in Lights Out): ``PlaceGuard(value,
  card, special)`` or ``SkipGuardDraw()``;
- ``"choice"`` with ``seat == "guards"``: answer with ``Take`` / ``Recruit`` (pay ``{}``) /
  ``Craft`` / ``Reserve`` (pay ``{}``) with ``seat="guards"`` (use ``referee.guards``);
- ``"effect"`` with ``seat == "guards"`` (L-E7 exchange, L-SO10): ``Effect`` with give/take.

Guards' fixed rewards, suspicion, Library reputation (L-SO8), effects (L-SO10, I-10), the solo
raid (L-SO12, I-5) and final scoring (L-SO14) are automatic.

Engine rulings where the rules are silent (see the final report of issue 3):

- I-15: a fixed reward that gives nothing at all from an empty supply leaves the seat a straggler
  (the Exercise Yard marker still counts as a reward, and so do the Bandit cubes of I-17); the
  Commissary's first reward from an empty supply is I-15 too (not an I-3 refusal).
- L-GL1/I-13: the leader goal is claimed and taken over automatically for everyone: unheld, by
  the only seat with strictly the most (and reaching the minimum, at least 1; with the I-19
  option ``polish_leader_minimum``: above it); held, by a seat that exceeds the holder (several:
  the nearest clockwise from the first player).
- I-4/I-12: a count of 0 never places in a raid or the majority goal, unless the table chose the
  books as printed (options ``raid_zero_ranks``, ``majority_zero_ranks``).
- L-R9/I-17: the Bandit cubes are part of the first-ranked seat's reward and come first, usable at
  once (both books): at a choice they move before the payment is checked, so they can pay for it;
  "keep_bandit" (no recruit, no craft...) keeps them and the seat goes home; a choice it cannot
  make leaves it the cubes alone. Only declining, at confirmation or at its turn (L-LO6), gives
  them up, and they stay on the location (I-6). With "pass rewards down" (I-1) they stay too:
  I-17 names the first-ranked player, not the tier.
- I-2: "second tiers as in the Spanish rulebook" (option ``spanish_second_tiers``): with 1-2
  players (and solo) the Exercise Yard and Commissary second tiers exist as with 3+.
- L-R8: a Library tier is +1 tome for a player (draw 2 keep 1 also keeps one); the tome deck
  itself is not tracked.
- L-LO6/I-1/I-3: declines are named when the table confirms the location; a seat whose reward is a
  choice it can make is not asked then (issue 23): it declines at its turn, among the choice's
  options (a game begun before: ``confirm_choice_rewards``, asked at both). A seat whose reward
  is fixed is asked only with the table option ``ask_fixed_rewards`` (issue 23; off for a new
  game, on for one begun before ``game-started`` version 4). A choice that is
  impossible (nothing to pay or take) is a straggle (I-3), unless the seat gets Bandit cubes there
  (I-17): that seat is asked at confirmation.
- L-P2/L-P3: entering fewer cards than empty slots means the deck ran out.
- L-P4: "lacks" compares the suspicion supply with all active goons' icons together; after the
  raid, cubes are added as far as the supply goes (L-C3).
- L-E3/L-E7 may be skipped; a queued one that became impossible is skipped automatically.
- I-16: holding cells are private. ``view_for`` of another seat, of a spectator and of the table
  shows how many tiles each seat holds, never which, and no face-down value. On a shared device
  a face-down tile is recorded without its value (``assign`` with ``{"tile": null, "face_up":
  false}`` or ``face_down: n``); when Lights Out reaches it the game waits (``reveal-tiles``) for
  its seat to name it with ``{"type": "reveal_tiles", "seat", "tiles": [values]}``. A solo game
  names face-down tiles at once (the player's device is their own).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.core.errors import InputError, RuleViolation
from companion.core.game import GameDefinition
from companion.core.i18n import N_, T, from_json
from companion.games.lockup import codec, effects, goals, hidden, lightsout, patrol, rewards, rollcall, terms
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup.flow import Batch, Pending
from companion.games.lockup.fold import evolve, fold_many
from companion.games.lockup.model import CUBES, GUARDS
from companion.games.lockup.setup import setup_as_played
from companion.games.lockup.setup import start as _setup_start
from companion.games.lockup.state import State, held, in_hand

MAX_AUTO_STEPS = 10_000  # a safety net: the automatic steps of one command are far fewer

_HANDLERS = {
    cmd.PickTrait: rollcall.decide_trait, cmd.DealGuards: rollcall.decide_deal, cmd.Assign: rollcall.decide_assign,
    cmd.Pass: rollcall.decide_pass, cmd.GuardTurn: rollcall.decide_guard_turn, cmd.RevealTiles: hidden.decide_reveal,
    cmd.Collect: lightsout.decide_collect, cmd.Take: rewards.decide_take, cmd.Exchange: rewards.decide_exchange,
    cmd.Recruit: rewards.decide_recruit, cmd.Craft: rewards.decide_craft, cmd.Reserve: rewards.decide_reserve,
    cmd.Decline: lambda b, c: lightsout.decline_current(b, c.seat), cmd.Effect: effects.decide_effect,
    cmd.KeepBandit: rewards.decide_keep_bandit,
    cmd.Discard: patrol.decide_discard, cmd.RefillItems: patrol.decide_refill_items,
    cmd.RefillGoons: patrol.decide_refill_goons, cmd.EndGoal: lambda b, c: b.add(E.EndGoalMet(tuple(c.seats))),
    cmd.ClaimInstant: lambda b, c: goals.claim_instant(b, c.seat),
    cmd.PlayTome: lambda b, c: play_tome(b, c.seat, c.tome),
    cmd.PlaceGuard: lambda b, c: b.add(E.GuardCardPlaced(b.state.special_draw, c.value, c.card, c.special)),
    cmd.SkipGuardDraw: lambda b, c: b.add(E.GuardDrawSkipped(b.state.special_draw)),
    cmd.Adjust: lambda b, c: adjust(b, c),
    cmd.AskFixedRewards: lambda b, c: lightsout.ask_fixed_rewards(b, c.seat),
}
_TURN_RULES = {"roll-call": "L-RC1", "guard-turn": "L-SO5", "choice": "L-LO4", "trait": "L-S10",
               "effect": "L-E", "discard": "L-P1", "reveal-tiles": "L-LO1"}


def start(setup: Any) -> list:
    """Validate the setup (``InputError`` naming the field) and return the first events (L-S)."""
    b = Batch(None)
    b.add(*_setup_start(setup))
    _advance(b)
    return b.events


def decide(state: State, command: cmd.Command) -> list:
    """Events caused by ``command`` (a command dataclass), or ``RuleViolation``."""
    if state is None:
        raise RuleViolation(T("Set up the game first"), "L-S")
    handler = _HANDLERS.get(type(command))
    if handler is None:  # a caller's bug (a dict, another game's command), not a rule
        raise TypeError(f"not a Lockup command: {type(command).__name__}")
    b = Batch(state)
    waiting = pending(state)
    if waiting.kind == "over":
        raise RuleViolation(T("The game is over"), "L-F")
    if command.waits_for is not None:
        _check_turn(state, waiting, command.waits_for, command)
    handler(b, command)
    _advance(b)
    return b.events


def _check_turn(state: State, waiting: Pending, kind: str, command: cmd.Command) -> None:
    """The command must answer what the game waits for, from the right seat."""
    if waiting.kind != kind:
        raise RuleViolation(T("That can't be done now: the game waits for %(what)s", what=describe(waiting)),
                            _TURN_RULES.get(waiting.kind, "L-S"))
    seat = getattr(command, "seat", None)  # the table's and the automaton's commands have none
    if kind == "discard":
        if seat not in waiting.detail["excess"]:
            raise RuleViolation(T("%(seat)s is within the storage limit", seat=seat), "L-P1")
    elif waiting.seat is not None and seat is not None and seat != waiting.seat:
        raise RuleViolation(T("It's %(seat)s's turn, not %(seat2)s's",
                              seat=waiting.seat, seat2=seat), _TURN_RULES.get(kind, "L-RC1"))


# What the game may wait for, in words (the English is the kind with spaces, as it always was).
WAITING = {"advance": N_("advance"), "choice": N_("choice"), "confirm-rewards": N_("confirm rewards"),
           "discard": N_("discard"), "effect": N_("effect"), "end-goal": N_("end goal"),
           "guard-turn": N_("guard turn"), "guards-deal": N_("guards deal"), "over": N_("over"),
           "refill-goons": N_("refill goons"), "refill-items": N_("refill items"),
           "reveal-tiles": N_("reveal tiles"), "roll-call": N_("roll call"), "special-draw": N_("special draw"),
           "trait": N_("trait")}


def describe(p: Pending) -> T:
    """A short description of what the game waits for (translated when shown)."""
    what = WAITING.get(p.kind) or p.kind.replace("-", " ")
    if p.seat and p.location:
        return T("%(seat)s: %(what)s at the %(location)s", seat=p.seat, what=what, location=terms.location(p.location))
    if p.seat:
        return T("%(seat)s: %(what)s", seat=p.seat, what=what)
    if p.location:
        return T("%(what)s at the %(location)s", what=what, location=terms.location(p.location))
    return what


def _step(b: Batch) -> Pending | None:
    """One automatic step (events added, returns None) or what the game waits for."""
    s = b.state
    if s.phase == "over":
        return Pending("over", detail={"winners": list(s.result["winners"])})
    if s.effects:
        seat, code, source = s.effects[0]
        if not effects.still_possible(b):
            b.add(E.EffectResolved(seat, code, "skipped"))
            return None
        return Pending("effect", seat, detail={"code": code, "source": source})
    change = goals.leader_change(s)
    if change is not None:
        b.add(change)
        return None
    if s.phase in ("traits", "roll_call"):
        return rollcall.step(b)
    if s.phase == "lights_out":
        return lightsout.step(b)
    return patrol.step(b)


def _advance(b: Batch) -> Pending:
    for _ in range(MAX_AUTO_STEPS):
        waiting = _step(b)
        if waiting is not None:
            return waiting
    raise RuntimeError("the game did not come to rest")  # pragma: no cover - a bug, not a rule


def pending(state: State) -> Pending:
    """What the game waits for next and from which seat (see ``Pending``)."""
    waiting = _step(Batch(state))
    if waiting is None:  # only right after a bare game-started fold; decide/start always advance
        return Pending("advance")
    return waiting


def adjust(b: Batch, command: cmd.Adjust) -> None:
    """A manual adjustment: a signed change of one quantity, within the supply and never below 0."""
    seat, quantity, delta = command.seat, command.quantity, command.delta
    me = b.state.seats[seat]
    if quantity in CUBES:
        current = {**me.resources, "power": me.power, "suspicion": me.suspicion}[quantity]
        if delta > 0 and b.state.supply[quantity] < delta:
            raise RuleViolation(T("The supply has only %(supply)s %(quantity)s",
                                  supply=b.state.supply[quantity], quantity=quantity), "L-C3")
    elif quantity == "storage_limit" and me.storage_limit is None:
        raise RuleViolation(T("The guards have no storage limit"), "L-SO11")
    else:
        current = getattr(me, quantity)
    if current + delta < 0:
        raise RuleViolation(T("%(seat)s has only %(current)s %(quantity)s",
                              seat=seat, current=current, quantity=terms.quantity(quantity)), "L-C3")
    b.add(E.Adjusted(seat, quantity, delta, command.reason))


def play_tome(b: Batch, seat: str, tome: str) -> None:
    """Play a tome (its effect is entered as adjustments); a seat that passed in Roll Call may not (L-RC7)."""
    s = b.state
    if s.phase == "roll_call" and s.seats[seat].passed:
        raise RuleViolation(T("%(seat)s passed and may not play tomes in this Roll Call", seat=seat), "L-RC7")
    if not s.seats[seat].tomes:
        raise RuleViolation(T("%(seat)s has no tome to play", seat=seat), "L-R8")
    b.add(E.TomePlayed(seat, tome))


def view_for(state: State, seat: str | None) -> State:
    """The state as ``seat`` may see it (``None``: a spectator or the shared table device).

    Other seats' holding cells are a count only (I-16: ``holding`` is ``None`` per tile), their
    face-down tiles (and face-down guard cards, except for the guards' automaton) have ``tile=None``;
    the seed is the guards' only. The log itself may name face-down tiles (solo, older logs):
    never show raw events to players before the game is over."""
    placements = {
        loc: tuple(p if p.face_up or p.seat == seat else replace(p, tile=None, card=None, special=False)
                   for p in here)
        for loc, here in state.placements.items()
    }
    seats = {n: s if n == seat else hidden.masked(s) for n, s in state.seats.items()}
    # The seed would let a player predict the automaton's shuffles: only the guards see it.
    return replace(state, placements=placements, seats=seats, seed=state.seed if seat == GUARDS else None)


# The final scoring parts as the reputation log names them (L-F1..L-F6).
FINAL_PARTS = {"leader_goal": N_("leader goal"), "end_game_goal": N_("end game goal"), "goons": N_("goons"),
               "resources": N_("resources"), "tomes": N_("tomes"), "first_player": N_("first player")}


def reputation_log(state: State) -> list[dict]:
    """Every reputation change with its cause (rule id, reason, event number), then, when the game
    is over, the final scoring lines (L-F1..L-F6) so each total is explained line by line."""
    lines = []
    for name in state.seating:  # the starting value: what the changes since do not explain
        start_value = state.seats[name].reputation - sum(e.delta for e in state.rep_log if e.seat == name)
        rule = "L-SO1" if name == GUARDS else ("L-S10" if state.options.get("advanced") else "L-S7")
        lines.append({"seat": name, "delta": start_value, "rule": rule, "reason": T("starting reputation"), "event": 0})
    lines += [{"seat": e.seat, "delta": e.delta, "rule": e.rule, "reason": from_json(e.reason), "event": e.event}
              for e in state.rep_log]  # a reason stored as a message (events v2) is a message again
    if state.result:
        rules = {"leader_goal": "L-F1", "end_game_goal": "L-F2", "goons": "L-F3", "resources": "L-F4",
                 "tomes": "L-F5", "first_player": "L-F6"}
        for p in state.result["players"]:
            for key, rule in rules.items():
                if p["breakdown"][key]:
                    lines.append({"seat": p["name"], "delta": p["breakdown"][key], "rule": rule,
                                  "reason": T("final scoring: %(part)s", part=FINAL_PARTS[key]), "event": None})
    return lines


def seat_view(state: State, name: str) -> dict:
    """A seat's board as JSON-friendly data (for tests): ``holding`` lists what may be in the cell
    (I-16: the seat's own secret; pass a ``view_for`` state to get what another seat sees)."""
    s = state.seats[name]
    return {"name": name, "reputation": s.reputation, "power": s.power, "resources": dict(s.resources),
            "suspicion": s.suspicion, "tomes": s.tomes, "storage_limit": s.storage_limit,
            "items": [i.name for i in s.items], "reserved": [i.name for i in s.reserved],
            "goons": [g.name for g in s.goons], "holding": list(in_hand(s)), "held": held(s),
            "guards": name == GUARDS}


def _checked_evolve(state: State | None, event: E.Event) -> State:
    if state is None and not isinstance(event, E.GameStarted):
        raise InputError("events[0]", T("a Lockup log starts with game-started"))
    return evolve(state, event)


GAME = GameDefinition(
    key="lockup", title="Lockup: A Roll Player Tale", start=start, decide=decide, evolve=_checked_evolve,
    view_for=view_for, fold_many=fold_many,
    parse_command=codec.parse_command, command_json=codec.command_json,
    waiting_for=lambda state: codec.pending_json(pending(state)), setup_as_played=setup_as_played,
)
