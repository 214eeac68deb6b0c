"""``companion serve``: the app on the local network, served by waitress.

One process with a pool of request threads, as Flask's deployment documentation recommends for
waitress. A table of 2–5 phones costs a few % of one core, and one process serves a hundred times
a table's rate of actions; a single process also keeps its state simply right (the table-code
rate limiter, the caches of folded games), and has one writer of the database
(:func:`companion.events.store.write_lock`).

Connections: every phone keeps one connection alive between its polls. Waitress accepts up to
:func:`connection_limit` of them (its default, 100, let one device with a few hundred idle sockets
lock every new phone out), closes a connection idle for :data:`IDLE_SECONDS`, and watches them
with ``poll`` (``select`` cannot watch a descriptor above 1023).

Stopping (SIGTERM, or Ctrl-C): a request that arrives afterwards is refused (503, nothing
recorded), requests in flight are answered (for at most :data:`STOP_SECONDS`), the write-ahead
log is checkpointed into the database file, and the exit status is 0. A second Ctrl-C stops at
once. A server that cannot serve (port taken, instance folder unusable) exits with status 2, so
that a service manager sees the failure and restarts it.
"""

from __future__ import annotations

import _thread
import contextlib
import gc
import io
import logging
import signal
import socket
import sqlite3
import sys
import threading
from pathlib import Path

import qrcode
from flask import Flask, abort
from flask_babel import gettext as _
from waitress import create_server
from werkzeug.wsgi import ClosingIterator

from companion import InstanceError, create_app
from companion.events import EventStore
from companion.web.photo import glibc

# Request threads: a request may wait on the disk (fsync) or on the write lock. 8, not 4: a club's
# actions then wait behind fewer polls (p95 276 ms against 1,831 ms at 40 tables), for 2 MB more
# after 20 whole games now that the threads share one C heap (:func:`one_c_heap`).
THREADS = 8
MAX_CONNECTIONS = 1000  # kept-alive phones and stray idle sockets alike
SPARE_FILES = 200  # file descriptors kept for everything but connections
IDLE_SECONDS = 30  # a phone polls every second: 30 s of silence is a phone that went away
CLEANUP_SECONDS = 5  # how often idle connections are looked for
STOP_SECONDS = 10.0  # the longest a stop waits for the requests in flight
M_ARENA_MAX = -8  # mallopt's parameter for the number of C heaps (glibc's malloc.h)


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


def connection_limit() -> int:
    """How many connections waitress keeps open: :data:`MAX_CONNECTIONS`, fewer when this
    process may not open that many files (each connection is one; the database, its log and the
    templates need a few more). The soft limit is raised towards the hard one where it is lower."""
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return MAX_CONNECTIONS
    infinite = resource.RLIM_INFINITY
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MAX_CONNECTIONS + SPARE_FILES
    if soft != infinite and soft < wanted:
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == infinite else min(wanted, hard), hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return MAX_CONNECTIONS if soft == infinite else max(16, min(MAX_CONNECTIONS, soft - SPARE_FILES))


def one_c_heap() -> None:
    """One C heap (glibc "arena") for every thread of the process, set before waitress starts its
    threads: by default each thread that allocates gets a heap of its own, and each keeps its free
    memory (about 3 MB over 20 whole games; issue 21 (d)). The threads take turns on the GIL, so
    sharing one heap costs them no waiting. Not glibc: nothing to set."""
    libc = glibc()
    if libc is not None:
        libc.mallopt(M_ARENA_MAX, 1)


def adjustments() -> dict:
    """Waitress's settings (its public adjustments) for ``companion serve``."""
    return {
        "threads": THREADS,
        "connection_limit": connection_limit(),
        "channel_timeout": IDLE_SECONDS,
        "cleanup_interval": CLEANUP_SECONDS,
        "asyncore_use_poll": True,
        "ident": "companion",
    }


def serve(
    host: str = "0.0.0.0", port: int = 5000, instance: str = "instance", allow_hosts: tuple[str, ...] = (),
    exiting: bool = False,
) -> int:
    """Create the instance folder if needed, print the LAN address and its QR code, then serve
    until SIGTERM or Ctrl-C (status 0). ``exiting``: the process ends once this returns (the console
    script), so SIGINT and SIGTERM are then ignored rather than given back to their handlers before:
    a TERM sent twice must not kill, just before it exits, a process that has stopped cleanly.

    Requests are answered for loopback names, this machine's addresses and ``allow_hosts``
    (``--allow-host``) only. An unusable instance folder or port is one ``error:`` line, status 2.
    """
    url = f"http://{lan_address() if host in ('0.0.0.0', '::') else host}:{port}/"
    allowed = tuple(local_addresses(host)) + tuple(allow_hosts)
    config = {"INSTANCE_PATH": str(Path(instance).resolve()), "PUBLIC_URL": url, "ALLOWED_HOSTS": allowed}
    try:
        app = create_app(config)  # also creates the folder, the key and the schema
    except InstanceError as exc:
        print(f"error: --instance: {exc}", file=sys.stderr)
        return 2
    stop = GracefulStop(app)
    one_c_heap()
    try:
        server = create_server(stop, host=host, port=port, **adjustments())
    except OSError as exc:
        print(f"error: --port: cannot listen on {host}:{port} ({exc.strerror or exc})", file=sys.stderr)
        return 2
    warm(app)  # listening already: a phone that comes meanwhile waits in the queue, it is not refused
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth": a burst, not a fault
    print(f"companion: serving on {url} (instance folder {app.instance_path})", flush=True)
    print("Scan to open on a phone on the same Wi-Fi:", flush=True)
    print(terminal_qr(url), flush=True)
    # Handled until the log is checkpointed: a late TERM must not kill the process half-way.
    with stop.handling_signals(afterwards=signal.SIG_IGN if exiting else None):
        stop.run(server)
        server.close()  # the listening socket (the process's exit closes the connections)
        checkpoint(app.config["DATABASE"])
    print("companion: stopped", flush=True)
    return 0


