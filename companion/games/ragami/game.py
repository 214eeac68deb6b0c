"""Ragami as a recorded game: live VP tracking, rounds, location tokens, end of game (RG-T, RG-V, RG-E).

``start(setup)`` -> events; ``decide(state, command)`` -> events or ``RuleViolation`` (never
mutates); ``evolve(state, event)`` -> state. Queries (``pending``, ``view_for``) live in
:mod:`companion.games.ragami.status`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core import jsonin, rng
from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event, evolve_by
from companion.core.i18n import T
from companion.games.ragami import commands as cmd
from companion.games.ragami import events as ev
from companion.games.ragami import last_place, setup_tokens
from companion.games.ragami.rules import (
    COLOURS,
    END_VP,
    HELPER_WHITE_CUBES,
    LAST_PLACE_CARD_VP,
    LOCATION_TOKENS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SAINT_VP,
    VIRTUE_POINTS_PER_VP,
    VIRTUE_START,
    WHITE_CUBES_PER_VP,
)
from companion.games.ragami.scoring import Options, Tally, score

PLAYING, FINAL, FINISHED = "playing", "final", "finished"


@dataclass(frozen=True)
class Seat:
    """One player's tracked values (RG-T1); ``virtue_die`` 0 means off the board."""

    name: str
    colour: str
    vp: int = 0
    conflicts: int = 0
    white_cubes: int = 0
    virtue_die: int = VIRTUE_START  # setup step 10: every Virtue die starts on a building at 1


@dataclass(frozen=True)
class State:
    """The game so far: seats clockwise, round, used location tokens, phase and outcome."""

    seats: tuple[Seat, ...]
    start_player: str
    round: int = 1
    tokens_used: tuple[int, ...] = ()
    phase: str = PLAYING
    end_reasons: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
    tiebreak: str | None = None
    options: Options = Options()
    turn: str | None = None  # whose turn it is; None: the start player's (a round starts with it)
    passed: tuple[str, ...] = ()  # players done for this round
    setup_tokens: bool = False  # the set-up's location tokens are recorded (RG-T2)

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seating order."""
        return tuple(s.name for s in self.seats)

    def seat(self, name: str) -> Seat:
        """A player's seat; ``RuleViolation`` for a name not at the table."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise RuleViolation(T("%(name)s is not playing this game", name=name))


def current_player(state: State) -> str | None:
    """Whose turn it is (clockwise from the start player, skipping who passed); None once everyone passed."""
    if len(state.passed) >= len(state.seats):
        return None
    return state.turn or state.start_player


def end_reasons(state: State) -> tuple[str, ...]:
    """RG-E1 conditions holding now: a player at 30 VP, location tokens exhausted."""
    reasons = []
    if any(s.vp >= END_VP for s in state.seats):
        reasons.append("30-vp")
    if len(state.tokens_used) >= len(LOCATION_TOKENS):
        reasons.append("tokens-exhausted")
    return tuple(reasons)


def tallies(state: State) -> list[Tally]:
    """The seats as scoring tallies (VP on the track, conflicts, white cubes left)."""
    return [Tally(s.name, s.vp, s.conflicts, s.white_cubes) for s in state.seats]


# --- start -------------------------------------------------------------------------------------


def start(setup: Mapping[str, Any]) -> list[Event]:
    """Validate the setup: ``players`` clockwise as ``{name, colour}`` (colour optional) or names;
    ``start_player`` a listed name, or null/absent to draw one (setup step 7); optional
    ``bonus_needs_conflict`` (bool, default true: the RG-I1 table option), ``setup_tokens``
    (the fields of ``draw-setup-tokens``: the location tokens the set-up drew, RG-T2) and ``seed``
    (the draw's seed, so that a replayed set-up draws the same start player)."""
    setup = jsonin.obj(setup, "", required=("players",),
                       optional=("start_player", "bonus_needs_conflict", "setup_tokens", "seed"))
    entries = jsonin.array(setup["players"], "players", MIN_PLAYERS, MAX_PLAYERS)  # RG-T1
    names: list[str] = []
    colours: list[str | None] = []
    for i, entry in enumerate(entries):
        name, colour = _read_seat(entry, f"players[{i}]")
        if name in names:
            raise InputError(f"players[{i}]", T("duplicate name %(name)s", name=repr(name)))
        if colour is not None and colour in colours:
            raise InputError(f"players[{i}].colour", T("%(colour)s is taken", colour=colour))
        names.append(name)
        colours.append(colour)
    free = iter(c for c in COLOURS if c not in colours)
    filled = tuple(c if c is not None else next(free) for c in colours)
    first, seed = rng.start_player(setup, names)  # given, or drawn with its seed (RG-T1)
    needs_conflict = jsonin.boolean(setup.get("bonus_needs_conflict", True), "bonus_needs_conflict")
    started = ev.GameStarted(tuple(names), filled, first, seed, bonus_needs_conflict=needs_conflict)
    if setup.get("setup_tokens") is None:  # not given: the first prompt asks for them
        return [started]
    return [started, _start_tokens(setup["setup_tokens"], len(names))]


