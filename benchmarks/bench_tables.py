"""A table and a club on one server process (issue 21): action latency, how soon every phone sees a
move, nothing lost, and the server's memory after whole games.

Starts ``companion serve`` (one waitress process) on a free 127.0.0.1 port with a temporary instance
folder holding a made-up box profile, starts ``--tables`` 3-player Lockup games (seeded random legal
player, made-up cards). Every phone and each table's acting device then open the game's page and
read the table's version (before the measured window: 280 pages opened in its first second would
be a club's arrival, not its play), and for ``--seconds``: at each table ``--phones`` phones poll
``/games/<id>/poll?seen=<version>`` every second (the page's poller, one kept-alive connection and
cookie jar each) while one device posts an action (the table's adjustment form, a unique reason)
every ``--every`` seconds. Afterwards the database must hold every acknowledged action once. Then
``--games`` whole scripted games are played through the forms and the server's resident memory
(``VmRSS``) is read.

    .venv/bin/python benchmarks/bench_tables.py --scale table   # (b) 1 table, an action every 2 s, server on core 0
    .venv/bin/python benchmarks/bench_tables.py --scale club    # (c) 40 tables, an action per table every 5 s
    [--seconds 60] [--games 20] [--check] [--quick]

Goals: (b) p95 action <= 30 ms, every phone sees each move <= 1.2 s; (c) p95 action <= 100 ms, nothing
lost; (d) server RSS after the whole games <= 60 MB. Exit status 0 whatever the verdicts, unless
``--check`` is given (then 1 when a goal fails).
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402
from bench_live import HTMX, PERIOD, SEEN, cpu_seconds  # noqa: E402
from benchlib import percentile, table  # noqa: E402

from companion import DB_FILE  # noqa: E402

SCALES = {"table": {"tables": 1, "every": 2.0, "core": "0", "p95": 30.0},
          "club": {"tables": 40, "every": 5.0, "core": None, "p95": 100.0}}
SETTING_UP = 8  # devices opening their game pages at once, before the window
GOAL_NOTICE = 1.2  # s from an acknowledged action to every phone's poll bringing it
GOAL_RSS_MB = 60.0


@dataclass
class Table:
    """One game, its phones' notice times and its actions."""

    game: str
    acked_at: float = 0.0  # monotonic time of the latest acknowledged action
    moves: int = 0
    actions_ms: list[float] = field(default_factory=list)
    acked: list[str] = field(default_factory=list)  # reasons of acknowledged actions
    notices: list[float] = field(default_factory=list)  # s from an action to a phone seeing it
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def opened(port: int, game: str) -> tuple[L.Client, str]:
    """A device that has opened the game's page (its cookies and CSRF token) and the table version
    its poller starts from, as the page's poller would: set up before the measured window, so that
    the window holds phones polling and tables acting, not 280 pages opened at its first second."""
    client = L.Client(port)
    client.fetch_token(f"/games/{game}")
    status, _h, body = client.get(f"/games/{game}/poll?seen=0", HTMX)
    found = SEEN.search(body) if status == 200 else None
    return client, found.group(1).decode() if found else "0"


def phone(device: tuple[L.Client, str], tab: Table, until: float, offset: float) -> None:
    """Poll every ``PERIOD``; each 200 after an action is a notice of it."""
    (client, seen), noticed = device, 0
    time.sleep(offset)
    next_at = time.monotonic()
    while time.monotonic() < until:
        try:
            status, _h, body = client.get(f"/games/{tab.game}/poll?seen={seen}", HTMX)
        except OSError as exc:
            tab.errors.append(str(exc))
            status, body = 0, b""
        found = SEEN.search(body) if status == 200 else None
        if found:
            seen = found.group(1).decode()
            with tab.lock:
                if tab.moves > noticed and seen != "0":
                    tab.notices.append(time.monotonic() - tab.acked_at)
                noticed = tab.moves
        next_at += PERIOD
        time.sleep(max(0.0, next_at - time.monotonic()))
    client.close()


