"""The fold cache of ``companion.web.play`` (issue 11): a step folds only what is new, and what it
folds is exactly the full fold of the log, after every step of whole games (solo and 5 players,
through the real forms), around undo and redo, and with two apps writing to one database.

Also: one durable write per action (one ``COMMIT``, no connection opened or closed by a request).
The games are the random legal player's with made-up cards and the made-up box profile.
"""

from __future__ import annotations

import random
import re
import threading
from dataclasses import dataclass

import pytest
import support
from support import players

from companion import create_app
from companion.core import history
from companion.core import rng as core_rng
from companion.core.events import registered_types
from companion.games.lockup import autoplay
from companion.games.lockup.model import GUARDS
from companion.solo_guard.automaton import SOLO, pending
from companion.solo_guard.playthrough import MadeUpCards
from companion.solo_guard.playthrough import setup as solo_setup
from companion.web.gameui.lockup.formdriver import form_for, setup_fields

HX = {"HX-Request": "true"}


@dataclass(frozen=True)
class Add:
    """The made-up Tally game's command (tests/conftest.py): add points to a player."""

    player: str
    points: int

PROFILE = support.made_up_profile()


def checked(app, game_id: str):
    """The cached fold of the game must equal a full fold of its stored log; returns the state."""
    from companion.web import get_store, play

    with app.test_request_context():
        store = get_store()
        loaded = play.load(store.game(game_id))
        records = store.events(game_id)
        events, state = play.fold_records(loaded.ui, records)
    assert list(loaded.records) == records
    assert list(loaded.events) == events
    assert loaded.timeline == history.timeline(records)
    assert loaded.state == state
    effective = history.effective(records)
    with app.test_request_context():
        assert play.recent(loaded.game, 40) == list(zip(effective[-40:], events[-40:], strict=True))
    return state


def start(client, fields: dict) -> str:
    step1 = {k: v for k, v in fields.items() if re.match(r"(mode|title|name-|crew-|pass_rewards|difficulty)", k)}
    assert client.post("/lockup/new", follow_redirects=True, data=step1).status_code == 200
    done = client.post("/lockup/new/start", data=fields)
    assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    return done.headers["Location"].rsplit("/", 1)[-1]


def post(client, game_id: str, action: str, fields: dict, key: str, htmx: bool) -> None:
    answer = client.post(f"/lockup/{game_id}/do/{action}", data={**fields, "key": key}, headers=HX if htmx else {})
    assert answer.status_code == (200 if htmx else 303), answer.get_data(as_text=True)[:2000]


def marker(client, game_id: str, which: str, key: str) -> bool:
    """Undo or redo (through a confirmation step when the page asks for one); False when refused
    (an action the table has seen hidden information through may not be undone)."""
    answer = client.post(f"/games/{game_id}/{which}", data={"key": key}, headers=HX)
    confirm = re.search(r'name="confirm" value="([^"]+)"', answer.get_data(as_text=True))
    if answer.status_code == 200 and confirm:
        answer = client.post(f"/games/{game_id}/{which}", data={"key": key, "confirm": confirm.group(1)}, headers=HX)
    assert answer.status_code in (200, 403, 422), answer.get_data(as_text=True)[:2000]
    return answer.status_code == 200


def undo_redo_now_and_then(app, client, game_id: str, step: int, rng: random.Random) -> int:
    """Undo once or twice, then redo all, some, or none (a new command then ends the redo chain);
    the cache is checked after each marker."""
    undone = 0
    for i in range(rng.choice((1, 2))):
        undone += marker(client, game_id, "undo", f"{game_id}-u{step}-{i}")
        checked(app, game_id)
    for i in range(rng.randint(0, undone)):
        assert marker(client, game_id, "redo", f"{game_id}-r{step}-{i}")
        checked(app, game_id)
    return undone


