"""A read-only sequence that grows by sharing: the first ``n`` items of a list that is only ever
appended to.

A game's cached fold (:class:`companion.web.play.Folded`) keeps every record and event of the
game. Building the next fold as ``old + new`` copied the whole game on every step, so a step cost
more the longer the game. :meth:`Grown.grown` instead appends the new items to the list the old
view already reads, when nothing was appended to it since (the usual case: the newest fold is the
one that grows), and gives a longer view of it; the old view still sees its own ``n`` items, which
never change. Only a fold grown from an older one (two threads advancing the same fold) copies.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any

_lock = threading.Lock()  # one append at a time: the check "nobody appended since" and the append


class Grown(Sequence):
    """The first ``n`` items of ``items`` (immutable as seen from here). With ``indexed``, each
    item's position is kept too, for ``in`` in constant time (items must then be hashable and
    distinct)."""

    __slots__ = ("_items", "_n", "_index")

    def __init__(self, items: Iterable[Any] = (), indexed: bool = False):
        self._items = list(items)
        self._n = len(self._items)
        self._index: dict[Hashable, int] | None = (
            {item: i for i, item in enumerate(self._items)} if indexed else None)

    @classmethod
    def _view(cls, items: list, n: int, index: dict | None) -> Grown:
        view = cls.__new__(cls)
        view._items, view._n, view._index = items, n, index
        return view

    def grown(self, more: Iterable[Any]) -> Grown:
        """This sequence followed by ``more``, sharing this one's items where it can."""
        more = list(more)
        if not more:
            return self
        with _lock:
            if len(self._items) == self._n:  # nobody appended since: append in place
                items, index = self._items, self._index
            else:
                items = self._items[:self._n]
                index = None if self._index is None else {k: i for k, i in self._index.items() if i < self._n}
            if index is not None:
                for i, item in enumerate(more, len(items)):
                    index.setdefault(item, i)
            items.extend(more)
            return self._view(items, len(items), index)

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._items[slice(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError("Grown index out of range")
        return self._items[i]

    def __iter__(self) -> Iterator[Any]:
        return islice(self._items, self._n)

    def __contains__(self, item: object) -> bool:
        if self._index is None:
            return any(x == item for x in self)
        at = self._index.get(item)  # type: ignore[arg-type]
        return at is not None and at < self._n

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=False))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists and tuples, which hash differently

    def __repr__(self) -> str:
        return f"Grown({list(self)!r})"
