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


def _decoder(cls: type[Event]) -> Callable[[Mapping[str, Any]], Event]:
    """The payload -> event function of ``cls``, built once (see the module docstring)."""
    found = _DECODERS.get(cls)
    if found is not None:
        return found
    fields = dataclasses.fields(cls)
    plain = all(f.default_factory is dataclasses.MISSING and f.init for f in fields) and not hasattr(
        cls, "__post_init__")
    build = _generated(cls, fields) if plain else _general(cls, fields)
    _DECODERS[cls] = build
    return build


def _general(cls: type[Event], fields: tuple) -> Callable[[Mapping[str, Any]], Event]:
    # An unusual class (factories, __post_init__, init-only fields): its __init__ builds it.
    names = frozenset(f.name for f in fields)

    def build(payload: Mapping[str, Any]) -> Event:
        return cls(**{k: (v if type(v) in _SCALARS else _freeze(v)) for k, v in payload.items() if k in names})

    return build


def _generated(cls: type[Event], fields: tuple) -> Callable[[Mapping[str, Any]], Event]:
    """A decoder written out for ``cls``'s fields, no loop, no filtering copy: each field read by
    subscript (a stored payload has every field); a payload without one of them goes to the
    slower decoder, which reads them with ``get`` (defaults filled, unknown keys never read) and
    falls back to ``__init__`` for a missing required field."""
    env: dict[str, Any] = {"new": _new, "cls": cls, "S": _SCALARS, "F": _freeze, "FD": _freeze_dict,
                           "FL": _freeze_items, "M": _MISSING, "fallback": _general(cls, fields)}
    names = [f.name for f in fields]
    # Filled key by key, in field order, into the new object's own __dict__: about twice as fast
    # as setting a whole __dict__ with object.__setattr__ (measured on the events of a game).
    filling = [line for i in range(len(names)) for line in _freezing(f"a{i}")]
    filling += ["    e = new(cls)", "    d = e.__dict__", *(f"    d[{name!r}] = a{i}" for i, name in enumerate(names)),
                "    return e"]
    lines = ["def build(p):", "    try:", *(f"        a{i} = p[{name!r}]" for i, name in enumerate(names)),
             "    except (KeyError, TypeError):", "        return slow(p)", *filling,
             *_slow_reads(fields, env), *filling]
    exec("\n".join(lines), env)  # noqa: S102 - the source is built from the class's own field names
    return env["build"]


def _slow_reads(fields: tuple, env: dict[str, Any]) -> list[str]:
    # The start of slow(p): each field read with get (its default, or M when it has none).
    lines, required = ["def slow(p):", "    get = p.get"], []
    for i, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            lines.append(f"    a{i} = get({f.name!r}, M)")
            required.append(f"a{i} is M")
        else:
            env[f"d{i}"] = f.default
            lines.append(f"    a{i} = get({f.name!r}, d{i})")
    if required:
        lines += [f"    if {' or '.join(required)}:", "        return fallback(p)"]
    return lines


def _freezing(name: str) -> list[str]:
    # A nested value: a dict or list of scalars (most nesting) is checked and copied here in C,
    # without a call; one holding containers goes to the loops of _freeze_dict / _freeze_items.
    return [f"    if type({name}) not in S:",
            f"        t = type({name})",
            "        if t is dict:",
            f"            {name} = {name}.copy() if S.issuperset(map(type, {name}.values())) else FD({name})",
            "        elif t is list:",
            f"            {name} = tuple({name}) if S.issuperset(map(type, {name})) else FL({name})",
            "        else:",
            f"            {name} = F({name})"]


_MISSING = object()


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


def upcaster(type_: str, from_version: int):
    """Decorator: register ``fn(payload) -> payload`` lifting ``type_`` from ``from_version`` to +1."""

    def register(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        _UPCASTERS[(type_, from_version)] = fn
        return fn

    return register


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
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _thaw(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    return value
