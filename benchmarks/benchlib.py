"""What the benchmark scripts share: statistics, tables, verdicts, and a scripted Lockup game.

A *script* is a whole seeded game of the random legal player (made-up cards, not real ones)
turned into the form posts a person would make (``formdriver``), computed in advance so the
time measured is the server's, not the player's.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PROFILE = ROOT / "tests" / "solo_guard" / "golden" / "made_up_profile.json"  # a made-up box profile
PROFILE_SETTING = "lockup-box-profile"


# -- statistics and printing ---------------------------------------------------------------------

def percentile(values: list[float], p: float) -> float:
    """The nearest-rank ``p``th percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def median(values: list[float]) -> float:
    """The median (0 for no values)."""
    return statistics.median(values) if values else 0.0


def timed(call, *args, **kwargs) -> tuple[float, Any]:
    """(milliseconds, result) of one call."""
    start = time.perf_counter()
    result = call(*args, **kwargs)
    return (time.perf_counter() - start) * 1000, result


def table(headers: list[str], rows: list[list[Any]]) -> str:
    """A plain text table under its headers."""
    cells = [[_cell(v) for v in row] for row in [headers, *rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    # Numbers right-aligned, words left-aligned (a column takes the kind of its first row).
    right = [i > 0 and bool(rows) and isinstance(rows[0][i], int | float) for i in range(len(headers))]
    lines = []
    for n, row in enumerate(cells):
        parts = [v.rjust(w) if r else v.ljust(w) for v, w, r in zip(row, widths, right, strict=True)]
        lines.append("  ".join(parts).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


@dataclass
class Verdicts:
    """The goals of one run: each measured value against its goal, PASS or FAIL."""

    rows: list[list[Any]] = field(default_factory=list)

    def add(self, goal: str, measured: str, target: str, ok: bool) -> None:
        """Record one goal."""
        self.rows.append([goal, measured, target, "PASS" if ok else "FAIL"])

    @property
    def failed(self) -> bool:
        """Whether any goal failed."""
        return any(row[-1] == "FAIL" for row in self.rows)

    def render(self) -> str:
        """The goals table."""
        return table(["goal", "measured", "target", "verdict"], self.rows)


def exit_status(verdicts: Verdicts, check: bool) -> int:
    """0, unless ``--check`` was given and a goal failed (then 1)."""
    return 1 if check and verdicts.failed else 0


def context_line() -> str:
    """Commit, load and cores: what a reader needs to compare two runs."""
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"commit {commit()}, {os.cpu_count()} cores, load average {load}, {time.strftime('%Y-%m-%d %H:%M %Z')}"


def commit() -> str:
    """The short commit id of the working tree (``+dirty`` when it has changes), or ``unknown``."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return (head or "unknown") + ("+dirty" if dirty else "")


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """A script's command line, described by the first line of its docstring."""
    return argparse.ArgumentParser(description=(doc or "").splitlines()[0])


def parse(parser: argparse.ArgumentParser, argv: list[str] | None, quick: str,
          check: str = "exit 1 when a goal fails") -> argparse.Namespace:
    """Add ``--check`` and ``--quick`` (``quick``: what a smoke run does) and parse ``argv``."""
    parser.add_argument("--check", action="store_true", help=check)
    parser.add_argument("--quick", action="store_true", help=quick)
    return parser.parse_args(argv)


def heading(title: str, quick: bool, smoke: str) -> None:
    """Print what a run measured, the context line, and (``quick``) that it is only a smoke run."""
    print(title)
    print(context_line())
    if quick:
        print(f"QUICK MODE: {smoke}")


# -- a scripted Lockup game ------------------------------------------------------------------------

@dataclass(frozen=True)
class Script:
    """A whole scripted game: the new-game fields, every step, and the final state."""

    players: int
    seed: int
    setup_fields: dict
    steps: list  # of formdriver.FormStep: action, form, events, round
    final: Any


def script(players: int, seed: int) -> Script:
    """Play a seeded game of the random legal player and keep every step's form post."""
    from companion.web.gameui.lockup.formdriver import random_game

    fields, steps, final = random_game(seed, players)
    return Script(players, seed, fields, steps, final)


def seed_profile(database: str | Path) -> None:
    """Store the made-up box profile in a database, as the host would before a first game."""
    from companion.events import EventStore

    store = EventStore(database)
    try:
        store.put_setting(PROFILE_SETTING, json.loads(PROFILE.read_text()))
    finally:
        store.close()


def make_app(folder: str | Path, csrf: bool = False):
    """The app on an instance folder holding the made-up box profile (CSRF off unless asked)."""
    from companion import create_app

    app = create_app({"INSTANCE_PATH": str(folder), "WTF_CSRF_ENABLED": csrf})
    seed_profile(app.config["DATABASE"])
    return app


def drawn(body: str) -> dict:
    """What a browser's htmx adds to a post from this htmx answer: the version and question its
    forms were drawn for (``hx-vals`` on ``#lockup``; the benchmarks keep their own keys)."""
    import html
    import re

    found = re.search(r"hx-vals='([^']*)'", body)
    if not found:
        return {}
    vals = json.loads(html.unescape(found.group(1)))
    return {k: v for k, v in vals.items() if k in ("form_version", "form_target")}


def start_game(client, fields: dict, headers: dict | None = None) -> str:
    """Start a Lockup game through the new-game form; its id."""
    answer = client.post("/lockup/new/start", data=fields, headers=headers or {})
    if answer.status_code != 303:
        raise RuntimeError(f"new game refused ({answer.status_code}): {answer.get_data(as_text=True)[:300]}")
    return answer.headers["Location"].rsplit("/", 1)[-1]
