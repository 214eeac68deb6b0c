"""Rattus Cartus: round tracker, end-of-game entry, plague reveal and explained final scores.

Pure package (no Flask, no storage); never imports another game. ``GAME`` is the recorded-game
definition; :func:`command_from_dict` turns plain data (a JSON body or a form post, numbers and
booleans also as text) into a command, raising ``InputError`` naming the field.

COMMANDS (``kind``: fields)

Setup (``GAME.start(setup)``): ``players`` (2-5 names, clockwise seating), ``start_player``
(a listed name, or null/absent to draw one), optional ``plague_survivor`` (bool, RC-F9 option),
``gold_two_player_tie`` (RC-F5 option for a two-player tie for most Gold: ``"split_9"``, the
default, shares the 9 VP, 4 each; ``"split_6"`` shares only the 6, 3 each), optional ``seed`` (the
seed of the start player's draw, so that a replay draws the same one).

- ``end-round``: optional ``treasury_used`` (bool: the Treasury building was used this round;
  once noted, the end does not ask again, RC-F5). Ends the current round; the start player
  passes left (RC-G1).
- ``end-turn``: no fields. Phase C: the current player accessed a building; the turn passes
  clockwise (from the start player; ``view_for`` gives ``turn``, None once all have played).
  After the last round (10/9/8 rounds for 2/3/4-5 players) the end-of-game entry opens.
- ``play-safe-conduct``: no fields. Phase C: the current player plays a Safe-conduct instead of
  accessing a building; the turn passes on and they choose again after all the others (RC-G7;
  refused for the last player still to choose, RC-I3). ``view_for`` gives the ``queue``.
- ``record-preferred-action``: ``player``. With 2 players, once both accessed a building: the one
  who takes the round's only preferred action (RC-G5); the round cannot end before it is recorded.
- ``record-tally``: ``player``; the six classes ``peasantry``, ``burghers``, ``church``,
  ``knighthood``, ``royalty``, ``sorcery`` (influence, default 0); ``hand_cards``, ``swords``,
  ``safe_conducts``, ``flutes``, ``gold``, ``vp_tokens`` (counts, default 0). Re-recording replaces.
- ``record-rats``: ``player``, ``rats`` (the secret rat sum; hidden from others until the plague).
- ``record-treasury``: ``used`` (bool: was the Treasury used this game, RC-F5).
- ``record-influence-order``: ``influence_class`` (one of the six), ``order`` (the tied players,
  bottom of the marker stack first, as a list or comma-separated text; RC-F2).
- ``reveal-plague``: ``nuns`` (0-5 Nuns in the revealed row). Needs every tally, rat sum, the
  Treasury answer and the order of every influence tie that decides a score (it touches 1st-3rd,
  1st-2nd with two players; RC-F2); scores the game (RC-F1…RC-F9).

``pending(state)`` tells the step (``setup``, ``round``, ``preferred-action`` (2 players, RC-G5),
``final-entry`` with ``needs`` such as ``tally:Rojo``, ``rats:Azul``, ``treasury``,
``influence-order:church``; ``plague``; ``finished``).
``FIELDS[kind]`` describes each command's fields for forms. ``view_for(state, seat)`` is a
JSON-ready dict; ``final_result(state)`` the explained scores.
"""

from companion.core.game import GameDefinition
from companion.games.rattus_cartus import codec
from companion.games.rattus_cartus.commands import FIELDS, PARSERS, command_from_dict
from companion.games.rattus_cartus.game import (
    State,
    decide,
    evolve,
    final_result,
    is_finished,
    pending,
    start,
)
from companion.games.rattus_cartus.view import view_for

COMMANDS: tuple[str, ...] = tuple(PARSERS)

GAME = GameDefinition.with_codec(codec, key="rattus-cartus", title="Rattus Cartus",
                                 start=start, decide=decide, evolve=evolve, view_for=view_for)

__all__ = [
    "COMMANDS", "FIELDS", "GAME", "State", "command_from_dict", "decide", "evolve", "final_result", "is_finished",
    "pending", "start", "view_for",
]
