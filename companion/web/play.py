"""Application service between the views and the pure games: start, load, execute, undo, redo.

Views stay thin: parse the request into a command, call :func:`execute`, render the new state.
Every write also writes its projections (the game's status; ``after``: e.g. the card catalog) in
the same transaction as its events, so a crash never leaves one without the other.

A step costs the same in round 6 as in round 1: each app keeps the folded state of its recent
games (:class:`Folded`, bounded LRU, thread-safe). A read or a decision fetches only the records
after the cached ``seq`` (another thread or another app on the same database may have moved the
stream on) and folds those onto the cached state. New commands only ever add effective events;
an undo/redo marker changes which earlier events count, so it refolds the cached decoded events.
"""

from __future__ import annotations

import base64
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import current_app, g, has_app_context

from companion.core import history, verify
from companion.core.codec import jsonable
from companion.core.errors import RuleViolation
from companion.core.events import Event, decode, encode
from companion.core.i18n import T
from companion.events import ConflictError, IdempotencyError, StoredEvent
from companion.events.store import request_hash
from companion.web import get_store, live, seats
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

    def loaded(self, game: dict[str, Any], ui: GameUI) -> Loaded:
        """This fold as a :class:`Loaded` of the game row ``game``."""
        return Loaded(game, ui, self.records, self.events, self.state, history.Timeline(self.in_effect, self.redoable))

    def recent(self, count: int) -> list[tuple[StoredEvent, Event]]:
        """The latest ``count`` effective records with their decoded events (a feed's tail:
        nothing is read or decoded again)."""
        return list(zip(self.effective[-count:], self.events[-count:], strict=True)) if count > 0 else []


CACHE_SIZE = 64  # games per app; a table plays one or two at a time
_MARKERS = (history.UNDO, history.REDO)
_cache_lock = threading.Lock()


Projection = Callable[[], None]  # more writes to commit with the events (catalog, settings)
# Projections of a game's new state (the records, issue 24): (store, game row before the write,
# state) -> None, run in the transaction of every command, undo and redo.
STATE_PROJECTIONS: list[Callable[[Any, dict[str, Any], Any], None]] = []


def _project_state(game: dict[str, Any], state: Any) -> None:
    for projection in STATE_PROJECTIONS:
        projection(get_store(), game, state)


class EmptyGame(Exception):
    """A game row with no event at all (only an interrupted import of an older version leaves one)."""

    def __init__(self, game_id: str):
        super().__init__(game_id)
        self.game_id = game_id


_KEY_BYTES, _KEYS_PER_DRAW = 12, 64
_keys = threading.local()


def new_key() -> str:
    """A fresh idempotency key (forms carry one so a double submit records once).

    The random bytes are drawn 64 keys at a time per thread: a panel carries a key per form, and
    each ``getrandom`` call lets go of the GIL, which a busy server then waits to get back.
    """
    pool: list[str] | None = getattr(_keys, "pool", None)
    if not pool:
        raw = os.urandom(_KEY_BYTES * _KEYS_PER_DRAW)
        pool = _keys.pool = [base64.urlsafe_b64encode(raw[i:i + _KEY_BYTES]).decode()
                             for i in range(0, len(raw), _KEY_BYTES)]
    return pool.pop()


def start(kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None) -> str:
    """Validate ``setup`` with the game's ``start`` (InputError names the field) and record it;
    ``after`` runs in the same transaction."""
    ui = _ui(kind)
    events = ui.definition.start(setup)
    request = {"kind": kind, "title": title, "setup": setup}
    status = status_of(ui, ui.definition.fold(events))
    command = verify.start_command(jsonable(setup), events)  # kept with the events: exports carry it
    game_id = get_store().start_game(kind, title, events, key, request, status=status, project=after,
                                     command=command)["id"]
    seats.record_host(game_id)  # the creating device is the game's host (issue 12)
    return game_id


