"""Domain events: frozen dataclasses with a stable kebab-case ``type`` and a ``version``.

Events are stored as (type, version, JSON payload). Reading an old version runs the registered
upcasters in order until the current version; stored rows are never rewritten.
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
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: _freeze(v) for k, v in payload.items() if k in names})


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
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: _freeze(v) for k, v in value.items()}
    return value


def _thaw(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _thaw(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value