def actor(device: tuple[L.Client, str], tab: Table, until: float, every: float, offset: float) -> None:
    """Post one adjustment every ``every`` seconds; time each acknowledged one."""
    client = device[0]
    time.sleep(offset)
    n, next_at = 0, time.monotonic()
    while time.monotonic() + every < until:
        n += 1
        reason = f"bench {tab.game} {n}"
        fields = {"seat": "Ana", "quantity": "reputation", "delta": "1", "reason": reason, "key": reason}
        began = time.perf_counter()
        status, _h, _b = client.post(f"/lockup/{tab.game}/do/adjust", fields, HTMX)
        if status == 200:
            with tab.lock:
                tab.actions_ms.append((time.perf_counter() - began) * 1000)
                tab.acked.append(reason)
                tab.acked_at, tab.moves = time.monotonic(), tab.moves + 1
        else:
            tab.errors.append(f"action {status}")
        next_at += every
        time.sleep(max(0.0, next_at - time.monotonic()))
    client.close()


def start_games(port: int, count: int, plan: B.Script) -> list[str]:
    """``count`` new games (the scripted set-up), their ids."""
    host, games = L.Client(port), []
    host.fetch_token("/")
    for n in range(count):
        status, headers, _b = host.post("/lockup/new/start", {**plan.setup_fields, "key": f"start-{n}"})
        if status != 303:
            raise RuntimeError(f"a game could not be started ({status})")
        games.append(headers["Location"].rsplit("/", 1)[-1])
    host.close()
    return games


def play_whole_games(port: int, count: int, plan: B.Script) -> int:
    """Play ``count`` whole scripted games through the forms; the acknowledged steps."""
    host, done = L.Client(port), 0
    host.fetch_token("/")
    for n in range(count):
        status, headers, _b = host.post("/lockup/new/start", {**plan.setup_fields, "key": f"whole-{n}"})
        game = headers["Location"].rsplit("/", 1)[-1] if status == 303 else None
        for i, step in enumerate(plan.steps if game else []):
            status, _h, _b = host.post(f"/lockup/{game}/do/{step.action}", {**step.form, "key": f"w{n}-{i}"}, HTMX)
            done += status == 200
    host.close()
    return done


