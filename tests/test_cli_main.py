"""The console script: subcommands, --help, and `companion serve` on an empty instance folder."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
import support

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


def test_a_file_with_a_byte_order_mark_is_read(capsys, tmp_path):
    example = support.examples_of("companion audit ragami")[0]
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(example["input"]).encode())
    assert main(["audit", "ragami", str(path)]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out) == example["output"] and captured.err == ""


@pytest.mark.parametrize(("content", "expected"), [
    (None, "error: file: cannot read"),  # a folder, not a file
    (b"\xff\xfe{}", "error: file: "),
])
def test_a_folder_or_a_file_that_is_not_utf8_is_one_error_line(capsys, tmp_path, content, expected):
    path = tmp_path / "doc.json"
    path.mkdir() if content is None else path.write_bytes(content)
    assert main(["audit", "lockup", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(expected)
    assert content is None or lines[0].endswith("is not UTF-8 text")


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
        # Until it answers, however long its start takes (the imports alone took 10 s on a loaded
        # machine: a count of tries failed the test there); bounded like the benchmarks' wait_ready.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
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
