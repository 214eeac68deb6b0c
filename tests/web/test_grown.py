"""The fold cache's sequences (issue 11: a step costs the same late in a game as early): the next
fold shares the previous one's items instead of copying the whole game, and every older view
keeps seeing exactly its own items."""

from __future__ import annotations

import threading

import pytest

from companion.web.grown import Grown


def test_a_grown_view_shares_the_items_and_the_old_view_is_unchanged():
    old = Grown(["a", "b"])
    new = old.grown(["c"])
    assert new._items is old._items  # appended in place: nothing copied
    assert list(old) == ["a", "b"] and len(old) == 2 and old[-1] == "b"
    assert list(new) == ["a", "b", "c"] and new[-1] == "c"
    assert old == ("a", "b") and new == ["a", "b", "c"] and old != new


def test_growing_an_older_view_again_copies_and_leaves_the_newer_one_alone():
    base = Grown([1, 2])
    first = base.grown([3])
    second = base.grown([30, 40])  # another branch from the same fold (two threads)
    assert second._items is not first._items
    assert list(first) == [1, 2, 3] and list(second) == [1, 2, 30, 40] and list(base) == [1, 2]


def test_slices_and_indexes_stop_at_the_view_s_own_end():
    old = Grown(range(5))
    old.grown(range(5, 9))
    assert old[-2:] == [3, 4] and old[1:3] == [1, 2] and old[::2] == [0, 2, 4] and old[-10:] == [0, 1, 2, 3, 4]
    with pytest.raises(IndexError):
        old[5]
    with pytest.raises(IndexError):
        old[-6]
    assert old[-5] == 0 and Grown()[-3:] == [] and not Grown()


def test_an_indexed_view_answers_in_for_its_own_items_only():
    old = Grown(["k1", "k2"], indexed=True)
    new = old.grown(["k3"])
    branch = old.grown(["k4"])
    assert "k2" in old and "k3" not in old and "k4" not in old
    assert "k3" in new and "k4" not in new
    assert "k4" in branch and "k3" not in branch and "k1" in branch
    assert "k9" not in new and 3 in Grown([1, 2, 3]) and 4 not in Grown([1, 2, 3])


def test_threads_growing_the_same_newest_view_each_get_their_own_whole_sequence():
    base = Grown(range(100), indexed=True)
    results: dict[int, Grown] = {}

    def grow(n: int) -> None:
        results[n] = base.grown([f"t{n}-{i}" for i in range(50)])

    threads = [threading.Thread(target=grow, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for n, view in results.items():
        assert list(view) == [*range(100), *(f"t{n}-{i}" for i in range(50))]
        assert f"t{n}-49" in view and all(f"t{m}-0" not in view for m in results if m != n)
    assert list(base) == list(range(100))
