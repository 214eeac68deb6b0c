"""Throughput and p95 against the code before issue 11, measured in the same minutes (issue 11).

The goal of issue 11 is a ratio: at least 10x the acknowledged actions per second of the code as it
was, and a p95 at most 1/5 of its p95, on the same machine. This VM's speed moves by up to 2x
between hours, so a figure written down on another day is no yardstick. This script checks the old
code out into a temporary git worktree (``--rev``, by default 937d61c: the commit that added the
benchmarks, before any change of issue 11) and runs **its own** ``bench_concurrency.py`` against
**its own** server (``PYTHONPATH`` puts the worktree first), alternating with this checkout's
``bench_concurrency.py``, ``--pairs`` times. Each side is measured the way a browser of its
version posts (the old forms had no htmx-drawn version to send). Every pair gives a ratio; the
verdict takes the lowest of them.

    .venv/bin/python benchmarks/bench_against.py [--rev 937d61c] [--pairs 2] [--seconds 30] [--check]

Needs git and this repository's history (a clone has it). Exit status 0 whatever the verdicts,
unless ``--check`` is given (then 1 when a goal fails or a run printed no figures).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
from benchlib import table  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BEFORE = "937d61c"  # the benchmarks of issue 11, committed before any of its changes
RATE = re.compile(r"^acknowledged actions: (\d+) in ([\d.]+) s = ([\d.]+)/s", re.M)
LATENCY = re.compile(r"^acknowledged actions\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)", re.M)


def run(checkout: Path, seconds: float, old: bool) -> dict:
    """One ``bench_concurrency.py`` of ``checkout`` (its server too when ``old``): rate and p95."""
    env = dict(os.environ)
    if old:
        env["PYTHONPATH"] = str(checkout) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, str(checkout / "benchmarks" / "bench_concurrency.py"), "--seconds", f"{seconds:g}"]
    out = subprocess.run(command, capture_output=True, text=True, env=env, cwd=checkout, timeout=seconds + 600)
    found = figures(out.stdout)
    if out.returncode or found is None:
        tail = (out.stdout + out.stderr)[-1500:]
        raise RuntimeError(f"{'old' if old else 'new'} run printed no figures (status {out.returncode}):\n{tail}")
    return {**found, "at": time.strftime("%H:%M:%S")}


def figures(printed: str) -> dict | None:
    """Actions/s, actions and p95 ms from what ``bench_concurrency.py`` printed (``None``: not there)."""
    rate, latency = RATE.search(printed), LATENCY.search(printed)
    if rate is None or latency is None:
        return None
    return {"rate": float(rate.group(3)), "actions": int(rate.group(1)), "p95": float(latency.group(3))}


def worktree(rev: str) -> Path:
    """A detached worktree of ``rev`` in a temporary folder (removed by :func:`drop`)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-against-")) / "old"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(folder), rev],
                   check=True, capture_output=True, text=True)
    return folder


def drop(folder: Path) -> None:
    """Remove the worktree and its folder."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], capture_output=True)
    shutil.rmtree(folder.parent, ignore_errors=True)


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--quick``: one pair of 2 s runs, a smoke test)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=BEFORE, help=f"the code to compare with (default {BEFORE})")
    parser.add_argument("--pairs", type=int, default=2, help="old/new pairs, alternating (default 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="each run's writing time (default 30)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a goal fails")
    parser.add_argument("--quick", action="store_true", help="one pair of 2 s runs, not a measurement")
    args = parser.parse_args(argv)
    if args.quick:
        args.pairs, args.seconds = 1, 2.0
    return args


def main(argv: list[str] | None = None) -> int:
    """Alternate old and new runs, print the pairs and the verdicts; return the exit status."""
    args = parse(argv)
    old_tree = worktree(args.rev)
    rows, rate_ratios, p95_ratios = [], [], []
    try:
        for n in range(1, args.pairs + 1):
            old = run(old_tree, args.seconds, old=True)
            new = run(ROOT, args.seconds, old=False)
            rate_ratios.append(new["rate"] / old["rate"] if old["rate"] else 0.0)
            p95_ratios.append(new["p95"] / old["p95"] if old["p95"] else float("inf"))
            rows.append([n, f"{old['at']}/{new['at']}", old["rate"], new["rate"], f"{rate_ratios[-1]:.1f}x",
                         old["p95"], new["p95"], f"1/{1 / p95_ratios[-1]:.0f}" if p95_ratios[-1] else "-"])
    finally:
        drop(old_tree)
    print(f"bench_concurrency, {args.seconds:g} s runs: {args.rev} (the code before issue 11, its own benchmark"
          f" and server) alternating with this checkout")
    print(B.context_line())
    if args.quick:
        print("QUICK MODE: 2 s runs, the verdicts below are not a measurement")
    print(table(["pair", "time (old/new)", "old actions/s", "new actions/s", "ratio", "old p95 ms", "new p95 ms",
                 "p95 ratio"], rows))
    v = B.Verdicts()
    v.add("actions/s, new / old (lowest pair)", f"{min(rate_ratios):.1f}x", ">= 10x", min(rate_ratios) >= 10)
    worst = max(p95_ratios)
    v.add("p95, new / old (highest pair)", f"1/{1 / worst:.0f}" if worst else "-", "<= 1/5", worst <= 0.2)
    print("\nGoals (issue 11)")
    print(v.render())
    return 1 if args.check and v.failed else 0


if __name__ == "__main__":
    sys.exit(main())
