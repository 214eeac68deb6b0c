"""``companion serve`` is one waitress process with threads (issue 21): it serves concurrent
clients, is not locked out by idle sockets, stops gracefully (SIGTERM, Ctrl-C) and exits non-zero
when it cannot serve. Loopback only; every wait is bounded.

The graceful stop under a load of real game actions is tested in tests/events/test_server_kill.py.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import support
from flask import Flask

from companion import serve as serve_module
from companion.cli import main

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def get(port: int, path: str = "/healthz", timeout: float = 10.0) -> tuple[int, bytes]:
    """One GET on a new connection: (status, body)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def until(condition, seconds: float = 30.0, step: float = 0.1) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except OSError:
            pass
        time.sleep(step)
    return False


@pytest.fixture
def server(tmp_path):
    """``companion serve`` in a subprocess on a free loopback port (the benchmarks' helper)."""
    running = support.benchmark_module("loopback").Server(tmp_path / "instance", tmp_path / "server.log")
    try:
        running.wait_ready()
        yield running
    finally:
        running.stop()


def children(pid: int) -> set[int]:
    """The child processes of ``pid`` (from /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            pass
    return found


def sockets_of(pid: int) -> int:
    """How many sockets ``pid`` has open, from /proc (without it: after half a second, more than any)."""
    fds = Path(f"/proc/{pid}/fd")
    if not fds.is_dir():
        time.sleep(0.5)
        return 10**6
    return sum(1 for fd in fds.iterdir() if os.readlink(fd).startswith("socket:"))


def test_one_process_serves_concurrent_clients_with_its_threads(server):
    """Twelve clients at once, each with its own kept-alive connection: every answer whole, all
    from the one process (no child process), which runs a pool of request threads."""
    answers: list[tuple[int, bytes]] = []
    failures: list[BaseException] = []
    start = threading.Barrier(12)

    def client() -> None:
        conn = http.client.HTTPConnection(HOST, server.port, timeout=20)
        try:
            start.wait()
            for path in ("/", "/healthz", "/rules", "/") * 3:
                conn.request("GET", path)
                answer = conn.getresponse()
                answers.append((answer.status, answer.read()))
        except BaseException as exc:  # noqa: BLE001 - reported below
            failures.append(exc)
        finally:
            conn.close()

    threads = [threading.Thread(target=client) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert failures == [] and len(answers) == 12 * 12
    assert all(status == 200 for status, _body in answers)
    assert sum(b"Join a table" in body for _status, body in answers) == 12 * 6
    if Path("/proc").is_dir():
        assert children(server.proc.pid) == set(), "companion serve started other processes"
        threads_running = len(list(Path(f"/proc/{server.proc.pid}/task").iterdir()))
        assert threads_running >= serve_module.THREADS + 1, threads_running  # the loop and its request threads


def test_idle_sockets_from_one_device_do_not_lock_a_new_phone_out(server):
    """450 connections opened and left idle by one device (waitress's default limit was 100
    connections: every new phone then waited for an idle one to time out): a new phone still gets
    ``/healthz`` at once. The measure is printed (``-s``)."""
    idle = []
    try:
        for _ in range(450):
            idle.append(socket.create_connection((HOST, server.port), timeout=5))
        slow = socket.create_connection((HOST, server.port), timeout=5)
        slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a request that never ends
        idle.append(slow)
        # The server has accepted them all (its sockets: theirs and the listening one), however
        # long that takes on a loaded machine; the phone's wait is measured from there.
        assert until(lambda: sockets_of(server.proc.pid) > len(idle)), "the server did not accept them all"
        started = time.perf_counter()
        status, body = get(server.port, timeout=10)
        took = time.perf_counter() - started
        print(f"\n/healthz beside 451 idle connections: {took * 1000:.1f} ms")
        assert (status, body) == (200, b"ok")
        assert took < 1.0, f"a new phone waited {took:.2f} s"
        assert server.proc.poll() is None
    finally:
        for sock in idle:
            sock.close()


def test_waitress_is_set_for_phones_that_keep_connections(monkeypatch):
    settings = serve_module.adjustments()
    assert settings["connection_limit"] >= 500 and settings["asyncore_use_poll"] is True
    assert settings["channel_timeout"] <= 60 and settings["cleanup_interval"] <= 10
    assert settings["ident"] == "companion"


def test_a_port_someone_else_listens_on_is_one_error_line_and_status_2(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind((HOST, 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--host", HOST, "--port", str(port), "--instance", str(tmp_path / "i")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith(f"error: --port: cannot listen on {HOST}:{port}")


def test_there_is_no_workers_option(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["serve", "--workers", "2", "--instance", str(tmp_path / "i")])
    assert exit_info.value.code == 2
    assert "--workers" in capsys.readouterr().err


def test_sigterm_answers_the_request_in_flight_refuses_new_ones_then_returns_0(tmp_path, monkeypatch, capsys):
    """In this process (serve() installs its handlers in the main thread): a request that takes
    longer than waitress's own 5 s wait for its threads is answered whole before serve() returns;
    a request arriving meanwhile is refused with 503, recording nothing."""
    entered = threading.Event()
    seen: dict = {}

    def with_slow_page(config):
        app = real_create_app(config)

        @app.get("/slow-for-the-test")
        def slow():
            entered.set()
            time.sleep(5.5)
            seen["view_done_at"] = time.monotonic()
            return "slow and whole"

        return app

    real_create_app = serve_module.create_app
    monkeypatch.setattr(serve_module, "create_app", with_slow_page)
    port = free_port()

    def phone() -> None:
        assert until(lambda: get(port)[0] == 200), "the server never answered"
        seen["slow"] = get(port, "/slow-for-the-test", timeout=20)

    def operator() -> None:
        assert entered.wait(30)
        os.kill(os.getpid(), signal.SIGTERM)
        assert until(lambda: get(port, timeout=2)[0] == 503, 5), "a new request was not refused"
        seen["refused"] = get(port, timeout=2)

    threads = [threading.Thread(target=phone, daemon=True), threading.Thread(target=operator, daemon=True)]
    for thread in threads:
        thread.start()
    status = serve_module.serve(host=HOST, port=port, instance=str(tmp_path / "instance"))
    returned_at = time.monotonic()
    for thread in threads:
        thread.join(10)
    assert status == 0
    assert seen["slow"] == (200, b"slow and whole") and seen["view_done_at"] < returned_at
    refused_status, refused_body = seen["refused"]
    assert refused_status == 503 and b"stopping: nothing was recorded" in refused_body
    out = capsys.readouterr().out
    assert "companion: stopping" in out and out.rstrip().endswith("companion: stopped")


def test_the_handlers_are_put_back_after_serving(tmp_path, monkeypatch):
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}

    class Server:
        def run(self):
            assert signal.getsignal(signal.SIGTERM) is not before[signal.SIGTERM]

        def close(self):
            pass

    monkeypatch.setattr(serve_module, "create_server", lambda app, **kw: Server())
    assert serve_module.serve(host=HOST, port=free_port(), instance=str(tmp_path / "i")) == 0
    assert {sig: signal.getsignal(sig) for sig in before} == before


def test_ctrl_c_stops_the_served_process_with_status_0_and_a_checkpointed_log(server, tmp_path):
    assert get(server.port, "/")[0] == 200
    server.proc.send_signal(signal.SIGINT)
    assert server.proc.wait(timeout=30) == 0, server.output()
    assert "companion: stopped" in server.output()
    wal = tmp_path / "instance" / "companion.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0


def test_a_term_sent_twice_under_load_still_stops_cleanly_with_status_0(server, tmp_path):
    """``pkill`` sending TERM twice, 20 ms apart, while phones poll: the second TERM (and the
    drain's own signal) landed while waitress waited for its threads ("internal error: release
    unlocked lock", or status 130), or after the handlers were put back (killed by the TERM)."""
    done = threading.Event()

    def poll() -> None:
        while not done.is_set():
            try:
                get(server.port, "/", timeout=3)
            except OSError:
                pass

    phones = [threading.Thread(target=poll, daemon=True) for _ in range(3)]
    for phone in phones:
        phone.start()
    try:
        time.sleep(0.3)  # the requests are flowing
        server.proc.send_signal(signal.SIGTERM)
        time.sleep(0.02)
        server.proc.send_signal(signal.SIGTERM)
        status = server.proc.wait(timeout=30)
    finally:
        done.set()
    output = server.output()
    assert status == 0, output
    assert "Traceback" not in output and "error" not in output, output
    assert output.rstrip().endswith("companion: stopped")
    wal = tmp_path / "instance" / "companion.sqlite3-wal"
    assert not wal.exists() or wal.stat().st_size == 0


@pytest.mark.parametrize(("soft", "hard", "expected"), [(256, 4096, 1000), (256, 256, 56), (1100, 1100, 900)])
def test_the_connection_limit_fits_the_files_the_process_may_open(soft, hard, expected):
    """A soft limit below what 1,000 connections need is raised (up to the hard one); a hard limit
    too low for them lowers the connection limit instead (accepting past it would fail)."""
    resource = pytest.importorskip("resource")
    ceiling = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if ceiling != resource.RLIM_INFINITY and ceiling < hard:
        pytest.skip("this machine's hard limit on open files is lower")
    code = (f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard})); "
            "from companion.serve import connection_limit; print(connection_limit())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) == expected


