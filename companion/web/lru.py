"""The one small LRU of the web layer: bounded, thread-safe, shared by every game, device and thread
of a process. It keeps rendered text (feed lines, board entries, the question an htmx answer asks:
:meth:`LRU.rendered`) and each app's folded games (:mod:`companion.web.repository`).

For rendered text a key names everything the text depends on (what it shows and the language), so
the same key always renders the same text: two threads that miss together render the same thing,
and either may win. That is why rendering happens outside the lock (gettext and Jinja are slow)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class LRU:
    """Values by key; at most ``size`` keys, the least recently used forgotten first."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The value under ``key`` (now the most recently used), or ``None``."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any, keep: Callable[[Any], bool] | None = None) -> None:
        """Keep ``value`` under ``key``, unless ``keep(known)`` says the value already there stays."""
        with self._lock:
            known = self._items.get(key)
            if known is not None and keep is not None and keep(known):
                return
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def rendered(self, key: Hashable, render: Callable[[], Any]) -> Any:
        """The text under ``key``, rendered by ``render()`` the first time (``None`` is kept too:
        "nothing to say")."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        text = render()
        self.put(key, text)
        return text

    def pop(self, key: Hashable) -> None:
        """Forget ``key``."""
        with self._lock:
            self._items.pop(key, None)

    def keys(self) -> list:
        """The keys held, least recently used first (tests)."""
        with self._lock:
            return list(self._items)

    def clear(self) -> None:
        """Forget everything (tests; a catalog reload)."""
        with self._lock:
            self._items.clear()

    def __getitem__(self, key: Hashable) -> Any:
        with self._lock:
            return self._items[key]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        self.put(key, value)
