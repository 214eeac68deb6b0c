"""What one step through the forms reads and writes (issues 11 and 21): on the request's connection
(the one writer of the process, so the read under the write lock and the write itself are counted
too), the log once (under the write lock, from the cached fold's last seq: the new records are the
store's own, never read back), the game row once, the seats once, the idempotency key never (the
``commands`` PRIMARY KEY guards it), at most 10 statements whatever the length of the game (BEGIN,
the log, the command row, the events, the game row's seq and status, a typed card's catalog read and
write, COMMIT). Counted with SQLite's own trace (one executemany of the new events is one statement,
traced once per event, counted once)."""

from __future__ import annotations

from collections import Counter

import support
from support.htmx import drawn as drawn_with

from companion.web import get_store
from companion.web.gameui.lockup.formdriver import random_game

HX = {"HX-Request": "true"}
KINDS = {
    "log": "SELECT game_id, seq, type, version, payload, ts, command_id FROM events",
    "game row": "SELECT * FROM games",
    "seats": "SELECT 0, seat, device_id",
    "key": "SELECT game_id, request_hash",
    "catalog": "SELECT value FROM settings",
}


def test_a_step_reads_the_log_once_and_makes_at_most_ten_statements(app, client):
    support.store_profile(app)
    fields, steps, _final = random_game(11, 3)
    answer = client.post("/lockup/new/start", data=fields)
    game_id = answer.headers["Location"].rsplit("/", 1)[-1]
    sent, statements = drawn_with(client.get(f"/games/{game_id}", headers=HX).get_data(as_text=True)), []
    with app.app_context():
        get_store().db.conn.set_trace_callback(statements.append)  # this thread's connection serves the client
    per_step = []
    for index, step in enumerate(steps[:120]):
        statements.clear()
        answer = client.post(f"/lockup/{game_id}/do/{step.action}", data={**step.form, **sent, "key": f"k{index}"},
                             headers=HX)
        assert answer.status_code == 200, answer.get_data(as_text=True)[:500]
        sent = drawn_with(answer.get_data(as_text=True))
        counts = Counter(kind for s in statements for kind, head in KINDS.items() if s.startswith(head))
        inserted = sum(s.startswith("INSERT INTO events") for s in statements)
        per_step.append((counts, len(statements) - inserted + 1))
    for counts, total in per_step:
        assert counts["log"] == 1 and counts["game row"] == 1, counts  # under the lock; the row at the start
        assert counts["seats"] == 1 and counts["key"] == 0 and counts["catalog"] <= 1, counts
        assert total <= 10, total  # with BEGIN, the inserts, COMMIT; a typed card: the catalog
    assert len(per_step) == 120
