"""Server time of each step of a full Lockup game played through the table UI (issue 5).

Plays a seeded game with the random legal player (made-up cards, not real ones) through the real
forms with the Flask test client (in process, so the time measured is the server's: routing,
decide, append under BEGIN IMMEDIATE, fold, render), posting as htmx does. Reports the median
and 95th percentile per action next to a bare route (``/healthz``) of the same app.

    .venv/bin/python benchmarks/bench_web.py [--players 3] [--seed 11]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from companion.events import EventStore  # noqa: E402
from companion.games.lockup import autoplay  # noqa: E402
from companion.games.lockup.engine import GAME  # noqa: E402
from companion.web.gameui.lockup.formdriver import form_for, setup_fields  # noqa: E402

PROFILE = ROOT / "tests" / "solo_guard" / "golden" / "made_up_profile.json"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def timed(call, *args, **kwargs) -> tuple[float, object]:
    start = time.perf_counter()
    result = call(*args, **kwargs)
    return (time.perf_counter() - start) * 1000, result


def play(client, players: int, seed: int) -> tuple[dict[str, list[float]], int]:
    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    setup = autoplay.make_setup(rng, players, cards=cards)
    fields = setup_fields(setup)
    start = client.post("/lockup/new/start", data=fields)
    assert start.status_code == 303, start.get_data(as_text=True)[:500]
    game_id = start.headers["Location"].rsplit("/", 1)[-1]
    state = GAME.fold(GAME.start(setup))
    times: dict[str, list[float]] = defaultdict(list)
    steps = 0
    while state.phase != "over":
        command, events = autoplay.random_command(state, rng, cards)
        action, form = form_for(command, state)
        ms, answer = timed(client.post, f"/lockup/{game_id}/do/{action}",
                           data={**form, "key": f"b{steps}"}, headers={"HX-Request": "true"})
        assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
        times[action].append(ms)
        state = GAME.fold(events, state)
        steps += 1
    ms, _ = timed(client.get, f"/games/{game_id}")
    times["final page (full)"].append(ms)
    return times, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"INSTANCE_PATH": folder, "WTF_CSRF_ENABLED": False})
        EventStore(app.config["DATABASE"]).put_setting("lockup-box-profile", json.loads(PROFILE.read_text()))
        client = app.test_client()
        bare = [timed(client.get, "/healthz")[0] for _ in range(200)]
        times, steps = play(client, args.players, args.seed)
    every = [t for values in times.values() for t in values]
    print(f"Lockup, {args.players} players, seed {args.seed}: {steps} actions through the forms")
    print(f"{'step':<26}{'n':>5}{'median ms':>12}{'p95 ms':>10}")
    print(f"{'bare route /healthz':<26}{len(bare):>5}{statistics.median(bare):>12.2f}{percentile(bare, 95):>10.2f}")
    for action, values in sorted(times.items()):
        print(f"{action:<26}{len(values):>5}{statistics.median(values):>12.2f}{percentile(values, 95):>10.2f}")
    print(f"{'all steps':<26}{len(every):>5}{statistics.median(every):>12.2f}{percentile(every, 95):>10.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
