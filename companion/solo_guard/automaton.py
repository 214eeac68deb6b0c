"""Solo Lockup against the guards' automaton (L-SO1..L-SO14): ``SOLO``, a ``GameDefinition``.

The player plays their own crew with the physical box; the app is the guards. ``decide`` takes:

- the player's Lockup commands (see ``companion.games.lockup.commands``), delegated to the engine;
- ``RevealGuard(location)``: on a guard turn, the player turns the face-down guard there; the app
  then reveals the location card and places the drawn guard (L-SO5, I-8);
- ``AtlasReveal(location)``: the tome Atlas of Hideouts reveals the face-down guard there
  (L-SO6), spending one of the player's tomes; allowed in Roll Call
  (both in :mod:`companion.solo_guard.commands`).

After every command the guards' automatic actions run (:mod:`companion.solo_guard.answers`), so
``pending(state)`` is always a question for the player or the table. The leader goal is checked
for the guards by the engine after every step (I-13).

Setup document: the engine's solo setup (``companion.games.lockup.setup``) plus
``"difficulty"`` (easy | demanding | expert, L-SO2), ``"box_profile"`` (the box-profile.md
document, or a parsed ``BoxProfile``) and an
optional integer ``"seed"``; ``crew_tiles`` may be left out (then taken from the profile).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.core import jsonin
from companion.core import rng as core_rng
from companion.core.errors import InputError, RuleViolation
from companion.core.events import Event
from companion.core.game import GameDefinition
from companion.core.i18n import T
from companion.games.lockup import codec, engine, terms
from companion.games.lockup import commands as cmd
from companion.games.lockup.box_profile import BoxProfile, parse_profile, require_guards
from companion.games.lockup.events import GameStarted, GuardCardRevealed
from companion.games.lockup.flow import Pending
from companion.games.lockup.model import GUARDS
from companion.games.lockup.setup import OPTIONAL_FIELDS, SETUP_FIELDS, setup_as_played
from companion.games.lockup.state import State
from companion.solo_guard import answers, decks
from companion.solo_guard import events as solo_events
from companion.solo_guard.commands import AtlasReveal, RevealGuard, SoloCommand, command_json, parse_command
from companion.solo_guard.state import SoloBatch, SoloState, evolve, face_down

# Engine commands only the automaton sends (the player's turn for the guards is RevealGuard).
AUTOMATED = (cmd.DealGuards, cmd.GuardTurn, cmd.PlaceGuard, cmd.SkipGuardDraw)
SOLO_FIELDS = ("difficulty", "box_profile", "seed")


def start(setup: Any) -> list:
    """Validate a solo setup (``InputError`` naming the field) and return the first events."""
    doc = jsonin.obj(setup, "", required=("difficulty", "box_profile"), optional=_engine_fields())
    difficulty = jsonin.choice(doc.pop("difficulty"), "difficulty", decks.DIFFICULTIES)
    profile = doc.pop("box_profile")
    if not isinstance(profile, BoxProfile):  # a profile document (box-profile.md) or an already parsed one
        profile = parse_profile(profile, "box_profile")
    require_guards(profile, "box_profile")  # a profile may hold only the crew tiles (multiplayer)
    seed = doc.pop("seed", None)
    seed = core_rng.new_seed() if seed is None else jsonin.integer(seed, "seed")
    if doc.setdefault("mode", "solo") != "solo":
        raise InputError("mode", T('must be "solo"'))
    doc.setdefault("crew_tiles", list(profile.crew_tiles))
    b = SoloBatch(None)
    b.add(*engine.start(doc))
    cards = tuple({"id": c.id, "colour": c.colour, "value": c.value, "special": c.special}
                  for c in decks.guard_cards(profile, difficulty))
    b.add(solo_events.SoloGuardsStarted(difficulty, seed, cards))
    answers.advance(b)
    return b.events


def _engine_fields() -> tuple[str, ...]:
    return (*SETUP_FIELDS, *(f for f in OPTIONAL_FIELDS if f not in SETUP_FIELDS))


def decide(state: SoloState, command: SoloCommand) -> list:
    """The events of one command of the player (or the table), then the guards' automatic actions."""
    b = SoloBatch(state)
    if isinstance(command, RevealGuard):
        _check_waiting(state, "guard-turn", "L-SO5")
        answers.guard_turn(b, command.location)
    elif isinstance(command, AtlasReveal):
        _atlas(b, command.location)
    elif isinstance(command, AUTOMATED):
        raise RuleViolation(T("The app plays the guards' cards; on a guard turn choose which guard to reveal"), "L-SO5")
    elif getattr(command, "seat", None) == GUARDS and not isinstance(command, cmd.Adjust):
        raise RuleViolation(T("The app makes the guards' choices"), "L-SO8")
    else:
        answers.engine_command(b, command)
    answers.advance(b)
    return b.events


