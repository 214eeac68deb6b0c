"""Export a game as JSON Lines (one event per line, hash-chained) and import it into any instance.

The file format and its check are in :mod:`companion.events.chain`. An import verifies the whole
file before anything is written and refuses it naming the first line that fails. Files exported
before the chain existed (no ``digest``, no closing line) are refused too: nothing in them shows
they are whole and unedited, so they cannot be told apart from a tampered file.
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
from companion.events import chain
from companion.events.store import EventStore, ImportedEvent, StoredEvent

FIELDS = ("game", "title", "seq", "type", "version", "payload", "ts", "command_id")
TITLE_MAX = 200
LEGACY = (
    "has no check digest: the file was exported by an older version of the app or edited, and "
    "cannot be verified. Export the game again with this version"
)


@dataclass(frozen=True)
class Export:
    """A verified export: its game kind and title, its event records and the chain's last digest."""

    kind: str
    title: str
    records: list[dict[str, Any]]
    digest: str
    lines: tuple[int, ...] = ()  # the file's line number of each record (blank lines skipped)

    def stored(self) -> list[StoredEvent]:
        """The records as stored events (to fold them before anything is written)."""
        return as_stored(self.records)

    def line_of(self, seq: int) -> str:
        """``line N``: where the event ``seq`` is in the file."""
        return f"line {self.lines[seq - 1] if self.lines else seq}"


def replay(export: Export, definition: GameDefinition) -> Any:
    """Fold the export's events in effect through the game's rules and return the state.

    An event the rules refuse while folding (a recorded result that is not what scoring gives, a
    start of another kind of game) raises ``InputError`` naming its line.
    """
    state = None
    for record in history.effective(export.stored()):
        try:
            state = definition.evolve(state, decode(record.type, record.version, record.payload))
        except InputError as exc:
            raise InputError(f"{export.line_of(record.seq)}.{exc.field}", exc.message) from None
    return state


def export_lines(store: EventStore, game_id: str) -> Iterator[str]:
    """Yield one JSON line per event of the game, in ``seq`` order, each chained to the one
    before, then the closing line (count and last digest)."""
    game = store.game(game_id)
    previous, count = chain.GENESIS, 0
    for ev in store.events(game_id):
        line = {
            "game": game["kind"], "title": game["title"], "seq": ev.seq, "type": ev.type,
            "version": ev.version, "payload": ev.payload, "ts": ev.ts, "command_id": ev.command_id,
        }
        previous = line[chain.DIGEST] = chain.link(previous, line)
        count += 1
        yield _dump(line)
    yield _dump(chain.closing(count, previous))


def _dump(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True) + "\n"


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
        ImportedEvent(r["seq"], r["type"], r["version"], r["payload"], r["ts"], r["command_id"])
        for r in export.records
    ]
    return store.import_game(export.kind, export.title, events, export.digest, status)


def parse_export(lines: Iterable[str], known_kinds: Iterable[str]) -> Export:
    """Parse and verify exported lines (raises InputError naming the line and what failed)."""
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
    return Export(records[0]["game"], records[0]["title"], records, previous, tuple(numbers))


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


def _check(rec: dict[str, Any], field: str, expected_seq: int, known_kinds: set[str]) -> dict[str, Any]:
    unknown = sorted(set(rec) - {*FIELDS, chain.DIGEST})
    if unknown or any(k not in rec for k in FIELDS):
        raise InputError(field, "must be an object with exactly " + ", ".join(FIELDS) + " and digest")
    rec = {k: rec[k] for k in FIELDS}
    if rec["game"] not in known_kinds:
        raise InputError(f"{field}.game", f"unknown game {rec['game']!r}")
    if not _is_int(rec["seq"]) or rec["seq"] != expected_seq:
        raise InputError(f"{field}.seq", f"must be {expected_seq} (events must be contiguous)")
    _check_text(rec, field)
    if not isinstance(rec["payload"], dict) or not _is_int(rec["version"]) or rec["version"] < 1:
        raise InputError(f"{field}.payload", "must be an object (and version a whole number from 1)")
    try:
        decode(rec["type"], rec["version"], rec["payload"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{field}.type", f"cannot be read ({exc})") from None
    return rec


def _check_text(rec: dict[str, Any], field: str) -> None:
    title = rec["title"]
    if not isinstance(title, str) or not title.strip() or len(title) > TITLE_MAX:
        raise InputError(f"{field}.title", f"must be text of 1 to {TITLE_MAX} characters")
    for key in ("type", "command_id", "ts"):
        if not isinstance(rec[key], str) or not rec[key]:
            raise InputError(f"{field}.{key}", "must be non-empty text")
    try:
        datetime.fromisoformat(rec["ts"])
    except ValueError:
        raise InputError(f"{field}.ts", "must be a date and time (ISO 8601)") from None
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