def _start_tokens(data: Any, players: int) -> ev.SetupTokensDrawn:
    """The set-up's location tokens given with the setup: ``InputError`` names ``setup_tokens.<field>``."""
    data = jsonin.obj(data, "setup_tokens", optional=setup_tokens.FIELDS)
    try:
        drawn = cmd.command_from_dict("draw-setup-tokens", data)
    except InputError as exc:  # the command's path (demon_tokens[2]) under the setup's field
        raise InputError(f"setup_tokens.{exc.field}", exc.message) from exc
    found = setup_tokens.problem(players, dataclasses.asdict(drawn))
    if found is not None:
        raise InputError(f"setup_tokens.{found[0]}", found[1])
    return ev.SetupTokensDrawn(drawn.conflict_tokens, drawn.demon_tokens, drawn.saint_tokens)


def _read_seat(entry: Any, path: str) -> tuple[str, str | None]:
    if isinstance(entry, str):
        return jsonin.string(entry, path).strip(), None
    entry = jsonin.obj(entry, path, required=("name",), optional=("colour",))
    name = jsonin.string(entry["name"], jsonin.join(path, "name")).strip()
    colour = entry.get("colour")
    if colour is not None:
        colour = jsonin.choice(colour, jsonin.join(path, "colour"), COLOURS)
    return name, colour


# --- decide ------------------------------------------------------------------------------------


def decide(state: State | None, command: cmd.Command) -> list[Event]:
    """The events ``command`` causes, or ``RuleViolation`` (nothing is recorded)."""
    if state is None:
        raise RuleViolation(T("Set up the game first: players, colours and start player"), "RG-T1")
    if state.phase == FINISHED:
        raise RuleViolation(T("The game is over"), "RG-E4")
    if state.phase == FINAL and not isinstance(command, cmd.ConvertWhiteCubes | cmd.FinishGame):
        raise RuleViolation(T("The last round is over: only white cube conversion remains before scoring"), "RG-E2")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation(T("Unknown command %(name)s", name=type(command).__name__))
    return handler(state, command)


def _resolve(state: State, c: cmd.ResolveConflict) -> list[Event]:
    seat = state.seat(c.player)
    for name in c.saints:
        state.seat(name)
    if c.player in c.saints:  # RG-T4: a Ragami never shares a location with its own saint
        raise RuleViolation(T("%(player)s's Ragami cannot stand with %(player)s's own saint", player=c.player), "RG-T4")
    if c.helper is not None and (state.seat(c.helper).name == c.player):
        raise RuleViolation(T("The helping Ragami must be another player's"), "RG-T4")
    _can_spend(seat, c.white_cubes_spent, c.virtue_spent)
    out: list[Event] = [ev.VpGained(c.player, c.die_value, "conflict")]  # RG-V3, RG-T5
    out += [ev.VpGained(name, SAINT_VP, "saint") for name in c.saints]  # RG-V4
    if c.white_cubes_spent:
        out.append(ev.WhiteCubesChanged(c.player, -c.white_cubes_spent, "spent"))
    if c.virtue_spent:
        out.append(ev.VirtueDieSet(c.player, seat.virtue_die - c.virtue_spent, "spent"))
    if c.helper is not None:  # RG-T4: the second Ragami's owner gains 2 white cubes
        out.append(ev.WhiteCubesChanged(c.helper, HELPER_WHITE_CUBES, "helped"))
    return out


def _can_spend(seat: Seat, cubes: int, virtue: int) -> None:
    if cubes > seat.white_cubes:
        raise RuleViolation(T("%(seat)s has only %(white_cubes)s white cubes",
                              seat=seat.name, white_cubes=seat.white_cubes), "RG-T4")
    if virtue > seat.virtue_die:
        raise RuleViolation(T("%(seat)s's Virtue die shows only %(virtue_die)s",
                              seat=seat.name, virtue_die=seat.virtue_die), "RG-T4")


def _convert_cubes(state: State, c: cmd.ConvertWhiteCubes) -> list[Event]:
    seat = state.seat(c.player)
    if seat.white_cubes < WHITE_CUBES_PER_VP * c.vp:  # RG-V1: 2 cubes per VP
        raise RuleViolation(T("%(vp)s VP needs %(value)s white cubes; %(seat)s has %(white_cubes)s",
                              vp=c.vp, value=WHITE_CUBES_PER_VP * c.vp, seat=seat.name,
                              white_cubes=seat.white_cubes), "RG-V1")
    return [ev.VpGained(c.player, c.vp, "white-cubes")]


