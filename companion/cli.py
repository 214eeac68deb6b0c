"""The ``companion`` console script: ``serve``, ``audit`` and ``referee``.

``audit`` and ``referee`` read one JSON document (a file or ``-`` for standard input) and print
one JSON document; malformed input exits with status 2 and one ``error: <field>: <message>``
line on standard error (``../shared/spec/cli-contracts.md``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.errors import InputError
from companion.core.jsonin import parse_json

# (verb, game[, question]) -> "module:function"; each function takes the parsed document and
# returns the output document, raising InputError for bad input. Imported lazily so that one
# command never pays for another game's modules.
HANDLERS: dict[tuple[str, ...], str] = {
    ("audit", "lockup"): "companion.games.lockup.audit:run",
    ("audit", "rattus-cartus"): "companion.games.rattus_cartus.audit:run",
    ("audit", "ragami"): "companion.games.ragami.audit:run",
    ("referee", "lockup", "location"): "companion.games.lockup.referee:run",
    ("referee", "lockup", "guards"): "companion.solo_guard.referee:run",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    return args.handler(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="A board-game table companion.")
    sub = parser.add_subparsers(dest="command", metavar="{serve,audit,referee}")

    serve = sub.add_parser("serve", help="serve the app on the local network (waitress)")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument("--instance", default="instance", help="instance folder (default ./instance)")
    serve.set_defaults(handler=_serve)

    audit = sub.add_parser("audit", help="audit end-game scores from a JSON document")
    audit.add_argument("game", choices=["lockup", "rattus-cartus", "ragami"])
    audit.add_argument("file", help="a JSON file, or - for standard input")
    audit.set_defaults(handler=lambda a: _run_json(("audit", a.game), a.file))

    referee = sub.add_parser("referee", help="answer a rules question from a JSON document")
    referee.add_argument("game", choices=["lockup"])
    referee.add_argument("question", choices=["location", "guards"])
    referee.add_argument("file", help="a JSON file, or - for standard input")
    referee.set_defaults(handler=lambda a: _run_json(("referee", a.game, a.question), a.file))
    return parser


def _load(key: tuple[str, ...]) -> Callable[[Any], dict]:
    module, func = HANDLERS[key].split(":")
    return getattr(importlib.import_module(module), func)


def _run_json(key: tuple[str, ...], file: str) -> int:
    try:
        text = _read(file)
        result = _load(key)(parse_json(text))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0


def _read(file: str) -> str:
    if file == "-":
        return sys.stdin.read()
    try:
        with open(file, encoding="utf-8") as handle:
            return handle.read()
    except OSError as exc:
        raise InputError("file", f"cannot read {file!r} ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise InputError("file", f"{file!r} is not UTF-8 text") from None


def _serve(args: argparse.Namespace) -> int:
    from companion.serve import serve

    return serve(host=args.host, port=args.port, instance=args.instance)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