def play_checking(app, client, game_id: str, rng, key: str, htmx_on: int, form_of, over):
    """Post ``form_of(state)`` (action, fields) until ``over(state)``, every other step as htmx
    (the steps whose parity is ``htmx_on``); the cache is checked after each step, and every 9th
    step it is read again with nothing new, then undo and redo happen. (state, steps, undone)."""
    state, step, undone = checked(app, game_id), 0, 0
    while not over(state):
        action, fields = form_of(state)
        post(client, game_id, action, fields, f"{key}{step}", htmx=step % 2 == htmx_on)
        state, step = checked(app, game_id), step + 1
        if step % 9 == 0:
            checked(app, game_id)
            undone += undo_redo_now_and_then(app, client, game_id, step, rng)
            state = checked(app, game_id)
    return state, step, undone


def test_five_player_game_cached_fold_is_the_full_fold_after_every_step(app, client):
    support.store_profile(app, PROFILE)
    rng = random.Random(11)
    cards = autoplay.Cards(rng)
    game_id = start(client, setup_fields(autoplay.make_setup(rng, 5, cards=cards)))
    state, step, undone = play_checking(app, client, game_id, rng, "k", htmx_on=0, form_of=lambda state: form_for(
        autoplay.random_command(state, rng, cards)[0], state), over=lambda state: state.phase == "over")
    assert step > 100 and undone > 5


def _solo_command(state, rng: random.Random, cards: MadeUpCards) -> dict:
    proposals = ([{"type": "reveal_guard", "location": rng.choice(pending(state).detail["reveal"])}]
                 if pending(state).kind == "guard-turn" else autoplay.candidates(state.game, rng, cards))
    return players.first_legal(SOLO, state, proposals)


def test_solo_game_cached_fold_is_the_full_fold_after_every_step(app, client, monkeypatch):
    # The guard deck's seed is drawn when the game starts; pinned so that the game (and how many
    # of its undos the table may take back) is the same on every run.
    monkeypatch.setattr(core_rng, "new_seed", lambda: 5)
    support.store_profile(app, PROFILE)
    rng, cards = random.Random(5), MadeUpCards(5)
    fields = {**setup_fields(solo_setup("demanding", PROFILE, 5, cards)), "difficulty": "demanding",
              "title": "Cache solo"}
    game_id = start(client, fields)
    state, step, undone = play_checking(app, client, game_id, rng, "s", htmx_on=1, form_of=lambda state: form_for(
        _solo_command(state, rng, cards), state.game), over=lambda state: state.game.phase == "over")
    assert step > 30 and undone > 2 and GUARDS in state.game.seats


def adjust(client, game_id: str, key: str) -> None:
    fields = {"seat": "Ana", "quantity": "reputation", "delta": "1", "reason": f"made-up {key}"}
    post(client, game_id, "adjust", fields, key, htmx=True)


