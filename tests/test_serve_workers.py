"""``companion serve`` with several worker processes (issue 11): one listening socket, one waitress
process per worker, each with its own app; the parent stops them all, and a worker whose parent
was killed stops by itself, freeing the port. ``/proc`` (Linux, as CI) tells a process's children."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.cli import main
from companion.serve import WORKER_THREADS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            pass
    return {c for c in found if alive(c)}


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start(folder: Path, port: int, workers: int = 2) -> subprocess.Popen:
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--instance", str(folder), "--workers", str(workers)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, proc.communicate()[0]
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200 and len(children(proc.pid)) == workers:
                    return proc
        except OSError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"not serving with {workers} workers: {proc.communicate()[0][-2000:]}")


def until(condition, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_two_workers_serve_and_stop_with_their_parent(tmp_path):
    port = free_port()
    proc = start(tmp_path / "instance", port)
    workers = children(proc.pid)
    try:
        for _ in range(20):  # new connections, accepted by either worker
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                assert answer.status == 200 and b"Join a table" in answer.read()
    finally:
        proc.send_signal(signal.SIGINT)
        out = proc.communicate(timeout=20)[0]
    assert proc.returncode == 0 and "companion: stopped" in out and "Traceback" not in out
    assert until(lambda: not any(alive(w) for w in workers)), "a worker outlived its parent"


def test_a_killed_parent_takes_its_workers_along_and_frees_the_port(tmp_path):
    """``kill -9`` of the server: its workers notice and stop; a new server gets the same port."""
    port = free_port()
    proc = start(tmp_path / "instance", port)
    workers = children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=10)
    assert until(lambda: not any(alive(w) for w in workers)), "a worker outlived its killed parent"
    again = start(tmp_path / "instance", port)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            assert answer.status == 200
    finally:
        again.send_signal(signal.SIGTERM)
        again.communicate(timeout=20)


def test_a_worker_that_dies_is_replaced(tmp_path):
    port = free_port()
    proc = start(tmp_path / "instance", port)
    try:
        time.sleep(1.2)  # a worker dying within a second of its start would stop the server instead
        first = children(proc.pid)
        victim = min(first)
        os.kill(victim, signal.SIGKILL)
        assert until(lambda: len(children(proc.pid)) == 2 and victim not in children(proc.pid), 10)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as answer:
            assert answer.status == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)


def test_a_port_someone_else_listens_on_is_one_error_line(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port), "--instance", str(tmp_path / "i"),
                     "--workers", "1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: --port: cannot listen on 127.0.0.1:{port}")


@pytest.mark.parametrize("workers", ["0", "65", "-1"])
def test_a_worker_count_out_of_range_is_one_error_line(workers, capsys, tmp_path):
    assert main(["serve", "--workers", workers, "--instance", str(tmp_path / "i")]) == 2
    assert capsys.readouterr().err == "error: --workers: must be a number from 1 to 64\n"


def connections(pid: int) -> int:
    """The TCP connections a worker holds open (its sockets but the listening one, from /proc)."""
    sockets = 0
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            sockets += os.readlink(fd).startswith("socket:")
        except OSError:
            pass
    return sockets - 1


def serving(pid: int) -> bool:
    """Whether a worker is past building its app: waitress's request threads are running."""
    return len(list(Path(f"/proc/{pid}/task").iterdir())) >= WORKER_THREADS + 2  # + its loop, the orphan watch


def test_kept_alive_connections_are_shared_evenly_between_the_workers(tmp_path):
    """Phones at a table each keep one connection open: the workers take them in turn (the one
    holding the fewest accepts), so no core idles while another serves every phone. Left to the
    kernel, 8 connections opened one after another landed 8/0, 7/1 or 6/2 more often than not."""
    port = free_port()
    proc = start(tmp_path / "instance", port)
    workers = sorted(children(proc.pid))
    try:
        assert until(lambda: all(serving(w) for w in workers), 30)
        assert until(lambda: [connections(w) for w in workers] == [0, 0])
        for _round in range(3):
            phones = []
            for _ in range(8):
                phone = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                phone.request("GET", "/healthz")
                assert phone.getresponse().read() and phone.sock is not None  # kept alive
                phones.append(phone)
            assert until(lambda: [connections(w) for w in workers] == [4, 4], 2), \
                [connections(w) for w in workers]
            for phone in phones:
                phone.close()
            assert until(lambda: [connections(w) for w in workers] == [0, 0])
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=20)
