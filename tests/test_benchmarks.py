"""Smoke tests of the benchmark scripts (issue 11): each runs in its tiny ``--quick`` mode and
prints its tables and goals. No timing is asserted (a busy machine must not fail a test); the
figures are the scripts' business, run by hand."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str):
    """Import a benchmark script by its path (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def goal_rows(out: str) -> list[str]:
    """The lines of the goals table (after its header and rule)."""
    lines = out.split("Goals (issue 11)\n", 1)[1].splitlines()
    return [line for line in lines[2:] if line.strip()]


def run_quick(name: str, capsys) -> str:
    return run_quick_with(name, capsys, [])


def test_bench_web_quick_prints_round_and_floor_tables(capsys):
    out = run_quick("bench_web", capsys)
    for row in ("bare route /healthz", "round 1 (game A, interleaved)", "round 2 (game B, interleaved)",
                "fsync'd append of the same events", "htmx answers (every step)"):
        assert row in out
    rows = goal_rows(out)
    assert [r.split("  ")[0] for r in rows] == ["step p50, round 2 / round 1", "step p95 / fsync'd append p50",
                                                "htmx answer, median", "htmx answer, max"]
    assert all(r.rstrip().endswith(("PASS", "FAIL")) for r in rows)


def test_bench_wire_quick_prints_pages_fragments_and_static_caching(capsys):
    out = run_quick("bench_wire", capsys)
    for row in ("game page (full)", "game panel (htmx GET, a poll)", "/static/app.css", "every step", "whole game:"):
        assert row in out
    assert "Cache-Control" in out
    assert len(goal_rows(out)) == 6


def test_bench_concurrency_quick_serves_writes_and_checks_the_database(capsys):
    out = run_quick("bench_concurrency", capsys)
    for row in ("acknowledged actions", "own games", "racing on one game", "Today (issue 11, this machine) and now",
                "Database check: every acknowledged action recorded exactly once"):
        assert row in out
    rows = goal_rows(out)
    assert [r.split("  ")[0] for r in rows] == ["acknowledged actions/s", "p95 latency", "nothing lost or duplicated"]
    assert rows[-1].endswith("PASS")


def test_concurrency_database_check_finds_lost_and_duplicated_actions(tmp_path):
    """The check must be able to fail: an acknowledged post not recorded, a reason recorded twice,
    a command nobody sent."""
    from companion.events import EventStore
    from companion.games.lockup.events import Adjusted

    bench = load("bench_concurrency")
    store = EventStore(tmp_path / "db.sqlite3")
    game = store.create_game("lockup", "made-up race")["id"]
    twice = Adjusted(seat="Ana", quantity="reputation", delta=1, reason="bench race0-1")
    store.append(game, 0, [twice], "race0-1")
    store.append(game, 1, [twice], "stranger-1")
    store.close()
    posts = [bench.Post("race0", "step", "race0-1", game, 1.0, 200, ["adjusted"]),
             bench.Post("race0", "step", "race0-2", game, 1.0, 200, ["adjusted"])]
    problems = bench.check_database(tmp_path / "db.sqlite3", posts, game)
    assert any(p.startswith("lost: race0-2") for p in problems)
    assert any("'bench race0-1' is recorded 2 times" in p for p in problems)
    assert any(p.startswith("stranger-1: recorded but never sent") for p in problems)


@pytest.mark.parametrize(("failed", "check", "status"), [(True, False, 0), (True, True, 1), (False, True, 0)])
def test_exit_status_is_nonzero_only_with_check_and_a_failed_goal(failed, check, status):
    lib = load("benchlib")
    verdicts = lib.Verdicts()
    verdicts.add("made-up goal", "2", "<= 1", not failed)
    assert lib.exit_status(verdicts, check) == status


def test_bench_lockup_quick_prints_fold_against_parse(capsys):
    out = run_quick("bench_lockup", capsys)
    assert "plain json.loads of the log" in out and "decode + fold (parsed log)" in out
    assert [r.split("  ")[0] for r in goal_rows(out)] == ["decode + fold / json.loads"]


def test_bench_live_quick_polls_an_idle_game_and_reports_the_server_cpu(capsys):
    out = run_quick("bench_live", capsys)
    for row in ("polls answered", "server CPU over the window", "% of one core", "move heard by every device"):
        assert row in out
    lines = out.split("Goals (issue 12)\n", 1)[1].splitlines()[2:]
    rows = [line for line in lines if line.strip()]
    assert [r.split("  ")[0] for r in rows] == ["server CPU, idle game, 6 devices polling",
                                                "every device hears of a move"]
    assert all(r.rstrip().endswith(("PASS", "FAIL")) for r in rows)


def run_quick_with(name: str, capsys, extra: list[str]) -> str:
    status = load(name).main(["--quick", *extra])
    out = capsys.readouterr().out
    assert status == 0, "without --check the exit status is 0 whatever the verdicts"
    assert "QUICK MODE" in out
    return out


@pytest.mark.parametrize("scale", ["table", "club"])
def test_bench_tables_quick_polls_acts_plays_and_reads_the_memory(capsys, scale):
    """Issue 21's table and club scales (tiny sizes): latencies, notices, nothing lost, RSS."""
    out = run_quick_with("bench_tables", capsys, ["--scale", scale])
    for row in ("action, ms", "phone sees the move, s", "server CPU over the window", "RSS"):
        assert row in out
    goals = [line for line in out.split("verdict\n", 1)[1].splitlines()[1:] if line.strip()]
    assert [g.split("  ")[0] for g in goals] == ["p95 action", "every phone sees each move", "nothing lost",
                                                 "server RSS after whole games"]
    assert "0 lost, 0 errors" in out


def test_bench_cpu_quick_serves_plays_and_reports_cpu_per_acknowledged_action(capsys):
    """Issue 21's goal (a) at a tiny size, this checkout on both sides (no old worktree): both
    servers acknowledge every post, their CPU is read, and the pair gets a ratio and a verdict."""
    out = run_quick_with("bench_cpu", capsys, [])
    assert "old ms/action" in out and "new ms/action" in out
    pair = next(line for line in out.splitlines() if line.startswith("1 "))
    cells = pair.split()
    assert cells[2] == cells[3] == "9/9", "the game's start and its 8 steps are acknowledged on each side"
    assert cells[-1].endswith("x")
    goals = out.split("Goals (issue 21)\n", 1)[1].splitlines()[2:]
    rows = [line for line in goals if line.strip()]
    assert [r.split("  ")[0] for r in rows] == ["CPU per acknowledged action, new / old (highest pair)"]
    assert rows[0].rstrip().endswith(("PASS", "FAIL"))


def test_bench_poll_quick_serves_both_sides_and_splits_the_quiet_polls_cpu(capsys):
    """Issue 21 (c) at a tiny size, this checkout on both sides: every counted poll is a 204 (the
    script refuses anything else), each side's CPU is split between waitress's loop and the
    request threads, and the pair gets a ratio and a verdict."""
    out = run_quick_with("bench_poll", capsys, [])
    assert "old loop" in out and "new threads" in out
    pair = next(line for line in out.splitlines() if line.startswith("1 ")).split()
    old_whole, old_loop, old_threads = (int(cell) for cell in pair[2:5])
    assert pair[-1].endswith("x") and abs(old_whole - old_loop - old_threads) <= 1  # rounded each
    goals = [line for line in out.split("Goals (issue 21)\n", 1)[1].splitlines()[2:] if line.strip()]
    assert goals[0].startswith("CPU per quiet poll, new / old") and goals[0].rstrip().endswith(("PASS", "FAIL"))


def test_the_floor_app_answers_like_the_app_with_the_stack_alone(tmp_path):
    """benchmarks/floor_app.py (issue 21 (d)'s floor): a panel of a Lockup panel's size, one
    written row per action, the poll's 204 while nothing moved, CSRF checked, Babel's catalogs
    in the device's language, the date written as the app writes it (UTC, for the page's script),
    and nothing of ``companion`` imported by the app itself."""
    floor = load("floor_app")
    assert not [name for name in vars(floor) if getattr(vars(floor)[name], "__module__", "").startswith("companion")]
    client = floor.create(tmp_path).test_client()
    home = client.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert re.search(r'Reputación: <time datetime="[\d\-T:+]+" data-style="short">[\d\- :]+ UTC</time><', home)
    token = home.split('"X-CSRFToken": "', 1)[1].split('"', 1)[0]
    assert client.post("/lockup/new/start", data={"mode": "x"}).status_code == 400  # no token
    started = client.post("/lockup/new/start", data={"mode": "x"}, headers={"X-CSRFToken": token})
    game = started.headers["Location"].rsplit("/", 1)[-1]
    assert client.get(f"/games/{game}/poll?seen=0").status_code == 204
    panel = client.post(f"/lockup/{game}/do/adjust", data={"delta": "1"},
                        headers={"X-CSRFToken": token, "HX-Request": "true"}).get_data(as_text=True)
    assert 11_000 <= len(panel.encode()) <= 16_000 and panel.startswith('<div id="game-panel">')
    assert 'poll?seen=1"' in panel and "Collect the rewards" in panel
    assert client.get(f"/games/{game}/poll?seen=0").status_code == 200
    assert client.get(f"/games/{game}/poll?seen=1").status_code == 204
    db = floor.Database(tmp_path / "floor.sqlite3")
    assert db["actions"].count == 2 and db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.slow
def test_bench_floor_quick_serves_the_floor_and_the_app_and_prints_the_share(capsys):
    """Issue 21 (d) at a tiny size: both servers acknowledge every post of the whole game, and the
    table has a row each and the app's share."""
    out = run_quick_with("bench_floor", capsys, [])
    rows = {line.split("  ")[0]: line.split() for line in out.splitlines()
            if line.startswith(("floor_app.py", "companion serve"))}
    (floor, app) = rows.values()
    assert floor[-2:] == app[-2:] and int(app[-2]) > 100 and app[-1] == "0"  # steps acknowledged, errors
    assert "the app's own share:" in out
