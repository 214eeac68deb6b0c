"""Eight writers on the served app: acknowledged actions per second, latency, and nothing lost or
recorded twice (issue 11).

Starts ``companion serve`` (waitress) on a free 127.0.0.1 port with a temporary instance folder
holding a made-up box profile, then runs writers for ``--seconds`` (30 by default), each a device
with its own keep-alive connection, cookie jar and CSRF token (loopback is the host, so it may
start games):

- 4 writers on their own games play seeded 5-player Lockup games of the random legal player
  (made-up cards) through the real forms, posting as htmx does (with the version and question
  the previous answer's forms were drawn for), a new game when one ends;
- 4 writers race on one shared game, posting the table's adjustment form (a reputation
  correction with a reason unique to the post); every 10th post is sent twice with the same
  idempotency key, as a double tap would.

A post is *acknowledged* when the server answers it 200. A post that fails in transit is sent
again with the same key (twice at most), as a phone would. Afterwards the database is read: every
acknowledged post must be recorded exactly once (its key, in its game, with the events its script
says), nothing recorded may be unknown or twice (same reason twice in the shared game), and each
own game must hold its acknowledged commands in order. Goals (issue 11): >= 10x today's throughput
(20.7 actions/s) and p95 <= 1/5 of today's (974 ms).

    .venv/bin/python benchmarks/bench_concurrency.py [--seconds 30] [--check] [--quick]

Exit status 0 whatever the verdicts, unless ``--check`` is given (then 1 when a goal fails or
the database check finds a lost or duplicated action).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402
from benchlib import median, percentile, table  # noqa: E402

from companion import DB_FILE  # noqa: E402

TODAY = {"throughput": 20.7, "p50": None, "p95": 974.0, "p99": 2100.0, "max": 6500.0}  # issue 11, same machine
GOAL_THROUGHPUT = 10 * TODAY["throughput"]
GOAL_P95 = TODAY["p95"] / 5
HTMX = {"HX-Request": "true"}
SENDS = 3  # a post failing in transit is sent again with the same key, at most this many times
REPEAT_EVERY = 10  # every 10th racing post is sent twice (a double tap)
NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eva")  # the random player's seat names


@dataclass
class Post:
    """One logical post (resent with its key on transport errors): what it was and how it went."""

    writer: str
    kind: str  # "step", "repeat" (double tap of a step) or "start"
    key: str
    game_id: str
    ms: float
    status: int  # 0: no answer at all
    expect: list[str] = field(default_factory=list)  # event types its script decides
    sent_with: dict = field(default_factory=dict)  # what htmx added (a double tap sends it again)


@dataclass
class Shared:
    """What every writer reports into, and the deadline."""

    deadline: float
    port: int
    timeout: float
    posts: list[Post] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, post: Post) -> None:
        """Keep one post's outcome."""
        with self.lock:
            self.posts.append(post)

    def failure(self, text: str) -> None:
        """Keep a writer's failure (reported, and it fails ``--check``)."""
        with self.lock:
            self.errors.append(text)


def send(client: L.Client, shared: Shared, post: Post, path: str, fields: dict, headers: dict,
         drawn: dict | None = None) -> Post:
    """Post with its idempotency key, resending in transit failures; time it; record it. ``drawn``
    (what htmx adds to a post from the answer before: ``B.drawn``) is updated from the answer."""
    start = time.perf_counter()
    post.sent_with = dict(drawn or {})
    for attempt in range(1, SENDS + 1):
        try:
            post.status, answer_headers, body = client.post(path, {**fields, **post.sent_with}, headers)
            if drawn is not None and post.status == 200:
                drawn.clear()
                drawn.update(B.drawn(body.decode("utf-8", "replace")))
            if post.kind == "start" and post.status == 303:
                post.game_id = answer_headers["Location"].rsplit("/", 1)[-1]
            break
        except OSError as exc:  # timeout, reset: not acknowledged; send again with the same key
            client.close()
            if attempt == SENDS:
                shared.failure(f"{post.writer}: {post.key} got no answer ({exc!r})")
    post.ms = (time.perf_counter() - start) * 1000
    shared.record(post)
    return post


def own_writer(shared: Shared, name: str, plan: B.Script) -> None:
    """Play ``plan`` again and again, each time in a new game, until the deadline."""
    client = L.Client(shared.port, shared.timeout)
    client.fetch_token("/lockup/new")
    games = 0
    while time.monotonic() < shared.deadline:
        games += 1
        key = f"{name}-g{games}"
        start = send(client, shared, Post(name, "start", key, "", 0, 0), "/lockup/new/start",
                     {**plan.setup_fields, "key": key}, {})
        if start.status != 303:
            shared.failure(f"{name}: new game answered {start.status}")
            return
        drawn: dict = {}  # a browser's htmx posts the version and question its form was drawn for
        for n, step in enumerate(plan.steps):
            if time.monotonic() >= shared.deadline:
                break
            post = Post(name, "step", f"{key}-{n}", start.game_id, 0, 0, [e.type for e in step.events])
            send(client, shared, post, f"/lockup/{start.game_id}/do/{step.action}",
                 {**step.form, "key": post.key}, HTMX, drawn)
            if post.status != 200:  # the script no longer matches the game: start another
                shared.failure(f"{name}: step {n} ({step.action}) answered {post.status}")
                break
    client.close()


