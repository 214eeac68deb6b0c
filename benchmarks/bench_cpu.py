"""CPU per acknowledged action of one server process, against 88de51c served as one process, in the
same run (issue 21, goal (a): at most 0.7x).

This VM's speed moves by up to 2x between hours, so a figure written down on another day is no
yardstick. This script checks the old code out into a temporary git worktree (``--rev``, by default
88de51c: the code before issue 21) and serves it as one process (``companion serve --workers 1``,
``PYTHONPATH`` putting the worktree first), alternating with this checkout's ``companion serve``,
``--pairs`` times. Each server gets a free 127.0.0.1 port and its own temporary instance folder
holding the made-up box profile (written by that side's own code). One device then plays the same
seeded scripted Lockup games (random legal player, made-up cards) through the forms at a fixed rate
(``--rate`` posts per second, a table's pace and well below what either side can take), and the
server's utime + stime (all threads, ``/proc/<pid>/stat``) is read before and after. A post counts as
acknowledged when it is answered 200 (a step) or 303 (a new game). Each side plays the games as its
own code scripts them (same seeds): issue 23 took taps out of a game (a choice reward is no longer
confirmed by a Collect first), so the old code's script has more posts than the new one's, and the
other side's posts would be refused.

    .venv/bin/python benchmarks/bench_cpu.py [--rev 88de51c] [--pairs 3] [--games 2] [--rate 20] [--check]
    .venv/bin/python benchmarks/bench_cpu.py --quick   # both sides are this checkout: a smoke test

Needs git and this repository's history. Exit status 0 whatever the verdicts, unless ``--check`` is
given (then 1 when the goal fails).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402
from bench_live import HTMX, cpu_seconds  # noqa: E402
from benchlib import table  # noqa: E402

BEFORE = "88de51c"  # the code before issue 21 (a pre-fork server; one process with --workers 1)
GOAL_RATIO = 0.7
# The old side runs its own package: the worktree first on the path, the same interpreter and libraries.
RUN_CLI = "import sys; from companion.cli import main; sys.exit(main())"


class Side(NamedTuple):
    """The code one server runs: a checkout, and whether it is the old one (``--workers 1``)."""

    checkout: Path
    old: bool

    def env(self) -> dict:
        """The environment of its processes (the old package first on the path)."""
        if not self.old:
            return dict(os.environ)
        return {**os.environ, "PYTHONPATH": str(self.checkout) + os.pathsep + os.environ.get("PYTHONPATH", "")}


class Server(L.Server):
    """One side's ``companion serve`` on a free loopback port (stopped by ``stop``), with ``options``
    after its own (88de51c is served as one process by ``--workers 1``)."""

    def __init__(self, side: Side, instance: Path, options: tuple = ()):  # noqa: D107 - not L.Server's
        self.port, self.log = L.free_port(), instance / "server.log"
        command = [sys.executable, "-c", RUN_CLI, "serve", "--host", L.HOST, "--port", str(self.port),
                   "--instance", str(instance), *options]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=side.checkout, env=side.env())


def seed(side: Side, database: Path) -> None:
    """The made-up box profile in the side's database, written by the side's own code (its schema)."""
    code = ("import sys; sys.path.insert(0, 'benchmarks'); import benchlib; "
            f"benchlib.seed_profile({str(database)!r})")
    subprocess.run([sys.executable, "-c", code], cwd=side.checkout, env=side.env(), check=True,
                   capture_output=True, timeout=120)


# Each side's scripted games, by its own code: ``[[new-game fields, [[action, form], …]], …]`` as JSON.
SCRIPTS = ("import json, sys; sys.path.insert(0, 'benchmarks'); import benchlib; "
           "plans = [benchlib.script({players}, {seed} + n) for n in range({games})]; "
           "json.dump([[p.setup_fields, [[s.action, s.form] for s in p.steps[:{steps}]]] for p in plans], sys.stdout)")


def plans_of(side: Side, players: int, seed: int, games: int, steps: int) -> list:
    """The side's scripted games (the first ``steps`` steps of each), scripted by the side's code."""
    code = SCRIPTS.format(players=players, seed=seed, games=games, steps=steps)
    out = subprocess.run([sys.executable, "-c", code], cwd=side.checkout, env=side.env(), check=True,
                         capture_output=True, text=True, timeout=600).stdout
    return json.loads(out)


def drive(port: int, plans: list, rate: float) -> tuple[int, int]:
    """Play the scripted games through the forms, one post every ``1 / rate`` s; (acknowledged, sent)."""
    client, acked, sent = L.Client(port), 0, 0
    client.fetch_token("/")
    gap, next_at = 1.0 / rate, time.monotonic()

    def post(path: str, fields: dict, headers: dict | None = None):
        nonlocal acked, sent, next_at
        time.sleep(max(0.0, next_at - time.monotonic()))
        next_at = max(next_at + gap, time.monotonic())  # a slow answer does not bunch the next posts
        status, answer, body = client.post(path, fields, headers)
        sent += 1
        acked += status in (200, 303)
        return status, answer, body

    for n, (setup_fields, steps) in enumerate(plans):
        status, answer, _body = post("/lockup/new/start", {**setup_fields, "key": f"start-{n}"})
        if status != 303:
            raise RuntimeError(f"a game could not be started ({status})")
        game, drawn = answer["Location"].rsplit("/", 1)[-1], {}
        for i, (action, form) in enumerate(steps):
            # As htmx does, each post carries the version and question of the answer before it (B.drawn).
            status, _answer, body = post(f"/lockup/{game}/do/{action}", {**form, **drawn, "key": f"g{n}-{i}"}, HTMX)
            drawn = B.drawn(body.decode("utf-8", "replace")) if status == 200 else {}
    client.close()
    return acked, sent


def measure(side: Side, plans: list, rate: float) -> dict:
    """Serve the side, warm it up, play the games; CPU ms per acknowledged action and the counts."""
    options = ("--workers", "1") if side.old else ()
    with L.served("bench-cpu-", start=lambda folder: Server(side, folder, options),
                  seed=lambda database: seed(side, database)) as (server, _folder):
        warm = L.Client(server.port)
        warm.fetch_token("/")  # the first page's imports and templates are not an action's cost
        warm.close()
        begin, at = cpu_seconds(server.proc.pid), time.strftime("%H:%M:%S")
        acked, sent = drive(server.port, plans, rate)
        cpu = cpu_seconds(server.proc.pid) - begin
    return {"at": at, "acked": acked, "sent": sent, "cpu": cpu, "per": 1000 * cpu / acked if acked else float("inf")}


def worktree(rev: str) -> Path:
    """A detached worktree of ``rev`` in a temporary folder (removed by :func:`drop`)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-cpu-old-")) / "old"
    subprocess.run(["git", "-C", str(B.ROOT), "worktree", "add", "--detach", "--force", str(folder), rev],
                   check=True, capture_output=True, text=True)
    return folder


