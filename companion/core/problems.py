"""Every problem of a document at once: a collector of :class:`InputError` and the error carrying them.

A person fixing a card or a pasted file wants to see all of its problems in one go, not one per
submit. Validators run each independent check through :meth:`Problems.check`, then call
:meth:`Problems.raise_any`; the raised :class:`InputErrors` is an ``InputError`` naming the first
problem, so callers that show one line (the command line) keep working unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.i18n import T


class InputErrors(InputError):
    """Several malformed fields: ``problems`` is ``[(field path, message), ...]`` in the order found."""

    def __init__(self, problems: Iterable[tuple[str, str]]):
        self.problems = list(problems)
        super().__init__(*self.problems[0])


def problems_of(exc: InputError) -> list[tuple[str, str]]:
    """The ``(field, message)`` pairs an input error carries (one for a plain ``InputError``)."""
    return list(exc.problems) if isinstance(exc, InputErrors) else [(exc.field, exc.message)]


class Problems:
    """Collects the problems of one document; a path already reported is not reported twice."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str]] = []

    def __bool__(self) -> bool:
        return bool(self.found)

    def add(self, field: str, message: str) -> None:
        """Note one problem (ignored when its field already has one: the first says it best)."""
        if not self.has(field):
            self.found.append((field, message))

    def has(self, field: str) -> bool:
        """Whether ``field`` already has a problem."""
        return any(f == field for f, _m in self.found)

    def check(self, fn: Callable, *args, default: Any = None, **kwargs) -> Any:
        """``fn(*args, **kwargs)``, or ``default`` with its problems noted when it refuses input."""
        try:
            return fn(*args, **kwargs)
        except InputError as exc:
            for field, message in problems_of(exc):
                self.add(field, message)
            return default

    def raise_any(self) -> None:
        """Raise :class:`InputErrors` with everything found (nothing found: return)."""
        if self.found:
            raise InputErrors(self.found)


def obj(problems: Problems, value: Any, path: str, required: Iterable[str] = (),
        optional: Iterable[str] = ()) -> dict | None:
    """Like :func:`jsonin.obj`, noting every missing and unknown key; ``None`` when not an object."""
    if not isinstance(value, Mapping):
        problems.add(path or "input", T("must be an object"))
        return None
    required, allowed = list(required), {*required, *optional}
    for key in required:
        if key not in value:
            problems.add(jsonin.join(path, key), T("is required"))
    for key in value:
        if key not in allowed:
            problems.add(jsonin.join(path, key), T("unknown field"))
    return {k: v for k, v in value.items() if k in allowed}


def named_entries(value: Any, path: str, least: int, most: int, fields: Sequence[str],
                  read: Callable[[dict, Any, str, Problems], Any], duplicate: Callable[[str], Any]) -> list:
    """An array of ``least`` to ``most`` entry objects with exactly ``fields`` and unique names,
    each read by ``read(entry, name, path, found)`` (noting its problems in ``found``): every
    entry's problems at once, a repeated name noted (``duplicate(repr(name))``, the game's words)
    even when that entry has other problems."""
    entries = jsonin.array(value, path, least, most)
    found = Problems()
    read_ok: list = []
    for i, entry in enumerate(entries):
        item = found.check(_read_entry, entry, f"{path}[{i}]", fields, read)
        name = names_of([entry])[0]
        if name is not None and name in names_of(entries[:i]):
            found.add(f"{path}[{i}].name", duplicate(repr(name)))
        if item is not None:
            read_ok.append(item)
    found.raise_any()
    return read_ok


def _read_entry(value: Any, path: str, fields: Sequence[str], read: Callable[[dict, Any, str, Problems], Any]):
    found = Problems()
    entry, name = named_entry(found, value, path, fields)
    item = read(entry, name, path, found)
    found.raise_any()  # every wrong field of the entry at once
    return item


def names_of(entries: list) -> list[str | None]:
    """The name each entry gives (``None`` where it gives none), to compare names before the rest is valid."""
    return [e["name"] if isinstance(e, Mapping) and isinstance(e.get("name"), str) and e["name"].strip() else None
            for e in entries]


def named_entry(found: Problems, value: Any, path: str, fields: Sequence[str]) -> tuple[dict, str | None]:
    """An entry object with every one of ``fields`` (``name`` among them): a missing or unknown
    key is noted in ``found``, which is raised at once when a key is missing (nothing more to
    check); ``(entry, its name)``, the name ``None`` when it is not a string (noted)."""
    entry = obj(found, value, path, required=fields)
    if entry is None or any(key not in entry for key in fields):
        found.raise_any()
    return entry, found.check(jsonin.string, entry["name"], jsonin.join(path, "name"))
