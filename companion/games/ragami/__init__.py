"""Ragami: live tracking of VP, conflicts, white cubes and Virtue dice; rounds and their setup
reminders (RG-T3); the end of game (RG-E1) announced at the end of its round; final bonus and
conversion (RG-E2, RG-E3) and the winner (RG-E4).

Pure package (no Flask, no storage); never imports another game. ``GAME`` is the recorded-game
definition; :func:`command_from_dict` turns plain data (a JSON body or a form post, numbers also
as text, lists also as comma-separated text) into a command, raising ``InputError`` naming the field.

COMMANDS (``kind``: fields)

Setup (``GAME.start(setup)``): ``players`` (2-4, clockwise; each a name or ``{name, colour}``
with colour yellow/green/blue/purple, free colours assigned in that order), ``start_player``
(a listed name, or null/absent to draw one), optional ``bonus_needs_conflict`` (bool, default
true: the RG-I1 table option, no +7/+4 conflicts bonus for a player with 0 conflicts resolved),
optional ``setup_tokens`` (the fields of ``draw-setup-tokens``; absent, round 1 asks for them),
optional ``seed`` (the seed of the start player's draw, so that a replay draws the same one).

- ``resolve-conflict``: ``player``, ``die_value`` (1-6, the VP gained, RG-V3), optional
  ``saints`` (players whose saint stood on the conflict, +1 VP each, RG-V4), ``helper`` (the
  player whose Ragami helped: +2 white cubes), ``white_cubes_spent``, ``virtue_spent``.
- ``purify-demons``: ``player``, ``demons`` (1-6; 1 VP each, RG-V2).
- ``convert-white-cubes``: ``player``, ``vp`` (2 cubes per VP, RG-V1; also after the last round, RG-E2).
- ``convert-virtue``: ``player``, ``vp`` (3 Virtue die points per VP, RG-V5).
- ``gain-white-cubes``: ``player``, ``count``, optional ``reason`` (saint-placed, card, other).
- ``spend-white-cubes``: ``player``, ``count``.
- ``set-virtue-die``: ``player``, ``value`` (0-6, 0 = off the board), optional ``reason``
  (round-setup, moved, placed, card, spent, other; moved/placed must be 1, RG-T3).
- ``use-location-tokens``: ``tokens`` (numbers 1-30, each once per game, RG-T2).
- ``draw-setup-tokens``: ``conflict_tokens`` (6), ``demon_tokens`` (4), ``saint_tokens`` (the
  neutral saints: 1 with 3 players, 2 with 2, none with 4): the location tokens the set-up drew
  (RG-T2), once, in round 1.
- ``play-last-place-card``: ``player`` played the action card that gives the last-placed player
  +1 VP and its player 2 white cubes (two tied last: +1 VP each, 3 cubes; three or more tied:
  no effect; RG-T2, RG-I3). Who is last is read on the VP track.
- ``end-turn``: optional ``passed`` (bool): the current player's turn is over; the turn goes to
  the next player clockwise who has not passed (a player who passed plays no more this round).
- ``end-round``: no fields. Starts the next round (start player passes left, RG-T3) or, if a
  player has 30 VP or the 30 tokens are used, announces the end of the game (RG-E1).
- ``finish-game``: no fields; after the end is announced: conflicts bonus (RG-E3, RG-I1 by the
  table option) and winner (RG-E4).

``pending(state)``: step (``setup``, ``round`` with RG-T3 ``reminders``, the last-round
``warning`` and ``asks`` (``draw-setup-tokens`` while round 1 lacks them), ``final-conversion``,
``finished``). ``FIELDS[kind]`` describes each command's fields for forms. ``view_for(state,
seat)`` is a JSON-ready dict; ``final_result(state)`` the explained scores.
"""

from companion.core.game import GameDefinition
from companion.games.ragami import codec
from companion.games.ragami.commands import FIELDS, PARSERS, command_from_dict
from companion.games.ragami.game import State, decide, evolve, start
from companion.games.ragami.status import final_result, is_finished, pending, round_setup_reminders, view_for

COMMANDS: tuple[str, ...] = tuple(PARSERS)

GAME = GameDefinition.with_codec(codec, key="ragami", title="Ragami",
                                 start=start, decide=decide, evolve=evolve, view_for=view_for)

__all__ = [
    "COMMANDS", "FIELDS", "GAME", "State", "command_from_dict", "decide", "evolve", "final_result", "is_finished",
    "pending", "round_setup_reminders", "start", "view_for",
]
