"""Export and import of a whole finished Lockup game between two instance folders (issue 10, items
1, 2 and 7): verified by the hash chain, replayed, written whole, status and times kept, the same
file twice gives one game, and every way of tampering with the file is refused naming the line.

The game is a random legal one with made-up cards (``support.gamelogs``), not real cards."""

from __future__ import annotations

import json
import re

import pytest
from support import gamelogs, games_of
from support.gamelogs import import_error as error_of
from support.gamelogs import import_file as upload

from companion import create_app
from companion.events import chain
from companion.web import get_store
from companion.web.gameui.lockup.end.bgstats import GAME_ENDED


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> tuple[dict, bytes]:
    """A finished 3-player Lockup game recorded on one device: its row and its export."""
    source = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path_factory.mktemp("source"))})
    with source.app_context():
        game = gamelogs.record_lockup_game(get_store(), seed=3, players=3)
    response = source.test_client().get(f"/games/{game['id']}/export.jsonl")
    assert response.status_code == 200 and game["status"] == "finished"
    return game, response.data



def imported_id(response) -> str:
    assert response.status_code == 303, error_of(response)
    return response.headers["Location"].rsplit("/", 1)[1]


# --- a faithful file ---------------------------------------------------------------------------


def test_an_imported_finished_game_stays_finished_and_exports_again_the_same_but_signed_anew(exported, device):
    game, data = exported
    new_id = imported_id(upload(device, data))
    client = device.test_client()
    assert games_of(device)[0]["status"] == "finished"
    home = client.get("/").get_data(as_text=True)
    assert game["title"] in home.split('id="finished"')[1] and game["title"] not in home.split('id="finished"')[0]
    again = client.get(f"/games/{new_id}/export.jsonl")
    assert again.status_code == 200
    rows, rows_again = data.decode().split("\n"), again.get_data(as_text=True).split("\n")
    assert rows[:-2] == rows_again[:-2], "same events, same commands, same times, same command ids"
    closing, closing_again = json.loads(rows[-2]), json.loads(rows_again[-2])
    # Format 2 (issue 20): each device signs its exports with its own secret; the rest is the same.
    assert closing.pop("signature") != closing_again.pop("signature")
    assert closing == closing_again
    assert client.get(f"/games/{new_id}").status_code == 200


def test_original_event_times_are_kept_and_bg_stats_uses_the_real_play_date(exported, device):
    _, data = exported
    lines = gamelogs.parse(data.decode())
    new_id = imported_id(upload(device, data))
    with device.app_context():
        stored = get_store().events(new_id)
    assert [e.ts for e in stored] == [line["ts"] for line in lines[:-1]]
    ended = next(line["ts"] for line in reversed(lines[:-1]) if line["type"] == GAME_ENDED)
    bgstats = json.loads(device.test_client().get(f"/lockup/{new_id}/end/bgstats.json").data)
    assert bgstats["playDate"] == ended[:19].replace("T", " ")


def test_the_same_file_imported_twice_gives_the_first_game_back(exported, device):
    _, data = exported
    first = imported_id(upload(device, data))
    assert imported_id(upload(device, data)) == first
    assert len(games_of(device)) == 1


# --- tampering: every way is refused, naming the line, writing nothing --------------------------


def _score_edited(lines: list[dict]) -> list[dict]:
    ended = next(i for i, line in enumerate(lines) if line.get("type") == GAME_ENDED)
    text = json.dumps(lines[ended]["payload"])
    number = re.search(r'"total": (\d+)', text) or re.search(r": (\d+)", text)
    edited = text[: number.start(1)] + str(int(number.group(1)) + 5) + text[number.end(1):]
    return [*lines[:ended], {**lines[ended], "payload": json.loads(edited)}, *lines[ended + 1:]]


def _one_character(data: bytes) -> bytes:
    text = data.decode()
    at = text.index('"Test Item ') + len('"Test Item ')  # inside a made-up card's name
    return (text[:at] + ("X" if text[at] != "X" else "Y") + text[at + 1:]).encode()


TAMPERINGS = {
    "edit the game-ended score": lambda lines: gamelogs.dump(_score_edited(lines)),
    "relabel the 3-player log as solo": lambda lines: gamelogs.dump(
        [{**line, "game": "lockup-solo"} if "game" in line else line for line in lines]),
    "swap two lines": lambda lines: gamelogs.dump([*lines[:10], lines[11], lines[10], *lines[12:]]),
    "drop the last 40 lines": lambda lines: gamelogs.dump(lines[:-40]),
    "drop the closing line": lambda lines: gamelogs.dump(lines[:-1]),
    "drop a line in the middle": lambda lines: gamelogs.dump([*lines[:20], *lines[21:]]),
    "add a line after the closing line": lambda lines: gamelogs.dump([*lines, lines[5]]),
    "change the closing count": lambda lines: gamelogs.dump([*lines[:-1], {**lines[-1], "count": len(lines)}]),
    "strip the digests (an export of an older version)": lambda lines: gamelogs.dump(
        [{k: v for k, v in line.items() if k != chain.DIGEST} for line in lines[:-1]]),
}


