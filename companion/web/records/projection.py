"""The records projection (issue 24): one row per finished game in ``record_plays``, written in
the transaction of the events that finish (or un-finish) it, and caught up from the log when
missing (a database from before the records, an imported game, a crash of an older version).

Plays with no event log (scored on paper, imported from another host's records file) are device
records kept in the ``records-entered`` setting; the host's merges of two spellings of a name
(``records-aliases``) and plays taken out of the records (``records-hidden``) too. None of these
ever changes a game's events.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from companion.core import history
from companion.core.events import decode
from companion.events import EventStore
from companion.web.registry import recorded_kinds, ui_for

ENTERED, HIDDEN, ALIASES = "records-entered", "records-hidden", "records-aliases"
TABLE = "record_plays"


def ensure_table(store: EventStore) -> None:
    """The projection's table (schema step ``_v6_records`` makes it; an older file gets it here)."""
    store.db.execute(CREATE)


CREATE = (f"CREATE TABLE IF NOT EXISTS {TABLE} (game_id TEXT PRIMARY KEY, kind TEXT NOT NULL, ended TEXT NOT NULL,"
          " players INTEGER NOT NULL, doc TEXT NOT NULL)")


def project(store: EventStore, game: dict, state: Any) -> None:
    """Write the play of a game that ``state`` finishes, or drop it when an undo reopened the game.

    Runs inside the command's transaction (``companion.web.play``); ``game`` is the row as it was
    before the command, so a game still in progress costs no write at all.
    """
    ui = ui_for(game["kind"])
    if ui is None or ui.record_play is None:
        return
    if not ui.finished(state):
        if game.get("status") == "finished":
            store.db.execute(f"DELETE FROM {TABLE} WHERE game_id = ?", [game["id"]])
        return
    records = history.effective(store.events(game["id"]))
    _write(store, ui.record_play({**game, **store.game(game["id"])}, state, records))


def _write(store: EventStore, play: dict | None) -> None:
    if play is None:
        return
    store.db.execute(f"INSERT OR REPLACE INTO {TABLE} (game_id, kind, ended, players, doc) VALUES (?, ?, ?, ?, ?)",
                     [play["game_id"], play["kind"], play["ended"], len(play["players"]),
                      json.dumps(play, ensure_ascii=False, sort_keys=True)])


def from_log(store: EventStore, game: dict) -> dict | None:
    """The play of a stored game, folded from its log (``None`` while it is not finished)."""
    ui = ui_for(game["kind"])
    if ui is None or ui.record_play is None:
        return None
    records = history.effective(store.events(game["id"]))
    state = ui.definition.fold(decode(r.type, r.version, r.payload) for r in records)
    return ui.record_play(game, state, records) if ui.finished(state) else None


def _finished_ids(store: EventStore) -> set[str]:
    kinds = list(recorded_kinds())
    marks = ", ".join("?" for _ in kinds)
    rows = store.db.execute(f"SELECT id FROM games WHERE status = 'finished' AND kind IN ({marks})",
                            kinds).fetchall()
    return {r[0] for r in rows}


def catch_up(store: EventStore) -> int:
    """Project every finished game the table lacks and drop rows of games no longer finished;
    the number of plays written or dropped (0: nothing to do, and nothing was written)."""
    ensure_table(store)
    have = {r[0] for r in store.db.execute(f"SELECT game_id FROM {TABLE}").fetchall()}
    finished = _finished_ids(store)
    if have == finished:
        return 0
    with store.transaction():
        for game_id in have - finished:
            store.db.execute(f"DELETE FROM {TABLE} WHERE game_id = ?", [game_id])
        for game_id in finished - have:
            _write(store, from_log(store, store.game(game_id)))
    return len(have ^ finished)


def rebuild(store: EventStore) -> None:
    """Drop the whole projection and fold it again from the log."""
    ensure_table(store)
    with store.transaction():
        store.db.execute(f"DELETE FROM {TABLE}")
    catch_up(store)


def projected(store: EventStore) -> list[dict]:
    """Every projected play (app games only), oldest first."""
    rows = store.db.execute(f"SELECT doc FROM {TABLE} ORDER BY ended, game_id").fetchall()
    return [json.loads(r[0]) for r in rows]


def entered(store: EventStore) -> dict[str, dict]:
    """The plays entered by hand or imported, by id."""
    return store.get_setting(ENTERED) or {}


def aliases(store: EventStore) -> dict[str, str]:
    """The host's merges: a name key to the key it counts under."""
    return store.get_setting(ALIASES) or {}


def hidden(store: EventStore) -> set[str]:
    """The ids of the plays the host took out of the records."""
    return set(store.get_setting(HIDDEN) or [])


def plays(store: EventStore, kind: str) -> list[dict]:
    """Every play of a records page (``lockup``, ``rattus-cartus``, ``ragami``): projected and
    entered, less the hidden ones, oldest first."""
    gone = hidden(store)
    found = [p for p in [*projected(store), *entered(store).values()] if p["kind"] == kind and p["game_id"] not in gone]
    return sorted(found, key=lambda p: (p["ended"], p["game_id"]))


def taken_out(store: EventStore, kind: str) -> list[dict]:
    """The plays of a records page the host took out (they can be put back), newest first."""
    gone = hidden(store)
    found = [p for p in [*projected(store), *entered(store).values()] if p["kind"] == kind and p["game_id"] in gone]
    return sorted(found, key=lambda p: (p["ended"], p["game_id"]), reverse=True)


def known_ids(store: EventStore) -> set[str]:
    """Every play id the records hold or held (hidden ones too): an import never adds them again."""
    rows = store.db.execute(f"SELECT game_id FROM {TABLE}").fetchall()
    return {r[0] for r in rows} | set(entered(store)) | hidden(store) | {g["id"] for g in store.games()}


def add_entered(store: EventStore, new: Iterable[dict]) -> int:
    """Keep plays entered by hand or imported; those whose id the records already know are skipped
    (the same game id is the same play). Returns how many were added."""
    added = []

    def change(current: dict | None) -> dict:
        current = dict(current or {})
        known = known_ids(store) | set(current)
        for play in new:
            if play["game_id"] not in known:
                current[play["game_id"]] = play
                known.add(play["game_id"])
                added.append(play["game_id"])
        return current

    store.update_setting(ENTERED, change)
    return len(added)
