"""Whole games as wire commands (``companion.core.codec``): a set-up, the commands in the form the
web posts (``{"type": ..., ...fields}``) and the events each one caused, played through the game's
own ``decide``; the reference ``companion replay`` and the codec are checked against.

Lockup (multiplayer and solo) is played by the random legal player and the scripted solo player
with made-up cards; Rattus Cartus and Ragami by a fixed script that uses every command kind.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from companion.cli import main
from companion.core.game import GameDefinition


@dataclass
class Played:
    """A whole game: its definition, set-up, wire commands, events per command and final state."""

    game: GameDefinition
    setup: dict
    commands: list[dict] = field(default_factory=list)
    events: list[list] = field(default_factory=list)  # the first: the start's events
    states: list[Any] = field(default_factory=list)  # the state each command was decided against
    state: Any = None

    def do(self, command: dict) -> list:
        """Decide ``command`` (wire form) as the web does and fold its events."""
        new = self.game.decide(self.state, self.game.parse_command(self.state, command))
        self.commands.append(command)
        self.states.append(self.state)
        self.events.append(new)
        self.state = self.game.fold(new, self.state)
        return new

    def lines(self, seat_of=lambda command: None) -> list[dict]:
        """The game as ``companion replay`` lines: the set-up, then each command (with ``seat``)."""
        out = [dict(self.setup)]
        for command in self.commands:
            seat = seat_of(command)
            out.append(command if seat is None else {"seat": seat, **command})
        return out

    def all_events(self) -> list:
        """Every event of the game in order."""
        return [e for batch in self.events for e in batch]


def _begin(game: GameDefinition, setup: dict) -> Played:
    played = Played(game, setup)
    first = game.start(setup)
    played.events.append(first)
    played.state = game.fold(first)
    return played


def lockup_setup(seed: int = 5, players: int = 3) -> dict:
    """A multiplayer Lockup set-up with made-up cards (the one :func:`lockup` plays from)."""
    from companion.games.lockup import autoplay

    rng = random.Random(seed)
    return autoplay.make_setup(rng, players, "standard", autoplay.Cards(rng))


def lockup(seed: int = 5, players: int = 3, game: GameDefinition | None = None) -> Played:
    """A whole multiplayer Lockup game by the random legal player (made-up cards); ``game``: the
    definition that decides each command again (by default Lockup's own)."""
    from companion.games.lockup import autoplay
    from companion.games.lockup.engine import GAME

    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    played = _begin(game or GAME, autoplay.make_setup(rng, players, "standard", cards))
    while played.state.phase != "over":
        command, _new = autoplay.random_command(played.state, rng, cards)
        played.do(command)
    return played


def solo(seed: int = 7, difficulty: str = "expert", game: GameDefinition | None = None) -> Played:
    """A whole solo Lockup game by the scripted player against the automaton (made-up cards);
    ``game``: the definition that decides each command again (by default the solo game's own)."""
    from companion.solo_guard import playthrough
    from companion.solo_guard.automaton import SOLO
    from support import made_up_profile

    cards = playthrough.MadeUpCards(seed)
    played = _begin(game or SOLO, playthrough.setup(difficulty, made_up_profile(), seed, cards))
    while played.state.game.phase != "over":
        command, _new = playthrough.next_command(played.state, cards)
        played.do(command)
    return played


RC_PLAYERS = ["Rojo", "Azul", "Verde", "Amarillo"]


def rattus_cartus(seed: int = 3) -> Played:
    """A whole Rattus Cartus game (4 players, start player drawn from ``seed``): every turn, every
    round, the final counts, a tie's order and the plague; the counts of the audit's example."""
    from companion.games.rattus_cartus import GAME
    from support import examples

    played = _begin(GAME, {"players": RC_PLAYERS, "seed": seed})
    while played.state.phase == "rounds":
        for _ in range(len(RC_PLAYERS)):
            played.do({"type": "end-turn"})
        played.do({"type": "end-round", "treasury_used": False})
    doc = next(e["input"] for e in examples()
               if e["command"] == "companion audit rattus-cartus" and "influence_ties" in e["input"])
    for player in doc["players"]:
        counts = {k: player[k] for k in ("hand_cards", "swords", "safe_conducts", "flutes", "gold", "vp_tokens")}
        played.do({"type": "record-tally", "player": player["name"], **player["influence"], **counts})
        played.do({"type": "record-rats", "player": player["name"], "rats": player["rats"]})
    played.do({"type": "record-treasury", "used": doc["treasury_used"]})
    for cls, order in doc["influence_ties"].items():  # RC-F2: the order of a tie that decides a score
        played.do({"type": "record-influence-order", "influence_class": cls, "order": order})
    played.do({"type": "reveal-plague", "nuns": doc["nuns"]})
    return played


RG_PLAYERS = ["Ana", "Bo", "Cy", "Di"]


def ragami(seed: int = 4) -> Played:
    """A whole Ragami game (start player drawn from ``seed``) using every command kind, ending when
    a player reaches 30 VP (RG-E1), then conversions and the final scores (RG-E2…RG-E4)."""
    from companion.games.ragami import GAME

    played = _begin(GAME, {"players": RG_PLAYERS, "seed": seed})
    played.do({"type": "use-location-tokens", "tokens": [1, 2, 3]})
    played.do({"type": "set-virtue-die", "player": "Ana", "value": 1, "reason": "placed"})
    played.do({"type": "gain-white-cubes", "player": "Bo", "count": 3, "reason": "card"})
    played.do({"type": "spend-white-cubes", "player": "Bo", "count": 1})
    played.do({"type": "purify-demons", "player": "Cy", "demons": 2})
    played.do({"type": "set-virtue-die", "player": "Di", "value": 6, "reason": "card"})
    played.do({"type": "convert-virtue", "player": "Di", "vp": 2})
    while played.game.waiting_for(played.state)["kind"] == "round":
        for name in RG_PLAYERS:
            played.do({"type": "resolve-conflict", "player": name, "die_value": 6 if name == "Ana" else 3,
                       "saints": ["Bo"] if name == "Di" else [], "helper": "Cy" if name == "Bo" else None,
                       "white_cubes_spent": 0, "virtue_spent": 0})
        while played.game.waiting_for(played.state)["seats"]:
            played.do({"type": "end-turn", "passed": True})
        played.do({"type": "end-round"})
    played.do({"type": "convert-white-cubes", "player": "Cy", "vp": 1})
    played.do({"type": "finish-game"})
    return played


def replay_answer(capsys, path, game: str, lines: list) -> dict | str:
    """``companion replay GAME`` (``companion.cli.main``) on ``lines`` written as JSON Lines at
    ``path``: the answer as a dict (exit 0, nothing on standard error), or the one error line
    (exit 2, nothing on standard output)."""
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    status = main(["replay", game, str(path)])
    out, err = capsys.readouterr()
    if status == 0:
        assert err == ""
        return json.loads(out)
    assert (status, out) == (2, "") and err.endswith("\n") and err.count("\n") == 1
    return err.rstrip("\n")
