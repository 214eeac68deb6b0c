"""``kill -9`` of the served app under load (issue 10): nothing acknowledged is lost, nothing is
half-written.

Each round starts ``companion serve`` on a free 127.0.0.1 port on the same instance folder, lets
three devices (threads, each with its own connection, cookies and CSRF token) post real game
actions through the forms — new games and steps of Lockup (made-up cards, the random legal
player's script), Ragami and Rattus Cartus (made-up names) — and sends the server SIGKILL at a
random moment. The server is started again on the same folder, and then:

- every action answered was acknowledged (200 or 303: never a refusal or a 5xx), and every action
  acknowledged is recorded exactly once, in its game;
- no game is partial: every game has events, numbered 1..n, each command's events together and
  each command recorded, and every game's page answers 200 (its log folds);
- sending an acknowledged action again with its idempotency key records nothing new (a game
  start gives the same game back).

A few rounds in the normal run, 200 under ``-m slow``. Loopback traffic only; every wait is bounded.

The same load stopped gracefully (SIGTERM, issue 21): the one server process answers every request
in flight, refuses later ones (503), checkpoints the write-ahead log and exits 0 — no answer is cut
half-way, and nothing is recorded that was not acknowledged.
"""

from __future__ import annotations

import http.client
import random
import signal
import sqlite3
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
import support

DB_FILE = "companion.sqlite3"
DEVICES = 3
STEPS = 12  # steps of one game before a device starts another
HTMX = {"HX-Request": "true"}
TRANSPORT = (OSError, http.client.HTTPException)  # refused, reset, cut off mid-answer


L = support.benchmark_module("loopback")  # the served app and a device's client
B = support.benchmark_module("benchlib")


@dataclass
class Post:
    """One form post: where, what, with which key; ``status`` 0 when no answer came."""

    path: str
    fields: dict
    key: str
    game_id: str | None  # None for a new game (known from its answer)
    headers: dict = field(default_factory=dict)
    status: int = 0
    error: str = ""  # the transport error's kind when no whole answer came

    @property
    def acknowledged(self) -> bool:
        return self.status in (200, 303)


@cache
def lockup_script(seed: int):
    """A whole 2-player Lockup game of the random legal player (made-up cards) as form posts."""
    return B.script(2, seed)


def game_posts(kind: str, prefix: str, seed: int) -> tuple[Post, list[tuple[str, dict, dict]]]:
    """A new game's post and its steps (path suffix, fields, headers) for ``kind``."""
    if kind == "lockup":
        plan = lockup_script(seed)
        steps = [(f"do/{s.action}", s.form, HTMX) for s in plan.steps[:STEPS]]
        return Post("/lockup/new/start", {**plan.setup_fields, "key": prefix}, prefix, None), steps
    if kind == "ragami":
        new = {"players": ["Ana", "Ben", "", "", ""], "start_seat": "0", "title": f"Made-up {prefix}"}
        steps = [("resolve-conflict", {"player": ("Ana", "Ben")[n % 2], "die_value": str(1 + n % 3)}, {})
                 for n in range(STEPS)]
        return Post("/ragami/new", {**new, "key": prefix}, prefix, None), steps
    new = {"players": ["Rojo", "Azul", "", "", ""], "start_seat": "1", "title": f"Made-up {prefix}"}
    return Post("/rattus-cartus/new", {**new, "key": prefix}, prefix, None), [("end-round", {}, {})] * 9


def send(client, post: Post, done: list[Post]) -> bool:
    """Post it; keep it in ``done``; False when the server is gone (no answer)."""
    done.append(post)
    try:
        post.status, headers, _body = client.post(post.path, post.fields, post.headers)
    except TRANSPORT as exc:
        post.error = type(exc).__name__
        client.close()
        return False
    if post.game_id is None and post.status == 303:
        post.game_id = headers["Location"].rsplit("/", 1)[-1]
    return True


