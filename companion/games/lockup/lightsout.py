"""Lights Out (L-LO1..L-LO6, L-R1..L-R9, I-1..I-3, I-14, I-15; solo L-SO7..L-SO9).

Locations resolve in order 1 -> 8. For each location with tiles:

1. face-down guard cards are revealed (a special one waits for its draw, L-SO9);
2. ``location-revealed``: strength, ranking with the *current* first player, tiers
   (``location.resolve_location``); suspicion to the highest-ranked seat without a lookout (L-LO3);
3. the table confirms, naming who declines (``collect``, L-LO6, I-1); or each seat with a reward
   answers for itself (``collect`` with its ``seat``). A seat whose reward is a choice it can make
   is not asked: its choice offers the decline (issue 23); nor is a seat whose reward is fixed,
   unless the table option ``ask_fixed_rewards`` is on (issue 23). When no player has a reward left to
   decline (only the guards, or only stragglers, or everyone answered), the location is
   confirmed automatically, by the same ``rewards-confirmed`` event, as part of the command
   that led to it;
4. in rank order each seat collects: fixed cubes automatically (clipped by the supply, I-15),
   choices (Commissary, Chow Hall, Cell Block) by a command of that seat, in ``rewards.py``;
   the first-ranked seat's reward includes the location's Bandit cubes, given first so that they
   can pay for its choice (L-R9, I-17); no reward or a decline -> straggler to the Library
   (L-LO5, I-3), and the Bandit cubes stay (I-6).
"""

from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.core.i18n import T
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.flow import Batch, Pending, gain, reputation
from companion.games.lockup.hidden import reveal_waiting
from companion.games.lockup.location import resolve_location
from companion.games.lockup.model import GUARDS, LOCATIONS, ROUNDS
from companion.games.lockup.patrol import raid
from companion.games.lockup.rewards import CHOICE_LOCATIONS, bandit_cubes, can_choose, choice_action, collected
from companion.games.lockup.state import State

TIER_RULES = {
    "exercise_yard": "L-R1", "sewers": "L-R2", "infirmary": "L-R3", "smithy": "L-R4",
    "commissary": "L-R5", "chow_hall": "L-R6", "cell_block": "L-R7", "library": "L-R8",
}


def step(b: Batch) -> Pending | None:
    """Advance Lights Out without a choice, or return what it waits for."""
    s = b.state
    if s.special_draw is not None:
        return Pending("special-draw", GUARDS, s.special_draw)
    r = s.resolution
    if r is None:
        return _next_location(b)
    if not r.confirmed:
        undecided = undecided_seats(s)
        if not undecided and not s.options.get("confirm_each_location"):
            # nobody (left) with a reward to decline: no decision, no tap (L-LO4)
            _confirm(b, r.declined)
            return None
        detail = {"ranking": list(r.ranking), "tiers": dict(r.tiers), "strength": dict(r.strength),
                  "undecided": list(undecided)}
        return Pending("confirm-rewards", None, r.location, detail)
    if r.cursor >= len(r.ranking):
        b.add(E.LocationFinished(r.location))
        return None
    seat = r.ranking[r.cursor]
    tier = r.tiers.get(seat)
    if tier is None or seat in r.declined:
        b.add(E.Straggled(seat, r.location, "declined" if seat in r.declined else "no reward"))
        return None
    if r.location in CHOICE_LOCATIONS:
        if not can_choose(b, seat, r.location, tier):
            cannot_choose(b, seat, r.location, tier)  # I-3, or I-15 with a Bandit cube (I-17)
            return None
        detail = {"tier": tier, "action": choice_action(r.location, tier)}
        cubes = bandit_cubes(s, seat, r.location)
        if cubes:  # I-17: they come with the reward and can pay for it; "keep_bandit" skips the choice
            detail["bandit"] = cubes
        return Pending("choice", seat, r.location, detail)
    _collect_fixed(b, seat, r.location, tier, r.gains.get(seat, {}))
    return None