def rss_mb(pid: int) -> float:
    """The resident memory of a process, in MB (``/proc/<pid>/status``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def lost(database: Path, tables: list[Table]) -> int:
    """Acknowledged actions the database does not hold exactly once."""
    conn = sqlite3.connect(database)
    try:
        rows = conn.execute("SELECT json_extract(payload, '$.reason') FROM events WHERE type = 'adjusted'").fetchall()
    finally:
        conn.close()
    held: dict[str, int] = {}
    for (reason,) in rows:
        held[reason] = held.get(reason, 0) + 1
    return sum(held.get(reason, 0) != 1 for tab in tables for reason in tab.acked)


def run(args: argparse.Namespace, server: L.Server) -> tuple[list[Table], float, float]:
    """The polling and acting window; (tables, server CPU seconds, this client's CPU seconds: its
    phones and actors share the cores with the server)."""
    plan = B.script(3, args.seed)
    tables = [Table(game) for game in start_games(server.port, args.tables, plan)]
    with ThreadPoolExecutor(SETTING_UP) as pool:  # each table's phones, then its actor
        devices = list(pool.map(lambda n: opened(server.port, tables[n // (args.phones + 1)].game),
                                range(len(tables) * (args.phones + 1))))
    until = time.monotonic() + args.seconds
    threads = []
    for t, tab in enumerate(tables):
        mine = devices[t * (args.phones + 1):(t + 1) * (args.phones + 1)]
        threads += [threading.Thread(target=phone, args=(mine[p], tab, until, (p / args.phones) * PERIOD),
                                     daemon=True) for p in range(args.phones)]
        spread = (t / max(1, len(tables))) * args.every
        threads.append(threading.Thread(target=actor, args=(mine[-1], tab, until, args.every, spread), daemon=True))
    begin, mine = cpu_seconds(server.proc.pid), time.process_time()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return tables, cpu_seconds(server.proc.pid) - begin, time.process_time() - mine


def report(args, tables: list[Table], cpu: tuple[float, float], missing: int, rss: float, steps: int) -> B.Verdicts:
    """Print the tables and the goals."""
    actions = [ms for tab in tables for ms in tab.actions_ms]
    notices = [s for tab in tables for s in tab.notices]
    errors = [e for tab in tables for e in tab.errors]
    B.heading(f"bench_tables (issue 21), scale {args.scale}: {args.tables} table(s) x {args.phones} phones polling "
              f"every {PERIOD:.0f} s, an action per table every {args.every:g} s, {args.seconds:g} s"
              f"{', server on core ' + args.core if args.core else ''}", args.quick,
              "a few seconds only, the verdicts below are not a measurement")
    print()
    print(table(["", "n", "p50", "p95", "max"], [
        ["action, ms", len(actions), f"{percentile(actions, 50):.1f}", f"{percentile(actions, 95):.1f}",
         f"{max(actions, default=0):.1f}"],
        ["phone sees the move, s", len(notices), f"{percentile(notices, 50):.2f}", f"{percentile(notices, 95):.2f}",
         f"{max(notices, default=0):.2f}"]]))
    server, client = cpu
    print(f"server CPU over the window: {server:.1f} s ({100 * server / args.seconds:.1f} % of one core), "
          f"this client's (phones and actors): {client:.1f} s ({100 * client / args.seconds:.1f} %); "
          f"errors: {len(errors)}; after {args.games} whole games ({steps} steps): RSS {rss:.1f} MB")
    v = B.Verdicts()
    v.add("p95 action", f"{percentile(actions, 95):.1f} ms", f"<= {args.p95:g} ms",
          bool(actions) and percentile(actions, 95) <= args.p95)
    v.add("every phone sees each move", f"{max(notices, default=float('inf')):.2f} s (max)", f"<= {GOAL_NOTICE} s",
          bool(notices) and max(notices) <= GOAL_NOTICE)
    v.add("nothing lost", f"{missing} lost, {len(errors)} errors", "0", missing == 0 and not errors)
    v.add("server RSS after whole games", f"{rss:.1f} MB", f"<= {GOAL_RSS_MB:g} MB", rss <= GOAL_RSS_MB)
    print()
    print(v.render())
    return v


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line, filled in from the scale."""
    parser = B.arguments(__doc__)
    parser.add_argument("--scale", choices=SCALES, default="table")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--games", type=int, default=20, help="whole games played before RSS is read")
    parser.add_argument("--seed", type=int, default=11)
    args = B.parse(parser, argv, "a few seconds only (smoke test), not a measurement")
    scale = SCALES[args.scale]
    args.tables, args.every, args.core, args.p95 = scale["tables"], scale["every"], scale["core"], scale["p95"]
    if args.quick:
        args.seconds, args.games, args.tables, args.phones = 4.0, 1, min(args.tables, 2), 2
    return args


def main(argv: list[str] | None = None) -> int:
    """Serve, poll and act, play whole games, print; return the exit status."""
    args = parse(argv)
    with L.served("bench-tables-") as (server, folder):
        if args.core and shutil.which("taskset"):  # the whole server process (every thread) on one core
            subprocess.run(["taskset", "-a", "-p", "-c", args.core, str(server.proc.pid)], check=False,
                           capture_output=True)
        tables, server_cpu, client_cpu = run(args, server)
        missing = lost(folder / DB_FILE, tables)
        steps = play_whole_games(server.port, args.games, B.script(3, args.seed))
        rss = rss_mb(server.proc.pid)
    v = report(args, tables, (server_cpu, client_cpu), missing, rss, steps)
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
