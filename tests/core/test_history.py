"""Undo and redo as events (companion/core/history.py)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.history import REDO, UNDO, effective, timeline


@dataclass(frozen=True)
class R:
    type: str
    command_id: str
    payload: dict


def cmd(cid, n=1):
    return [R("x", cid, {}) for _ in range(n)]


def undo(cid, marker):
    return R(UNDO, marker, {"command_id": cid})


def redo(cid, marker):
    return R(REDO, marker, {"command_id": cid})


def test_undo_removes_the_latest_command_and_redo_restores_it():
    log = cmd("start") + cmd("a", 2) + cmd("b")
    assert timeline(log).undo_target() == "b"
    log.append(undo("b", "u1"))
    assert [r.command_id for r in effective(log)] == ["start", "a", "a"]
    assert timeline(log).redo_target() == "b" and timeline(log).undo_target() == "a"
    log.append(redo("b", "r1"))
    assert [r.command_id for r in effective(log)] == ["start", "a", "a", "b"]
    assert timeline(log).redo_target() is None


def test_the_first_command_cannot_be_undone():
    assert timeline(cmd("start")).undo_target() is None


def test_a_new_command_ends_the_redo_chain():
    log = cmd("start") + cmd("a") + [undo("a", "u1")] + cmd("c")
    line = timeline(log)
    assert line.redo_target() is None
    assert line.in_effect == ("start", "c")


def test_undo_twice_then_redo_twice_restores_order():
    log = cmd("start") + cmd("a") + cmd("b")
    log += [undo("b", "u1"), undo("a", "u2"), redo("a", "r1"), redo("b", "r2")]
    assert [r.command_id for r in effective(log)] == ["start", "a", "b"]
