"""The ``companion`` console script: ``serve``, ``audit``, ``referee`` and ``replay``.

``audit`` and ``referee`` read one JSON document (a file or ``-`` for standard input) and print
one JSON document; malformed input exits with status 2 and one ``error: <field>: <message>``
line on standard error (``docs/cli-contracts.md``). ``replay`` reads JSON Lines (a set-up, then
one command a line) and prints one JSON document; a line it cannot replay (bad input, or a
command the rules refuse) exits with status 2 and ``error: line N: <field>: <message>``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from companion.core.errors import InputError
from companion.core.jsonin import parse_json, printable

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
    """Entry point of the console script.

    Never a traceback: an unexpected exception becomes one ``error:`` line and exit status 1
    (bad input is status 2), and standard output is written only once the whole answer is ready.
    """
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except Exception as exc:  # noqa: BLE001 - the contract is one error line, never a traceback
        detail = str(exc)
        detail = detail if len(detail) <= 300 else detail[:300] + "…"  # one readable line, not a dump
        _error(f"internal error ({type(exc).__name__}: {detail})")
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description="A board-game table companion.")
    sub = parser.add_subparsers(dest="command", metavar="{serve,audit,referee,replay}")

    serve = sub.add_parser("serve", help="serve the app on the local network (waitress)")
    serve.add_argument("--host", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    serve.add_argument("--port", type=int, default=5000, help="port (default 5000)")
    serve.add_argument("--instance", default="instance", help="instance folder (default ./instance)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="also answer requests for this host name (repeatable)")
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

    replay = sub.add_parser("replay", help="replay a whole game from JSON Lines (a set-up, then one command a line)")
    replay.add_argument("game", choices=["lockup", "rattus-cartus", "ragami"])
    replay.add_argument("file", help="a JSON Lines file, or - for standard input")
    replay.set_defaults(handler=_replay)
    return parser


def _load(key: tuple[str, ...]) -> Callable[[Any], dict]:
    module, func = HANDLERS[key].split(":")
    return getattr(importlib.import_module(module), func)


def _run_json(key: tuple[str, ...], file: str) -> int:
    return _answer(lambda: _load(key)(parse_json(_read(file))))


def _replay(args: argparse.Namespace) -> int:
    from companion import replaycli

    return _answer(lambda: replaycli.run(args.game, _read(args.file)))


def _answer(produce: Callable[[], dict]) -> int:
    """Print the document ``produce`` returns; its ``InputError`` is one ``error:`` line, status 2."""
    try:
        result = produce()
    except InputError as exc:
        _error(str(exc))
        return 2
    # Encoded in full before anything is written: a failure here leaves standard output empty.
    data = (json.dumps(result, ensure_ascii=False, allow_nan=False, indent=2) + "\n").encode("utf-8")
    try:
        _write(data)
    except OSError as exc:  # a closed pipe (``| head``) or a full disk
        _error(f"cannot write the output ({exc.strerror or exc})")
        return 1
    return 0


def _read(file: str) -> str:
    if file == "-":
        stream = sys.stdin
        if stream is None:
            raise InputError("input", "standard input is closed")
        data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        name = "standard input"
    else:
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise InputError("file", f"cannot read {file!r} ({exc.strerror or exc})") from None
        name = repr(file)
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8-sig")  # a byte-order mark, as some editors write, is not an error
    except UnicodeDecodeError:
        raise InputError("file" if file != "-" else "input", f"{name} is not UTF-8 text") from None


def _write(data: bytes) -> None:
    out = sys.stdout
    out.flush()
    buffer = getattr(out, "buffer", None)
    if buffer is None:
        out.write(data.decode("utf-8"))
        out.flush()
    else:
        buffer.write(data)
        buffer.flush()


def _error(message: str) -> None:
    """One ``error:`` line on standard error, whatever the message holds."""
    sys.stderr.write(f"error: {printable(message)}\n")
    sys.stderr.flush()


def _serve(args: argparse.Namespace) -> int:
    from companion.serve import serve

    return serve(host=args.host, port=args.port, instance=args.instance, allow_hosts=tuple(args.allow_host),
                 exiting=True)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
