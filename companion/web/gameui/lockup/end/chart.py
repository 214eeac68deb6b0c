"""Reputation over the six rounds (from the engine's reputation log) and its inline SVG geometry.

No Flask here: the numbers and coordinates are plain data; the template draws them. Each entry of
the reputation log carries the index of its event in the effective event list (``RepEntry.event``),
and the effective records say where each ``round-started`` falls, so every change gets its round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.lockup.model import GUARDS, ROUNDS

ROUND_STARTED = "round-started"
# Colour and dash per seat, so lines stay apart without colour vision too (guards: grey, dotted).
PALETTE = ("#0b5cad", "#b0400b", "#1d6b2c", "#7a2a8c", "#8a6d00")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2")
GUARDS_STYLE = ("#5b574e", "3 3")
# SVG user units; the chart scales to the card's width (about 330 px on a 360 px phone).
WIDTH, HEIGHT = 340, 220
LEFT, RIGHT, TOP, BOTTOM = 36, 14, 12, 30


def round_of_events(records: Sequence[Any]) -> list[int]:
    """The round of each effective record (round 1 until the first ``round-started``)."""
    rounds, current = [], 1
    for record in records:
        if record.type == ROUND_STARTED:
            current = int(record.payload.get("round", current + 1))
        rounds.append(current)
    return rounds


def reputation_by_round(seating: Sequence[str], track: dict[str, int], log: Sequence[dict],
                        rounds: Sequence[int]) -> dict[str, list[int]]:
    """Each seat's reputation track at the end of rounds 1..6.

    ``track`` is the final track value (after the final raid); ``log`` the engine's reputation log
    (lines with ``event`` None are final scoring, not track moves, and are left out). The start
    value is what the track ends on minus every change, so no setup detail is needed.
    """
    moves = [e for e in log if e["event"] is not None]
    points = {}
    for seat in seating:
        mine = [e for e in moves if e["seat"] == seat]
        value = track[seat] - sum(e["delta"] for e in mine)
        per_round = [0] * (ROUNDS + 1)
        for e in mine:
            per_round[_round(rounds, e["event"])] += e["delta"]
        series = []
        for r in range(1, ROUNDS + 1):
            value += per_round[r]
            series.append(value)
        points[seat] = series
    return points


def _round(rounds: Sequence[int], index: int) -> int:
    # A change logged after the last round (there is none today) still lands on round 6.
    return min(rounds[index] if 0 <= index < len(rounds) else ROUNDS, ROUNDS)


@dataclass(frozen=True)
class Series:
    """One seat's line: colour, dash, and points as (round, value, x, y)."""

    seat: str
    colour: str
    dash: str
    points: tuple[tuple[int, int, float, float], ...]

    @property
    def path(self) -> str:
        """The polyline's ``points`` attribute."""
        return " ".join(f"{x:.1f},{y:.1f}" for _r, _v, x, y in self.points)


def _scale_top(highest: int) -> tuple[int, int]:
    """A round top of the y axis and the tick step (5 or 10 per tick, at most about 6 ticks)."""
    step = 5 if highest <= 30 else 10 if highest <= 60 else 20
    top = max(step * 2, -(-highest // step) * step)
    return top, step


def geometry(points: dict[str, list[int]]) -> dict:
    """Coordinates of the chart: one series per seat, the axes' ticks and the frame."""
    highest = max((v for series in points.values() for v in series), default=0)
    top, step = _scale_top(highest)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(r: int) -> float:
        return LEFT + (r - 1) * plot_w / (ROUNDS - 1)

    def y(v: int) -> float:
        return TOP + plot_h * (1 - v / top)

    series = []
    for i, (seat, values) in enumerate(points.items()):
        colour, dash = GUARDS_STYLE if seat == GUARDS else (PALETTE[i % 5], DASHES[i % 5])
        pts = tuple((r, v, x(r), y(v)) for r, v in enumerate(values, start=1))
        series.append(Series(seat, colour, dash, pts))
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
        "bottom": HEIGHT - BOTTOM, "series": series,
        "xticks": [(r, x(r)) for r in range(1, ROUNDS + 1)],
        "yticks": [(v, y(v)) for v in range(0, top + 1, step)],
    }
