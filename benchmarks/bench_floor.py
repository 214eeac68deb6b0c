"""What the fixed stack costs alone, beside ``companion serve`` (issue 21 (d): RSS after 20 whole
games <= 60 MB): the floor of the goal, and the app's own share above it.

Serves ``floor_app.py`` (a minimal Flask app on the same libraries, served by waitress with
``companion.serve.adjustments()``: see its docstring) and then ``companion serve``, one after the
other, each on a free 127.0.0.1 port with a fresh instance folder, and drives both exactly as
bench_tables drives the app (its own functions): 6 phones polling and an action every 2 s for
``--seconds``, then ``--games`` whole scripted 3-player games posted through the forms (the floor
writes one row per post and answers a 13 KB panel). Printed for each: the resident memory
(``VmRSS``) of a process that only imports the server's modules, of the server after its first
request, and after the whole games; and the difference, the app's own share.

    .venv/bin/python benchmarks/bench_floor.py   # [--seconds 5] [--games 20] [--seed 11] [--quick]

RSS does not depend on the machine's load. No goal is checked here (bench_tables checks (d)).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_tables as T  # noqa: E402
import benchlib as B  # noqa: E402
import loopback as L  # noqa: E402

from companion.serve import adjustments  # noqa: E402

# The RSS of a process that has imported one module, in KiB (its line of /proc/self/status).
IMPORTED = "import {}; print(open('/proc/self/status').read().split('VmRSS:')[1].split()[0])"


class FloorServer(L.Server):
    """``floor_app.py`` on a free loopback port and an instance folder (stopped by ``stop``)."""

    def __init__(self, instance: Path):  # noqa: D107 - not L.Server's command
        self.port, self.log = L.free_port(), instance / "server.log"
        command = [sys.executable, str(HERE / "floor_app.py"), str(self.port), str(instance), json.dumps(adjustments())]
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)


def imported_mb(module: str) -> float:
    """The RSS of a fresh interpreter once ``module`` is imported, in MB."""
    out = subprocess.run([sys.executable, "-c", IMPORTED.format(module)], cwd=HERE, capture_output=True, text=True,
                         check=True)
    return int(out.stdout) / 1024


def measured(args, floor: bool) -> list:
    """One server's row: imports only, after its first request, after the whole games (MB); steps."""
    start, seed = (FloorServer, lambda _database: None) if floor else (None, None)
    with L.served("bench-floor-", start=start, seed=seed) as (server, _folder):
        first = T.rss_mb(server.proc.pid)  # wait_ready asked /healthz
        tables, _cpu, _client = T.run(args, server)
        steps = T.play_whole_games(server.port, args.games, B.script(3, args.seed))
        whole = T.rss_mb(server.proc.pid)
    errors = sum(len(tab.errors) for tab in tables)
    name = "floor_app.py (the fixed stack alone)" if floor else "companion serve"
    imports = imported_mb("floor_app" if floor else "companion.serve")
    return [name, f"{imports:.1f}", f"{first:.1f}", f"{whole:.1f}", steps, errors]


def main(argv: list[str] | None = None) -> int:
    """Measure the floor, then the app; print both and the difference."""
    args = T.parse(["--scale", "table", "--seconds", "5", *(argv or sys.argv[1:])])  # the caller's options last
    B.heading(f"bench_floor (issue 21 (d)): the fixed stack alone beside companion serve, both driven as "
              f"bench_tables drives the app ({args.phones} phones, {args.seconds:g} s, then {args.games} whole "
              f"games)", args.quick, "one tiny game, the figures are not a measurement")
    rows = [measured(args, floor=True), measured(args, floor=False)]
    print()
    print(B.table(["server", "imports only, MB", "after the first request, MB",
                   f"after {args.games} whole games, MB", "steps", "errors"], rows))
    share = [float(app) - float(floor) for floor, app in zip(rows[0][1:4], rows[1][1:4], strict=True)]
    print(f"the app's own share: {share[0]:.1f} MB imported, {share[1]:.1f} MB after the first request, "
          f"{share[2]:.1f} MB after the whole games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
