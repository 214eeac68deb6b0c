"""Bytes on the wire of a Lockup game: the first page, every htmx answer, the static files and
their cache headers, with and without compression (issue 11).

Plays a seeded 5-player game of the random legal player (made-up cards, not real ones) through
the real forms with the Flask test client. Pages are fetched three ways (``Accept-Encoding``:
``identity``, ``gzip``, and ``br`` when this Python can decode Brotli); every step is posted as
htmx does with a browser's ``Accept-Encoding`` and its answer decoded to get the size before
compression. Static files are those the first page links to, with their ``Cache-Control`` and
what a revalidation answers. Body bytes only (headers are not counted). Goals (issue 11):
htmx answers <= 24 KiB median and <= 48 KiB at most (issue 21; 8 and 16 KiB before) before
compression; HTML and JS compressed; static files with a long immutable cache.

    .venv/bin/python benchmarks/bench_wire.py [--players 5] [--seed 11] [--check] [--quick]
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import tempfile
import zlib
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import benchlib as B  # noqa: E402
from benchlib import median, table  # noqa: E402

try:  # the client side of Brotli is optional: without it only gzip is asked for
    import brotli  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the environment
    brotli = None

# Issue 21: every htmx answer is the whole panel (a live refresh morphs it: no server-side record of
# what a device shows), so the bound is a plain one, as in tests/web/test_answer_size.py.
GOAL_MEDIAN_BYTES = 24 * 1024
GOAL_MAX_BYTES = 48 * 1024
LONG_CACHE = 30 * 24 * 3600  # a month or more counts as "long"
ENCODINGS = ["identity", "gzip"] + (["br"] if brotli else [])
BROWSER = "gzip, deflate, br" if brotli else "gzip, deflate"
STATIC = re.compile(r'(?:href|src)="(/static/[^"]+)"')


def decoded(answer) -> bytes:
    """An answer's body before compression."""
    data, coding = answer.get_data(), answer.headers.get("Content-Encoding", "identity")
    if coding == "gzip":
        return gzip.decompress(data)
    if coding == "deflate":
        return zlib.decompress(data)
    if coding == "br" and brotli:
        return brotli.decompress(data)
    return data


def fetch_ways(client, path: str, headers: dict | None = None) -> dict[str, tuple[int, str]]:
    """(wire bytes, Content-Encoding used) of ``path`` for each Accept-Encoding asked."""
    out = {}
    for coding in ENCODINGS:
        answer = client.get(path, headers={**(headers or {}), "Accept-Encoding": coding})
        out[coding] = (len(answer.get_data()), answer.headers.get("Content-Encoding", "-"))
    return out


def static_rows(client, page: str) -> list[list]:
    """Each static file the page links to: sizes, Content-Encoding, caching, revalidation."""
    rows = []
    for path in dict.fromkeys(STATIC.findall(page)):
        answer = client.get(path, headers={"Accept-Encoding": BROWSER})
        ways = fetch_ways(client, path)
        again = _revalidate(client, path, answer)
        rows.append([path, ways["identity"][0], answer.content_length or len(answer.get_data()),
                     answer.headers.get("Content-Encoding", "-"),
                     answer.headers.get("Cache-Control", "-"), again])
    return rows


def _revalidate(client, path: str, answer) -> str:
    conditions = {}
    if answer.headers.get("ETag"):
        conditions["If-None-Match"] = answer.headers["ETag"]
    if answer.headers.get("Last-Modified"):
        conditions["If-Modified-Since"] = answer.headers["Last-Modified"]
    if not conditions:
        return "no validator"
    return str(client.get(path, headers=conditions).status_code)


def play(client, plan: B.Script, game_id: str, limit: int) -> list[tuple[str, int, int, str, int]]:
    """Post every step as htmx does: (action, bytes before compression, wire bytes, encoding,
    bytes gzip -6 makes of the body here: what compression could give when the server sends none)."""
    out, vals = [], {}
    for n, step in enumerate(plan.steps[:limit]):
        answer = client.post(f"/lockup/{game_id}/do/{step.action}", data={**step.form, **vals, "key": f"w-{n}"},
                             headers={"HX-Request": "true", "Accept-Encoding": BROWSER})
        if answer.status_code != 200:
            raise RuntimeError(f"step {n} ({step.action}) answered {answer.status_code}")
        body = decoded(answer)
        vals = B.drawn(body.decode())  # the next post comes from this answer, as in a browser
        out.append((step.action, len(body), len(answer.get_data()), answer.headers.get("Content-Encoding", "-"),
                    len(gzip.compress(body, 6))))
    return out


def page_rows(client, game_id: str) -> tuple[list[list], str]:
    """The first pages, each fetched every way; and the game page's HTML (for its static links)."""
    pages = {"home page /": ("/", None), "game page (full)": (f"/games/{game_id}", None),
             "game panel (htmx GET, a poll)": (f"/games/{game_id}", {"HX-Request": "true"})}
    rows = []
    for name, (path, headers) in pages.items():
        ways = fetch_ways(client, path, headers)
        rows.append([name, *[f"{size} ({coding})" if coding != "-" else str(size) for size, coding in ways.values()]])
    return rows, client.get(f"/games/{game_id}").get_data(as_text=True)