def _next_location(b: Batch) -> Pending | None:
    s = b.state
    if s.lo_index >= len(LOCATIONS):
        if s.round >= ROUNDS:  # L-RD6: no Patrol in round 6; the final raid always happens
            raid(b, "L-RD6", final=True)
        else:
            b.add(E.PatrolBegan(s.round))
        return None
    location = LOCATIONS[s.lo_index]
    here = s.placements[location]
    for i, p in enumerate(here):
        if p.seat == GUARDS and not p.face_up:  # L-LO1 (L-SO9 may follow)
            b.add(E.GuardCardRevealed(location, i))
            return None
    if not here:
        b.add(E.LocationFinished(location))
        return None
    waiting = reveal_waiting(s, location)  # I-16: face-down tiles recorded without a value are named first
    if waiting is not None:
        return waiting
    _reveal(b, location)
    return None


def outcome(s: State, location: str, first: str, power: dict, tiles: dict, suspicion: int, declined=()):
    """``resolve_location`` for this game's seats and options."""
    return resolve_location(location, s.player_count, s.seating, first, power, tiles, suspicion, declined,
                            bool(s.options.get("pass_rewards_down")), bool(s.options.get("spanish_second_tiers")))


def tiers_of(out) -> tuple[dict, dict]:
    """({seat: tier or None}, {seat: fixed gain}) of a location outcome."""
    tiers = {n: (None if r is None else r.tier) for n, r in out.rewards.items()}
    gains = {n: ({} if r is None else dict(r.gain)) for n, r in out.rewards.items()}
    return tiers, gains


def _reveal(b: Batch, location: str) -> None:
    """L-LO1..L-LO3: reveal, rank and suspicion. Bandit cubes wait for the first reward (I-17)."""
    s = b.state
    tiles: dict[str, list] = {}
    for p in s.placements[location]:
        tiles.setdefault(p.seat, []).append(p.tile)
    power = {n: s.seats[n].power for n in s.seating}  # enforcer = current power (L-LO1, I-14)
    out = outcome(s, location, s.first_player, power, tiles, s.loc_suspicion[location])
    tiers, gains = tiers_of(out)
    b.add(E.LocationRevealed(location, s.first_player, power, tiles, dict(out.strength), out.ranking, tiers,
                             gains, out.suspicion_to))
    if out.suspicion_to is not None:
        cubes = {"suspicion": s.loc_suspicion[location]}
        b.add(E.CubesMoved(f"location:{location}", f"seat:{out.suspicion_to}", cubes, "L-LO3",
                           f"suspicion at the {location}"))


def undecided_seats(s: State) -> tuple[str, ...]:
    """The players at the location being confirmed who have a reward they may still decline
    (L-LO6) and have not answered yet. The guards never decline (L-SO8); a seat without a
    reward is a straggler anyway (L-LO5): neither is a decision. Nor is it yet for a seat whose
    reward is a choice: its choice offers the decline (I-3), so collecting is the choice itself.
    A fixed reward is collected without asking unless the table asked to be asked (the table
    option ``ask_fixed_rewards``, L-LO6, I-1; issue 23: players almost always collect)."""
    r = s.resolution
    if r.location not in CHOICE_LOCATIONS and not s.options.get("ask_fixed_rewards"):
        return ()
    return tuple(n for n in r.ranking
                 if n != GUARDS and r.tiers.get(n) is not None and n not in r.answered and n not in r.declined
                 and not _declines_at_its_choice(s, n))


def _declines_at_its_choice(s: State, seat: str) -> bool:
    """Whether ``seat``'s reward is a choice, so that it declines, if at all, at its own choice
    prompt (issue 23). A choice it cannot make leaves nothing to decline (I-3), unless it brings
    the Bandit cubes (I-17): that seat is asked now. Every seat of an older game is asked now."""
    r = s.resolution
    if r.location not in CHOICE_LOCATIONS or s.options.get("confirm_choice_rewards"):
        return False
    return can_choose(Batch(s), seat, r.location, r.tiers[seat]) or not bandit_cubes(s, seat, r.location)


def ask_fixed_rewards(b: Batch, seat: str) -> None:
    """A player turns on asking before a fixed reward (L-LO6), for the rest of the game: any player
    may, since it gives everyone the decline; a location already confirmed is not asked again."""
    if seat == GUARDS:
        raise RuleViolation(T("The guards always take their reward"), "L-SO8")
    if b.state.options.get("ask_fixed_rewards"):
        raise RuleViolation(T("The table is already asked before each fixed reward"), "L-LO6")
    b.add(E.RewardAskingChanged(seat, True))


