"""The repository of the web layer: each game's event stream folded, kept in a bounded LRU per app
(:mod:`companion.web.lru`) and fast-forwarded from the cached ``seq``, as eventsourcing's
Repository does: a read fetches only the records after the cached fold (none when the game row says
the cache is the whole stream), and a write's own fold goes in as it is (``companion.web.play``).

A step costs the same in round 6 as in round 1. New commands only ever add effective events; an
undo/redo marker changes which earlier events count, so it refolds the cached decoded events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app, g, has_app_context

from companion.core import history
from companion.core.events import Event, decode
from companion.events import StoredEvent
from companion.web.base import get_store
from companion.web.lru import LRU
from companion.web.registry import GameUI, ui_for


@dataclass(frozen=True)
class Loaded:
    """A game as read: its row, every stored record, the effective events, the state and its
    undo/redo position."""

    game: dict[str, Any]
    ui: GameUI
    records: Sequence[StoredEvent]
    events: Sequence[Event]
    state: Any
    timeline: history.Timeline
    # A step's own answer (companion.web.play.execute): the fold the step was decided on, so the
    # answer can leave to the page the regions the step did not change; None for any other read.
    prior: Folded | None = None


@dataclass(frozen=True)
class Folded:
    """A game's stream folded up to ``last_seq`` (immutable: shared by threads)."""

    # Plain tuples: the next step's fold copies them (microseconds for a whole game, measured in
    # benchmarks/README.md), which keeps every fold a value no thread can change under another.
    last_seq: int
    records: tuple[StoredEvent, ...]
    decoded: tuple[Event, ...]  # each record decoded, markers included (a refold never decodes again)
    events: tuple[Event, ...]  # the effective events
    effective: tuple[StoredEvent, ...]  # their records
    state: Any
    in_effect: tuple[str, ...]  # as history.Timeline
    redoable: tuple[str, ...]
    dead: frozenset[str]  # commands not in effect: a record of one again would change earlier events

    def loaded(self, game: dict[str, Any], ui: GameUI, prior: Folded | None = None) -> Loaded:
        """This fold as a :class:`Loaded` of the game row ``game`` (``prior``: see :class:`Loaded`)."""
        return Loaded(game, ui, self.records, self.events, self.state, history.Timeline(self.in_effect, self.redoable),
                      prior)

    def recent(self, count: int) -> list[tuple[StoredEvent, Event]]:
        """The latest ``count`` effective records with their decoded events (a feed's tail:
        nothing is read or decoded again)."""
        return list(zip(self.effective[-count:], self.events[-count:], strict=True)) if count > 0 else []


CACHE_SIZE = 64  # games per app; a table plays one or two at a time
_MARKERS = (history.UNDO, history.REDO)


