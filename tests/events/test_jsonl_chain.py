"""The hash chain of exported files (companion/events/chain.py, jsonl.py): what it covers, that any
change is refused at its line, and what it deliberately ignores (whitespace and key order).

Uses the made-up test game "Tally" of tests/conftest.py (not a real game)."""

from __future__ import annotations

import hashlib
import json

import pytest
from support import gamelogs

from companion.core.errors import InputError
from companion.events import EventStore, chain
from companion.events.jsonl import export_lines, parse_export

KINDS = ("test-tally",)


@pytest.fixture
def text(tmp_path) -> str:
    """An export of a Tally game: start, three adds (one undone), an undo."""
    store = EventStore(tmp_path / "db.sqlite3")
    started = ("test-tally-started", 1, {"players": ["Ana", "Ben"]})
    game = store.start_game("test-tally", "Tally \u2028 night", [started], "start", {},
                            command={"type": "start", "setup": {"players": ["Ana", "Ben"]}})
    for n, (player, points) in enumerate([("Ana", 3), ("Ben", 10), ("Ana", 0)]):
        store.append(game["id"], store.last_seq(game["id"]), [("test-tally-added", 1, {"player": player,
                                                                                     "points": points})], f"add-{n}",
                     command={"type": "add", "player": player, "points": points})
    store.append(game["id"], 4, [("command-undone", 1, {"command_id": "add-2"})], "undo-1", command={"type": "undo"})
    out = "".join(export_lines(store, game["id"]))
    store.close()
    return out


def refused_at(text_or_lines, line: int | str) -> str:
    lines = text_or_lines if isinstance(text_or_lines, list) else text_or_lines.split("\n")
    with pytest.raises(InputError) as caught:
        parse_export(lines, KINDS)
    assert caught.value.field.split(".")[0] == (f"line {line}" if isinstance(line, int) else line), str(caught.value)
    return caught.value.message


def test_each_digest_covers_the_previous_digest_and_the_lines_content(text):
    lines = gamelogs.parse(text)
    previous = hashlib.sha256(b"companion export chain v1").hexdigest()
    for line in lines[:-1]:
        content = json.dumps({k: v for k, v in line.items() if k != "digest"}, sort_keys=True, separators=(",", ":"))
        previous = hashlib.sha256(f"{previous}\n{content}".encode()).hexdigest()
        assert line["digest"] == previous
    assert lines[-1] == {"end": "companion-export", "format": 2, "count": 5, "digest": previous}  # issue 20
    export = parse_export(text.split("\n"), KINDS)
    assert export.digest == previous and len(export.records) == 5 and export.title == "Tally \u2028 night"


def test_whitespace_and_key_order_do_not_count(text):
    lines = gamelogs.parse(text)
    reformatted = [json.dumps(dict(reversed(list(line.items()))), indent=None, separators=(" ,  ", " : "))
                   for line in lines]
    assert parse_export(reformatted, KINDS).digest == parse_export(text.split("\n"), KINDS).digest


def test_every_one_character_change_is_refused_at_its_line_or_changes_nothing(text):
    """For each position of line 2 and a few replacement characters: either the line is refused (and
    no other line is blamed), or the change did not alter the parsed content (``: 0`` -> ``:-0``)."""
    rows = text.split("\n")
    original = json.loads(rows[1])
    for at in range(len(rows[1])):
        for char in ("X", "0", "9", "-", '"', "}", "\\", " "):
            if rows[1][at] == char:
                continue
            changed = rows[1][:at] + char + rows[1][at + 1:]
            try:
                parse_export([rows[0], changed, *rows[2:]], KINDS)
            except InputError as exc:
                assert exc.field.split(".")[0] == "line 2", (at, char, str(exc))
                continue
            assert json.loads(changed) == original, (at, char)


def test_swapping_two_lines_is_refused_at_the_first_one(text):
    rows = text.split("\n")
    refused_at([rows[0], rows[2], rows[1], *rows[3:]], 2)


@pytest.mark.parametrize("keep", range(0, 6))
def test_a_file_cut_short_anywhere_is_refused(text, keep):
    rows = text.split("\n")[:keep]  # the closing line (6th) is always gone
    if keep == 0:
        refused_at(rows, "file")
    else:
        assert "missing" in refused_at(rows, keep + 1)


def test_a_closing_line_that_does_not_match_is_refused(text):
    lines = gamelogs.parse(text)
    short = [*lines[:3], chain.closing(3, lines[-1]["digest"])]
    assert "check digest does not match" in refused_at([json.dumps(v) for v in short], 4)
    assert "removed or added" in refused_at([json.dumps(v) for v in [*lines[:-1], {**lines[-1], "count": 6}]], 6)
    assert "after the closing line" in refused_at([json.dumps(v) for v in [*lines, lines[0]]], 7)


def test_relabelling_the_kind_is_refused_at_line_1(text):
    lines = gamelogs.parse(text)
    relabelled = [json.dumps({**v, "game": "test-other"} if "game" in v else v) for v in lines]
    refused_at(relabelled, 1)


def test_an_export_made_before_the_chain_is_refused_with_a_clear_message(text):
    legacy = [json.dumps({k: v for k, v in line.items() if k != "digest"}) for line in gamelogs.parse(text)[:-1]]
    assert "older version" in refused_at(legacy, 1)


@pytest.mark.parametrize("field, value", [
    ("title", None), ("title", {"a": 1}), ("title", ["x"]), ("title", "Bad \ud800 title"), ("title", ""),
    ("seq", True), ("version", True), ("ts", "yesterday"), ("command_id", ""), ("payload", []),
])
def test_a_bad_value_behind_a_valid_chain_is_refused_naming_the_line(text, field, value):
    """Even with every digest recomputed (a forger who knows the format), values are still checked."""
    lines = gamelogs.parse(text)
    lines[-2] = {**lines[-2], field: value}
    rows = gamelogs.dump(gamelogs.rechain(lines)).decode().split("\n")
    refused_at(rows, 5)
