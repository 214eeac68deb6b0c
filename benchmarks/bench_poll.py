"""Server CPU per quiet poll (the 204 "nothing moved"), against another revision served the same way,
in the same run (issue 21 (c): at a club, 240 such polls a second are most of the server's work).

Like ``bench_cpu``, the other code (``--rev``, by default 53692bf: main before this work) is checked
out into a temporary git worktree and served by ``companion serve`` (one process, ``PYTHONPATH``
putting the worktree first), alternating with this checkout, ``--pairs`` times. Each server starts
one scripted 3-player Lockup game (its own code's script, made-up cards); one device opens the game,
polls once for the table's version, then polls ``--polls`` times with that version, ``--rate`` a
second (each answered 204, each on a new connection: waitress closes it after a 204). Paced, as
phones poll, waitress's loop sleeps between polls; back to back (``--rate 0``) it is awake while a
request thread sends, which costs it more (benchmarks/README.md). The server's CPU (all threads,
``/proc/<pid>/stat``) is read before and after, and split between waitress's main loop (the
process's first thread: accepting, reading, sending, closing) and the request threads.

    .venv/bin/python benchmarks/bench_poll.py [--rev 53692bf] [--pairs 3] [--polls 2000] [--rate 100] [--check]

Goal: this checkout's quiet poll at most half the CPU of ``--rev``'s (highest pair). Needs git and
this repository's history. Exit status 0 whatever the verdict, unless ``--check`` is given.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402
from bench_cpu import Server, Side, drop, plans_of, seed, worktree  # noqa: E402
from bench_live import HTMX, SEEN, stat_seconds  # noqa: E402
from benchlib import table  # noqa: E402

BEFORE = "53692bf"  # main before issue 21 (c)'s poll work
GOAL_RATIO = 0.5
WARM_POLLS = 200  # first polls outside the count (imports, caches, the connection's first costs)


def thread_cpu(pid: int) -> dict[int, float]:
    """utime + stime of each thread of a process, in seconds (``/proc/<pid>/task/*/stat``)."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found[int(task.name)] = stat_seconds(task / "stat")
        except OSError:  # a thread that ended meanwhile
            continue
    return found


def measure(side: Side, setup_fields: dict, polls: int, rate: float) -> dict:
    """Serve the side, start a game, time ``polls`` quiet polls, ``rate`` a second: µs of CPU per
    poll, whole and split."""
    with L.served("bench-poll-", start=lambda folder: Server(side, folder),
                  seed=lambda database: seed(side, database)) as (server, _folder):
        host = L.Client(server.port)
        host.fetch_token("/")
        status, headers, _body = host.post("/lockup/new/start", {**setup_fields, "key": "start"})
        if status != 303:
            raise RuntimeError(f"a game could not be started ({status})")
        game = headers["Location"].rsplit("/", 1)[-1]
        phone = L.Client(server.port)
        phone.fetch_token(f"/games/{game}")
        seen = SEEN.search(phone.get(f"/games/{game}/poll?seen=0", HTMX)[2]).group(1).decode()
        path = f"/games/{game}/poll?seen={seen}"
        for _ in range(WARM_POLLS):
            phone.get(path, HTMX)
        pid, at = server.proc.pid, time.strftime("%H:%M:%S")
        before, statuses, next_at = thread_cpu(pid), set(), time.monotonic()
        for _ in range(polls):
            statuses.add(phone.get(path, HTMX)[0])
            next_at += 1.0 / rate
            time.sleep(max(0.0, next_at - time.monotonic()))  # paced: waitress's loop waits between polls
        after = thread_cpu(pid)
    whole = sum(after.values()) - sum(before.get(t, 0.0) for t in after)
    loop = after.get(pid, 0.0) - before.get(pid, 0.0)  # the first thread runs waitress's loop
    return {"at": at, "statuses": statuses, "per": round(1e6 * whole / polls), "loop": round(1e6 * loop / polls),
            "threads": round(1e6 * (whole - loop) / polls)}


def report(args: argparse.Namespace, rows: list[list]) -> B.Verdicts:
    """Print the pairs and the goal: the highest new / old ratio of any pair."""
    B.heading(f"bench_poll (issue 21 (c)): a quiet poll's server CPU, {args.rev} alternating with this checkout, "
              f"{args.polls} polls each at {args.rate:g}/s, {args.pairs} pair(s)", args.quick,
              "both sides are this checkout, a few polls; the verdict below is not a measurement")
    print()
    print(table(["pair", "time (old/new)", "old µs/poll", "old loop", "old threads", "new µs/poll", "new loop",
                 "new threads", "new / old"], [[*row[:-1], f"{row[-1]:.2f}x"] for row in rows]))
    worst = max((row[-1] for row in rows), default=float("inf"))
    verdicts = B.Verdicts()
    verdicts.add("CPU per quiet poll, new / old (highest pair)", f"{worst:.2f}x", f"<= {GOAL_RATIO}x",
                 worst <= GOAL_RATIO)
    print(f"\nGoals (issue 21)\n{verdicts.render()}")
    return verdicts


def pair(n: int, sides: tuple[Side, Side], setups: list[dict], polls: int, rate: float) -> list:
    """One old/new pair's row: times, µs per poll (whole, loop, threads) of each side, the ratio."""
    old, new = (measure(side, setup, polls, rate) for side, setup in zip(sides, setups, strict=True))
    if old["statuses"] != {204} or new["statuses"] != {204}:
        raise RuntimeError(f"a quiet poll was not answered 204: {old['statuses']}, {new['statuses']}")
    sizes = [side[key] for side in (old, new) for key in ("per", "loop", "threads")]
    return [n, f"{old['at']}/{new['at']}", *sizes, new["per"] / old["per"] if old["per"] else float("inf")]


def main(argv: list[str] | None = None) -> int:
    """Alternate old and new servers, print the pairs and the verdict; return the exit status."""
    parser = B.arguments(__doc__)
    parser.add_argument("--rev", default=BEFORE, help=f"the code to compare with (default {BEFORE})")
    parser.add_argument("--pairs", type=int, default=3, help="old/new pairs, alternating (default 3)")
    parser.add_argument("--polls", type=int, default=2000, help="quiet polls counted per server (default 2000)")
    parser.add_argument("--rate", type=float, default=100.0, help="polls a second (default 100; 0: back to back)")
    args = B.parse(parser, argv, "one pair, this checkout on both sides, 20 polls: a smoke test",
                   check="exit 1 when the goal fails")
    if args.quick:
        args.pairs, args.polls = 1, 20
    old_tree = B.ROOT if args.quick else worktree(args.rev)
    sides = (Side(old_tree, old=not args.quick), Side(B.ROOT, old=False))
    try:
        setups = [plans_of(side, 3, 11, 1, 0)[0][0] for side in sides]  # each side's own new-game form
        rate = args.rate or float("inf")
        rows = [pair(n, sides, setups, args.polls, rate) for n in range(1, args.pairs + 1)]
    finally:
        if not args.quick:
            drop(old_tree)
    return B.exit_status(report(args, rows), args.check)


if __name__ == "__main__":
    sys.exit(main())
