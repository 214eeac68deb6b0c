"""Export a game as JSON Lines (one event per line, hash-chained) and import it into any instance.

The file format and its check are in :mod:`companion.events.chain`. An import verifies the whole
file before anything is written and refuses it naming the first line that fails. Files exported
before the chain existed (no ``digest``, no closing line) are refused too: nothing in them shows
they are whole and unedited, so they cannot be told apart from a tampered file. So are files of
format 1 (before issue 20: no commands in them) and commands recorded before commands were kept
(``"command": null``): the rules cannot decide them again, so nothing proves the rules made them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion.core import history  # noqa: F401 - registers undo/redo, present in every log
from companion.core.errors import InputError
from companion.core.events import decode
from companion.core.game import GameDefinition
from companion.core.jsonin import parse_json
from companion.core.verify import Reveals, verify
from companion.events import chain
from companion.events.store import EventStore, ImportedEvent, StoredEvent

FIELDS = ("game", "title", "seq", "type", "version", "payload", "ts", "command_id")
COMMAND = "command"  # on the first line of each command's run only (format 2)
TITLE_MAX = 200
LEGACY = (
    "has no check digest: the file was exported by an older version of the app or edited, and "
    "cannot be verified. Export the game again with this version"
)
OLD_FORMAT = (
    "the file was exported by an older version of the app (export format 1, without the commands), "
    "so the rules cannot check it and it cannot be verified. Export the game again with this version"
)


@dataclass(frozen=True)
class Export:
    """A verified export: its game kind and title, its event records and the chain's last digest."""

    kind: str
    title: str
    records: list[dict[str, Any]]
    digest: str
    lines: tuple[int, ...] = ()  # the file's line number of each record (blank lines skipped)
    signed: bool = False  # the closing line carries this instance's signature (it made the file)

    def stored(self) -> list[StoredEvent]:
        """The records as stored events (to fold them before anything is written)."""
        return as_stored(self.records)

    def line_of(self, seq: int) -> str:
        """``line N``: where the event ``seq`` is in the file (after its last event: the line
        after the last event line)."""
        if not self.lines:
            return f"line {seq}"
        return f"line {self.lines[seq - 1] if seq <= len(self.lines) else self.lines[-1] + 1}"

    def commands(self) -> dict[int, Any]:
        """The file's commands by the ``seq`` of the first event of each."""
        return {r["seq"]: r[COMMAND] for r in self.records if COMMAND in r}


def replay(export: Export, definition: GameDefinition, reveals: Reveals | None = None) -> Any:
    """Decide every command of the export again through the game's rules
    (:func:`companion.core.verify.verify`) and return the final state.

    Anything the rules do not make exactly as recorded raises ``InputError`` naming its line;
    ``reveals``: the app's judgement of commands it never undoes (``GameUI.reveals``).
    """
    return verify(definition, export.stored(), export.commands(), export.line_of, reveals)


def export_lines(store: EventStore, game_id: str, secret: str | None = None) -> Iterator[str]:
    """Yield one JSON line per event of the game, in ``seq`` order, each chained to the one
    before, then the closing line (format, count, last digest; signed with ``secret`` if given).

    The first line of each command's run carries the command (``None`` for one recorded before
    commands were kept: the file then exports, but cannot be imported as verified)."""
    game = store.game(game_id)
    commands = store.commands(game_id)
    previous, count, last_command = chain.GENESIS, 0, None
    for ev in store.events(game_id):
        line = {
            "game": game["kind"], "title": game["title"], "seq": ev.seq, "type": ev.type,
            "version": ev.version, "payload": ev.payload, "ts": ev.ts, "command_id": ev.command_id,
        }
        if ev.command_id != last_command:
            line[COMMAND] = commands.get(ev.seq)
            last_command = ev.command_id
        previous = line[chain.DIGEST] = chain.link(previous, line)
        count += 1
        yield _dump(line)
    yield _dump(chain.closing(count, previous, secret))


def _dump(value: dict[str, Any]) -> str:
    # Keys in their recorded order (the digest does not depend on it): a game's rules may word a
    # decision in the order of a mapping of the state, so deciding the file again needs that order.
    return json.dumps(value, ensure_ascii=False) + "\n"


def as_stored(records: list[dict[str, Any]]) -> list[StoredEvent]:
    """Parsed export lines as stored events (to fold them before writing)."""
    return [
        StoredEvent("import", r["seq"], r["type"], r["version"], r["payload"], r["ts"], r["command_id"])
        for r in records
    ]


