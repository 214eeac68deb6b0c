"""Benchmark (a script, not a test): a recorded full 5-player Lockup game.

Reports the number of events, the median time to fold the whole log (decoded events -> state, and
stored records -> decode -> state), the same log's plain ``json.loads`` time for comparison, and
the wall time of one ``companion audit lockup`` call next to a bare ``python -c pass``. Goal
(issue 11): decoding and folding the parsed log <= 3x parsing its JSON (both measured here).

    .venv/bin/python benchmarks/bench_lockup.py [--seed 2026] [--repeat 30] [--check] [--quick]

Exit status 0 whatever the verdict, unless ``--check`` is given (then 1 when the goal fails).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402, I001 - puts the repository on the path first
from companion.core.events import decode, encode  # noqa: E402
from companion.games.lockup.autoplay import play  # noqa: E402
from companion.games.lockup.engine import GAME  # noqa: E402
from companion.games.lockup.final import audit_document  # noqa: E402

GOAL_FOLD_RATIO = 3.0


def _median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _interleaved(fns: dict, repeat: int) -> dict:
    """The median time of each function, run in turn within each repetition (one of each, then
    again), so that a change in the machine's load hits every side of a ratio alike."""
    times: dict = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t0)
    return {name: statistics.median(ts) for name, ts in times.items()}


def _wall(cmd: list[str], repeat: int) -> float:
    return _median(lambda: subprocess.run(cmd, check=True, capture_output=True), repeat)


def _cli_times(state, repeat: int) -> tuple[float, float]:
    """Wall time of ``companion audit lockup`` on this game's end state, and of ``python -c pass``."""
    companion = Path(sys.executable).with_name("companion")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(audit_document(state), handle)
    try:
        return (_wall([str(companion), "audit", "lockup", handle.name], repeat),
                _wall([sys.executable, "-c", "pass"], repeat))
    finally:
        os.unlink(handle.name)


def main(argv: list[str] | None = None) -> int:
    """Record a game, time it, print the figures; return the exit status."""
    parser = B.arguments(__doc__)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=30)
    args = B.parse(parser, argv, "3 repeats (smoke test), not a measurement", check="exit 1 when the goal fails")
    if args.quick:
        args.repeat = 3

    events, state = play(args.seed, 5)
    records = [encode(e) for e in events]
    text = json.dumps(records)
    decoded = [decode(*r) for r in json.loads(text)]
    assert GAME.fold(decoded) == state, "the recorded log does not fold to the played state"

    parsed = json.loads(text)
    # Interleaved: measured one block after the other, the two sides of the ratio saw different
    # loads on this shared machine (medians of the same code moved 2x between blocks).
    took = _interleaved({"fold": lambda: GAME.fold(decoded),
                         "full": lambda: GAME.fold(decode(*r) for r in json.loads(text)),
                         "parse": lambda: json.loads(text),
                         "decode_fold": lambda: GAME.fold(decode(*r) for r in parsed)}, args.repeat)
    fold, full, parse, decode_fold = took["fold"], took["full"], took["parse"], took["decode_fold"]

    audit, bare = _cli_times(state, 1 if args.quick else max(3, args.repeat // 3))
    print(f"5-player game, seed {args.seed}: {len(events)} events, {len(text) / 1024:.0f} KiB of JSON")
    print(f"fold decoded events        median {fold * 1000:8.2f} ms  ({fold / len(events) * 1e6:.1f} us/event)")
    print(f"json.loads + decode + fold median {full * 1000:8.2f} ms")
    print(f"plain json.loads of the log median {parse * 1000:7.2f} ms")
    print(f"decode + fold (parsed log) median {decode_fold * 1000:8.2f} ms")
    print(f"companion audit lockup     median {audit * 1000:8.1f} ms wall")
    print(f"python -c pass             median {bare * 1000:8.1f} ms wall")
    print(f"winners: {', '.join(state.result['winners'])}")
    if args.quick:
        print("QUICK MODE: 3 repeats, the verdict below is not a measurement")
    v = B.Verdicts()
    ratio = decode_fold / parse
    v.add("decode + fold / json.loads", f"{ratio:.1f}x ({decode_fold * 1000:.2f} / {parse * 1000:.2f} ms)",
          f"<= {GOAL_FOLD_RATIO:.0f}x", ratio <= GOAL_FOLD_RATIO)
    print("\nGoals (issue 11)")
    print(v.render())
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