def start_from_form(
    kind: str, setup: Mapping[str, Any], title: str, key: str, after: Projection | None = None
) -> str:
    """Start a game from a new-game form: the same form sent twice gives the first game back; its
    key coming back with other values (back button, edited form) starts a new game."""
    try:
        return start(kind, setup, title, key, after)
    except IdempotencyError:
        return start(kind, setup, title, new_key(), after)


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
        raise _Stale(f"cached up to {base.last_seq}, the stream goes on at {tail[0].seq}")
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
    return _appended(base, tuple(tail), tuple(decoded), ui.definition.fold(decoded, base.state),
                     tuple(new_commands), redoable)


def _appended(base: Folded, records: tuple[StoredEvent, ...], events: tuple[Event, ...], state: Any,
              commands: tuple[str, ...], redoable: tuple[str, ...] = ()) -> Folded:
    """``base`` followed by ``records`` of new commands (no marker), decoded as ``events``, which
    leave ``state``."""
    return Folded(records[-1].seq, base.records + records, base.decoded + events, base.events + events,
                  base.effective + records, state, base.in_effect + commands, redoable, base.dead)


class _Stale(Exception):
    """The cached fold is not a prefix of the stream read (only a replaced database file does that)."""


def _cache() -> OrderedDict[str, Folded]:
    # One cache per app: two apps on one database each notice the other's writes by their seq.
    cache = current_app.extensions.get("companion_fold_cache")
    if cache is None:
        cache = current_app.extensions.setdefault("companion_fold_cache", OrderedDict())
    return cache


def _cached(game_id: str) -> Folded | None:
    cache = _cache()
    with _cache_lock:
        found = cache.get(game_id)
        if found is not None:
            cache.move_to_end(game_id)
        return found


def _remember(game_id: str, folded: Folded) -> None:
    if get_store().db.conn.in_transaction:  # only what is committed may be cached
        return
    cache = _cache()
    with _cache_lock:
        known = cache.get(game_id)
        if known is None or known.last_seq <= folded.last_seq:
            cache[game_id] = folded
            cache.move_to_end(game_id)
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)


def forget(game_id: str | None = None) -> None:
    """Drop a game's cached fold (every game's: ``None``)."""
    cache = _cache()
    with _cache_lock:
        if game_id is None:
            cache.clear()
        else:
            cache.pop(game_id, None)


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
        except _Stale:
            result = fold_all(ui, store.events(game_id))
        _remember(game_id, result)
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
    return latest(game, _ui(game["kind"])).recent(count)


def load(game: dict[str, Any]) -> Loaded:
    """Read and fold a game (:class:`EmptyGame` when it has no event to fold), once per request."""
    ui = _ui(game["kind"])
    result = latest(game, ui)
    if not result.records:
        raise EmptyGame(game["id"])
    return result.loaded(game, ui)


def execute(
    game: dict[str, Any], command: Any, key: str, request: Any, after: Projection | None = None
) -> Loaded:
    """Decide ``command`` against the latest state and append its events, atomically with the
    status and ``after`` (more projections); return the game as it is afterwards: the decision's
    own fold of the new events, cached as it is (nothing is read back after the commit).

    Raises ``RuleViolation`` (nothing appended) when the command is illegal, ``live.StaleAction``
    when the posted form was drawn for another question than the current one.
    """
    ui, store, target = _ui(game["kind"]), get_store(), live.posted()
    seats.check_may_act(game, command)  # a seat device acts for its seat only (issue 12)
    base = latest(game, ui)  # outside the lock: under it, only what others wrote meanwhile
    decided: list[Any] = []  # the fold the decision saw, its events, the state they leave

    def decide(tail: list[StoredEvent]) -> list[Event]:
        now = _under_lock(game["id"], ui, base, tail)
        g.play_folds[game["id"]] = now  # a refusal answers with the table as the lock found it
        live.check_fresh(game, ui, now.state, target)  # the one stale check: under the lock
        seats.check_in_state(game, ui, now.state, command)  # whose turn, a sum entered: judged under the lock
        new = ui.definition.decide(now.state, command)
        decided[:] = [now, tuple(new), ui.definition.fold(new, now.state)]  # the one fold of the new events
        return new

    def project() -> None:
        _project_state(game, decided[2])
        if after is not None:
            after()

    try:
        written = store.execute(game["id"], decide, key, _without_token(request), project, after=base.last_seq,
                                command=command_json(ui, command), status=lambda: status_of(ui, decided[2]))
    except ConflictError:
        forget(game["id"])  # the stream is shorter than the cached fold: a replaced database file
        raise
    if written.replayed:  # a double tap's copy: the stream as its first copy left it
        row = store.game(game["id"])
        return folded(game["id"], ui, row["last_seq"]).loaded(row, ui)
    now, events, state = decided
    result = _appended(now, written.records, events, state, (key,))
    _remember(game["id"], result)
    g.play_folds[game["id"]] = result
    return result.loaded({**game, "last_seq": written.last_seq, "status": status_of(ui, state)}, ui)


