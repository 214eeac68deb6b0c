"""Every JSON import of the web app reads through the safe reader (issue 10): nesting 1,000 deep,
integers of thousands of digits, lone surrogates and NaN answer 4xx with a message naming the
field, never a 500, and change nothing. The box profile and catalog here are made up."""

from __future__ import annotations

import html
import io
import json

import pytest
import support

from companion.web import get_store

DEEP = "[" * 1000 + "]" * 1000
HUGE = "7" * 5000
MADE_UP_PROFILE = support.made_up_profile()


def page(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def stored(app, key: str):
    with app.app_context():
        return get_store().get_setting(key)


def _refused_by_name(app, client, setting: str, url: str, text: str, message: str) -> None:
    """Posting ``text`` to the import at ``url`` is refused (422) naming ``message``; ``setting`` unchanged."""
    before = stored(app, setting)
    response = client.post(url, data={"text": text})
    assert response.status_code == 422
    assert message in page(response)
    assert stored(app, setting) == before


@pytest.mark.parametrize(("text", "message"), [
    (DEEP, "Document: is nested more than 64 levels deep"),
    (json.dumps(MADE_UP_PROFILE).replace("[1, 2, 3, 4]", f"[1, 2, 3, {HUGE}]"),
     "Crew tile 4: is an integer of more than 20 digits"),
    (json.dumps(MADE_UP_PROFILE).replace('"power"', '"\\ud800"'),
     r"Blue guard card 3: has a lone surrogate \ud800"),
    (json.dumps(MADE_UP_PROFILE).replace("[1, 2, 3, 4]", "[1, 2, 3, NaN]"), "Crew tile 4: NaN is not a JSON number"),
])
def test_a_hostile_box_profile_import_is_refused_by_name(app, client, text, message):
    _refused_by_name(app, client, "lockup-box-profile", "/lockup/box-profile/import", text, message)


@pytest.mark.parametrize(("text", "message"), [
    ('{"items": ' + DEEP + "}", "File or text: is nested more than 64 levels deep"),
    ('{"items": [{"name": "Made-up Shiv", "cost": {}, "reputation": ' + HUGE + ', "treasures": []}]}',
     "Item 1: reputation is an integer of more than 20 digits"),
    ('{"items": [{"name": "Made-up \\udc00", "cost": {}, "reputation": 1, "treasures": []}]}',
     r"Item 1, name: has a lone surrogate \udc00"),
    ('{"items": [], "items": []}', "Items: is given twice in the same object"),
])
def test_a_hostile_catalog_import_is_refused_by_name(app, client, text, message):
    _refused_by_name(app, client, "lockup-catalog", "/lockup/catalog/import", text, message)


def _line(**fields) -> str:
    record = {"game": "test-tally", "title": "Made-up", "seq": 1, "type": "test-tally-started", "version": 1,
              "payload": {"players": ["Ana"]}, "ts": "2026-01-01T00:00:00Z", "command_id": "c1", **fields}
    return json.dumps(record)


@pytest.mark.parametrize(("line", "message"), [
    (_line().replace('["Ana"]', DEEP), "line 1: is nested more than 64 levels deep"),
    (_line().replace('"seq": 1', f'"seq": {HUGE}'), "line 1.seq: is an integer of more than 20 digits"),
    (_line(title="Made-up \ud800"), r"line 1.title: has a lone surrogate \ud800"),
    (_line().replace('"version": 1', '"version": Infinity'), "line 1.version: Infinity is not a JSON number"),
])
def test_a_hostile_game_import_is_refused_by_name_and_writes_nothing(app, client, line, message):
    with app.app_context():
        before = len(get_store().games())
    upload = (io.BytesIO(line.encode() + b"\n"), "made-up.jsonl")
    response = client.post("/games/import", data={"file": upload}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert message in page(response)
    with app.app_context():
        assert len(get_store().games()) == before
