"""The served app in a subprocess on 127.0.0.1, and a small keep-alive HTTP client with a cookie
jar and the CSRF token (as a browser with htmx would send them). Loopback traffic only."""

from __future__ import annotations

import contextlib
import http.client
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

HOST = "127.0.0.1"
# Where a page carries its CSRF token: htmx's hx-headers, a form's hidden field, or a meta tag.
TOKEN = re.compile(r'"X-CSRFToken":\s*"([^"]+)"|name="csrf_token"\s+value="([^"]+)"'
                   r'|name="csrf-token"\s+content="([^"]+)"')


def free_port() -> int:
    """A port nobody listens on right now (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def companion_command() -> list[str]:
    """The ``companion`` console script of this virtualenv (or the same through ``python -c``)."""
    script = Path(sys.executable).with_name("companion")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())"]


class Server:
    """``companion serve`` on a free loopback port and an instance folder; stopped by :meth:`stop`."""

    def __init__(self, instance: Path, log: Path):
        self.port = free_port()
        self.log = log
        command = [*companion_command(), "serve", "--host", HOST, "--port", str(self.port),
                   "--instance", str(instance)]
        with open(log, "wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until ``/healthz`` answers 200 (or raise with the server's output)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped (status {self.proc.returncode}):\n{self.output()}")
            try:
                status, _headers, _body = Client(self.port, timeout=2).get("/healthz")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within {timeout:.0f} s:\n{self.output()}")

    def output(self) -> str:
        """What the server printed (its log)."""
        return self.log.read_text(errors="replace")[-3000:]

    def stop(self) -> None:
        """Stop the server this object started (terminate, then kill if it lingers)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


@contextlib.contextmanager
def served(prefix: str, start: Callable[[Path], Server] | None = None,
           seed: Callable[[Path], None] | None = None) -> Iterator[tuple[Server, Path]]:
    """A server on a fresh instance folder holding the made-up box profile, ready: ``(server,
    folder)``. ``start(folder)`` makes the server (default: this checkout's :class:`Server`),
    ``seed(database)`` writes the profile (default ``benchlib.seed_profile``). On exit the server
    is stopped (if the caller has not stopped it already) and the folder removed."""
    from benchlib import seed_profile  # a script's module: benchmarks/ is on its path

    from companion import DB_FILE

    folder = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        (seed or seed_profile)(folder / DB_FILE)
        server = start(folder) if start else Server(folder, folder / "server.log")
        try:
            server.wait_ready()
            yield server, folder
        finally:
            server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Client:
    """One device: a kept-alive connection, its cookies and its CSRF token."""

    port: int
    timeout: float = 30.0
    cookies: dict[str, str] = field(default_factory=dict)
    token: str | None = None
    conn: http.client.HTTPConnection | None = None

    def get(self, path: str, headers: dict | None = None) -> tuple[int, http.client.HTTPMessage, bytes]:
        """GET ``path``."""
        return self.request("GET", path, None, headers)

    def post(self, path: str, fields: dict, headers: dict | None = None) -> tuple[int, http.client.HTTPMessage, bytes]:
        """POST form fields with the CSRF token in the header, as htmx sends it."""
        return self.request("POST", path, fields, {"X-CSRFToken": self.token or "", **(headers or {})})

    def fetch_token(self, path: str = "/") -> None:
        """Open a page and keep the CSRF token it carries (and the session cookie it sets)."""
        status, _headers, body = self.get(path)
        match = TOKEN.search(body.decode("utf-8", "replace"))
        if status != 200 or match is None:
            raise RuntimeError(f"no CSRF token on {path} (status {status})")
        self.token = next(group for group in match.groups() if group)

    def request(self, method: str, path: str, fields: dict | None, headers: dict | None):
        """One request on the kept-alive connection (reconnecting once if the server closed it)."""
        body = urlencode(fields, doseq=True) if fields is not None else None
        sent = {"Host": f"{HOST}:{self.port}", **(headers or {})}
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in (1, 2):
            try:
                conn = self.conn or http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
                self.conn = conn
                conn.request(method, path, body=body, headers=sent)
                answer = conn.getresponse()
                data = answer.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()  # a kept-alive connection the server had closed: once more on a new one
                if attempt == 2:
                    raise
        for cookie in answer.headers.get_all("Set-Cookie") or []:
            name, _eq, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value.strip()
        if answer.headers.get("Connection", "").lower() == "close":
            self.close()
        return answer.status, answer.headers, data

    def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None