def _under_lock(game_id: str, ui: GameUI, base: Folded, tail: list[StoredEvent]) -> Folded:
    """The fold the decision sees: ``base`` and what was written since (read under the write lock)."""
    try:
        return advance(ui, base, tail)
    except _Stale:
        return fold_all(ui, get_store().events(game_id))


def undo(game: dict[str, Any], key: str) -> None:
    """Cancel the latest command in effect (recorded as an event)."""
    _marker(game, key, "undo")


def redo(game: dict[str, Any], key: str) -> None:
    """Restore the latest undone command (recorded as an event)."""
    _marker(game, key, "redo")


def _marker(game: dict[str, Any], key: str, which: str) -> None:
    ui, store, after = _ui(game["kind"]), get_store(), []
    base = latest(game, ui)

    def decide(tail: list[StoredEvent]) -> list[Event]:
        now = _under_lock(game["id"], ui, base, tail)
        line = history.Timeline(now.in_effect, now.redoable)
        target = line.undo_target() if which == "undo" else line.redo_target()
        if target is None:
            raise RuleViolation(T("Nothing to undo") if which == "undo" else T("Nothing to redo"))
        marker = (history.CommandUndone if which == "undo" else history.CommandRedone)(command_id=target)
        # The state after the marker, folded now so its status commits with the marker.
        stored = StoredEvent(game["id"], now.last_seq + 1, *encode(marker), "", key)
        after.append(advance(ui, now, [stored]).state)
        return [marker]

    store.execute(game["id"], decide, key, {"action": which}, lambda: _project_state(game, after[0]),
                  after=base.last_seq, command=verify.marker_command(which), status=lambda: status_of(ui, after[0]))
    if has_app_context():
        g.get("play_folds", {}).pop(game["id"], None)  # the marker changes which events count: read anew


def command_json(ui: GameUI, command: Any) -> dict[str, Any] | None:
    """The command as data, kept with its events (exports carry it; imports decide it again).
    ``None`` for a game without a codec: its exports then cannot be verified."""
    return ui.definition.command_json(command) if ui.definition.command_json is not None else None


def answered(game: dict[str, Any], key: str | None, request: Any) -> bool:
    """Whether ``key`` was already recorded for this same ``request`` on ``game`` (a double tap's
    copy). Such a post gets the first answer whatever the table has become, so views ask this
    before judging the post against the current state (issue 20). The key is looked for in this
    request's fold first: only a key found there is looked up (its request compared), so a step
    never reads ``commands``; a copy committed after that read is found by the store under its lock."""
    if not key or not any(r.command_id == key for r in reversed(latest(game, _ui(game["kind"])).records)):
        return False
    found = get_store().db.execute("SELECT game_id, request_hash FROM commands WHERE idempotency_key = ?",
                                   [key]).fetchone()
    return found is not None and found[0] == game["id"] and found[1] == request_hash(_without_token(request))


def status_of(ui: GameUI, state: Any) -> str:
    """The listing projection of a folded state: ``finished`` or ``active``."""
    return "finished" if ui.finished(state) else "active"


def _without_token(request: Any) -> Any:
    # The CSRF token changes per session: it must not make a retried command look different.
    if isinstance(request, dict):
        return {k: v for k, v in request.items() if k != "csrf_token"}
    return request


def _ui(kind: str) -> GameUI:
    ui = ui_for(kind)
    if ui is None:
        raise LookupError(f"no UI registered for game kind {kind!r}")
    return ui