def write_import(store: EventStore, export: Export, status: str) -> tuple[dict[str, Any], bool]:
    """Write a verified export as a game, whole, in one transaction; return (its row, created).

    The same file imported again gives the first game back (``created`` is False).
    """
    events = [
        ImportedEvent(r["seq"], r["type"], r["version"], r["payload"], r["ts"], r["command_id"], r.get(COMMAND))
        for r in export.records
    ]
    return store.import_game(export.kind, export.title, events, export.digest, status)


def held_game(store: EventStore, export: Export) -> dict[str, Any] | None:
    """The game of this device that ``export`` is a copy of, else None: the same kind and first
    command at the same time, and every exported event recorded here as it is in the file (the
    file may stop earlier: an export taken before the game went on). Importing it would only make
    a second copy of a game the device holds."""
    first = export.records[0]
    rows = store.db.execute(
        "SELECT e.game_id FROM events e JOIN games g ON g.id = e.game_id "
        "WHERE e.seq = 1 AND e.command_id = ? AND e.ts = ? AND g.kind = ?",
        [first["command_id"], first["ts"], export.kind]).fetchall()
    exported = [_comparable(e) for e in export.stored()]
    for (game_id,) in rows:
        held = store.events(game_id)[: len(exported)]
        if [_comparable(e) for e in held] == exported:
            return store.game(game_id)
    return None


def _comparable(event: StoredEvent) -> tuple:
    return event.seq, event.type, event.version, event.payload, event.ts, event.command_id


def parse_export(lines: Iterable[str], known_kinds: Iterable[str], secret: str | None = None) -> Export:
    """Parse and verify exported lines (raises InputError naming the line and what failed):
    the chain, the format, each line's fields, time never running backwards, and one command
    at the head of each command's run (the rules decide it again: :mod:`companion.core.verify`).
    ``secret``: this instance's, to tell whether it signed the file."""
    known_kinds = set(known_kinds)
    records: list[dict[str, Any]] = []
    numbers: list[int] = []
    previous, end, last = chain.GENESIS, None, 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        field, last = f"line {number}", number
        if end is not None:
            raise InputError(field, "comes after the closing line (lines were added)")
        value = _parse(line, field)
        if chain.is_closing(value):
            end = (field, value)
            continue
        previous = _verify_link(value, field, previous, first=not records)
        records.append(_check(value, field, len(records) + 1, known_kinds))
        numbers.append(number)
    _check_end(end, len(records), previous, last + 1)
    _check_same_game(records, numbers)
    _check_groups(records, numbers)
    _check_commands(records, numbers)
    _check_times(records, numbers)
    signed = end is not None and chain.signed_by(secret, end[1])
    return Export(records[0]["game"], records[0]["title"], records, previous, tuple(numbers), signed)


def _parse(line: str, field: str) -> Any:
    try:
        return parse_json(line, field, root=field)  # depth, digits, surrogates, NaN bounded
    except (ValueError, RecursionError):  # JSONDecodeError, too deep, integers too long
        raise InputError(field, "not valid JSON") from None


def _verify_link(value: Any, field: str, previous: str, first: bool) -> str:
    if not isinstance(value, dict):
        raise InputError(field, "must be an object with " + ", ".join(FIELDS))
    if not isinstance(value.get(chain.DIGEST), str):
        raise InputError(field, LEGACY if first else "has no check digest (the file was changed)")
    if value[chain.DIGEST] != chain.link(previous, value):
        raise InputError(field, "does not match its check digest: this line was changed, or lines were moved")
    return value[chain.DIGEST]


def _check_end(end: tuple[str, Any] | None, count: int, last: str, next_line: int) -> None:
    if end is None:
        if not count:
            raise InputError("file", "has no events")
        raise InputError(f"line {next_line}", "missing: the file ends without its closing line (it was cut short)")
    field, value = end
    stated = value.get("count")
    if not isinstance(stated, int) or isinstance(stated, bool) or stated != count:
        raise InputError(field, f"the closing line counts {stated!r} events but the file has {count}: "
                                "lines were removed or added")
    if value.get(chain.DIGEST) != last:
        raise InputError(field, "the closing line's check digest does not match the events above it")
    if not count:
        raise InputError("file", "has no events")
    if "format" not in value:
        raise InputError(field, OLD_FORMAT)
    if value["format"] != chain.FORMAT or not _is_int(value["format"]):
        raise InputError(f"{field}.format", f"export format {value['format']!r} is not one this version of the app "
                                            f"reads (it reads format {chain.FORMAT})")