def race_writer(shared: Shared, name: str, game_id: str, seat: str) -> None:
    """Post reputation corrections to the shared game until the deadline, some twice."""
    client = L.Client(shared.port, shared.timeout)
    client.fetch_token(f"/games/{game_id}")
    n, drawn = 0, {}
    while time.monotonic() < shared.deadline:
        n += 1
        key = f"{name}-{n}"
        fields = {"seat": seat, "quantity": "reputation", "delta": "1", "reason": f"bench {key}", "key": key}
        post = send(client, shared, Post(name, "step", key, game_id, 0, 0, ["adjusted"]),
                    f"/lockup/{game_id}/do/adjust", fields, HTMX, drawn)
        if post.status == 200 and n % REPEAT_EVERY == 0:  # the same post again: as first sent
            send(client, shared, Post(name, "repeat", key, game_id, 0, 0), f"/lockup/{game_id}/do/adjust",
                 {**fields, **post.sent_with}, HTMX)
    client.close()


def run_writers(args: argparse.Namespace, port: int) -> tuple[Shared, float, str]:
    """Set up the shared game, run every writer until the deadline; (results, elapsed s, race game)."""
    host = L.Client(port, args.timeout)
    host.fetch_token("/lockup/new")
    plans = [B.script(args.players, args.seed + w) for w in range(args.own)]
    status, headers, _body = host.post("/lockup/new/start", {**plans[0].setup_fields, "key": "race-start"})
    if status != 303:
        raise RuntimeError(f"the shared game could not be started ({status})")
    race_game = headers["Location"].rsplit("/", 1)[-1]
    host.close()
    shared = Shared(time.monotonic() + args.seconds, port, args.timeout)
    threads = [threading.Thread(target=own_writer, args=(shared, f"own{w}", plans[w]), daemon=True)
               for w in range(args.own)]
    threads += [threading.Thread(target=race_writer, args=(shared, f"race{w}", race_game, NAMES[w % args.players]),
                                 daemon=True) for w in range(args.race)]
    begin = time.monotonic()
    shared.deadline = begin + args.seconds
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(args.seconds + SENDS * args.timeout + 30)
    if any(thread.is_alive() for thread in threads):
        shared.failure("a writer did not stop in time")
    return shared, time.monotonic() - begin, race_game


# -- afterwards: the database --------------------------------------------------------------------

