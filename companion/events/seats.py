"""Who holds which seat of a game, who created it, and who asks to take a seat back.

A mixin of :class:`companion.events.store.EventStore` (same connection, same transactions). These
are not game events: a seat claim says which browser (a random device id kept in its session
cookie) plays for a seat, and the table's game is the same whoever holds the phones. Kept in the
database so that claims survive a restart of the server.

One device per seat and one seat per device, enforced by the schema (migration 4).
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any


class SeatTaken(Exception):
    """The seat is held by another device, or this device already holds another seat."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SeatsMixin:
    """Seat claims, rejoin requests and the host credential of each game."""

    def record_host(self, game_id: str, device_id: str) -> None:
        """Remember the device that created the game (the first one recorded stays)."""
        with self.transaction():
            self.db.execute("INSERT OR IGNORE INTO game_hosts (game_id, device_id, created_at) VALUES (?, ?, ?)",
                            [game_id, device_id, _now()])

    def host_device(self, game_id: str) -> str | None:
        """The device id that created the game, if one was recorded."""
        row = self.db.execute("SELECT device_id FROM game_hosts WHERE game_id = ?", [game_id]).fetchone()
        return row[0] if row else None

    def seat_holders(self, game_id: str) -> dict[str, dict[str, Any]]:
        """``{seat: {"device_id", "claimed_at"}}`` of the seats held in the game."""
        rows = self.db.execute("SELECT seat, device_id, claimed_at FROM seats WHERE game_id = ?", [game_id])
        return {r[0]: {"device_id": r[1], "claimed_at": r[2]} for r in rows.fetchall()}

    def seat_table(self, game_id: str, device_id: str | None = None) -> dict[str, Any]:
        """``{"holders": seat_holders(…), "requests": seat_requests(…), "own_label": …}`` in one read
        (every page of a game shows them), each with the ``label`` its device gave itself (or None);
        ``own_label``: the name ``device_id`` gave itself (the device asking), if any."""
        # The names the devices gave themselves come in the same read (the poll asks every second).
        rows = self.db.execute(
            "SELECT 0, seat, device_id, claimed_at, label FROM seats LEFT JOIN device_labels USING (device_id)"
            " WHERE game_id = ? UNION ALL SELECT 1, seat, device_id, requested_at, label FROM seat_requests"
            " LEFT JOIN device_labels USING (device_id) WHERE game_id = ?"
            " UNION ALL SELECT 2, NULL, device_id, NULL, label FROM device_labels WHERE device_id = ?"
            " ORDER BY 1, 4, 3", [game_id, game_id, device_id]).fetchall()
        return {"holders": {r[1]: {"device_id": r[2], "claimed_at": r[3], "label": r[4]} for r in rows if r[0] == 0},
                "requests": [{"device_id": r[2], "seat": r[1], "requested_at": r[3], "label": r[4]}
                             for r in rows if r[0] == 1],
                "own_label": next((r[4] for r in rows if r[0] == 2), None)}

    def label_device(self, device_id: str, label: str) -> None:
        """Name a device (an empty ``label`` forgets its name)."""
        with self.transaction():
            if label:
                self.db.execute("INSERT INTO device_labels (device_id, label, updated_at) VALUES (?, ?, ?)"
                                " ON CONFLICT (device_id) DO UPDATE SET label = excluded.label,"
                                " updated_at = excluded.updated_at", [device_id, label, _now()])
            else:
                self.db.execute("DELETE FROM device_labels WHERE device_id = ?", [device_id])

    def seat_of(self, game_id: str, device_id: str) -> str | None:
        """The seat this device holds in the game, if any."""
        row = self.db.execute("SELECT seat FROM seats WHERE game_id = ? AND device_id = ?",
                              [game_id, device_id]).fetchone()
        return row[0] if row else None

    def claim_seat(self, game_id: str, seat: str, device_id: str) -> None:
        """Give a free seat to a device that holds none (:class:`SeatTaken` otherwise)."""
        try:
            with self.transaction():
                self.db.execute("INSERT INTO seats (game_id, seat, device_id, claimed_at) VALUES (?, ?, ?, ?)",
                                [game_id, seat, device_id, _now()])
                self.db.execute("DELETE FROM seat_requests WHERE game_id = ? AND device_id = ?", [game_id, device_id])
        except sqlite3.IntegrityError as exc:
            raise SeatTaken(seat) from exc

    def release_seat(self, game_id: str, seat: str) -> None:
        """Free a seat (nothing happens when it is free already)."""
        with self.transaction():
            self.db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", [game_id, seat])

    def give_seat(self, game_id: str, seat: str, device_id: str) -> None:
        """Give ``seat`` to ``device_id`` whoever held it (the host's approval of a rejoin request):
        the device leaves any other seat it held and its request is settled."""
        with self.transaction():
            self.db.execute("DELETE FROM seats WHERE game_id = ? AND (seat = ? OR device_id = ?)",
                            [game_id, seat, device_id])
            self.db.execute("INSERT INTO seats (game_id, seat, device_id, claimed_at) VALUES (?, ?, ?, ?)",
                            [game_id, seat, device_id, _now()])
            self.db.execute("DELETE FROM seat_requests WHERE game_id = ? AND device_id = ?", [game_id, device_id])

    def move_seat(self, game_id: str, seat: str, to_seat: str) -> None:
        """The device holding ``seat`` holds the free ``to_seat`` instead (:class:`SeatTaken`)."""
        try:
            with self.transaction():
                changed = self.db.execute("UPDATE seats SET seat = ?, claimed_at = ? WHERE game_id = ? AND seat = ?",
                                          [to_seat, _now(), game_id, seat]).rowcount
        except sqlite3.IntegrityError as exc:
            raise SeatTaken(to_seat) from exc
        if not changed:
            raise SeatTaken(seat)

    def request_seat(self, game_id: str, seat: str, device_id: str) -> None:
        """Ask the host for a held seat ("this is my seat": a new phone). At most one request per
        device and one per seat: a new one replaces the old, so however many phones ask, the
        host's list (and every phone's poll) stays as short as the table."""
        with self.transaction():
            self.db.execute("DELETE FROM seat_requests WHERE game_id = ? AND seat = ? AND device_id != ?",
                            [game_id, seat, device_id])
            self.db.execute(
                "INSERT INTO seat_requests (game_id, device_id, seat, requested_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, device_id) DO UPDATE SET seat = excluded.seat,"
                " requested_at = excluded.requested_at", [game_id, device_id, seat, _now()])

    def seat_requests(self, game_id: str) -> list[dict[str, Any]]:
        """Pending rejoin requests, oldest first: ``{"device_id", "seat", "requested_at"}``."""
        rows = self.db.execute("SELECT device_id, seat, requested_at FROM seat_requests WHERE game_id = ?"
                               " ORDER BY requested_at, device_id", [game_id]).fetchall()
        return [{"device_id": r[0], "seat": r[1], "requested_at": r[2]} for r in rows]

    def drop_request(self, game_id: str, device_id: str) -> None:
        """Refuse (or withdraw) a device's rejoin request."""
        with self.transaction():
            self.db.execute("DELETE FROM seat_requests WHERE game_id = ? AND device_id = ?", [game_id, device_id])
