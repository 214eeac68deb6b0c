"""Domain events: frozen dataclasses with a stable kebab-case ``type`` and a ``version``.

Events are stored as (type, version, JSON payload). Reading an old version runs the registered
upcasters in order until the current version; stored rows are never rewritten.

Decoding is on the path of every fold, so each class gets a decoder made once (its field names):
an event is built by its own ``__init__`` from the payload's fields, frozen (lists as tuples). A
payload missing a required field fails there (``TypeError``); unknown keys are ignored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, dataclass_transform

_EVENT_TYPES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}


@dataclasses.dataclass(frozen=True)
class Event:
    """Base class. Subclasses set ``type`` (kebab-case) and ``version`` as class attributes
    (declare one with :func:`event`, which does it)."""

    type: ClassVar[str] = ""
    version: ClassVar[int] = 1

    def to_payload(self) -> dict[str, Any]:
        """The JSON-ready payload (tuples become lists)."""
        return {f.name: _thaw(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Event:
        """Build the event from a payload of the *current* version (lists become tuples)."""
        return _decoder(cls)(payload)


_DECODERS: dict[type, Callable[[Mapping[str, Any]], Event]] = {}
_SCALARS = frozenset({str, int, float, bool, type(None)})  # kept as they are; anything else is frozen


def _decoder(cls: type[Event]) -> Callable[[Mapping[str, Any]], Event]:
    """The payload -> event function of ``cls``, made once per class (see the module docstring)."""
    found = _DECODERS.get(cls)
    if found is None:
        found = _DECODERS[cls] = _field_decoder(cls)
    return found


def _field_decoder(cls: type[Event]) -> Callable[[Mapping[str, Any]], Event]:
    """A decoder for ``cls``'s own fields: each one the payload holds, frozen (lists as tuples,
    dicts copied), given to the class's ``__init__``; other keys are ignored, a missing field takes
    its default, a missing required one fails in ``__init__`` (``TypeError``)."""
    names = tuple(f.name for f in dataclasses.fields(cls) if f.init)

    def build(payload: Mapping[str, Any]) -> Event:
        values = {name: payload[name] for name in names if name in payload}
        for name, value in values.items():  # most values are scalars: no call for them
            if type(value) not in _SCALARS:
                values[name] = _freeze(value)
        return cls(**values)

    return build


def evolve_by(evolvers: Mapping[type, Callable[[Any, Any], Any]], state: Any, event: Event, game: str) -> Any:
    """A game's ``evolve`` after its game-started event: the step ``evolvers`` gives the event's
    class; an event before the start, or of another game, is a bug (``ValueError``)."""
    if state is None:
        raise ValueError(f"{event.type} before the {game} game started")
    step = evolvers.get(type(event))
    if step is None:
        raise ValueError(f"not a {game} event: {event.type}")
    return step(state, event)


def event_type(cls: type[Event]) -> type[Event]:
    """Class decorator: register an event class under its ``type``."""
    if not cls.type or cls.type in _EVENT_TYPES and _EVENT_TYPES[cls.type] is not cls:
        raise ValueError(f"event type {cls.type!r} is empty or registered twice")
    _EVENT_TYPES[cls.type] = cls
    return cls


@dataclass_transform(frozen_default=True)
def event(type_: str, version: int | None = None) -> Callable[[type], type[Event]]:
    """Class decorator: declare an event class of ``type_`` in one line.

    The class becomes a frozen dataclass with that ``type`` (and ``version`` when given; else the
    base's, so a :class:`Event` subclass is version 1) and is registered (:func:`event_type`)."""

    def declare(cls: type) -> type[Event]:
        cls.type = type_
        if version is not None:
            cls.version = version
        return event_type(dataclasses.dataclass(frozen=True)(cls))

    return declare


def upcaster(type_: str, from_version: int):
    """Decorator: register ``fn(payload) -> payload`` lifting ``type_`` from ``from_version`` to +1."""

    def register(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        _UPCASTERS[(type_, from_version)] = fn
        return fn

    return register


def upcast_with_defaults(type_: str, from_version: int, **defaults: Any) -> None:
    """Register the usual upcaster: ``type_`` at ``from_version`` lacked the fields ``defaults``
    names, and behaved as their values say (a stored value is kept)."""
    upcaster(type_, from_version)(lambda payload: {**defaults, **payload})


def decode(type_: str, version: int, payload: Mapping[str, Any]) -> Event:
    """Turn a stored record into its event, upcasting old versions on the way."""
    try:
        current, build = _CURRENT[type_]
    except KeyError:
        current = None
    if current is not None and version >= current:  # the usual case: no upcaster, no copy
        return build(payload)
    cls = _EVENT_TYPES.get(type_)
    if cls is None:
        raise KeyError(f"unknown event type {type_!r}")
    if version >= cls.version:
        _CURRENT[type_] = (cls.version, _decoder(cls))
        return _CURRENT[type_][1](payload)
    data = dict(payload)
    while version < cls.version:
        step = _UPCASTERS.get((type_, version))
        if step is None:
            raise KeyError(f"no upcaster for {type_!r} version {version}")
        data = step(data)
        version += 1
    return cls.from_payload(data)


# type -> (current version, decoder): one look-up per decoded record. Filled on first use, after
# the classes are registered (a type is registered once: see event_type).
_CURRENT: dict[str, tuple[int, Callable[[Mapping[str, Any]], Event]]] = {}


def encode(event: Event) -> tuple[str, int, dict[str, Any]]:
    """(type, version, payload) of an event, ready to store."""
    return event.type, event.version, event.to_payload()


def registered_types() -> dict[str, type[Event]]:
    """A copy of the registry (for tests and tooling)."""
    return dict(_EVENT_TYPES)


def frozen(value: Any) -> Any:
    """``value`` as a decoded event holds it: lists (at any depth) become tuples, dicts are copied."""
    return value if type(value) in _SCALARS else _freeze(value)


def _freeze(value: Any) -> Any:
    # Scalars are most values: they are returned without a call (see _SCALARS). A list or dict of
    # scalars only (the usual nesting) is checked and copied in C, without a Python-level loop.
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(value) if _SCALARS.issuperset(map(type, value)) else _freeze_items(value)
    if kind is dict:
        return value.copy() if _SCALARS.issuperset(map(type, value.values())) else _freeze_dict(value)
    if isinstance(value, list | tuple):
        return _freeze_items(value)
    if isinstance(value, dict):
        return _freeze_dict(value)
    return value


# The two below are called for a container holding at least one container. Its children that hold
# scalars only (the usual leaves: cubes, a message's params) are handled in the loop, without a
# call each; deeper ones recurse. Loops, not comprehensions: a comprehension is one more call.


def _freeze_dict(value: Mapping) -> dict:
    out = dict(value)
    for k, v in out.items():  # values replaced, keys unchanged: safe while iterating
        kind = type(v)
        if kind in _SCALARS:
            continue
        if kind is dict:
            out[k] = v.copy() if _SCALARS.issuperset(map(type, v.values())) else _freeze_dict(v)
        elif kind is list:
            out[k] = tuple(v) if _SCALARS.issuperset(map(type, v)) else _freeze_items(v)
        else:
            out[k] = _freeze(v)
    return out


def _freeze_items(value) -> tuple:
    out = []
    for v in value:
        kind = type(v)
        if kind in _SCALARS:
            out.append(v)
        elif kind is dict:
            out.append(v.copy() if _SCALARS.issuperset(map(type, v.values())) else _freeze_dict(v))
        elif kind is list:
            out.append(tuple(v) if _SCALARS.issuperset(map(type, v)) else _freeze_items(v))
        else:
            out.append(_freeze(v))
    return tuple(out)


def _thaw(value: Any) -> Any:
    if type(value) in _SCALARS:  # most fields: no dataclass test (it was ~50 calls per step, issue 21)
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _thaw(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value