def decide_collect(b: Batch, command: cmd.Collect) -> None:
    """The table confirms the location's rewards, naming who declines (L-LO6, I-1); or one seat
    answers for itself (``seat``), and the table confirms once nobody is left to answer."""
    r = b.state.resolution
    declined = tuple(command.declined)
    for name in declined:
        if name not in r.ranking:
            raise RuleViolation(T("%(name)s has no tiles at this location", name=name), "L-LO6")
        if name == GUARDS:
            raise RuleViolation(T("The guards always take their reward"), "L-SO8")
    if command.seat is None:
        _confirm(b, (*r.declined, *(n for n in declined if n not in r.declined)))
        return
    if command.seat not in undecided_seats(b.state):
        raise RuleViolation(T("%(seat)s has no reward to collect or decline here", seat=command.seat), "L-LO6")
    if set(declined) - {command.seat}:
        raise RuleViolation(T("%(seat)s may only decline their own reward", seat=command.seat), "L-LO6")
    b.add(E.RewardAnswered(command.seat, r.location, bool(declined)))


def _confirm(b: Batch, declined: tuple[str, ...]) -> None:
    """The location's rewards confirmed with ``declined`` seats giving theirs up (I-1 recomputes the tiers)."""
    r = b.state.resolution
    out = outcome(b.state, r.location, r.first_player, r.power, r.tiles, 0, declined)
    tiers, gains = tiers_of(out)
    b.add(E.RewardsConfirmed(r.location, declined, tiers, gains))


def decline_current(b: Batch, seat: str) -> None:
    """A seat declines its optional reward when its turn comes (I-3): it becomes a straggler."""
    r = b.state.resolution
    out = outcome(b.state, r.location, r.first_player, r.power, r.tiles, 0, (*r.declined, seat))
    tiers, gains = tiers_of(out)
    # Seats that already collected keep what they got; only later seats may move up (I-1 option).
    done = r.ranking[: r.cursor]
    tiers = {n: (r.tiers[n] if n in done else t) for n, t in tiers.items()}
    b.add(E.RewardDeclined(seat, r.location, tiers, gains))
    b.add(E.Straggled(seat, r.location, T("declined (%(rule)s)", rule="I-3")))


def _collect_fixed(b: Batch, seat: str, location: str, tier: str, fixed: dict) -> None:
    """Fixed rewards (L-R1..L-R4, L-R8): given from the supply, clipped (I-15), with the Bandit cubes
    of a first-ranked seat (L-R9, I-17)."""
    rule = TIER_RULES[location]
    why = T("%(tier)s at the %(location)s", tier=terms.tier(tier), location=terms.location(location))
    got: dict = {}
    if location == "library":
        if seat == GUARDS:  # L-SO8: +1 reputation instead of a tome
            reputation(b, seat, fixed.get("reputation", 1), "L-SO8", why)
        else:
            b.add(E.CounterChanged(seat, "tomes", 1, rule, why))  # L-R8: a tome kept
        collected(b, seat, location, tier)
        return
    cubes = {c: n for c, n in fixed.items() if c != "reputation"}
    got = gain(b, seat, cubes, rule, why)
    marker = location == "exercise_yard" and tier == "first"
    if marker and b.state.first_player != seat:
        b.add(E.FirstPlayerChanged(seat, "L-R1"))
    if got or marker or bandit_cubes(b.state, seat, location):  # I-15: a Bandit cube is a reward too (I-17)
        collected(b, seat, location, tier)
    else:  # ruling: an exhausted supply that gives nothing at all leaves the seat a straggler (I-15)
        b.add(E.Straggled(seat, location, T("the supply is empty (%(rule)s)", rule="I-15")))


def cannot_choose(b: Batch, seat: str, location: str, tier: str) -> None:
    """A choice reward the seat cannot take (``can_choose`` is false, Bandit cubes counted).

    A first-ranked seat that gets Bandit cubes here collects them and goes home: the cubes are a
    reward (I-17, I-15). Otherwise the Commissary's first reward from an empty supply is I-15 and
    anything else is I-3: the seat straggles.
    """
    if bandit_cubes(b.state, seat, location):
        collected(b, seat, location, tier)
        return
    if location == "commissary" and tier == "first":
        b.add(E.Straggled(seat, location, T("the supply is empty (%(rule)s)", rule="I-15")))
        return
    b.add(E.Straggled(seat, location, T("cannot take the reward (%(rule)s)", rule="I-3")))