def report(pages: list[list], statics: list[list], steps: list[tuple], args) -> B.Verdicts:
    """Print the tables; return the verdicts."""
    B.heading(f"Lockup, {args.players} players, seed {args.seed}: {len(steps)} steps posted as htmx "
              f"(Flask test client; body bytes, headers not counted)", args.quick,
              "a few steps only, the verdicts below are not a measurement")
    print("\nFirst pages, bytes by Accept-Encoding (the encoding answered, if any)")
    print(table(["", *ENCODINGS], pages))
    print(f"\nStatic files linked from the game page (Accept-Encoding: {BROWSER})")
    print(table(["file", "bytes", "on the wire", "encoding", "Cache-Control", "revalidation"], statics))
    print(f"\nhtmx answers to the steps, bytes (Accept-Encoding: {BROWSER})")
    by_action = defaultdict(list)
    for action, raw, wire, _coding, local in steps:
        by_action[action].append((raw, wire, local))
    rows = [_size_row(a, v) for a, v in sorted(by_action.items())]
    every = [(raw, wire, local) for _a, raw, wire, _c, local in steps]
    rows.append(_size_row("every step", every))
    print(table(["action", "n", "raw p50", "raw max", "wire p50", "wire max", "gzip-6 p50"], rows))
    totals = [sum(x[i] for x in every) for i in range(3)]
    codings = sorted({s[3] for s in steps} - {"-"}) or ["none"]
    print(f"whole game: {totals[0]:,} B before compression, {totals[1]:,} B on the wire (encodings answered: "
          f"{', '.join(codings)}); gzip -6 here would make {totals[2]:,} B of it")
    return verdicts(every, steps, pages, statics)


def _size_row(name: str, values: list[tuple[int, int, int]]) -> list:
    raws, wires, local = ([v[i] for v in values] for i in range(3))
    return [name, len(values), int(median(raws)), max(raws), int(median(wires)), max(wires), int(median(local))]


def verdicts(every, steps, pages, statics) -> B.Verdicts:
    """Sizes before compression, compression of HTML and JS, long immutable static caching."""
    v = B.Verdicts()
    raws = [r for r, _w, _l in every]
    v.add("htmx answer, median", f"{median(raws):,.0f} B", f"<= {GOAL_MEDIAN_BYTES:,} B",
          median(raws) <= GOAL_MEDIAN_BYTES)
    v.add("htmx answer, max", f"{max(raws, default=0):,} B", f"<= {GOAL_MAX_BYTES:,} B",
          max(raws, default=0) <= GOAL_MAX_BYTES)
    bodies = [s for s in steps if s[1]]  # the step that ends the game answers HX-Redirect, no body
    compressed = sum(s[3] != "-" for s in bodies)
    v.add("htmx answers with a body compressed", f"{compressed} of {len(bodies)}", "all",
          compressed == len(bodies))
    page_gzip = pages[1][2]
    v.add("game page compressed (gzip asked)", page_gzip, "(gzip)", page_gzip.endswith("(gzip)"))
    scripts = [r for r in statics if r[0].split("?")[0].endswith(".js")]
    v.add("JS compressed", f"{sum(r[3] != '-' for r in scripts)} of {len(scripts)}", "all",
          bool(scripts) and all(r[3] != "-" for r in scripts))
    cached = [r for r in statics if _long_immutable(r[4])]
    v.add("static files: long immutable cache", f"{len(cached)} of {len(statics)}", "all",
          bool(statics) and len(cached) == len(statics))
    return v


def _long_immutable(cache_control: str) -> bool:
    parts = {p.strip().split("=")[0]: p.strip().partition("=")[2] for p in cache_control.split(",")}
    age = parts.get("max-age", "")
    return "immutable" in parts and age.isdigit() and int(age) >= LONG_CACHE


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command line (``--quick``: 2 players, 5 steps: a smoke run)."""
    parser = B.arguments(__doc__)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=11)
    args = B.parse(parser, argv, "a few steps only (smoke test), not a measurement")
    args.limit = 0
    if args.quick:
        args.players, args.limit = 2, 5
    return args


def main(argv: list[str] | None = None) -> int:
    """Run, print, and return the exit status."""
    args = parse(argv)
    plan = B.script(args.players, args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-wire-") as folder:
        client = B.make_app(folder).test_client()
        game_id = B.start_game(client, plan.setup_fields)
        pages, html = page_rows(client, game_id)
        statics = static_rows(client, html)
        steps = play(client, plan, game_id, args.limit or len(plan.steps))
    v = report(pages, statics, steps, args)
    print("\nGoals (issue 11)")
    print(v.render())
    return B.exit_status(v, args.check)


if __name__ == "__main__":
    sys.exit(main())