def _check_waiting(state: SoloState, kind: str, rule: str) -> None:
    waiting = engine.pending(state.game)
    if waiting.kind != kind:
        raise RuleViolation(T("That can't be done now: the game waits for %(what)s",
                              what=engine.describe(waiting)), rule)


def _atlas(b: SoloBatch, location: str) -> None:
    """L-SO6: Atlas of Hideouts reveals a face-down guard (ruling: in Roll Call, before Lights Out)."""
    game = b.state.game
    if game.phase != "roll_call" or game.seats[game.seating[0]].passed:
        raise RuleViolation(T("Atlas of Hideouts reveals a guard during Roll Call, before you pass"), "L-SO6")
    index = next((i for loc, i in face_down(game) if loc == location), None)
    if index is None:
        raise RuleViolation(T("There is no face-down guard card at the %(location)s",
                              location=terms.location(location)), "L-SO6")
    player = game.seating[0]
    if game.seats[player].tomes < 1:
        raise RuleViolation(T("Atlas of Hideouts is a tome, and you have no tome to play"), "L-SO6")
    answers.engine_command(b, cmd.Adjust(player, "tomes", -1, T("played Atlas of Hideouts (%(rule)s)", rule="L-SO6")))
    b.add(GuardCardRevealed(location, index))


def pending(state: SoloState) -> Pending:
    """What the game waits for from the player or the table (never from the guards).

    On a guard turn, ``detail["reveal"]`` lists the locations whose face-down guard may be turned.
    """
    waiting = engine.pending(state.game)
    if waiting.kind == "guard-turn":
        return Pending("guard-turn", state.game.seating[0], detail={
            "command": "reveal_guard", "reveal": [loc for loc, _ in face_down(state.game)]})
    return waiting


@dataclass(frozen=True)
class SoloView:
    """What a seat may see of a solo game: decks as counts only, face-down guards without values."""

    game: State
    difficulty: str | None
    guard_deck: int
    location_deck: int
    location_shown: tuple
    reasons: tuple


def view_for(state: SoloState, seat: str | None) -> SoloView:
    """The solo game as ``seat`` (the player, or ``None``) may see it: no deck order, no seed,
    no face-down guard value (the engine's view hides them unless ``seat`` is the guards)."""
    seat = None if seat == GUARDS else seat  # nobody at the table sees as the guards
    return SoloView(
        game=engine.view_for(state.game, seat), difficulty=state.difficulty,
        guard_deck=len(state.guard_deck), location_deck=len(state.location_deck),
        location_shown=state.location_shown, reasons=state.reasons,
    )


def checked_evolve(state: SoloState | None, event: Event) -> SoloState:
    """``evolve``, refusing a log that does not start as a solo game (one player and the guards,
    L-SO1): a multiplayer log relabelled as solo is not a solo game (``InputError`` naming the field)."""
    if state is None and isinstance(event, GameStarted):
        if event.mode != "solo":
            raise InputError("game-started.mode", T('must be "solo" in a solo game, not %(mode)s',
                                                    mode=repr(event.mode)))
        names = [p.get("name") if isinstance(p, dict) else None for p in event.players]
        if len(names) != 2 or names[-1] != GUARDS or event.first_player != GUARDS:
            raise InputError("game-started.players", T("a solo game seats one player and the guards, who go first"))
    return evolve(state, event)


SOLO = GameDefinition(
    key="lockup-solo", title="Lockup: A Roll Player Tale — solo against the guards",
    start=start, decide=decide, evolve=checked_evolve, view_for=view_for,
    parse_command=parse_command, command_json=command_json,
    waiting_for=lambda state: codec.pending_json(pending(state)), setup_as_played=setup_as_played,
)
