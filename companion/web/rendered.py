"""Rendered text kept between requests: a bounded, thread-safe LRU shared by every game, device
and thread of a process (feed lines, board entries, the question an htmx answer asks).

A key names everything the text depends on (what it shows and the language), so the same key
always renders the same text: two threads that miss together render the same thing, and either
may win. That is why rendering happens outside the lock (gettext and Jinja are slow)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class RenderCache:
    """Text by key, rendered the first time it is asked for; at most ``size`` keys, the least
    recently used forgotten first. ``render`` may answer ``None`` (kept too: "nothing to say")."""

    def __init__(self, size: int):
        self.size = size
        self._texts: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, render: Callable[[], Any]) -> Any:
        """The text under ``key``, rendered by ``render()`` the first time."""
        with self._lock:
            if key in self._texts:
                self._texts.move_to_end(key)
                return self._texts[key]
        text = render()
        with self._lock:
            self._texts[key] = text
            while len(self._texts) > self.size:
                self._texts.popitem(last=False)
        return text

    def keys(self) -> list:
        """The keys held, least recently used first (tests)."""
        with self._lock:
            return list(self._texts)

    def clear(self) -> None:
        """Forget everything (tests; a catalog reload)."""
        with self._lock:
            self._texts.clear()