def drop(folder: Path) -> None:
    """Remove the worktree and its folder."""
    subprocess.run(["git", "-C", str(B.ROOT), "worktree", "remove", "--force", str(folder)], capture_output=True)
    shutil.rmtree(folder.parent, ignore_errors=True)


def report(args: argparse.Namespace, rows: list[list], ratios: list[float]) -> B.Verdicts:
    """Print the pairs and the goal (the highest ratio of any pair)."""
    B.heading(f"bench_cpu (issue 21, goal a): {args.rev} served as one process alternating with this checkout, "
              f"{args.games} scripted game(s) of {args.players} players at {args.rate:g} posts/s, {args.pairs} "
              "pair(s)", args.quick, "both sides are this checkout, tiny games; the verdict below is not a measurement")
    print()
    print(table(["pair", "time (old/new)", "old acked/sent", "new acked/sent", "old CPU s", "new CPU s",
                 "old ms/action", "new ms/action", "new / old"], rows))
    v = B.Verdicts()
    worst = max(ratios, default=float("inf"))
    v.add("CPU per acknowledged action, new / old (highest pair)", f"{worst:.2f}x", f"<= {GOAL_RATIO}x",
          worst <= GOAL_RATIO)
    print("\nGoals (issue 21)")
    print(v.render())
    return v


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--quick``: one pair, this checkout on both sides, a few steps)."""
    parser = B.arguments(__doc__)
    parser.add_argument("--rev", default=BEFORE, help=f"the code to compare with (default {BEFORE})")
    parser.add_argument("--pairs", type=int, default=3, help="old/new pairs, alternating (default 3)")
    parser.add_argument("--games", type=int, default=2, help="whole scripted games per run (default 2)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--rate", type=float, default=20.0, help="posts per second (default 20)")
    args = B.parse(parser, argv, "a smoke test against this checkout, not a measurement",
                   check="exit 1 when the goal fails")
    if args.quick:
        args.pairs, args.games, args.rate = 1, 1, 200.0
    return args


def main(argv: list[str] | None = None) -> int:
    """Alternate old and new servers, print the pairs and the verdict; return the exit status."""
    args = parse(argv)
    old_tree = B.ROOT if args.quick else worktree(args.rev)
    old, new = Side(old_tree, old=not args.quick), Side(B.ROOT, old=False)
    steps = 8 if args.quick else 100_000  # a few steps of one game are enough to see the script run end to end
    rows, ratios = [], []
    try:
        old_plans, new_plans = (plans_of(side, args.players, args.seed, args.games, steps) for side in (old, new))
        for n in range(1, args.pairs + 1):
            before, after = measure(old, old_plans, args.rate), measure(new, new_plans, args.rate)
            ratios.append(after["per"] / before["per"] if before["per"] else float("inf"))
            rows.append([n, f"{before['at']}/{after['at']}", f"{before['acked']}/{before['sent']}",
                         f"{after['acked']}/{after['sent']}", before["cpu"],
                         after["cpu"], before["per"], after["per"], f"{ratios[-1]:.2f}x"])
    finally:
        if not args.quick:
            drop(old_tree)
    v = report(args, rows, ratios)
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
