"""Domain events: frozen dataclasses with a stable kebab-case ``type`` and a ``version``.

Events are stored as (type, version, JSON payload). Reading an old version runs the registered
upcasters in order until the current version; stored rows are never rewritten.

Decoding is on the path of every fold, so each class gets a decoder built once (its field names
and defaults): an event is made by filling its ``__dict__`` directly, without the per-field
``object.__setattr__`` of a frozen dataclass's ``__init__``. A payload missing a required field
still goes through ``__init__`` and fails there, as before.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

_EVENT_TYPES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}


@dataclasses.dataclass(frozen=True)
class Event:
    """Base class. Subclasses set ``type`` (kebab-case) and ``version`` as class attributes."""

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
_new = object.__new__
_set = object.__setattr__


def _decoder(cls: type[Event]) -> Callable[[Mapping[str, Any]], Event]:
    """The payload -> event function of ``cls``, built once (see the module docstring)."""
    found = _DECODERS.get(cls)
    if found is not None:
        return found
    fields = dataclasses.fields(cls)
    names = frozenset(f.name for f in fields)
    defaults = {f.name: f.default for f in fields if f.default is not dataclasses.MISSING}
    plain = all(f.default_factory is dataclasses.MISSING and f.init for f in fields) and not hasattr(
        cls, "__post_init__")
    required = len(names) - len(defaults)

    def build(payload: Mapping[str, Any]) -> Event:
        data = {k: (v if type(v) in _SCALARS else _freeze(v)) for k, v in payload.items() if k in names}
        if not plain or len(data) < len(names) and sum(k not in defaults for k in data) < required:
            return cls(**data)  # a missing field (or an unusual class): __init__ decides
        if len(data) < len(names):
            data = {**defaults, **data}
        event = _new(cls)
        _set(event, "__dict__", data)
        return event

    _DECODERS[cls] = build
    return build


def event_type(cls: type[Event]) -> type[Event]:
    """Class decorator: register an event class under its ``type``."""
    if not cls.type or cls.type in _EVENT_TYPES and _EVENT_TYPES[cls.type] is not cls:
        raise ValueError(f"event type {cls.type!r} is empty or registered twice")
    _EVENT_TYPES[cls.type] = cls
    return cls


def upcaster(type_: str, from_version: int):
    """Decorator: register ``fn(payload) -> payload`` lifting ``type_`` from ``from_version`` to +1."""

    def register(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        _UPCASTERS[(type_, from_version)] = fn
        return fn

    return register


def decode(type_: str, version: int, payload: Mapping[str, Any]) -> Event:
    """Turn a stored record into its event, upcasting old versions on the way."""
    cls = _EVENT_TYPES.get(type_)
    if cls is None:
        raise KeyError(f"unknown event type {type_!r}")
    if version >= cls.version:  # the usual case: no upcaster, no copy (the decoder copies)
        return (_DECODERS.get(cls) or _decoder(cls))(payload)
    data = dict(payload)
    while version < cls.version:
        step = _UPCASTERS.get((type_, version))
        if step is None:
            raise KeyError(f"no upcaster for {type_!r} version {version}")
        data = step(data)
        version += 1
    return cls.from_payload(data)


def encode(event: Event) -> tuple[str, int, dict[str, Any]]:
    """(type, version, payload) of an event, ready to store."""
    return event.type, event.version, event.to_payload()


def registered_types() -> dict[str, type[Event]]:
    """A copy of the registry (for tests and tooling)."""
    return dict(_EVENT_TYPES)


def _freeze(value: Any) -> Any:
    # Scalars are most values: they are returned without a call (see _SCALARS).
    if isinstance(value, list | tuple):
        return tuple([v if type(v) in _SCALARS else _freeze(v) for v in value])
    if isinstance(value, dict):
        return {k: (v if type(v) in _SCALARS else _freeze(v)) for k, v in value.items()}
    return value


def _thaw(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _thaw(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value