def check_database(path: Path, posts: list[Post], race_game: str) -> list[str]:
    """Problems found: acknowledged posts lost, recorded twice or wrongly, unknown commands."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        commands = {r[0]: r[1:] for r in conn.execute("SELECT idempotency_key, game_id, first_seq, last_seq"
                                                      " FROM commands")}
        events: dict[str, list[tuple]] = defaultdict(list)
        for game_id, seq, type_, payload, command_id in conn.execute(
                "SELECT game_id, seq, type, payload, command_id FROM events ORDER BY game_id, seq"):
            events[game_id].append((seq, type_, payload, command_id))
    finally:
        conn.close()
    problems = _acknowledged(posts, commands, events)
    problems += _commands(posts, events)
    problems += _reasons(posts, events[race_game])
    return problems


def _acknowledged(posts: list[Post], commands: dict, events: dict) -> list[str]:
    # Every acknowledged post: recorded, in its game, with the events its script decides.
    problems = []
    for post in posts:
        if post.kind == "repeat" or post.status not in (200, 303):
            continue
        row = commands.get(post.key)
        if row is None:
            problems.append(f"lost: {post.key} was acknowledged but is not recorded")
        elif row[0] != post.game_id:
            problems.append(f"{post.key} is recorded in game {row[0]}, not {post.game_id}")
        elif post.expect:
            types = [e[1] for e in events[row[0]] if row[1] <= e[0] <= row[2]]
            if types != post.expect:
                problems.append(f"{post.key} recorded events {types}, its script decides {post.expect}")
    return problems


def _commands(posts: list[Post], events: dict) -> list[str]:
    # Per game: each command's events once and together, every command one we sent, and a writer's
    # own game holding its posts in the order sent.
    sent: dict[str, list[str]] = defaultdict(list)
    for post in posts:
        if post.kind != "repeat":
            sent[post.game_id].append(post.key)
    known = {key for keys in sent.values() for key in keys} | {"race-start"}
    problems = []
    for game_id, rows in events.items():
        runs = [r[3] for i, r in enumerate(rows) if i == 0 or r[3] != rows[i - 1][3]]
        problems += [f"{key}: its events are recorded twice or apart" for key, n in Counter(runs).items() if n > 1]
        problems += [f"{key}: recorded but never sent" for key in runs if key not in known]
        if game_id in sent and runs[0] != "race-start" and runs != sent[game_id][:len(runs)]:
            problems.append(f"game {game_id}: commands recorded out of the order they were sent")
    return problems


def _reasons(posts: list[Post], rows: list[tuple]) -> list[str]:
    # The shared game: each racing post's reason (unique to it) at most once, once if acknowledged.
    counts = Counter(json.loads(r[2]).get("reason") for r in rows if r[1] == "adjusted")
    problems = [f"{reason!r} is recorded {n} times" for reason, n in counts.items() if n > 1]
    for post in posts:
        if post.kind == "step" and post.writer.startswith("race") and post.status == 200:
            if counts.get(f"bench {post.key}", 0) != 1:
                problems.append(f"{post.key}: acknowledged, recorded {counts.get(f'bench {post.key}', 0)} times")
    return problems


# -- the report ------------------------------------------------------------------------------------

def report(args: argparse.Namespace, shared: Shared, elapsed: float, problems: list[str]) -> B.Verdicts:
    """Print the tables; return the verdicts."""
    acked = [p for p in shared.posts if p.kind == "step" and p.status == 200]
    own = [p.ms for p in acked if p.writer.startswith("own")]
    race = [p.ms for p in acked if p.writer.startswith("race")]
    every = own + race
    rate = len(acked) / elapsed if elapsed else 0.0
    repeats = [p for p in shared.posts if p.kind == "repeat"]
    starts = [p for p in shared.posts if p.kind == "start" and p.status == 303]
    refused = [p for p in shared.posts if p.kind == "step" and p.status != 200]
    B.heading(f"{args.own + args.race} writers ({args.own} on their own {args.players}-player Lockup games, "
              f"{args.race} racing on one) for {args.seconds:g} s on `companion serve` (one waitress process "
              f"with its request threads; loopback)", args.quick, "2 s only, the verdicts below are not a measurement")
    print(f"\nacknowledged actions: {len(acked)} in {elapsed:.1f} s = {rate:.1f}/s "
          f"(own games {len(own)}, racing {len(race)}); games started {len(starts)}; double taps {len(repeats)} "
          f"(answered 200: {sum(p.status == 200 for p in repeats)}); not acknowledged {len(refused)}")
    print("\nLatency, ms (from sending to the whole answer read)")
    print(table(["", "n", "p50", "p95", "p99", "max"], [
        _lat("acknowledged actions", every), _lat("  own games", own), _lat("  racing on one game", race),
        _lat("double taps (replayed)", [p.ms for p in repeats]), _lat("game starts", [p.ms for p in starts])]))
    print("\nToday (issue 11, this machine) and now")
    print(table(["", "today", "now"], [
        ["acknowledged actions/s", TODAY["throughput"], rate], ["p50 ms", "-", median(every)],
        ["p95 ms", TODAY["p95"], percentile(every, 95)], ["p99 ms", TODAY["p99"], percentile(every, 99)],
        ["max ms", TODAY["max"], max(every, default=0.0)]]))
    print("\nDatabase check: " + ("every acknowledged action recorded exactly once; nothing unknown or twice"
                                  if not problems else f"{len(problems)} problem(s)"))
    for line in problems[:20] + shared.errors[:20]:
        print(f"  {line}")
    v = B.Verdicts()
    v.add("acknowledged actions/s", f"{rate:.1f}", f">= {GOAL_THROUGHPUT:.0f} (10x today)", rate >= GOAL_THROUGHPUT)
    p95 = percentile(every, 95) if every else float("inf")
    v.add("p95 latency", f"{p95:.0f} ms", f"<= {GOAL_P95:.0f} ms (1/5 of today)", p95 <= GOAL_P95)
    v.add("nothing lost or duplicated", f"{len(problems)} problem(s)", "0", not problems)
    print("\nGoals (issue 11)")
    print(v.render())
    return v


def _lat(name: str, values: list[float]) -> list:
    return [name, len(values), median(values), percentile(values, 95), percentile(values, 99),
            max(values, default=0.0)]


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--quick``: 2 s, 2-player games: a smoke run)."""
    parser = B.arguments(__doc__)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the writers write (default 30)")
    parser.add_argument("--own", type=int, default=4, help="writers on their own games (default 4)")
    parser.add_argument("--race", type=int, default=4, help="writers racing on one game (default 4)")
    parser.add_argument("--players", type=int, default=5, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds a post may wait for its answer")
    args = B.parse(parser, argv, "2 s, 2-player games (smoke test), not a measurement",
                   check="exit 1 when a goal or the database check fails")
    if args.quick:
        args.seconds, args.players = 2.0, 2
    return args


def main(argv: list[str] | None = None) -> int:
    """Serve, write, check the database, print; return the exit status."""
    args = parse(argv)
    with L.served("bench-concurrency-") as (server, folder):
        shared, elapsed, race_game = run_writers(args, server.port)
        server.stop()
        problems = check_database(folder / DB_FILE, shared.posts, race_game)
    v = report(args, shared, elapsed, problems)
    return 1 if args.check and (v.failed or problems or shared.errors) else 0


if __name__ == "__main__":
    sys.exit(main())
