"""Changing a Lockup state in place while nobody else can see it (the fold's private objects).

States are frozen dataclasses that requests and threads share: a State handed out is never changed.
Building a new State (and a new Seat, dict, Placement …) for every event is most of what a fold
costs, though, so each fold runs in a *block* (:func:`begin` / :func:`end`): an object made inside
the block is *owned* by it, and until the block ends it may be changed in place, because the only
references to it are the fold's own. Anything else (the state the fold started from, what it
holds, an event's values) is copied on its first change, and the copy is owned from then on.

``evolve`` opens a block per event, ``fold_many`` one for a whole log: either way the states that
leave a block are never changed again (the next block starts with nothing owned), and the state
given in is never changed at all. Outside any block (views, ``decide``'s helpers, tests) every
function here copies, as plain frozen dataclasses want.

Rule for code inside a block: never keep a second reference to an owned object in another place
of the state, nor read an object after changing it expecting its old values.
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

_new = object.__new__
_set = object.__setattr__  # a frozen dataclass refuses its own __setattr__

# The objects owned by the block running in this thread (or task), by id, or None outside one.
# Held by value, so no other object can take one's id while the block runs. A ContextVar, not a
# global: folds run at once in several request threads, each in its own block.
_OWNED: ContextVar[dict[int, Any] | None] = ContextVar("lockup_owned", default=None)
owned_now = _OWNED.get  # the running block's objects (for the fold loops), or None


def begin() -> tuple[dict[int, Any], Token]:
    """Open a block: (its owned objects, the token that :func:`end` takes)."""
    owned: dict[int, Any] = {}
    return owned, _OWNED.set(owned)


def end(token: Token) -> None:
    """Close the block ``token`` opened (the enclosing one, if any, is the running one again)."""
    _OWNED.reset(token)


def adopt(obj: Any) -> Any:
    """``obj``, just made and held by nobody else, as owned by the running block (if any)."""
    owned = _OWNED.get()
    if owned is not None:
        owned[id(obj)] = obj
    return obj


def replace(obj, **changes):
    """``dataclasses.replace`` for plain frozen dataclasses, without re-running ``__init__``; an
    object the running block owns is changed in place and returned.

    No class of the Lockup state has ``__post_init__`` or init-only fields. A copied ``__dict__``
    set in one step is about twice as fast as filling an empty one.
    """
    owned = _OWNED.get()
    if owned is not None and id(obj) in owned:
        obj.__dict__.update(changes)
        return obj
    data = obj.__dict__.copy()
    data.update(changes)
    new = _new(type(obj))
    _set(new, "__dict__", data)
    if owned is not None:
        owned[id(new)] = new
    return new


def build(cls, fields: dict):
    """An instance of one of these frozen dataclasses from ``fields`` (every field, by name, the
    dict taken as it is), without the per-field ``object.__setattr__`` of its ``__init__``."""
    new = _new(cls)
    _set(new, "__dict__", fields)
    owned = _OWNED.get()
    if owned is not None:
        owned[id(new)] = new
    return new


def mutable(obj):
    """``obj`` (a dict or a plain frozen dataclass) ready to change in place: itself when the
    running block owns it, else a shallow copy (owned by the block from now on)."""
    owned = _OWNED.get()
    if owned is not None and id(obj) in owned:
        return obj
    if type(obj) is dict:
        new = obj.copy()
    else:
        new = _new(type(obj))
        _set(new, "__dict__", obj.__dict__.copy())
    if owned is not None:
        owned[id(new)] = new
    return new


def mutable_field(obj, name: str):
    """Field ``name`` of ``obj`` (which must be mutable already) ready to change in place: a dict
    or a plain frozen dataclass, owned by the running block or else copied into ``obj``."""
    fields = obj.__dict__
    value = fields[name]
    owned = _OWNED.get()
    if owned is not None and id(value) in owned:
        return value
    if type(value) is dict:
        new = value.copy()
    else:
        new = _new(type(value))
        _set(new, "__dict__", value.__dict__.copy())
    fields[name] = new
    if owned is not None:
        owned[id(new)] = new
    return new


def mutable_entry(obj, name: str, key):
    """``obj.<name>[key]`` (a plain frozen dataclass in the dict field ``name`` of ``obj``, which
    must be mutable already) ready to change in place, the dict made mutable too."""
    owned = _OWNED.get()
    fields = obj.__dict__
    mapping = fields[name]
    if owned is None or id(mapping) not in owned:
        mapping = fields[name] = mapping.copy()
        if owned is not None:
            owned[id(mapping)] = mapping
    value = mapping[key]
    if owned is not None and id(value) in owned:
        return value
    new = _new(type(value))
    _set(new, "__dict__", value.__dict__.copy())
    mapping[key] = new
    if owned is not None:
        owned[id(new)] = new
    return new
