"""Random legal players for every registered game (issue 22's contract test), in the spirit of
OpenSpiel's ``random_sim_test``: a whole game from a seed, as wire commands (``support.wire.Played``).

Lockup (multiplayer) is played by its own random legal player (``companion.games.lockup.autoplay``),
solo Lockup by the scripted solo player; a game whose package declares ``FIELDS`` (its commands'
field specs, ``companion.core.formfields.FieldSpec``) by :func:`generic`, which draws random
commands from those specs and keeps the first one the rules accept. A game with neither has no
player here: :func:`player_for` says so by name, so a new game fails loudly until it gets one.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from typing import Any

from companion.core.errors import InputError, RuleViolation
from companion.core.game import GameDefinition

MAX_COMMANDS = 3000  # far more than any game here needs: a game that never ends fails by name
ATTEMPTS = 500  # random commands tried before deciding that nothing legal was found
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def registered() -> dict[str, Any]:
    """Every game the app registers (``companion.web.registry.GAMES``), its UI packages imported."""
    from companion.web import gameui, registry

    for module in pkgutil.iter_modules(gameui.__path__):
        importlib.import_module(f"{gameui.__name__}.{module.name}")
    return dict(registry.GAMES)


def package_of(game: GameDefinition):
    """The pure package of a game (``companion.games.ragami``): where its ``FIELDS`` live (None:
    a game defined outside a package)."""
    try:
        return importlib.import_module(game.start.__module__.rsplit(".", 1)[0])
    except ImportError:
        return None


def lockup(game: GameDefinition, seed: int):
    """A whole multiplayer Lockup game (2 to 4 players) by the random legal player."""
    from support import wire

    return wire.lockup(seed, players=2 + seed % 3, game=game)


def solo(game: GameDefinition, seed: int):
    """A whole solo Lockup game by the scripted player, at a difficulty drawn from ``seed``."""
    from companion.solo_guard.decks import DIFFICULTIES
    from support import wire

    difficulty = random.Random(seed).choice(DIFFICULTIES)
    return wire.solo(seed, difficulty, game=game)


def _value(spec: Any, players: tuple[str, ...], rng: random.Random) -> Any:
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else low + 6
    if spec.type == "player":
        return rng.choice(players)
    if spec.type == "players":
        return rng.sample(players, rng.randint(0, len(players)))
    if spec.type == "integer":
        return rng.randint(low, high)
    if spec.type == "integers":
        return rng.sample(range(low, high + 1), rng.randint(0, min(3, high - low + 1)))
    if spec.type == "boolean":
        return rng.random() < 0.5
    if spec.type == "choice":
        return rng.choice(spec.choices)
    raise AssertionError(f"no random value for a field of type {spec.type!r}: teach support.players._value")


def random_wire(fields: dict[str, tuple], players: tuple[str, ...], rng: random.Random) -> dict:
    """A random wire command of one of ``fields``' kinds, each field drawn from its spec (an
    optional field left out now and then)."""
    kind = rng.choice(sorted(fields))
    body = {s.name: _value(s, players, rng) for s in fields[kind] if s.required or rng.random() < 0.7}
    return {"type": kind, **body}


def first_legal(game: GameDefinition, state: Any, proposals) -> Any:
    """The first of ``proposals`` (commands in their wire form, as the web posts them) that the rules
    accept, in that wire form."""
    for command in proposals:
        try:
            game.decide(state, game.parse_command(state, command))
        except RuleViolation:
            continue
        return command
    raise AssertionError(f"{game.key}: no legal command; waiting for {game.waiting_for(state)}")


def legal_command(game: GameDefinition, state: Any, fields: dict, players: tuple[str, ...],
                  rng: random.Random) -> dict:
    """The first of up to ``ATTEMPTS`` random wire commands that the game reads and its rules accept."""
    for _ in range(ATTEMPTS):
        command = random_wire(fields, players, rng)
        try:
            game.decide(state, game.parse_command(state, command))
        except (InputError, RuleViolation):
            continue
        return command
    raise AssertionError(f"{game.key}: no legal command in {ATTEMPTS} random tries; waiting for "
                         f"{game.waiting_for(state)}")


def generic(game: GameDefinition, seed: int, finished: Callable[[Any], bool]):
    """A whole game of a dataclass-command game (2 to 4 players named from ``NAMES``), every
    command random and legal, until ``finished``."""
    from support.gamelogs import begin

    rng = random.Random(seed)
    fields = getattr(package_of(game), "FIELDS", None)
    assert fields, f"{game.key}: its package declares no FIELDS, so no random player can play it"
    players = NAMES[: rng.randint(2, 4)]
    played = begin(game, {"players": list(players), "seed": seed})
    while not finished(played.state):
        assert len(played.commands) < MAX_COMMANDS, f"{game.key}: not over after {MAX_COMMANDS} commands"
        played.do(legal_command(game, played.state, fields, players, rng))
    return played


SPECIAL = {"lockup": lockup, "lockup-solo": solo}


def play(ui: Any, seed: int):
    """A whole game of the registered ``ui`` from ``seed``, by its random legal player."""
    game = ui.definition
    if game.key in SPECIAL:
        return SPECIAL[game.key](game, seed)
    return generic(game, seed, ui.finished)
