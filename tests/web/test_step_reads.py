"""What one step through the forms reads (issue 11): on the request's connection (the one writer of
the process, issue 21, so the read under the write lock and the write itself are counted too), the log
three times (the early stale check, whose read the decision and the view reuse; the records after it
under the write lock; the new records after the write), the game row twice, the seats once, whatever
the length of the game. Counted with SQLite's own trace (one executemany of the new events is one
statement, traced once per event)."""

from __future__ import annotations

from collections import Counter

import support
from web.test_answer_size import drawn_with

from companion.web import get_store
from companion.web.gameui.lockup.formdriver import random_game

HX = {"HX-Request": "true"}
KINDS = {
    "log": "SELECT game_id, seq, type, version, payload, ts, command_id FROM events",
    "game row": "SELECT * FROM games",
    "seats": "SELECT seat, device_id",
    "seat requests": "SELECT device_id, seat",
}


def test_a_step_reads_the_log_three_times_and_the_seats_once_early_or_late(app, client):
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
        assert counts["log"] == 3 and counts["game row"] == 2, counts  # early, under the lock, after the write
        assert counts["seats"] == counts["seat requests"] == 1, counts
        assert total <= 40, total  # with BEGIN, the inserts, COMMIT; a typed card: the catalog
    assert len(per_step) == 120