def warm(app: Flask) -> Flask:
    """``app`` with every template compiled now, not by the first requests that need them; then
    what the process holds from its start (modules, the app, the compiled templates) is left out of
    Python's cyclic garbage collector (``gc.freeze``): its full collections, which walked all of it,
    then walk only what requests made (about 2 % of a step's CPU; issue 21 (a))."""
    for name in app.jinja_env.list_templates(extensions=("html",)):
        app.jinja_env.get_template(name)
    gc.collect()  # the start's own garbage first: what is frozen is never collected
    gc.freeze()
    return app


def checkpoint(database: str) -> None:
    """Copy the write-ahead log into the database file and empty it: a stopped server leaves one
    file that holds everything (a backup of it alone is whole). When that fails (a read-only or
    full disk) the log keeps what it holds, and the next start reads it: a warning, not a failure."""
    try:
        store = EventStore(database)
        try:
            store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            store.close()
    except (sqlite3.Error, OSError) as exc:
        print(f"companion: the database's log was not checkpointed ({exc}); the next start reads it",
              file=sys.stderr, flush=True)


class GracefulStop:
    """The app as served (WSGI middleware): it counts the requests in flight and, once a stop is
    asked for, refuses new ones, waits for those in flight, then ends the server's loop.

    The loop is ended by one ``KeyboardInterrupt`` raised by the signal handler (waitress catches
    it), and only one: after it, a signal changes nothing. A second one (a TERM sent twice, or the
    drain's own signal after a second TERM) landed while waitress waited for its threads, inside
    that wait's lock ("release unlocked lock", an internal error), or escaped ``serve`` (status
    130). The handlers stay until the log is checkpointed: a late TERM killed the process there."""

    def __init__(self, app: Flask):
        self.app = app
        self.stopping = threading.Event()
        self._asked = False  # a stop was asked for (set by the handler, before anything else)
        self._ended = False  # the loop was told to end: further signals change nothing
        self._running = 0
        self._changed = threading.Condition()
        # First of the app's before-request hooks: a refused request runs none of the others.
        app.before_request_funcs.setdefault(None, []).insert(0, self._refuse_while_stopping)

    def __call__(self, environ, start_response):
        with self._changed:
            self._running += 1
        try:
            answer = self.app(environ, start_response)
        except BaseException:
            self._finished()
            raise
        return ClosingIterator(answer, self._finished)  # finished once waitress has sent the body

    def _finished(self) -> None:
        with self._changed:
            self._running -= 1
            self._changed.notify_all()

    def _refuse_while_stopping(self) -> None:
        # Before any view: a request refused here has recorded nothing.
        if self.stopping.is_set():
            abort(503, _("The companion is stopping: nothing was recorded. Try again once it is back."))

    def idle(self, timeout: float) -> bool:
        """Wait until no request is in flight (at most ``timeout`` seconds); whether none is."""
        with self._changed:
            return self._changed.wait_for(lambda: self._running == 0, timeout)

    @contextlib.contextmanager
    def handling_signals(self, afterwards=None):
        """SIGINT and SIGTERM handled by this stop inside the block; after it ``afterwards`` (the
        previous handlers when None).

        The drain thread starts before the handlers (a thread's start takes a lock a handler must
        not interrupt); on leaving, the drain can no longer signal (see :meth:`_drain`), so no
        SIGINT of its own reaches the previous handler."""
        threading.Thread(target=self._drain, name="companion-stop", daemon=True).start()
        previous = {sig: signal.signal(sig, self._signalled) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield self
        finally:
            self._ended = True
            self.stopping.set()  # a drain still waiting for a stop ends without signalling
            with self._changed:  # waits for a drain that is signalling right now
                pass
            for sig, handler in previous.items():  # runs a pending signal's handler (ours) first
                signal.signal(sig, handler if afterwards is None else afterwards)

    def run(self, server) -> None:
        """Run waitress's loop in this (the main) thread until a stop ends it (inside
        :meth:`handling_signals`)."""
        try:
            server.run()  # returns once the KeyboardInterrupt ends its loop (waitress catches it)
        except KeyboardInterrupt:  # two signals before the loop had begun: nothing to wait for
            pass
        self._ended = True

    def _signalled(self, _signum, _frame) -> None:
        # Runs in the main thread, between any two bytecodes (even inside this handler, for a
        # second signal): so the flags are plain attributes, set before anything that takes a lock.
        if self._ended:
            return
        if self._asked:  # the drain's own signal (the requests in flight are answered), or Ctrl-C again
            self._ended = True
            raise KeyboardInterrupt
        self._asked = True
        self.stopping.set()
        print("companion: stopping (answering the requests in flight; Ctrl-C again to stop now)", flush=True)

    def _drain(self) -> None:
        self.stopping.wait()
        if not self.idle(STOP_SECONDS):
            print(f"companion: requests still unanswered after {STOP_SECONDS:.0f} s", file=sys.stderr, flush=True)
        with self._changed:  # the handlers are not put back meanwhile (see handling_signals)
            if not self._ended:
                self._wake_main_thread()

    @staticmethod
    def _wake_main_thread() -> None:
        # Signalling the main thread itself wakes its poll() at once (a signal another thread
        # receives waits for the loop's next turn, up to a second).
        if hasattr(signal, "pthread_kill"):
            signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)
        else:  # Windows
            _thread.interrupt_main()
