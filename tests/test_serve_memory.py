"""``companion serve`` keeps its memory small (issue 21 (d)): one C heap for all its threads."""

from __future__ import annotations

from companion import serve


def test_one_c_heap_asks_glibc_for_a_single_arena(monkeypatch):
    calls = []

    class FakeLibc:
        def mallopt(self, param, value):
            calls.append((param, value))
            return 1

    monkeypatch.setattr(serve, "glibc", lambda: FakeLibc())
    serve.one_c_heap()
    assert calls == [(-8, 1)]  # M_ARENA_MAX in glibc's malloc.h


def test_one_c_heap_does_nothing_without_glibc(monkeypatch):
    monkeypatch.setattr(serve, "glibc", lambda: None)
    serve.one_c_heap()  # no error on a C library without arenas
