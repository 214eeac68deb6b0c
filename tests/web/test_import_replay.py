"""Import = replay through the rules (issue 20): a real export of each game is accepted and gives
the very same events, commands and result; the signature tells this device's files from others'.

Games: whole random legal Lockup games (multiplayer and solo, made-up cards and box profile),
and the scripted Rattus Cartus and Ragami games of ``support.wire`` (made-up names)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import gamelogs, wire
from support.gamelogs import import_file as upload

from companion import create_app
from companion.core.history import CommandRedone, CommandUndone
from companion.events import EventStore
from companion.events.jsonl import export_lines, parse_export, replay, write_import
from companion.web import get_store
from companion.web.registry import ui_for

GAMES = {
    "lockup": lambda: wire.lockup(seed=5, players=3),
    "lockup-solo": lambda: wire.solo(seed=7),
    "rattus-cartus": lambda: wire.rattus_cartus(seed=3),
    "ragami": lambda: wire.ragami(seed=4),
}


def new_app(folder) -> object:
    return create_app({"TESTING": True, "INSTANCE_PATH": str(folder), "WTF_CSRF_ENABLED": False})


def recorded(app, game_id: str) -> tuple[list, dict]:
    """The game's events as (type, version, payload, ts, command id) and its commands by first seq."""
    with app.app_context():
        store = get_store()
        events = [(e.type, e.version, e.payload, e.ts, e.command_id) for e in store.events(game_id)]
        return events, store.commands(game_id)


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_real_export_of_each_game_imports_with_the_same_events_commands_and_result(tmp_path, kind):
    source, device = new_app(tmp_path / "source"), new_app(tmp_path / "device")
    with source.app_context():
        game = gamelogs.record_played(get_store(), GAMES[kind](), title=f"Made-up {kind} night")
    assert game["status"] == "finished"
    data = source.test_client().get(f"/games/{game['id']}/export.jsonl").data
    client = device.test_client()
    answer = upload(device, data, client)
    assert answer.status_code == 303, answer.get_data(as_text=True)[-3000:]
    new_id = answer.headers["Location"].rsplit("/", 1)[1]
    assert recorded(device, new_id) == recorded(source, game["id"])
    page = client.get(f"/games/{new_id}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "exported by another device, and every command checked by the rules" in text
    with device.app_context():
        assert get_store().game(new_id)["status"] == "finished"


def test_a_file_this_device_exported_is_told_apart_by_its_signature(tmp_path):
    app = new_app(tmp_path / "one")
    with app.app_context():
        game = gamelogs.record_played(get_store(), GAMES["ragami"]())
    client = app.test_client()
    data = client.get(f"/games/{game['id']}/export.jsonl").data
    answer = upload(app, data, client)  # the device holds that game: it is offered, no copy (issue 23)
    assert answer.status_code == 303 and answer.headers["Location"].endswith(game["id"])
    assert "This device already holds this game" in client.get(answer.headers["Location"]).get_data(as_text=True)
    restored = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "restored"), "WTF_CSRF_ENABLED": False,
                           "SECRET_KEY": app.config["SECRET_KEY"]})  # the same device's key, its games gone
    other = restored.test_client()
    answer = upload(restored, data, other)
    assert answer.status_code == 303
    page = other.get(answer.headers["Location"]).get_data(as_text=True)
    assert "Imported: exported by this device." in page
    forged = gamelogs.dump(gamelogs.rechain(gamelogs.parse(data.decode())))  # valid, but not signed
    assert b'"signature"' not in forged
    answer = upload(new_app(tmp_path / "two"), forged)
    assert answer.status_code == 303


# --- the property: random legal games export -> import -> the same events and result -------------


@pytest.fixture(scope="module")
def registered(tmp_path_factory):
    """An app created once, so the games' UIs are registered for ``ui_for``."""
    return new_app(tmp_path_factory.mktemp("registry"))


def round_trip(played, undo_redo: bool = False) -> None:
    """Record ``played`` (then, with ``undo_redo``, undo its last command and redo it), export it,
    decide it again, import it: everything as it was played."""
    with tempfile.TemporaryDirectory() as folder:
        store = EventStore(Path(folder) / "db.sqlite3")
        try:
            game = gamelogs.record_played(store, played)
            if undo_redo:
                last = store.events(game["id"])[-1].command_id
                for marker, which in ((CommandUndone(last), "undo"), (CommandRedone(last), "redo")):
                    store.append(game["id"], store.last_seq(game["id"]), [marker], f"{which}-{last}",
                                 command={"type": which})
            export = parse_export(list(export_lines(store, game["id"])), [played.game.key])
            state = replay(export, played.game)
            assert state == played.state, "the same final state, result included"
            ui = ui_for(played.game.key)
            copy, created = write_import(store, export, "finished" if ui.finished(state) else "active")
            assert created
            originals = [(e.type, e.version, e.payload, e.ts, e.command_id) for e in store.events(game["id"])]
            assert [(e.type, e.version, e.payload, e.ts, e.command_id) for e in store.events(copy["id"])] == originals
            assert store.commands(copy["id"]) == store.commands(game["id"])
        finally:
            store.close()


def _check(registered, kind: str, seed: int, players: int, undo_redo: bool) -> None:
    played = wire.solo(seed=seed) if kind == "solo" else wire.lockup(seed=seed, players=players)
    round_trip(played, undo_redo)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["multiplayer", "solo"]), seed=st.integers(0, 10_000), players=st.integers(2, 5),
       undo_redo=st.booleans())
def test_random_legal_games_round_trip_through_export_and_import(registered, kind, seed, players, undo_redo):
    _check(registered, kind, seed, players, undo_redo)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["multiplayer", "solo"]), seed=st.integers(0, 10**9), players=st.integers(2, 5),
       undo_redo=st.booleans())
def test_many_random_legal_games_round_trip_through_export_and_import(registered, kind, seed, players, undo_redo):
    _check(registered, kind, seed, players, undo_redo)


def test_the_scripted_rattus_cartus_and_ragami_games_round_trip(registered):
    round_trip(wire.rattus_cartus(seed=11), undo_redo=True)
    round_trip(wire.ragami(seed=12))
