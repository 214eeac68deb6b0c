"""Six devices watching an idle game: what the live table's polling costs the host (issue 12).

Starts ``companion serve`` (waitress) on a free 127.0.0.1 port with a temporary instance folder
holding a made-up box profile, starts a 3-player Lockup game (seeded random legal player, made-up
cards), then ``--devices`` devices (6 by default) each open the game page and poll
``/games/<id>/poll?seen=<version>`` every second for ``--seconds`` (30 by default), as the page's
htmx poller does (204 while nothing moved; else the fresh panel, whose poller says the new version),
each on its own kept-alive connection with its own cookies. The server's CPU time over the polling
window (its one process, every thread) is read from ``/proc/<pid>/stat`` (utime + stime) and
reported as a percentage of one core.
Afterwards one action is posted and every device's poll must bring the new panel within a poll
period (issue 21: one request per poll, no reload after it).

Goals (issue 12): idle polling under 5 % of one core; every device hears of the move within 2 s.

    .venv/bin/python benchmarks/bench_live.py [--seconds 30] [--devices 6] [--check] [--quick]

Exit status 0 whatever the verdicts, unless ``--check`` is given (then 1 when a goal fails).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402
from benchlib import median, percentile, table  # noqa: E402

HTMX = {"HX-Request": "true"}
PERIOD = 1.0  # seconds between two polls of one device (the page's hx-trigger="every 1s")
GOAL_CPU = 5.0  # % of one core
GOAL_NOTICE = 2.0  # seconds from an acknowledged action to every device's poll bringing the new panel
SEEN = re.compile(rb'/poll\?seen=([^"&]+)"')  # the version the panel's poller polls from


@dataclass
class Device:
    """One watching device: its client and what its polls got."""

    name: str
    client: L.Client
    seen: str = "0"  # the table version its page shows
    latencies: list[float] = field(default_factory=list)  # ms per poll
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    noticed: float | None = None  # monotonic time its poll reported the move


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process (all its threads), in seconds."""
    return stat_seconds(Path(f"/proc/{pid}/stat"))


def stat_seconds(stat: Path) -> float:
    """utime + stime in a ``/proc`` ``stat`` file (a process's or one thread's: fields 14 and 15),
    in seconds."""
    fields = stat.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def poll(device: Device, game: str) -> int:
    """One poll; records its latency and status, and (a new panel) the version it shows now."""
    began = time.perf_counter()
    try:
        status, _headers, body = device.client.get(f"/games/{game}/poll?seen={device.seen}", HTMX)
    except OSError as exc:
        device.errors.append(str(exc))
        return 0
    device.latencies.append((time.perf_counter() - began) * 1000)
    device.statuses[status] = device.statuses.get(status, 0) + 1
    found = SEEN.search(body) if status == 200 else None
    if found:
        device.seen = found.group(1).decode()
    return status


def watch(device: Device, game: str, until: float, stop_on_move: bool) -> None:
    """Poll every ``PERIOD`` until ``until`` (or, with ``stop_on_move``, until the game moved)."""
    offset = (hash(device.name) % 1000) / 1000 * PERIOD  # devices opened the page at different moments
    time.sleep(offset)
    next_at = time.monotonic()
    while time.monotonic() < until:
        status = poll(device, game)
        if status == 200 and stop_on_move:
            device.noticed = time.monotonic()
            return
        next_at += PERIOD
        time.sleep(max(0.0, next_at - time.monotonic()))


