"""Export a game as JSON Lines (one event per line) and import it into any instance folder."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from companion.core.errors import InputError
from companion.core.events import decode
from companion.core.jsonin import parse_json
from companion.events.store import EventStore, StoredEvent

FIELDS = ("game", "title", "seq", "type", "version", "payload", "ts", "command_id")


def export_lines(store: EventStore, game_id: str) -> Iterator[str]:
    """Yield one JSON line per event of the game, in ``seq`` order."""
    game = store.game(game_id)
    for ev in store.events(game_id):
        line = {
            "game": game["kind"], "title": game["title"], "seq": ev.seq, "type": ev.type,
            "version": ev.version, "payload": ev.payload, "ts": ev.ts, "command_id": ev.command_id,
        }
        yield json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n"


def import_lines(store: EventStore, lines: Iterable[str], known_kinds: Iterable[str]) -> str:
    """Import an exported game as a new game of this instance; return its id.

    Every line is checked (JSON, fields, contiguous ``seq``, one game kind, a known event type
    that decodes) before anything is written, so a bad file writes nothing.
    """
    return write_import(store, parse_export(lines, known_kinds))


def as_stored(records: list[dict[str, Any]]) -> list[StoredEvent]:
    """Parsed export lines as stored events (to fold them before writing)."""
    return [
        StoredEvent("import", r["seq"], r["type"], r["version"], r["payload"], r["ts"], r["command_id"])
        for r in records
    ]


def write_import(store: EventStore, records: list[dict[str, Any]]) -> str:
    """Write records checked by :func:`parse_export` as a new game; return its id."""
    game = store.create_game(records[0]["game"], records[0]["title"])
    # One command per original command keeps undo/redo groups intact; keys are namespaced by
    # the new game id so a second import of the same file never collides.
    groups: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        groups.setdefault(rec["command_id"], []).append(rec)
    seq = 0
    for command_id, recs in groups.items():
        batch = [(r["type"], r["version"], r["payload"]) for r in recs]
        store.append(game["id"], seq, batch, f"import:{game['id']}:{command_id}", command_id=command_id)
        seq += len(batch)
    return game["id"]


def parse_export(lines: Iterable[str], known_kinds: Iterable[str]) -> list[dict[str, Any]]:
    """Parse and check exported lines (raises InputError naming the line and field)."""
    known_kinds = set(known_kinds)
    records: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        field = f"line {number}"
        try:
            rec = parse_json(line, field, root=field)  # depth, digits, surrogates bounded
        except json.JSONDecodeError:
            raise InputError(field, "not valid JSON") from None
        records.append(_check(rec, field, len(records) + 1, known_kinds))
    if not records:
        raise InputError("file", "has no events")
    kinds = {r["game"] for r in records}
    if len(kinds) != 1:
        raise InputError("file", "mixes events of several games")
    _check_groups(records)
    return records


def _check(rec: Any, field: str, expected_seq: int, known_kinds: set[str]) -> dict[str, Any]:
    if not isinstance(rec, dict) or any(k not in rec for k in FIELDS):
        raise InputError(field, "must be an object with " + ", ".join(FIELDS))
    if rec["game"] not in known_kinds:
        raise InputError(f"{field}.game", f"unknown game {rec['game']!r}")
    if rec["seq"] != expected_seq:
        raise InputError(f"{field}.seq", f"must be {expected_seq} (events must be contiguous)")
    if not isinstance(rec["payload"], dict) or not isinstance(rec["version"], int):
        raise InputError(f"{field}.payload", "must be an object (and version an integer)")
    try:
        decode(rec["type"], rec["version"], rec["payload"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"{field}.type", f"cannot be read ({exc})") from None
    return rec


def _check_groups(records: list[dict[str, Any]]) -> None:
    # A command's events are contiguous in a real log; anything else is not an export of ours.
    seen: set[str] = set()
    previous = None
    for rec in records:
        cid = rec["command_id"]
        if cid != previous and cid in seen:
            raise InputError(f"line {rec['seq']}.command_id", "events of one command must be contiguous")
        seen.add(cid)
        previous = cid