def _check(rec: dict[str, Any], field: str, expected_seq: int, known_kinds: set[str]) -> dict[str, Any]:
    unknown = sorted(set(rec) - {*FIELDS, COMMAND, chain.DIGEST})
    if unknown or any(k not in rec for k in FIELDS):
        raise InputError(field, "must be an object with exactly " + ", ".join(FIELDS) + " and digest"
                                " (and command on the first line of each command)")
    rec = {k: rec[k] for k in (*FIELDS, COMMAND) if k in rec}
    if rec["game"] not in known_kinds:
        raise InputError(f"{field}.game", f"unknown game {rec['game']!r}")
    if not _is_int(rec["seq"]) or rec["seq"] != expected_seq:
        raise InputError(f"{field}.seq", f"must be {expected_seq} (events must be contiguous)")
    _check_text(rec, field)
    if not isinstance(rec["payload"], dict) or not _is_int(rec["version"]) or rec["version"] < 1:
        raise InputError(f"{field}.payload", "must be an object (and version a whole number from 1)")
    try:
        decode(rec["type"], rec["version"], rec["payload"])
    except Exception:  # noqa: BLE001 - whatever the payload holds, the answer is words, not Python text
        raise InputError(f"{field}.type", "cannot be read: not an event of this app, or its fields do not "
                                          "match its type") from None
    return rec


def _check_text(rec: dict[str, Any], field: str) -> None:
    title = rec["title"]
    if not isinstance(title, str) or not title.strip() or len(title) > TITLE_MAX:
        raise InputError(f"{field}.title", f"must be text of 1 to {TITLE_MAX} characters")
    for key in ("type", "command_id", "ts"):
        if not isinstance(rec[key], str) or not rec[key]:
            raise InputError(f"{field}.{key}", "must be non-empty text")
    try:
        when = datetime.fromisoformat(rec["ts"])
    except ValueError:
        raise InputError(f"{field}.ts", "must be a date and time (ISO 8601)") from None
    if when.tzinfo is None:  # the app writes UTC with its offset; without one, times cannot be ordered
        raise InputError(f"{field}.ts", "must give its time zone (such as +00:00)")
    try:
        json.dumps(rec, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise InputError(field, "contains a lone surrogate escape (such as \\ud800) that is not text") from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_same_game(records: list[dict[str, Any]], numbers: list[int]) -> None:
    for rec, number in zip(records, numbers, strict=True):
        if (rec["game"], rec["title"]) != (records[0]["game"], records[0]["title"]):
            raise InputError(f"line {number}.game", "mixes events of several games")


def _check_groups(records: list[dict[str, Any]], numbers: list[int]) -> None:
    # A command's events are contiguous in a real log; anything else is not an export of ours.
    seen: set[str] = set()
    previous = None
    for rec, number in zip(records, numbers, strict=True):
        cid = rec["command_id"]
        if cid != previous and cid in seen:
            raise InputError(f"line {number}.command_id", "events of one command must be contiguous")
        seen.add(cid)
        previous = cid


def _check_commands(records: list[dict[str, Any]], numbers: list[int]) -> None:
    # Format 2: the command heads its run; its events follow it, and no other line carries one.
    for i, (rec, number) in enumerate(zip(records, numbers, strict=True)):
        first = i == 0 or rec["command_id"] != records[i - 1]["command_id"]
        if not first:
            if COMMAND in rec:
                raise InputError(f"line {number}.command", "only the first line of a command's events may "
                                                          "carry the command")
            continue
        if COMMAND not in rec:
            raise InputError(f"line {number}.command", "missing: every command's first line carries the "
                                                      "command, and these events have none")
        # null: recorded before commands were kept; read, then refused by the rules' check (verify)
        if rec[COMMAND] is not None and not isinstance(rec[COMMAND], dict):
            raise InputError(f"line {number}.command", "must be an object")


def _check_times(records: list[dict[str, Any]], numbers: list[int]) -> None:
    # A log is written in order: an event earlier than the one before it was not written so.
    previous = None
    for rec, number in zip(records, numbers, strict=True):
        when = datetime.fromisoformat(rec["ts"])
        if previous is not None and when < previous:
            raise InputError(f"line {number}.ts", "is earlier than the line before it: time runs backwards")
        previous = when
