"""The records' charts as inline SVG geometry: horizontal bars (one row per label, readable on a
360 px phone: the label above its bar, the value after it) and the solo reputation curve (the
end screen's own chart, :mod:`companion.web.gameui.lockup.end.chart`, with two lines).

No Flask here: numbers and coordinates are plain data; the templates draw them and give each
chart its table as the text alternative.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.web.gameui.lockup.end.chart import geometry

WIDTH = 340  # SVG user units: the chart scales to the card's width (about 330 px on a 360 px phone)
ROW, BAR, LABEL_GAP = 38, 16, 16  # each row: a label line, then the bar
RIGHT_ROOM = 54  # room after the longest bar for its value


@dataclass(frozen=True)
class Bar:
    """One bar: its label, the value, its text (``3/5``, ``60 %``), the link to its games and geometry."""

    label: str
    value: float
    text: str
    href: str | None
    y: float
    width: float
    part: float  # a darker share of the bar (wins of games): 0 when none


def bars(rows: Sequence[tuple[str, float, str, str | None, float]]) -> dict:
    """Bars for ``(label, value, text, href, part)`` rows, scaled to the largest value."""
    top = max((r[1] for r in rows), default=0) or 1
    room = WIDTH - RIGHT_ROOM
    out = [Bar(label, value, text, href, i * ROW, room * value / top, room * part / top)
           for i, (label, value, text, href, part) in enumerate(rows)]
    return {"width": WIDTH, "height": max(len(out) * ROW, ROW), "bars": out, "label_gap": LABEL_GAP,
            "bar": BAR, "room": room}


def curve(chosen: Sequence[int], average: Sequence[float] | None, chosen_name: str, average_name: str) -> dict:
    """The reputation of a chosen solo game beside the average, as the end screen draws it."""
    points: dict[str, list] = {chosen_name: list(chosen)}
    if average:
        points[average_name] = [round(v) for v in average]  # the axis counts whole points; the table keeps tenths
    return geometry(points)