def device(port: int, name: str, seed: int, done: list[Post], stop: threading.Event) -> None:
    """Start games of each kind in turn and play their steps until the server stops answering."""
    client = L.Client(port, timeout=20)
    try:
        client.fetch_token("/")
    except TRANSPORT:
        return
    rng = random.Random(seed)
    for n in range(1000):
        kind = ("lockup", "ragami", "rattus-cartus")[(n + seed) % 3]
        start, steps = game_posts(kind, f"{name}-g{n}", rng.randrange(4))
        if stop.is_set() or not send(client, start, done) or not start.acknowledged:
            return
        base = {"lockup": "/lockup", "ragami": "/ragami", "rattus-cartus": "/rattus-cartus"}[kind]
        for i, (action, fields, headers) in enumerate(steps):
            key = f"{start.key}-s{i}"
            post = Post(f"{base}/{start.game_id}/{action}", {**fields, "key": key}, key, start.game_id, headers)
            if stop.is_set() or not send(client, post, done) or not post.acknowledged:
                return


def load_and_kill(server, seed: int, rng: random.Random, sig: int = signal.SIGKILL) -> list[Post]:
    """Devices post until the server gets ``sig`` at a random moment; every post sent."""
    done: list[Post] = []
    stop = threading.Event()
    threads = [threading.Thread(target=device, args=(server.port, f"k{seed}d{d}", seed * 10 + d, done, stop),
                                daemon=True) for d in range(DEVICES)]
    for thread in threads:
        thread.start()
    # The random moment counts from the first answer: on a busy machine the devices' first
    # answers may take longer than the shortest wait.
    answered = time.monotonic() + 30
    while not any(p.acknowledged for p in list(done)) and time.monotonic() < answered:
        time.sleep(0.01)
    time.sleep(rng.uniform(0.15, 1.2))
    server.proc.send_signal(sig)
    server.proc.wait(timeout=30)
    stop.set()
    for thread in threads:
        thread.join(30)
    assert not any(thread.is_alive() for thread in threads), "a device did not stop"
    return done


def read_database(folder: Path) -> tuple[dict, dict, dict]:
    """(games {id: last_seq}, commands {key: (game, first, last)}, events {game: [(seq, command)]})."""
    db = sqlite3.connect(folder / DB_FILE, timeout=30)
    try:
        games = dict(db.execute("SELECT id, last_seq FROM games"))
        commands = {r[0]: r[1:] for r in db.execute("SELECT idempotency_key, game_id, first_seq, last_seq "
                                                     "FROM commands")}
        events: dict[str, list] = {}
        for game_id, seq, command_id in db.execute("SELECT game_id, seq, command_id FROM events ORDER BY game_id, seq"):
            events.setdefault(game_id, []).append((seq, command_id))
    finally:
        db.close()
    return games, commands, events


def check_acknowledged(posts: list[Post], commands: dict) -> None:
    """Every acknowledged post is recorded (its key once — the key is the table's primary key — in its game)."""
    for post in posts:
        if post.acknowledged:
            assert post.key in commands, f"lost: {post.key} ({post.path}) was acknowledged, is not recorded"
            assert commands[post.key][0] == post.game_id, f"{post.key} is recorded in another game"


def check_whole(games: dict, commands: dict, events: dict) -> None:
    """No partial game: events 1..n, last_seq n, each command's events together and recorded once."""
    by_game = Counter(row[0] for row in commands.values())
    for game_id, last_seq in games.items():
        rows = events.get(game_id, [])
        assert rows, f"game {game_id} has no events"
        assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1)) and last_seq == len(rows), game_id
        runs = [cid for i, (_, cid) in enumerate(rows) if i == 0 or cid != rows[i - 1][1]]
        assert len(runs) == len(set(runs)), f"game {game_id}: a command's events are apart or twice"
        assert by_game[game_id] == len(runs), f"game {game_id}: events and recorded commands disagree"
    spans = {(g, first, last) for g, first, last in commands.values()}
    assert len(spans) == len(commands), "two keys recorded for the same events"


def check_pages(client, games: dict, server) -> None:
    """Every game's page answers 200 (its log folds); otherwise say what the server printed."""
    for game_id in games:
        status, _headers, _body = client.get(f"/games/{game_id}")
        assert status == 200, f"game {game_id} answers {status}; the server printed:\n{server.output()}"


def check_resend(client, folder: Path, posts: list[Post], rng: random.Random) -> None:
    """Acknowledged posts sent again with their keys (a phone retrying): nothing new is recorded."""
    acked = [p for p in posts if p.acknowledged]
    chosen = rng.sample(acked, min(4, len(acked)))
    before = read_database(folder)
    for post in chosen:
        again = Post(post.path, post.fields, post.key, None if post.path.endswith("/new")
                     or post.path.endswith("/start") else post.game_id, post.headers)
        send(client, again, [])
        assert again.acknowledged, f"{post.key} sent again answered {again.status}"
        assert again.game_id == post.game_id, f"{post.key} sent again gave another game"
    assert read_database(folder) == before, "sending acknowledged actions again recorded something"


