"""The history page of a recorded game: each command as one line in words under the heading of
the round (and phase) it was played in, undone commands marked, every undo or redo naming what it
undid or redid.

Each game tells its own history through its registered ``GameUI.history`` (Rattus Cartus and
Ragami: a :class:`Book` in their UI packages' ``history`` modules; Lockup keeps its own module).
A game without one, or an event a book does not know, gets a neutral sentence (:func:`fallback`):
an event's type name never reaches the page.

The page is paged by round (:func:`pages`): whole rounds per page up to :data:`PAGE_ITEMS` lines,
a longer round over several pages, so no page grows with the game's length (a 6,637-event game
once made one page of 2.9 MB). Pages are plain links: no script needed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from companion.core import history as core_history
from companion.core.events import Event, decode
from companion.web.registry import ui_for

MARKERS = (core_history.UNDO, core_history.REDO)


@dataclass(frozen=True)
class Book:
    """How one game tells its history.

    ``describe(events)``: a command's events -> its sentences, each with its rule id;
    ``heading(state, events)``: the section of a command, from the game state before it (the
    fold of the commands in effect recorded before it); ``evolve``: the game's fold."""

    describe: Callable[[list[Event]], list[str]]
    heading: Callable[[Any, list[Event]], str]
    evolve: Callable[[Any, Event], Any]
    # The round a command was played in, from the state before it (0: setting up; None: a game
    # without rounds, paged by number only).
    round_of: Callable[[Any], int | None] = lambda _state: None


def fallback(_event: Event | None = None) -> str:
    """The neutral line of an event no book describes."""
    return _("A change was recorded")


class Sentences(dict):
    """A game's sentence table (event type -> the sentence of such an event), filled by decorating
    each sentence with ``@SENTENCES.of(EventClass)``."""

    def of(self, event_class: type[Event]) -> Callable[[Callable[[Any], str]], Callable[[Any], str]]:
        """Decorator: the decorated function is the sentence of ``event_class``'s events."""
        def add(sentence: Callable[[Any], str]) -> Callable[[Any], str]:
            self[event_class.type] = sentence
            return sentence

        return add


def describers(sentences: dict[str, Callable[[Event], str]]):
    """``(describe_event, describe)`` of a game's sentence table (event type -> sentence): one event
    in words (the undo/redo confirmation names a command by its first event), and a command's
    events in words, each with its rule id; an event the table lacks gets :func:`fallback`."""

    def describe_event(event: Event) -> str:
        return sentences.get(event.type, fallback)(event)

    def describe(events: list[Event]) -> list[str]:
        return [describe_event(e) for e in events]

    return describe_event, describe


def _plain_heading(_state: Any, _events: list[Event]) -> str:
    return _("Recorded actions")


# A game without a book of its own: one neutral line per command, one section.
PLAIN = Book(describe=lambda events: [], heading=_plain_heading, evolve=lambda state, event: state)


def sections_for(kind: str, records: Iterable) -> list[dict]:
    """The history of a game of ``kind`` (see :func:`sections`), in the game's own words: its
    registered ``GameUI.history``, else one neutral line per command."""
    ui = ui_for(kind)
    if ui is not None and ui.history is not None:
        return ui.history(records)
    return sections(records, PLAIN)


def told_by(book: Book) -> Callable[[Iterable], list[dict]]:
    """A game's ``GameUI.history`` from its :class:`Book`."""
    return lambda records: sections(records, book)


def _commands(records: list) -> dict[str, list[Event]]:
    """Each command's decoded events, in recorded order (undo/redo markers left out)."""
    out: dict[str, list[Event]] = {}
    for record in records:
        if record.type not in MARKERS:
            out.setdefault(record.command_id, []).append(decode(record.type, record.version, record.payload))
    return out


def _marker_text(record, texts: dict[str, str]) -> str:
    what = texts.get(record.payload.get("command_id")) or fallback()
    if record.type == core_history.UNDO:
        return _("Undone: %(what)s", what=what)
    return _("Redone: %(what)s", what=what)


def sections(records: Iterable, book: Book) -> list[dict]:
    """``[{heading, items: [{seq, ts, text, undone}]}]``: one item per command (its sentences
    joined) under its heading, in recorded order; an undo or redo stays where it was made."""
    records = list(records)
    in_effect = set(core_history.timeline(records).in_effect)
    commands = _commands(records)
    texts = {cid: "; ".join(book.describe(events)) or fallback() for cid, events in commands.items()}
    out: list[dict] = []
    state, shown = None, set()
    for record in records:
        if record.type in MARKERS:
            heading, round_no = (out[-1]["heading"], out[-1]["round"]) if out else (_plain_heading(None, []), None)
            _add(out, heading, record, _marker_text(record, texts), False, round_no)
            continue
        if record.command_id in shown:  # a command's later events: its line is already there
            continue
        shown.add(record.command_id)
        events = commands[record.command_id]
        undone = record.command_id not in in_effect
        _add(out, book.heading(state, events), record, texts[record.command_id], undone, book.round_of(state))
        if not undone:  # the headings follow the game as it stands: undone commands changed nothing
            for event in events:
                state = book.evolve(state, event)
    return out


def _add(out: list[dict], heading: str, record, text: str, undone: bool, round_no: int | None) -> None:
    if not out or out[-1]["heading"] != heading:
        out.append({"heading": heading, "round": round_no, "items": []})
    out[-1]["items"].append({"seq": record.seq, "ts": record.ts, "text": text, "undone": undone})
