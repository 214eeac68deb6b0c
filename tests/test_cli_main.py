"""The console script: subcommands, --help, and `companion serve` on an empty instance folder."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from companion.cli import main


@pytest.mark.parametrize("argv", [["--help"], ["serve", "--help"], ["audit", "--help"], ["referee", "--help"]])
def test_every_subcommand_has_help(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "usage: companion" in out


def test_unreadable_file_is_a_clear_error(capsys, tmp_path):
    assert main(["audit", "lockup", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: file: cannot read")


def test_not_json_is_a_clear_error(capsys, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{nope")
    assert main(["audit", "ragami", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: input: not valid JSON")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_starts_cleanly_on_an_empty_instance_folder(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--instance", str(folder)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        body = b""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    body = response.read()
                    assert response.headers["Server"] == "companion"  # waitress, not the dev server
                break
            except OSError:
                time.sleep(0.1)
        assert b"Join a table" in body
        htmx = urllib.request.urlopen(f"http://127.0.0.1:{port}/static/vendor/htmx.min.js", timeout=2).read()
        assert len(htmx) > 10_000
        assert (folder / "companion.sqlite3").exists() and (folder / "secret_key").exists()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            out, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
    assert f"serving on http://127.0.0.1:{port}/" in out
    assert "Traceback" not in out
