"""Python function calls per acknowledged action, this checkout against 88de51c: a figure the load
does not move (issue 21, goal (a)'s yardstick on a busy machine).

The same seeded scripted Lockup games as ``bench_cpu.py`` (the random legal player, made-up cards)
are posted through Flask's test client, as htmx would (each post with the version and question of
the answer before it), under ``cProfile``; each side runs in a child
process of its own code (``PYTHONPATH`` putting that checkout first). ``--warm`` plays one more game
first, outside the count, so that compiling the templates (paid once per process) is left out.

    .venv/bin/python benchmarks/bench_calls.py [--rev 88de51c] [--games 2] [--warm] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path

# The child runs in the measured checkout (its cwd) and takes that checkout's benchlib, which puts its
# own package first on the path; the parent takes this one's.
HERE = Path.cwd() if "--child" in sys.argv else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "benchmarks"))

import benchlib as B  # noqa: E402

HTMX = {"HX-Request": "true"}


def plans(games: int, players: int, seed: int) -> list[dict]:
    """The scripted games as plain form posts (the same for both sides)."""
    out = []
    for n in range(games):
        plan = B.script(players, seed + n)
        out.append({"setup": plan.setup_fields, "steps": [[s.action, s.form] for s in plan.steps]})
    return out


def play(client, games: list[dict], tag: str) -> int:
    """Post every game's start and steps; the number of acknowledged posts (200 or 303)."""
    acked = 0
    for n, game in enumerate(games):
        gid, drawn = B.start_game(client, {**game["setup"], "key": f"{tag}-start-{n}"}), {}
        acked += 1
        for i, (action, form) in enumerate(game["steps"]):
            # As htmx does, each post carries the version and question of the answer before it (B.drawn).
            answer = client.post(f"/lockup/{gid}/do/{action}", data={**form, **drawn, "key": f"{tag}-{n}-{i}"},
                                 headers=HTMX)
            acked += answer.status_code in (200, 303)
            drawn = B.drawn(answer.get_data(as_text=True)) if answer.status_code == 200 else {}
    return acked


def child(path: str, warm: bool, top: int) -> None:
    """In the side's own process: play the games under cProfile and print the counts as JSON."""
    data = json.loads(Path(path).read_text())
    with tempfile.TemporaryDirectory(prefix="bench-calls-") as folder:
        client = B.make_app(folder).test_client()
        client.get("/")
        if warm:
            play(client, data["warm"], "warm")
        profile = cProfile.Profile()
        acked = profile.runcall(play, client, data["games"], "run")
    stats = pstats.Stats(profile)
    if top:
        stats.sort_stats("tottime").print_stats(top)
    print(json.dumps({"calls": stats.total_calls, "acked": acked}))


def measure(checkout: Path, path: str, args: argparse.Namespace) -> dict:
    """Run the child in ``checkout``'s code; its counts."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, str(Path(__file__).resolve()), "--child", path, "--top", str(args.top)]
    command += ["--warm"] if args.warm else []
    done = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True, check=True)
    lines = done.stdout.strip().splitlines()
    if args.top:
        print(f"--- {checkout}\n" + "\n".join(lines[:-1]))
    return json.loads(lines[-1])


def main(argv: list[str] | None = None) -> int:
    """Count both sides' calls and print them with the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="88de51c")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--warm", action="store_true", help="one unprofiled game first (templates compiled)")
    parser.add_argument("--top", type=int, default=0, help="print the top functions by own time")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.warm, args.top)
        return 0
    from bench_cpu import drop, worktree
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as out:
        json.dump({"games": plans(args.games, args.players, args.seed),
                   "warm": plans(1, args.players, args.seed + 100)}, out)
    old = worktree(args.rev)
    try:
        before, after = measure(old, out.name, args), measure(B.ROOT, out.name, args)
    finally:
        drop(old)
        os.unlink(out.name)
    print(B.table(["code", "acknowledged", "Python function calls", "per action"],
                  [[args.rev, before["acked"], before["calls"], before["calls"] // before["acked"]],
                   [B.commit(), after["acked"], after["calls"], after["calls"] // after["acked"]]]))
    print(f"new / old: {after['calls'] / before['calls']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
