"""Server time of a Lockup step in round 1 and in round 6, against its durable write (issue 11).

Plays a seeded 5-player game of the random legal player (made-up cards, not real ones) through
the real forms with the Flask test client, posting as htmx does, so the time measured is the
server's: routing, parsing, deciding, the append under ``BEGIN IMMEDIATE``, folding, rendering.

Every ratio is measured within one run, with both sides interleaved so a busy machine slows
them alike: game B is played to the start of round 6; then a second game A (same seed) starts,
and steps alternate, A in round 1 and B in round 6. After every step the same events are
appended, timed, to a bare ``EventStore`` on a file of the same folder (``synchronous=FULL``:
one fsync'd append, the floor of a step). Also reports the size of every htmx answer before
compression. Goals (issue 11): round 6 / round 1 <= 1.2 (medians), step p95 <= 30x the append
median, htmx answers <= 24 KiB median and <= 48 KiB at most (issue 21; 8 and 16 KiB before).

    .venv/bin/python benchmarks/bench_web.py [--players 5] [--seed 11] [--check] [--quick]

Exit status 0 whatever the verdicts, unless ``--check`` is given (then 1 when a goal fails).
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
from benchlib import median, percentile, table, timed  # noqa: E402

GOAL_ROUND_RATIO = 1.2
GOAL_FLOOR_RATIO = 30.0
# Issue 21: every htmx answer is the whole panel (a live refresh morphs it: no server-side record of
# what a device shows), so the bound is a plain one, as in tests/web/test_answer_size.py.
GOAL_MEDIAN_BYTES = 24 * 1024
GOAL_MAX_BYTES = 48 * 1024
HTMX = {"HX-Request": "true"}


@dataclass
class Sample:
    """One measured step."""

    action: str
    round: int
    ms: float
    floor_ms: float
    size: int
    phase: str  # "lead-in", "interleaved" or "rest"


@dataclass
class Game:
    """A scripted game being played in the app: its id and how far it is."""

    tag: str
    game_id: str
    plan: B.Script
    index: int = 0
    samples: list[Sample] = field(default_factory=list)
    drawn: dict = field(default_factory=dict)  # what htmx adds to the next post (B.drawn)

    @property
    def done(self) -> bool:
        """Whether every step was played."""
        return self.index >= len(self.plan.steps)

    @property
    def round(self) -> int:
        """The round of the next step (0 when over)."""
        return 0 if self.done else self.plan.steps[self.index].round


class Floor:
    """A bare event store on a file next to the app's database: one fsync'd append per step.

    For context only (no goal): the same append with ``synchronous=OFF`` (its cost without the
    disk) and a bare ``fdatasync`` of a small write (what the disk costs at that moment: on a
    shared machine it moves from well under 1 ms to several ms, and the floor with it).
    """

    def __init__(self, folder: Path):
        from companion.events import EventStore

        self.store, self.bare = EventStore(folder / "floor.sqlite3"), EventStore(folder / "floor-off.sqlite3")
        assert self.store.pragmas()["synchronous"] == 2, "the floor must be measured with synchronous=FULL"
        self.bare.db.execute("PRAGMA synchronous=OFF")
        self.games = [s.create_game("lockup", "floor")["id"] for s in (self.store, self.bare)]
        self.seq = 0
        self.disk = os.open(folder / "floor.sync", os.O_WRONLY | os.O_CREAT, 0o600)
        self.off: list[float] = []
        self.syncs: list[float] = []

    def append(self, events: list, key: str) -> float:
        """Append one command's events (and the context figures); the milliseconds it took."""
        ms, result = timed(self.store.append, self.games[0], self.seq, events, f"floor-{key}")
        self.off.append(timed(self.bare.append, self.games[1], self.seq, events, f"floor-{key}")[0])
        self.seq = result.last_seq
        os.write(self.disk, b"x" * 200)
        self.syncs.append(timed(os.fdatasync, self.disk)[0])
        return ms

    def close(self) -> None:
        """Close the stores and the file."""
        self.store.close()
        self.bare.close()
        os.close(self.disk)


def body_size(answer) -> int:
    """Bytes of an answer's body before compression."""
    data = answer.get_data()
    return len(gzip.decompress(data)) if answer.headers.get("Content-Encoding") == "gzip" else len(data)


def play_step(client, floor: Floor, game: Game, phase: str) -> None:
    """Post the game's next step as htmx does, then append its events to the floor store."""
    step = game.plan.steps[game.index]
    key = f"{game.tag}-{game.index}"
    ms, answer = timed(client.post, f"/lockup/{game.game_id}/do/{step.action}",
                       data={**step.form, **game.drawn, "key": key}, headers=HTMX)
    if answer.status_code != 200:
        raise RuntimeError(f"step {game.index} ({step.action}) answered {answer.status_code}: "
                           f"{answer.get_data(as_text=True)[:300]}")
    game.drawn = B.drawn(answer.get_data(as_text=True))
    floor_ms = floor.append(step.events, key)
    game.samples.append(Sample(step.action, step.round, ms, floor_ms, body_size(answer), phase))
    game.index += 1


@dataclass
class Results:
    """Everything one run measured."""

    bare: list[float]
    a: Game
    b: Game
    late: int
    pages: dict[str, tuple[float, int]]
    off: list[float]
    syncs: list[float]