class EmptyGame(Exception):
    """A game row with no event at all (only an interrupted import of an older version leaves one)."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


def fold_records(ui: GameUI, records: list[StoredEvent]) -> tuple[list[Event], Any]:
    """Decode the effective records (upcasting old versions) and fold them (no cache: imports
    and tests use it as the reference)."""
    events = [decode(r.type, r.version, r.payload) for r in history.effective(records)]
    return events, ui.definition.fold(events)


def fold_all(ui: GameUI, records: Sequence[StoredEvent], decoded: Sequence[Event] | None = None) -> Folded:
    """Fold a whole stream from nothing (``decoded``: its records already decoded, in order)."""
    if decoded is None:
        decoded = [decode(r.type, r.version, r.payload) for r in records]
    line = history.timeline(records)
    alive = set(line.in_effect)
    kept = [(r, d) for r, d in zip(records, decoded, strict=True) if r.type not in _MARKERS and r.command_id in alive]
    events = tuple(d for _r, d in kept)
    commands = {r.command_id for r in records if r.type not in _MARKERS}
    return Folded(records[-1].seq if records else 0, tuple(records), tuple(decoded), events,
                  tuple(r for r, _d in kept), ui.definition.fold(events), tuple(line.in_effect),
                  line.redoable, frozenset(commands - alive))


def advance(ui: GameUI, base: Folded | None, tail: Sequence[StoredEvent]) -> Folded:
    """``base`` with the records ``tail`` (those after ``base.last_seq``) folded in: only the new
    events are folded, unless a marker (or a record of a command not in effect) changes which
    earlier events count; then the whole stream is refolded from its cached decoded events."""
    if base is None:
        return fold_all(ui, tail)
    if tail and tail[0].seq != base.last_seq + 1:
        raise Stale(f"cached up to {base.last_seq}, the stream goes on at {tail[0].seq}")
    if not tail:
        return base
    decoded = [decode(r.type, r.version, r.payload) for r in tail]
    if any(r.type in _MARKERS or r.command_id in base.dead for r in tail):
        return fold_all(ui, [*base.records, *tail], [*base.decoded, *decoded])
    in_effect, redoable = base.in_effect, base.redoable
    new_commands: list[str] = []
    last = in_effect[-1] if in_effect else None
    for record in tail:  # history.timeline, continued: a new command ends the redo chain
        command = record.command_id
        if command != last and command not in new_commands and command not in in_effect:
            new_commands.append(command)
            last, redoable = command, ()
    return appended(base, tuple(tail), tuple(decoded), ui.definition.fold(decoded, base.state),
                     tuple(new_commands), redoable)


def appended(base: Folded, records: tuple[StoredEvent, ...], events: tuple[Event, ...], state: Any,
              commands: tuple[str, ...], redoable: tuple[str, ...] = ()) -> Folded:
    """``base`` followed by ``records`` of new commands (no marker), decoded as ``events``, which
    leave ``state``."""
    return Folded(records[-1].seq, base.records + records, base.decoded + events, base.events + events,
                  base.effective + records, state, base.in_effect + commands, redoable, base.dead)


class Stale(Exception):
    """The cached fold is not a prefix of the stream read (only a replaced database file does that)."""


def _cache() -> LRU:
    # One cache per app: two apps on one database each notice the other's writes by their seq.
    cache = current_app.extensions.get("companion_fold_cache")
    if cache is None:
        cache = current_app.extensions.setdefault("companion_fold_cache", LRU(CACHE_SIZE))
    return cache


def _cached(game_id: str) -> Folded | None:
    return _cache().get(game_id)


def remember(game_id: str, folded: Folded, ui: GameUI) -> None:
    """Cache ``folded`` (committed only), unless the cache already holds a later fold. A finished
    game is not kept: nobody steps in it any more, and the fold of a whole game is the largest
    thing a process holds (about 0.6 MB; issue 21 (d)); its pages fold it again when opened."""
    if get_store().db.conn.in_transaction:  # only what is committed may be cached
        return
    if folded.records and ui.finished(folded.state):  # (a game with no event has no state to judge)
        _cache().pop(game_id)
    else:
        _cache().put(game_id, folded, keep=lambda known: known.last_seq > folded.last_seq)
    if has_app_context():
        g.setdefault("play_folds", {})[game_id] = folded


def forget(game_id: str | None = None) -> None:
    """Drop a game's cached fold (every game's: ``None``)."""
    if game_id is None:
        _cache().clear()
    else:
        _cache().pop(game_id)


def folded(game_id: str, ui: GameUI, known: int | None = None) -> Folded:
    """The game's stream folded to its latest ``seq``, from the cache and the records after it
    (``known``: the ``last_seq`` of the game row this request read; a cache at it reads nothing)."""
    store, base = get_store(), _cached(game_id)
    if base is not None and known is not None and known == base.last_seq:
        result = base  # fast-forward by nothing: the row says the cache is the whole stream
    else:
        if base is not None and known is not None and known < base.last_seq \
                and store.last_seq(game_id) < base.last_seq:
            base = None  # the stream is behind the cache: not the same database file
        try:
            result = advance(ui, base, store.events(game_id, after=base.last_seq if base else 0))
        except Stale:
            result = fold_all(ui, store.events(game_id))
        remember(game_id, result, ui)
    if has_app_context():
        g.setdefault("play_folds", {})[game_id] = result
    return result


def latest(game: dict[str, Any], ui: GameUI) -> Folded:
    """The fold this request last read of ``game`` (read now if it has none, fast-forwarded from
    the cache to the row's ``last_seq``): every part of a page draws from one read."""
    found = g.get("play_folds", {}).get(game["id"]) if has_app_context() else None
    return found if found is not None else folded(game["id"], ui, game.get("last_seq"))


def recent(game: dict[str, Any], count: int) -> list[tuple[StoredEvent, Event]]:
    """The game's latest ``count`` effective records with their events, as this request read them."""
    return latest(game, ui_of(game["kind"])).recent(count)


def load(game: dict[str, Any]) -> Loaded:
    """Read and fold a game (:class:`EmptyGame` when it has no event to fold), once per request."""
    ui = ui_of(game["kind"])
    result = latest(game, ui)
    if not result.records:
        raise EmptyGame(game["id"])
    return result.loaded(game, ui)


def under_lock(game_id: str, ui: GameUI, base: Folded, tail: list[StoredEvent]) -> Folded:
    """The fold the decision sees: ``base`` and what was written since (read under the write lock)."""
    try:
        return advance(ui, base, tail)
    except Stale:
        return fold_all(ui, get_store().events(game_id))


def ui_of(kind: str) -> GameUI:
    """The registered UI of a game kind (LookupError for a kind none is registered for)."""
    ui = ui_for(kind)
    if ui is None:
        raise LookupError(f"no UI registered for game kind {kind!r}")
    return ui
