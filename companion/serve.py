"""``companion serve``: the app on the local network, served by waitress.

A page is rendered by Python code holding the GIL, so one process uses one core however many
threads it has. Where the system can ``fork`` (Linux, macOS, Android), the host serves with two
single-threaded waitress processes per core (``--workers``, default: twice the cores, at most 8),
all accepting on one listening socket; each builds its own app after the fork, so no database
connection crosses it. One request thread per process: threads of one process take turns with the
GIL, and every hand-off costs (eight threads a process served 12 % fewer actions a second than one,
bench_concurrency); a second process per core keeps the core busy while a request waits for the
disk or the write turn. A single process (``--workers 1``, or no ``fork``) keeps eight threads.
The store is safe across processes (SQLite transactions, ``BEGIN IMMEDIATE``); each process keeps
its own caches of folded games and drawn fragments, which any process may rebuild from the database.

The workers take new connections in turn (:class:`Turns`): each phone keeps one connection open,
and left to the kernel whichever worker woke first took it, so a table's phones could all land on
one process while another core stayed idle (a benchmark run saw 8 connections of 8 on one worker,
at half the throughput).
"""

from __future__ import annotations

import io
import logging
import mmap
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import qrcode
from waitress import serve as waitress_serve
from waitress.server import create_server

from companion import InstanceError, create_app


def lan_address() -> str:
    """This machine's address on the local network (127.0.0.1 when there is none).

    A UDP ``connect`` only asks the kernel for a route; no packet is sent.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never contacted, only routed
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def local_addresses(host: str) -> list[str]:
    """The addresses this machine answers on, for the Host allow-list: the LAN address, the
    addresses of its host name, and ``host`` itself when it is a specific address."""
    found = [lan_address()]
    try:
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    if host not in ("0.0.0.0", "::", ""):
        found.append(host)
    return sorted(set(found))


def terminal_qr(text: str) -> str:
    """A QR code drawn with text characters, for the terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(text)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


THREADS = 8  # waitress threads of a single server process: its requests may wait on an fsync
WORKER_THREADS = 1  # of each of several processes (see the module's docstring)
WORKERS_PER_CORE = 2
MAX_WORKERS = 8


def default_workers() -> int:
    """Two processes per core (at most :data:`MAX_WORKERS`); 1 where ``fork`` is missing (Windows)."""
    if not hasattr(os, "fork"):
        return 1
    return max(1, min(MAX_WORKERS, WORKERS_PER_CORE * (os.cpu_count() or 1)))


def serve(
    host: str = "0.0.0.0", port: int = 5000, instance: str = "instance", allow_hosts: tuple[str, ...] = (),
    workers: int | None = None,
) -> int:
    """Create the instance folder if needed, print the LAN address and its QR code, then serve.

    Requests are answered for loopback names, this machine's addresses and ``allow_hosts``
    (``--allow-host``) only. An unusable instance folder or port is one ``error:`` line, status 2.
    """
    url = f"http://{lan_address() if host in ('0.0.0.0', '::') else host}:{port}/"
    allowed = tuple(local_addresses(host)) + tuple(allow_hosts)
    config = {"INSTANCE_PATH": str(Path(instance).resolve()), "PUBLIC_URL": url, "ALLOWED_HOSTS": allowed}
    try:
        app = create_app(config)  # also creates the folder, the key and the schema before any fork
    except InstanceError as exc:
        print(f"error: --instance: {exc}", file=sys.stderr)
        return 2
    workers = default_workers() if workers is None else workers
    try:
        listening = listen(host, port)
    except OSError as exc:
        print(f"error: --port: cannot listen on {host}:{port} ({exc.strerror})", file=sys.stderr)
        return 2
    print(f"companion: serving on {url} (instance folder {app.instance_path})", flush=True)
    print("Scan to open on a phone on the same Wi-Fi:", flush=True)
    print(terminal_qr(url), flush=True)
    try:
        if workers > 1 and hasattr(os, "fork"):
            Workers(lambda: warm(create_app(config)), listening, workers).run()
        else:
            waitress_serve(warm(app), sockets=[listening], threads=THREADS, ident="companion")
    except KeyboardInterrupt:
        pass
    print("companion: stopped", flush=True)
    return 0


