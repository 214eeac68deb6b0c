"""An export made before the app confirmed guards-only locations by itself still imports (issue 23).

``tests/data/solo-export-2e9f92b.jsonl.gz`` is a finished solo game (made-up cards, seed 7) exported
by the app at commit 2e9f92b: its ``game-started`` is version 1 and its log holds the table's
``collect`` at every location, where the guards alone had a reward too. Such a game is read with
``confirm_each_location`` (the rules the app applied then), so each command decided again makes the
very events recorded.
"""

from __future__ import annotations

import gzip
import io
import json
from pathlib import Path

from companion.core.events import decode
from companion.games.lockup.setup import setup_as_played
from companion.web import get_store

OLD_EXPORT = Path(__file__).resolve().parent.parent / "data" / "solo-export-2e9f92b.jsonl.gz"


def old_lines() -> list[dict]:
    return [json.loads(line) for line in gzip.decompress(OLD_EXPORT.read_bytes()).decode().splitlines()]


def test_the_file_is_what_it_says():
    lines = old_lines()
    assert lines[0]["type"] == "game-started" and lines[0]["version"] == 1
    assert "confirm_each_location" not in lines[0]["payload"]["options"]
    assert sum(1 for line in lines if (line.get("command") or {}).get("type") == "collect") > 10


def test_a_version_1_start_is_read_as_confirming_each_location():
    first = old_lines()[0]
    event = decode(first["type"], first["version"], first["payload"])
    assert event.options["confirm_each_location"] is True
    asked = {"options": {"ask_fixed_rewards": True}}  # issue 23: before version 4 every fixed reward was asked
    assert setup_as_played({"mode": "solo"}, "game-started", 1) == {"mode": "solo", "confirm_each_location": True,
                                                                     "confirm_choice_rewards": True, **asked}
    # issue 23: a version 2 game asked a seat with a choice reward to collect it first
    assert setup_as_played({"mode": "solo"}, "game-started", 2) == {"mode": "solo", "confirm_choice_rewards": True,
                                                                     **asked}
    assert setup_as_played({"mode": "solo"}, "game-started", 3) == {"mode": "solo", **asked}
    assert setup_as_played({"mode": "solo"}, "game-started", 4) == {"mode": "solo"}


def test_the_old_export_imports_and_ends_as_it_ended(app, client):
    data = gzip.decompress(OLD_EXPORT.read_bytes())
    answer = client.post("/games/import", data={"file": (io.BytesIO(data), "old.jsonl")},
                         content_type="multipart/form-data")
    assert answer.status_code == 303, answer.get_data(as_text=True)[:500]
    game_id = answer.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        assert len(get_store().events(game_id)) == len(old_lines()) - 1  # every event, no closing line
    assert client.get(f"/lockup/{game_id}/end").status_code == 200  # only a finished solo game has one