def test_two_apps_on_one_database_notice_each_others_writes(tmp_path):
    """Each app has its own cache: the other's writes move the stream on without it."""
    config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "WTF_CSRF_ENABLED": False}
    first, second = create_app(config), create_app(config)
    support.store_profile(first, PROFILE)
    rng = random.Random(2)
    one, two = first.test_client(), second.test_client()
    game_id = start(one, setup_fields(autoplay.make_setup(rng, 3, cards=autoplay.Cards(rng))))
    for i in range(6):  # in turns: each app's cache is one command behind when it is asked
        adjust(one if i % 2 else two, game_id, f"turn{i}")
        assert checked(first, game_id) == checked(second, game_id)

    def writer(client, name: str) -> None:
        for i in range(12):
            adjust(client, game_id, f"{name}{i}")

    threads = [threading.Thread(target=writer, args=(c, n)) for c, n in ((one, "a"), (two, "b"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state = checked(first, game_id)
    assert state == checked(second, game_id)
    from companion.events import EventStore

    adjusted = [r for r in EventStore(first.config["DATABASE"]).events(game_id) if r.type == "adjusted"]
    assert len(adjusted) == 6 + 24 and len({r.payload["reason"] for r in adjusted}) == 30


def test_a_record_of_an_undone_command_appended_again_refolds(app, client):
    """A record whose command is not in effect changes which earlier events count: the cache
    refolds rather than adding it on top (the app never writes one; the store would let it)."""
    from companion.web import get_store, play

    tally_added = registered_types()["test-tally-added"]

    with app.test_request_context():
        game_id = play.start("test-tally", {"players": ["Ana", "Ben"]}, "Tally", "k-start")
        game = get_store().game(game_id)
        play.execute(game, Add("Ana", 2), "k-ana", {"n": 1})
        play.execute(game, Add("Ben", 3), "k-ben", {"n": 2})
        play.undo(game, "k-undo")
        play.execute(game, Add("Ana", 1), "k-ana2", {"n": 3})  # the redo chain ends: k-ben is dead
        checked(app, game_id)
        store = get_store()
        store.append(game_id, store.last_seq(game_id), [tally_added(player="Ben", points=4)], "k-late",
                     command_id="k-ben")
    state = checked(app, game_id)
    assert state.scores == {"Ana": 3, "Ben": 7}  # k-ben's first event counts again with the late one


def test_a_replaced_database_is_refolded_not_trusted(app, client):
    """A cache ahead of the stream (the database file replaced by an older copy) is dropped."""
    from companion.web import get_store, play

    with app.test_request_context():
        game_id = play.start("test-tally", {"players": ["Ana"]}, "Tally", "k-start")
        game = get_store().game(game_id)
        play.execute(game, Add("Ana", 2), "k-1", {"n": 1})
        play.execute(game, Add("Ana", 3), "k-2", {"n": 2})
        cache = app.extensions["companion_fold_cache"]
        real = cache[game_id]
        # A cache that saw 9 events of a stream the file holds 3 of: never taken as a prefix.
        cache[game_id] = play.Folded(9, real.records, real.decoded, real.events, real.effective, real.state,
                                     real.in_effect, real.redoable, real.dead)
    assert checked(app, game_id).scores == {"Ana": 5}


def test_a_finished_game_leaves_the_fold_cache(app, client):
    """Issue 21 (d): the fold of a finished game is not kept (nobody steps in it any more); its page
    folds it again, the same as before."""
    from companion.web import get_store, play

    with app.test_request_context():
        game_id = play.start("test-tally", {"players": ["Ana"]}, "Tally", "k-start")
        play.execute(get_store().game(game_id), Add("Ana", 4), "k-1", {"n": 1})
        assert game_id in app.extensions["companion_fold_cache"].keys()
        play.execute(get_store().game(game_id), Add("Ana", 6), "k-2", {"n": 2})  # 10 points: finished
        assert game_id not in app.extensions["companion_fold_cache"].keys()
    assert checked(app, game_id).scores == {"Ana": 10}
    with app.test_request_context():
        play.load(get_store().game(game_id))
        assert game_id not in app.extensions["companion_fold_cache"].keys()


# -- one durable write per action -------------------------------------------------------------------

def test_every_action_commits_once_on_the_threads_connection(app, client, monkeypatch):
    """Events, status and catalog in one transaction: exactly one COMMIT per action (start,
    every step of a whole game with card entries, undo, redo), and no request opens (or closes,
    which would checkpoint) a connection."""
    import companion.events.connection as connection
    from companion.web.storage import thread_store

    support.store_profile(app, PROFILE)
    rng = random.Random(7)
    cards = autoplay.Cards(rng)
    game_id = start(client, setup_fields(autoplay.make_setup(rng, 3, cards=cards)))
    store = thread_store(app.config["DATABASE"])  # the test client serves requests in this thread
    statements: list[str] = []
    store.db.conn.set_trace_callback(statements.append)  # every write of this thread goes through it
    opened: list[str] = []
    real_connect = connection.sqlite3.connect
    monkeypatch.setattr(connection.sqlite3, "connect", lambda *a, **k: opened.append(a[0]) or real_connect(*a, **k))

    def commits() -> int:
        count = sum(1 for s in statements if s.strip().upper().startswith(("COMMIT", "END")))
        statements.clear()
        return count

    state, steps, kinds = checked(app, game_id), 0, set()
    statements.clear()
    while state.phase != "over":
        command, _events = autoplay.random_command(state, rng, cards)
        action, fields = form_for(command, state)
        post(client, game_id, action, fields, f"c{steps}", htmx=steps % 2 == 0)
        assert commits() == 1, (action, statements)
        kinds.add(action)
        if steps % 20 == 5 and marker(client, game_id, "undo", f"c{steps}undo"):
            assert commits() == 1, "undo"
            assert marker(client, game_id, "redo", f"c{steps}redo") and commits() == 1, "redo"
        commits()  # a refused undo commits nothing (not counted as an action)
        state = checked(app, game_id)
        statements.clear()
        steps += 1
    assert opened == [] and thread_store(app.config["DATABASE"]) is store
    assert {"collect", "assign"} <= kinds or len(kinds) > 5, kinds


def test_the_write_ahead_log_is_not_checkpointed_by_each_request(app, client):
    """A closing connection checkpoints (one more fsync): the log only grows between actions."""
    import os

    support.store_profile(app, PROFILE)
    rng = random.Random(9)
    cards = autoplay.Cards(rng)
    game_id = start(client, setup_fields(autoplay.make_setup(rng, 2, cards=cards)))
    wal = app.config["DATABASE"] + "-wal"
    state, sizes = checked(app, game_id), []
    for step in range(12):
        command, _events = autoplay.random_command(state, rng, cards)
        action, fields = form_for(command, state)
        post(client, game_id, action, fields, f"w{step}", htmx=True)
        sizes.append(os.path.getsize(wal))
        state = checked(app, game_id)
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]


@pytest.mark.parametrize("players", [2, 4])
def test_a_refused_action_leaves_the_cache_as_it_was(app, client, players):
    """A refused command (422) writes nothing; the cache still folds to the stored log."""
    support.store_profile(app, PROFILE)
    rng = random.Random(players)
    game_id = start(client, setup_fields(autoplay.make_setup(rng, players, cards=autoplay.Cards(rng))))
    before = checked(app, game_id)
    answer = client.post(f"/lockup/{game_id}/do/collect", data={"seat": "Nobody", "key": "bad"}, headers=HX)
    assert answer.status_code == 422
    assert checked(app, game_id) == before


def test_a_step_extends_the_cached_fold_and_leaves_the_previous_one_as_it_was(app, client):
    """The next fold is the previous fold's tuples followed by the step's own records and events
    (the decision's fold, not a read-back); the previous fold still reads as it was (issue 21)."""
    from companion.web import get_store, play

    support.store_profile(app, PROFILE)
    rng = random.Random(5)
    game_id = start(client, setup_fields(autoplay.make_setup(rng, 3, cards=autoplay.Cards(rng))))
    with app.test_request_context():
        before = play.folded(game_id, play.load(get_store().game(game_id)).ui)
    size = len(before.records)
    post(client, game_id, "adjust", {"seat": "Ana", "quantity": "reputation", "delta": "1", "reason": "made-up"},
         "grow-1", htmx=True)
    after = app.extensions["companion_fold_cache"][game_id]
    assert len(after.records) > size and len(before.records) == size
    for field in ("records", "decoded", "events", "effective", "in_effect"):
        assert isinstance(getattr(after, field), tuple), field
        assert getattr(after, field)[:len(getattr(before, field))] == getattr(before, field), field
    assert after.in_effect[-1] == "grow-1" and "grow-1" not in before.in_effect
    checked(app, game_id)