def _convert_virtue(state: State, c: cmd.ConvertVirtue) -> list[Event]:
    seat = state.seat(c.player)
    if seat.virtue_die < VIRTUE_POINTS_PER_VP * c.vp:  # RG-V5: 3 points per VP
        raise RuleViolation(T("%(vp)s VP needs %(value)s Virtue die points; %(seat)s's die shows %(virtue_die)s",
                              vp=c.vp, value=VIRTUE_POINTS_PER_VP * c.vp, seat=seat.name,
                              virtue_die=seat.virtue_die), "RG-V5")
    return [ev.VpGained(c.player, c.vp, "virtue-die")]


def _spend_cubes(state: State, c: cmd.SpendWhiteCubes) -> list[Event]:
    _can_spend(state.seat(c.player), c.count, 0)
    return [ev.WhiteCubesChanged(c.player, -c.count, "spent")]


def _set_virtue(state: State, c: cmd.SetVirtueDie) -> list[Event]:
    state.seat(c.player)
    if c.reason in ("moved", "placed") and c.value != VIRTUE_START:  # RG-T3 step 5: a moved die shows 1
        raise RuleViolation(T("A Virtue die moved or placed on a building shows %(virtue_start)s",
                              virtue_start=VIRTUE_START), "RG-T3")
    return [ev.VirtueDieSet(c.player, c.value, c.reason)]


def _use_tokens(state: State, c: cmd.UseLocationTokens) -> list[Event]:
    used = [t for t in c.tokens if t in state.tokens_used]
    if used:  # RG-T2: each of the 30 location tokens is drawn once
        raise RuleViolation(T("Location token %(used)s is already used", used=used[0]), "RG-T2")
    return [ev.LocationTokensUsed(c.tokens)]


def _draw_setup_tokens(state: State, c: cmd.DrawSetupTokens) -> list[Event]:
    if state.setup_tokens:
        raise RuleViolation(T("The set-up location tokens are already recorded"), "RG-T2")
    if state.round != 1:  # later draws are the round setup's (RG-T3 step 4): use-location-tokens
        raise RuleViolation(T("The set-up location tokens are recorded in round 1; record later draws as "
                              "location tokens drawn"), "RG-T2")
    found = setup_tokens.problem(len(state.seats), dataclasses.asdict(c))
    if found is not None:
        raise RuleViolation(setup_tokens.in_words(found), "RG-T2")
    _use_tokens(state, cmd.UseLocationTokens((*c.conflict_tokens, *c.demon_tokens, *c.saint_tokens)))
    return [ev.SetupTokensDrawn(c.conflict_tokens, c.demon_tokens, c.saint_tokens)]


def _last_place_card(state: State, c: cmd.PlayLastPlaceCard) -> list[Event]:
    player = state.seat(c.player).name
    last = last_place.last_placed({s.name: s.vp for s in state.seats})  # RG-I3: 3+ tied last, no effect
    return [ev.LastPlaceCardPlayed(player, last, last_place.white_cubes(last))]


def _end_turn(state: State, c: cmd.EndTurn) -> list[Event]:
    player = current_player(state)
    if player is None:
        raise RuleViolation(T("Everyone has passed: end the round"), "RG-T3")
    return [ev.TurnEnded(player, c.passed)]


def _end_round(state: State, c: cmd.EndRound) -> list[Event]:
    out: list[Event] = [ev.RoundEnded(state.round)]
    reasons = end_reasons(state)
    if reasons:  # RG-E1: announced at the end of the round in which it happened
        return out + [ev.GameEndAnnounced(state.round, reasons)]
    following = state.players[(state.players.index(state.start_player) + 1) % len(state.seats)]
    return out + [ev.RoundStarted(state.round + 1, following)]  # RG-T3 step 1: passes left


def _finish(state: State, c: cmd.FinishGame) -> list[Event]:
    if state.phase != FINAL:
        raise RuleViolation(T("The game ends at the end of a round in which a player reached 30 VP or the location "
                              "tokens ran out"), "RG-E1")
    result = score(tallies(state), state.options)  # RG-E2 conversion, RG-E3 bonus (RG-I1), RG-E4 winner
    return [ev.GameFinished(result.winners, result.tiebreak)]


_HANDLERS = {
    cmd.ResolveConflict: _resolve,
    cmd.PurifyDemons: lambda s, c: [ev.VpGained(s.seat(c.player).name, c.demons, "demons")],  # RG-V2
    cmd.ConvertWhiteCubes: _convert_cubes,
    cmd.ConvertVirtue: _convert_virtue,
    cmd.GainWhiteCubes: lambda s, c: [ev.WhiteCubesChanged(s.seat(c.player).name, c.count, c.reason)],
    cmd.SpendWhiteCubes: _spend_cubes,
    cmd.SetVirtueDie: _set_virtue,
    cmd.UseLocationTokens: _use_tokens,
    cmd.DrawSetupTokens: _draw_setup_tokens,
    cmd.PlayLastPlaceCard: _last_place_card,
    cmd.EndTurn: _end_turn,
    cmd.EndRound: _end_round,
    cmd.FinishGame: _finish,
}