def test_the_table_code_limit_holds_for_the_whole_server(server):
    """The rate limit of typed table codes is the server's own (one process): 10 wrong codes, each
    on a new connection, and the 11th try is refused (with several processes each counted its own)."""
    client = support.benchmark_module("loopback").Client(server.port, timeout=20)
    client.fetch_token("/")
    statuses = []
    for _ in range(11):
        client.close()  # a new connection for every try
        statuses.append(client.post("/join", {"code": "WRONG1"})[0])
    assert statuses == [404] * 10 + [429]


@pytest.mark.slow
def test_an_idle_connection_is_closed_by_the_server(server):
    """A socket that sends nothing is closed after IDLE_SECONDS (looked for every CLEANUP_SECONDS),
    so even more idle sockets than the connection limit hold a phone out for a bounded time."""
    idle = socket.create_connection((HOST, server.port), timeout=5)
    try:
        idle.settimeout(serve_module.IDLE_SECONDS + 2 * serve_module.CLEANUP_SECONDS + 10)
        started = time.monotonic()
        assert idle.recv(1) == b"", "the server sent something to a silent connection"
        took = time.monotonic() - started
        assert serve_module.IDLE_SECONDS - 1 <= took <= serve_module.IDLE_SECONDS + 2 * serve_module.CLEANUP_SECONDS
    finally:
        idle.close()


def test_a_checkpoint_that_fails_is_a_warning_not_a_failed_stop(tmp_path, capsys):
    folder = tmp_path / "not-a-folder"
    folder.write_text("a file where the instance folder should be")
    serve_module.checkpoint(str(folder / "companion.sqlite3"))
    assert "was not checkpointed" in capsys.readouterr().err


def test_the_stop_signal_handler_only_marks_the_stop(capsys):
    """The handler runs between any two bytecodes of the main thread: it starts no thread (the drain
    waits from the start of serving), so a second signal cannot land inside a thread's start."""
    stop = serve_module.GracefulStop(Flask("a-test-app"))
    before = threading.active_count()
    stop._signalled(signal.SIGTERM, None)
    assert stop.stopping.is_set() and threading.active_count() == before
    assert "companion: stopping" in capsys.readouterr().out
    with pytest.raises(KeyboardInterrupt):  # Ctrl-C again: stop now
        stop._signalled(signal.SIGINT, None)
    # The loop has been told to end: a third signal must not interrupt waitress's wait for its threads.
    stop._signalled(signal.SIGTERM, None)