def run(args, server: L.Server) -> tuple[list[Device], float, float, float, float]:
    """Start the game, let the devices watch, post one action; (devices, window, cpu, acked, idle polls)."""
    host = L.Client(server.port)
    host.fetch_token("/")
    plan = B.script(3, args.seed)
    status, headers, _body = host.post("/lockup/new/start", {**plan.setup_fields, "key": "live-start"})
    if status != 303:
        raise RuntimeError(f"the game could not be started ({status})")
    game = headers["Location"].rsplit("/", 1)[-1]
    devices = [Device(f"device{d}", L.Client(server.port)) for d in range(args.devices)]
    for device in devices:
        device.client.fetch_token(f"/games/{game}")
        poll(device, game)  # seen=0: the whole panel, as the page shows it
        device.latencies.clear()
        device.statuses.clear()
    # Idle: every device polls, nothing moves; the server's CPU over exactly this window.
    begin_cpu, begin = cpu_seconds(server.proc.pid), time.monotonic()
    until = begin + args.seconds
    threads = [threading.Thread(target=watch, args=(d, game, until, False), daemon=True) for d in devices]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    window = time.monotonic() - begin
    cpu = cpu_seconds(server.proc.pid) - begin_cpu
    idle_polls = sum(sum(d.statuses.values()) for d in devices)
    # One move: every device's next poll must say so.
    threads = [threading.Thread(target=watch, args=(d, game, time.monotonic() + 10, True), daemon=True)
               for d in devices]
    for thread in threads:
        thread.start()
    step = plan.steps[0]
    status, _h, _b = host.post(f"/lockup/{game}/do/{step.action}", {**step.form, "key": "live-move"}, HTMX)
    acked = time.monotonic()
    if status != 200:
        raise RuntimeError(f"the move was refused ({status})")
    for thread in threads:
        thread.join()
    return devices, window, cpu, acked, idle_polls


def report(args, devices: list[Device], window: float, cpu: float, acked: float, idle_polls: float) -> B.Verdicts:
    """Print the tables and the goals."""
    print(f"bench_live (issue 12): {args.devices} devices polling an idle game every {PERIOD:.0f} s "
          f"for {args.seconds:.0f} s; {B.context_line()}")
    if args.quick:
        print("QUICK MODE: a few seconds only, the verdicts below are not a measurement")
    latencies = [ms for d in devices for ms in d.latencies]
    statuses: dict[int, int] = {}
    for d in devices:
        for code, n in d.statuses.items():
            statuses[code] = statuses.get(code, 0) + n
    share = 100 * cpu / window if window else 0.0
    notices = [d.noticed - acked for d in devices if d.noticed is not None]
    rows = [
        ["polls answered", str(int(idle_polls)), f"{idle_polls / window:.1f}/s" if window else "-"],
        ["answers by status", ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())), ""],
        ["poll latency p50 / p95 / max (ms)",
         f"{median(latencies):.2f} / {percentile(latencies, 95):.2f} / {max(latencies):.2f}" if latencies else "-", ""],
        ["server CPU over the window", f"{cpu:.3f} s in {window:.1f} s", f"{share:.2f} % of one core"],
        ["move heard by every device", f"{len(notices)} of {len(devices)}",
         f"slowest {max(notices):.2f} s" if notices else "-"],
        ["transport errors", str(sum(len(d.errors) for d in devices)), ""],
    ]
    print()
    print(table(["measure", "value", "rate"], rows))
    v = B.Verdicts()
    v.add("server CPU, idle game, 6 devices polling", f"{share:.2f} %", f"< {GOAL_CPU:.0f} % of one core",
          share < GOAL_CPU)
    slowest = max(notices) if len(notices) == len(devices) else float("inf")
    v.add("every device hears of a move", f"{slowest:.2f} s", f"<= {GOAL_NOTICE:.0f} s", slowest <= GOAL_NOTICE)
    print("\nGoals (issue 12)\n" + v.render())
    return v


def parse(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = B.arguments(__doc__)
    parser.add_argument("--seconds", type=float, default=30.0, help="idle polling window (default 30)")
    parser.add_argument("--devices", type=int, default=6, help="watching devices (default 6)")
    parser.add_argument("--seed", type=int, default=12, help="seed of the made-up game")
    args = B.parse(parser, argv, "3 s only (a smoke run: not a measurement)")
    if args.quick:
        args.seconds = min(args.seconds, 3.0)
    return args


def main(argv: list[str] | None = None) -> int:
    """Serve, watch, print; return the exit status."""
    args = parse(argv)
    with L.served("bench-live-") as (server, _folder):
        devices, window, cpu, acked, idle_polls = run(args, server)
    v = report(args, devices, window, cpu, acked, idle_polls)
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