@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_tampered_file_is_refused_naming_the_line(exported, device, how):
    _, data = exported
    response = upload(device, TAMPERINGS[how](gamelogs.parse(data.decode())))
    assert response.status_code == 400
    assert re.search(r"File: line \d+", error_of(response)), error_of(response)
    assert games_of(device) == []


def test_one_changed_character_is_refused_at_its_line(exported, device):
    _, data = exported
    tampered = _one_character(data)
    line = next(n for n, (a, b) in enumerate(zip(data.split(b"\n"), tampered.split(b"\n"), strict=True), 1) if a != b)
    response = upload(device, tampered)
    assert response.status_code == 400 and error_of(response).startswith(f"File: line {line}: ")
    assert games_of(device) == []


def test_where_each_tampering_is_caught(exported, device):
    _, data = exported
    lines = gamelogs.parse(data.decode())
    count = len(lines) - 1
    expect = {
        "swap two lines": "line 11: ",
        "drop the last 40 lines": f"line {count - 38}: missing",
        "drop the closing line": f"line {count + 1}: missing",
        "strip the digests (an export of an older version)": "line 1: has no check digest",
    }
    for how, start in expect.items():
        assert error_of(upload(device, TAMPERINGS[how](lines))).startswith(f"File: {start}"), how


def test_a_bad_value_on_the_last_line_writes_nothing(exported, device):
    """A lone surrogate (``\\ud800``) in a name on the last event, the chain recomputed so that only
    the value is wrong: refused whole, naming the line."""
    _, data = exported
    lines = gamelogs.parse(data.decode())
    lines[-2] = {**lines[-2], "payload": _spoil_first_text(lines[-2]["payload"])}
    response = upload(device, gamelogs.dump(gamelogs.rechain(lines)))
    assert response.status_code == 400 and f"line {len(lines) - 1}" in error_of(response), error_of(response)
    assert games_of(device) == []


def _spoil_first_text(value):
    """``value`` with its first text (depth first) turned into a made-up name holding a lone surrogate."""
    done = []

    def walk(v):
        if isinstance(v, str) and not done:
            done.append(v)
            return "Made-up \ud800 name"
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return [walk(x) for x in v] if isinstance(v, list) else v

    spoiled = walk(value)
    assert done, "the last event has a name to spoil"
    return spoiled


def test_a_rechained_log_that_the_rules_cannot_replay_is_refused(exported, device):
    """A forger who recomputes the chain still has to get past the replay: a log without its first
    event (the game's start) does not fold, and writes nothing."""
    _, data = exported
    lines = gamelogs.parse(data.decode())
    forged = gamelogs.rechain([{**line, "seq": line["seq"] - 1} for line in lines[1:-1]])
    response = upload(device, gamelogs.dump(forged))
    assert response.status_code == 400 and error_of(response).startswith("File: "), error_of(response)
    assert games_of(device) == []


# --- a game with no events (left by an older version) -------------------------------------------


def test_a_game_without_events_says_so_instead_of_failing(app, client):
    with app.app_context():
        empty = get_store().create_game("test-tally", "Interrupted import")  # what an old crash left
    for path in ("", "/history", "/export.jsonl"):
        response = client.get(f"/games/{empty['id']}{path}")
        assert response.status_code == 409, path
        assert "no recorded events" in response.get_data(as_text=True)
    assert client.get("/").status_code == 200


def test_a_title_with_a_line_separator_and_a_byte_order_mark_survive_the_trip(app, client, device):
    """U+2028 is not a line break of the file (only \\n is), and a BOM an editor added is not content.
    Uses the made-up test game Tally. The device holding the game is given its own game back (issue 23)."""
    from companion.web import play

    with app.app_context():
        game_id = play.start("test-tally", {"players": ["Ana"]}, "Tally \u2028 night", "k-sep")
    data = client.get(f"/games/{game_id}/export.jsonl").data
    assert imported_id(upload(app, "\ufeff".encode() + data)) == game_id, "no second copy on its own device"
    copy = imported_id(upload(device, "\ufeff".encode() + data))
    assert imported_id(upload(device, data)) == copy, "the same file again gives that copy back"
    with device.app_context():
        assert get_store().game(copy)["title"] == "Tally \u2028 night"