# --- evolve ------------------------------------------------------------------------------------


def evolve(state: State | None, event: Event) -> State:
    """The state after ``event``."""
    if isinstance(event, ev.GameStarted):
        seats = tuple(Seat(n, c) for n, c in zip(event.players, event.colours, strict=True))
        return State(seats, event.start_player, options=Options(event.bonus_needs_conflict))
    return evolve_by(_EVOLVERS, state, event, "Ragami")


def _update(state: State, name: str, **changes: int) -> State:
    seats = tuple(dataclasses.replace(s, **changes) if s.name == name else s for s in state.seats)
    return dataclasses.replace(state, seats=seats)


def _vp_gained(state: State, e: ev.VpGained) -> State:
    seat = state.seat(e.player)
    changes = {"vp": seat.vp + e.amount}
    if e.cause == "conflict":
        changes["conflicts"] = seat.conflicts + 1  # RG-T5
    elif e.cause == "white-cubes":
        changes["white_cubes"] = seat.white_cubes - WHITE_CUBES_PER_VP * e.amount  # RG-V1
    elif e.cause == "virtue-die":
        changes["virtue_die"] = seat.virtue_die - VIRTUE_POINTS_PER_VP * e.amount  # RG-V5 (0: off the board)
    return _update(state, e.player, **changes)


def _turn_ended(state: State, e: ev.TurnEnded) -> State:
    passed = (*state.passed, e.player) if e.passed and e.player not in state.passed else state.passed
    names = state.players
    at = names.index(e.player)
    following = [names[(at + k) % len(names)] for k in range(1, len(names) + 1)]
    turn = next((name for name in following if name not in passed), None)
    return dataclasses.replace(state, turn=turn, passed=passed)


def _setup_drawn(state: State, e: ev.SetupTokensDrawn) -> State:
    tokens = {*state.tokens_used, *e.conflict_tokens, *e.demon_tokens, *e.saint_tokens}
    return dataclasses.replace(state, tokens_used=tuple(sorted(tokens)), setup_tokens=True)


def _last_place_played(state: State, e: ev.LastPlaceCardPlayed) -> State:
    # What the card gives follows from the VP track: a forged export is refused (as for the winners).
    last = last_place.last_placed({s.name: s.vp for s in state.seats})
    if (tuple(e.last_placed), e.white_cubes) != (last, last_place.white_cubes(last)):
        raise InputError("ragami-last-place-card-played.last_placed", T("are not the last-placed players (RG-I3)"))
    for name in last:
        state = _update(state, name, vp=state.seat(name).vp + LAST_PLACE_CARD_VP)
    return _update(state, e.player, white_cubes=state.seat(e.player).white_cubes + e.white_cubes)


def _finished(state: State, e: ev.GameFinished) -> State:
    # The recorded outcome must be what scoring gives (RG-E2..RG-E4): a forged export is refused.
    if state.phase != FINAL:
        raise InputError("ragami-game-finished", T("comes before the end of the game was announced (RG-E1)"))
    result = score(tallies(state), state.options)
    if (tuple(e.winners), e.tiebreak) != (tuple(result.winners), result.tiebreak):
        raise InputError("ragami-game-finished.winners", T("are not what final scoring gives (RG-E2..RG-E4)"))
    return dataclasses.replace(state, phase=FINISHED, winners=tuple(e.winners), tiebreak=e.tiebreak)


_EVOLVERS = {
    ev.VpGained: _vp_gained,
    ev.WhiteCubesChanged: lambda s, e: _update(s, e.player, white_cubes=s.seat(e.player).white_cubes + e.delta),
    ev.VirtueDieSet: lambda s, e: _update(s, e.player, virtue_die=e.value),
    ev.LocationTokensUsed: lambda s, e: dataclasses.replace(s, tokens_used=tuple(sorted({*s.tokens_used, *e.tokens}))),
    ev.SetupTokensDrawn: _setup_drawn,
    ev.LastPlaceCardPlayed: _last_place_played,
    ev.RoundEnded: lambda s, e: s,
    ev.TurnEnded: _turn_ended,
    ev.RoundStarted: lambda s, e: dataclasses.replace(s, round=e.round, start_player=e.start_player, turn=None,
                                                      passed=()),
    ev.GameEndAnnounced: lambda s, e: dataclasses.replace(s, phase=FINAL, end_reasons=tuple(e.reasons)),
    ev.GameFinished: _finished,
}