def listen(host: str, port: int, wait: float = 3.0) -> socket.socket:
    """The listening socket. A port still held by a server that is stopping (its processes close
    it within a second) is tried again for ``wait`` seconds before giving up."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    deadline = time.monotonic() + wait
    while True:
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.listen(1024)
            sock.setblocking(False)
            return sock
        except OSError as exc:
            sock.close()
            if exc.errno != getattr(socket, "EADDRINUSE", 98) or time.monotonic() >= deadline:
                raise
            time.sleep(0.2)


def warm(app):
    """``app`` with every template compiled now, not by the first requests that need them."""
    for name in app.jinja_env.list_templates(extensions=("html",)):
        app.jinja_env.get_template(name)
    return app


class Workers:
    """``count`` waitress processes serving ``make_app()`` on one listening socket.

    The parent only watches: SIGINT/SIGTERM stop every worker; a worker that dies is replaced,
    unless it died within a second of starting (a broken set-up would only fail again). A worker
    whose parent is gone (``kill -9``) stops too: it must not keep the port or the database.
    """

    def __init__(self, make_app: Callable, listening: socket.socket, count: int):
        self.make_app, self.listening, self.count = make_app, listening, count
        self.turns = Turns(count)
        self.children: dict[int, tuple[float, int]] = {}  # pid: (started, slot in the turns)
        self.stopping = False

    def run(self) -> None:
        """Start the workers and watch them until asked to stop."""
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._stop)
        for slot in range(self.count):
            self._start(slot)
        while self.children:
            try:
                pid, _status = os.wait()
            except ChildProcessError:
                break
            started, slot = self.children.pop(pid, (None, None))
            if started is None:
                continue
            self.turns.gone(slot)
            if self.stopping:
                continue
            if time.monotonic() - started < 1.0:
                print("error: a worker stopped as it started; see the lines above", file=sys.stderr)
                self._stop()
            else:
                self._start(slot)

    def _stop(self, *_args) -> None:
        self.stopping = True
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    def _start(self, slot: int) -> None:
        parent = os.getpid()
        pid = os.fork()
        if pid:
            self.children[pid] = (time.monotonic(), slot)
            return
        code = 0
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when to stop
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
            self.turns.serve(self.make_app(), self.listening, slot)
        except BaseException as exc:  # noqa: BLE001 - a worker must never return into the parent's code
            print(f"error: worker {os.getpid()}: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
            code = 1
        finally:
            os._exit(code)


def _orphaned(parent: int) -> None:
    """Stop this worker as soon as its parent is gone (checked twice a second)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


class Turns:
    """Which worker accepts the next connection: the one holding the fewest (ties: any of them).

    Each worker publishes how many sockets its waitress loop holds, in an array shared by every
    worker (an anonymous shared mapping made before the fork), each time round its loop, and
    listens for new connections only while no other worker holds fewer. A worker that accepted
    therefore holds at most one more than any other. A worker out of turn wakes every
    :data:`RECHECK` seconds to look again (a connection closing elsewhere, a worker gone), where
    waitress would sleep up to a second; in turn, it sleeps as waitress does.

    It runs waitress's own loop one turn at a time and wraps its server's ``readable``, reading
    ``_map`` (its open sockets): waitress internals, which is why pyproject.toml keeps waitress 3.
    """

    RECHECK = 0.05
    GONE = 2**31 - 1  # a slot with no worker: never the fewest

    def __init__(self, count: int):
        self._shared = mmap.mmap(-1, 4 * count)
        self.held = memoryview(self._shared).cast("i")
        for slot in range(count):
            self.held[slot] = self.GONE

    def gone(self, slot: int) -> None:
        """The worker in ``slot`` stopped: the others no longer wait for it."""
        self.held[slot] = self.GONE

    def mine(self, slot: int) -> bool:
        """Whether the worker in ``slot`` holds no more connections than any other."""
        return self.held[slot] <= min(self.held)

    def serve(self, app, listening: socket.socket, slot: int) -> None:
        """Serve ``app`` with waitress in this worker (``slot``), accepting only in turn."""
        logging.basicConfig()
        server = create_server(app, sockets=[listening], threads=WORKER_THREADS, ident="companion")
        accepting = server.readable  # waitress's own check (its connection limit)

        def readable() -> bool:
            self.held[slot] = len(server._map)
            return accepting() and self.mine(slot)

        server.readable = readable
        server.print_listen("Serving on http://{}:{}")
        idle = server.adj.asyncore_loop_timeout
        try:
            while server._map:
                timeout = idle if self.mine(slot) else self.RECHECK
                server.asyncore.loop(timeout=timeout, map=server._map, use_poll=server.adj.asyncore_use_poll,
                                     count=1)
        except (SystemExit, KeyboardInterrupt):
            server.task_dispatcher.shutdown()