def kill_rounds(tmp_path: Path, rounds: int, seed: int) -> list[int]:
    """Run the rounds; the number of acknowledged posts in each."""
    folder = tmp_path / "instance"
    folder.mkdir()
    B.seed_profile(folder / DB_FILE)
    for n in range(4):
        lockup_script(n)  # computed before the clock runs
    rng = random.Random(seed)
    acked, posts = [], []
    server = L.Server(folder, tmp_path / "server-0.log")
    try:
        server.wait_ready()
        for n in range(rounds):
            sent = load_and_kill(server, seed * 1000 + n, rng)
            posts += sent
            assert all(p.status in (0, 200, 303) for p in sent), [(p.path, p.status) for p in sent if p.status]
            acked.append(sum(p.acknowledged for p in sent))
            server = L.Server(folder, tmp_path / f"server-{n + 1}.log")
            server.wait_ready()
            games, commands, events = read_database(folder)
            check_acknowledged(posts, commands)
            check_whole(games, commands, events)
            client = L.Client(server.port, timeout=20)
            client.fetch_token("/")
            check_pages(client, [g for g in games if any(p.game_id == g for p in sent)], server)
            check_resend(client, folder, sent, rng)
            client.close()
        check_pages(L.Client(server.port, timeout=20), read_database(folder)[0], server)
    finally:
        server.stop()
    return acked


def test_kill_9_under_load_loses_nothing_acknowledged_and_leaves_no_partial_game(tmp_path):
    acked = kill_rounds(tmp_path, rounds=3, seed=1)
    assert sum(acked) > 0, "the devices got answers before the kills"


@pytest.mark.slow
def test_kill_9_under_load_200_times(tmp_path):
    acked = kill_rounds(tmp_path, rounds=200, seed=2)
    assert sum(1 for n in acked if n) > 150, acked


def test_sigterm_under_load_answers_the_requests_in_flight_checkpoints_and_exits_0(tmp_path):
    """A graceful stop: exit status 0; every acknowledged action recorded, none recorded that was
    not acknowledged (no request cut after its commit), no answer broken half-way (only whole
    answers, refusals of the stop (503, nothing recorded) or no answer at all), the write-ahead log
    checkpointed into the database file."""
    folder = tmp_path / "instance"
    folder.mkdir()
    B.seed_profile(folder / DB_FILE)
    for n in range(4):
        lockup_script(n)
    rng = random.Random(5)
    for n in range(2):
        server = L.Server(folder, tmp_path / f"server-{n}.log")
        try:
            server.wait_ready()
            sent = load_and_kill(server, 500 + n, rng, signal.SIGTERM)
        finally:
            server.stop()
        assert server.proc.returncode == 0, server.output()
        assert "companion: stopped" in server.output() and "Traceback" not in server.output()
        wal = folder / f"{DB_FILE}-wal"
        assert not wal.exists() or wal.stat().st_size == 0, "the write-ahead log was not checkpointed"
        games, commands, events = read_database(folder)
        check_acknowledged(sent, commands)
        check_whole(games, commands, events)
        assert all(p.status in (0, 200, 303, 503) for p in sent), [(p.path, p.status) for p in sent if p.status]
        broken = [(p.key, p.error) for p in sent if p.error and p.error not in CLEANLY_UNANSWERED]
        assert broken == [], f"answers cut half-way: {broken}"
        cut = [p.key for p in sent if not p.acknowledged and p.key in commands]
        assert cut == [], f"recorded, but the device got no acknowledgement: {cut}"
        assert any(p.acknowledged for p in sent), "the devices got answers before the stop"


# No byte of an answer came: the request was refused before it was read (connection refused or
# reset), or the connection was closed with no answer (RemoteDisconnected). Anything else
# (IncompleteRead, a bad status line) is an answer broken half-way.
CLEANLY_UNANSWERED = ("ConnectionRefusedError", "ConnectionResetError", "RemoteDisconnected", "BrokenPipeError")
