"""The replay engine (issue 19): whole seeded games replayed from wire commands give the engine's
own events and state; undo/redo as the web's; errors name the command and the field."""

from __future__ import annotations

import pytest
from support import wire

from companion.core import history
from companion.core.replay import ReplayError, replay
from companion.games import ragami, rattus_cartus

GAMES = {"lockup-3": lambda: wire.lockup(5, 3), "lockup-2": lambda: wire.lockup(11, 2),
         "lockup-5": lambda: wire.lockup(2, 5), "lockup-solo-expert": lambda: wire.solo(7, "expert"),
         "lockup-solo-easy": lambda: wire.solo(3, "easy"), "rattus-cartus": wire.rattus_cartus,
         "ragami": wire.ragami}


@pytest.mark.parametrize("name", list(GAMES))
def test_replay_of_a_whole_seeded_game_gives_the_engines_events_and_state(name):
    played = GAMES[name]()
    done = replay(played.game, played.setup, played.commands)
    assert done.commands == len(played.commands)
    assert done.events == done.log == played.all_events()
    assert done.state == played.state
    assert played.game.fold(done.events) == done.state
    assert done.waiting_for()["kind"] in ("over", "finished")


def test_replay_undo_and_redo_are_the_webs_markers():
    played = wire.ragami()
    commands = played.commands[:4]
    before_last = replay(played.game, played.setup, commands[:3])
    undone = replay(played.game, played.setup, [*commands, {"type": "undo"}])
    assert undone.state == before_last.state and undone.events == before_last.events
    assert undone.log[-1] == history.CommandUndone(command_id="4")
    redone = replay(played.game, played.setup, [*commands, {"type": "undo"}, {"type": "redo"}])
    assert redone.state == replay(played.game, played.setup, commands).state
    assert redone.log[-1] == history.CommandRedone(command_id="4")
    # A new command ends the redo chain, and the start is never undone (as in the web).
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, [*commands, {"type": "undo"}, commands[3], {"type": "redo"}])
    assert (caught.value.index, caught.value.field, caught.value.message) == (6, "command", "Nothing to redo")
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, [commands[0], {"type": "undo"}, {"type": "undo"}])
    assert (caught.value.index, caught.value.message) == (2, "Nothing to undo")
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, [{"type": "undo", "count": 2}])
    assert (caught.value.index, caught.value.field) == (0, "count")


def test_replay_of_lockup_undo_refolds_the_commands_in_effect():
    played = wire.lockup(5, 3)
    commands = played.commands[:10]
    undone = replay(played.game, played.setup, [*commands, {"type": "undo"}, {"type": "undo"}])
    assert undone.state == replay(played.game, played.setup, commands[:8]).state


def test_replay_errors_name_the_command_and_the_field():
    played = wire.rattus_cartus()
    bad = [*played.commands[:3], {"type": "record-rats", "player": "Rojo", "rats": "many"}]
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, bad)
    assert (caught.value.index, caught.value.field) == (3, "rats")
    # RC-G1: the final counts come after the last round: a refusal by the rules names the command.
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, [{"type": "reveal-plague", "nuns": 2}])
    assert caught.value.index == 0 and caught.value.field == "command" and "(RC-" in caught.value.message
    with pytest.raises(ReplayError) as caught:
        replay(played.game, {"players": ["A"]}, [])
    assert caught.value.index is None and caught.value.field == "players"


def test_replay_of_a_lockup_command_from_the_wrong_seat_is_refused_by_the_rules():
    played = wire.lockup(5, 3)
    first = played.commands[0]
    other = next(s for s in played.states[0].seating if s != first["seat"])
    with pytest.raises(ReplayError) as caught:
        replay(played.game, played.setup, [{**first, "seat": other}])
    assert caught.value.field == "command" and "(L-RC1)" in caught.value.message


@pytest.mark.parametrize("module", [rattus_cartus, ragami])
def test_replay_needs_the_seed_of_a_drawn_start_player(module):
    with pytest.raises(ReplayError) as caught:
        replay(module.GAME, {"players": ["A", "B", "C"]}, [])
    assert (caught.value.index, caught.value.field) == (None, "seed")
    one = replay(module.GAME, {"players": ["A", "B", "C"], "seed": 99}, [])
    two = replay(module.GAME, {"players": ["A", "B", "C"], "seed": 99}, [])
    assert one.state == two.state and one.events == two.events


def test_replay_of_a_solo_game_needs_its_seed():
    played = wire.solo(7, "expert")
    setup = {k: v for k, v in played.setup.items() if k != "seed"}
    with pytest.raises(ReplayError) as caught:
        replay(played.game, setup, [])
    assert caught.value.field == "seed"