def run(args: argparse.Namespace) -> Results:
    """Play game B to round ``late``, then A's round 1 interleaved with B's round ``late``."""
    plan = B.script(args.players, args.seed)
    cap = args.cap or len(plan.steps)
    with tempfile.TemporaryDirectory(prefix="bench-web-") as folder:
        client = B.make_app(folder).test_client()
        floor = Floor(Path(folder))
        bare = [timed(client.get, "/healthz")[0] for _ in range(args.bare)]
        b = Game("b", B.start_game(client, plan.setup_fields), plan)
        pages = {"first page (full, first render)": _page(client, b.game_id)}
        while not b.done and b.round < args.late:
            play_step(client, floor, b, "lead-in")
        a = Game("a", B.start_game(client, plan.setup_fields), plan)
        measured = {"a": 0, "b": 0}
        while True:
            moved = False
            for game, wanted in ((a, 1), (b, args.late)):
                if not game.done and game.round == wanted and measured[game.tag] < cap:
                    play_step(client, floor, game, "interleaved")
                    measured[game.tag] += 1
                    moved = True
            if not moved:
                break
        while not args.quick and not b.done:
            play_step(client, floor, b, "rest")
        pages["final page (full)" if b.done else "page now (full)"] = _page(client, b.game_id)
        floor.close()
    return Results(bare, a, b, args.late, pages, floor.off, floor.syncs)


def _page(client, game_id: str) -> tuple[float, int]:
    ms, answer = timed(client.get, f"/games/{game_id}")
    return ms, body_size(answer)


def _row(name: str, values: list[float]) -> list:
    return [name, len(values), median(values), percentile(values, 95), max(values, default=0.0)]


def report(res: Results, args: argparse.Namespace) -> B.Verdicts:
    """Print the tables; return the verdicts."""
    every = res.a.samples + res.b.samples
    early = [s.ms for s in res.a.samples if s.phase == "interleaved"]
    late = [s.ms for s in res.b.samples if s.phase == "interleaved"]
    steps_b = [s.ms for s in res.b.samples]
    floor = [s.floor_ms for s in every]
    sizes = [s.size for s in every]
    B.heading(f"Lockup, {args.players} players, seed {args.seed}: game B {len(res.b.samples)} steps, game A "
              f"{len(res.a.samples)} steps, posted as htmx through the forms (Flask test client: server time)",
              args.quick, "a few steps only, the verdicts below are not a measurement")
    print("\nPer step, ms")
    rows = [_row("bare route /healthz", res.bare),
            _row("round 1 (game A, interleaved)", early),
            _row(f"round {res.late} (game B, interleaved)", late),
            _row("round 1 (game B, lead-in; for comparison)", [s.ms for s in res.b.samples if s.round == 1]),
            _row("every step of game B", steps_b),
            _row("fsync'd append of the same events", floor),
            _row("  the same, synchronous=OFF (context)", res.off),
            _row("  bare fdatasync of 200 bytes (context)", res.syncs)]
    rows += [[name, 1, ms, ms, ms] for name, (ms, _size) in res.pages.items()]
    print(table(["", "n", "p50", "p95", "max"], rows))
    print("\nPer action (game B), ms")
    by_action: dict[str, list[float]] = defaultdict(list)
    for s in res.b.samples:
        by_action[s.action].append(s.ms)
    print(table(["action", "n", "p50", "p95", "max"], [_row(k, v) for k, v in sorted(by_action.items())]))
    print("\nAnswer bodies before compression, bytes")
    size_rows = [["htmx answers (every step)", len(sizes), median(sizes), percentile(sizes, 95), max(sizes, default=0)]]
    size_rows += [[name, 1, size, size, size] for name, (_ms, size) in res.pages.items()]
    print(table(["", "n", "p50", "p95", "max"], size_rows))
    return verdicts(early, late, steps_b, floor, sizes, res.late)


def verdicts(early, late, steps_b, floor, sizes, late_round: int) -> B.Verdicts:
    """The four goals of issue 11 measured by this script."""
    v = B.Verdicts()
    ratio = median(late) / median(early) if early and late else float("inf")
    p95_ratio = percentile(late, 95) / percentile(early, 95) if early and late else float("inf")
    v.add(f"step p50, round {late_round} / round 1", f"{ratio:.2f}x (p95: {p95_ratio:.2f}x)",
          f"<= {GOAL_ROUND_RATIO}x", ratio <= GOAL_ROUND_RATIO)
    floor_ratio = percentile(steps_b, 95) / median(floor) if floor else float("inf")
    v.add("step p95 / fsync'd append p50", f"{floor_ratio:.0f}x ({percentile(steps_b, 95):.1f} / "
          f"{median(floor):.2f} ms)", f"<= {GOAL_FLOOR_RATIO:.0f}x", floor_ratio <= GOAL_FLOOR_RATIO)
    v.add("htmx answer, median", f"{median(sizes):,.0f} B", f"<= {GOAL_MEDIAN_BYTES:,} B",
          median(sizes) <= GOAL_MEDIAN_BYTES)
    v.add("htmx answer, max", f"{max(sizes, default=0):,} B", f"<= {GOAL_MAX_BYTES:,} B",
          max(sizes, default=0) <= GOAL_MAX_BYTES)
    return v


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--quick``: 2 players, round 2, 3 interleaved steps each: a smoke run)."""
    parser = B.arguments(__doc__)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--late", type=int, default=6, help="the late round compared with round 1 (default 6)")
    args = B.parse(parser, argv, "a few steps only (smoke test), not a measurement")
    args.cap, args.bare = 0, 200
    if args.quick:
        args.players, args.late, args.cap, args.bare = 2, 2, 3, 20
    return args


def main(argv: list[str] | None = None) -> int:
    """Run, print, and return the exit status."""
    args = parse(argv)
    v = report(run(args), args)
    print("\nGoals (issue 11)")
    print(v.render())
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
