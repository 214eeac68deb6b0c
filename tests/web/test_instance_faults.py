"""Instance faults (issue 10, item 8): the secret key and database file, connections kept per
thread, and what the table sees when the storage turns read-only, fills up or fails to write
(an injected I/O error, issue 20).

Running as root, file modes cannot make a folder read-only, so faults are produced by SQLite
itself where possible (``PRAGMA query_only`` answers SQLITE_READONLY, ``PRAGMA max_page_count``
SQLITE_FULL, a ``mode=ro`` open a read-only database) and by failing system calls otherwise.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading

import pytest

from companion import InstanceError, create_app
from companion.events import connection
from companion.web import get_store, play


def make(tmp_path, **extra):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "WTF_CSRF_ENABLED": False,
                       **extra})


def mode(path) -> int:
    return os.stat(path).st_mode & 0o777


def leftovers(folder) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


# --- the secret key ----------------------------------------------------------------------------


def test_the_key_is_private_before_it_is_renamed_into_place(tmp_path, monkeypatch):
    renamed = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda src, dst: renamed.append((mode(src), os.path.getsize(src))) or
                        real(src, dst))
    app = make(tmp_path)
    key_file = tmp_path / "instance" / "secret_key"
    assert renamed == [(0o600, 64)]  # written in full and owner-only before it gets its name
    assert mode(key_file) == 0o600 and key_file.read_text() == app.config["SECRET_KEY"]
    assert leftovers(tmp_path / "instance") == []


def test_a_full_disk_at_first_start_leaves_no_empty_key_and_says_so(tmp_path, monkeypatch):
    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(InstanceError, match="secret key.*disk is full"):
        make(tmp_path)
    monkeypatch.undo()
    folder = tmp_path / "instance"
    assert not (folder / "secret_key").exists() and leftovers(folder) == []
    assert len(make(tmp_path).config["SECRET_KEY"]) == 64  # the next start, with space, just works


@pytest.mark.parametrize("content", [b"", b"   \n", b"\xff\xfe\x00bad", b"short"])
def test_an_empty_short_or_unreadable_key_is_replaced(tmp_path, content):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "secret_key").write_bytes(content)
    app = make(tmp_path)
    assert len(app.config["SECRET_KEY"]) == 64
    assert (folder / "secret_key").read_text() == app.config["SECRET_KEY"] and mode(folder / "secret_key") == 0o600
    assert app.test_client().get("/").status_code == 200


def test_a_good_key_is_kept_and_made_private(tmp_path):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "secret_key").write_text("k" * 64)
    (folder / "secret_key").chmod(0o644)
    assert make(tmp_path).config["SECRET_KEY"] == "k" * 64
    assert mode(folder / "secret_key") == 0o600


def read_only_folder(monkeypatch, folder) -> None:
    """Every creation of a file in ``folder`` fails as on a read-only mount; SQLite opens read-only."""
    real_open, real_connect = os.open, sqlite3.connect

    def open_(path, flags, *args, **kwargs):
        if str(path).startswith(str(folder)) and flags & (os.O_CREAT | os.O_WRONLY):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, flags, *args, **kwargs)

    def connect(path, *args, **kwargs):
        return real_connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)

    monkeypatch.setattr(os, "open", open_)
    monkeypatch.setattr(connection.sqlite3, "connect", connect)


def test_an_empty_key_on_a_read_only_instance_is_refused_with_a_clear_message(tmp_path, monkeypatch):
    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "secret_key").write_text("")
    read_only_folder(monkeypatch, folder)
    with pytest.raises(InstanceError, match="cannot write the secret key in .*read-only"):
        make(tmp_path)


def test_serve_on_a_read_only_instance_prints_one_error_line(tmp_path, monkeypatch, capsys):
    from companion import serve

    folder = tmp_path / "instance"
    folder.mkdir()
    (folder / "secret_key").write_text("k" * 64)
    read_only_folder(monkeypatch, folder)
    monkeypatch.setattr(serve, "create_server", lambda *a, **k: pytest.fail("must not serve"))
    assert serve.serve(instance=str(folder)) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: --instance: cannot open the database in ") and "read-only" in err
    assert "Traceback" not in out + err and len(err.strip().splitlines()) == 1


# --- the database file and its connections -----------------------------------------------------


def test_the_database_is_private_from_creation(tmp_path):
    app = make(tmp_path)
    app.test_client().post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    folder = tmp_path / "instance"
    for name in ("companion.sqlite3", "companion.sqlite3-wal", "companion.sqlite3-shm"):
        if (folder / name).exists():
            assert mode(folder / name) == 0o600, name
    assert mode(folder) == 0o700


def test_an_older_world_readable_database_is_made_private_at_start(tmp_path):
    make(tmp_path)
    db = tmp_path / "instance" / "companion.sqlite3"
    db.chmod(0o644)
    make(tmp_path)
    assert mode(db) == 0o600


def test_requests_reuse_the_thread_connection_and_run_no_pragma(tmp_path):
    app = make(tmp_path)
    client = app.test_client()
    client.get("/")
    with app.app_context():
        store = get_store()
    statements: list[str] = []
    store.db.conn.set_trace_callback(statements.append)
    try:
        for url in ("/", "/healthz", "/ragami/new"):
            assert client.get(url).status_code == 200
        with app.app_context():
            assert get_store() is store
    finally:
        store.db.conn.set_trace_callback(None)
    assert statements and not [s for s in statements if s.lstrip().upper().startswith(("PRAGMA", "CREATE"))]

    other: list = []
    thread = threading.Thread(target=lambda: other.append(app.app_context().__enter__() and get_store()))
    thread.start()
    thread.join()
    assert other and other[0] is not store  # one connection per thread


def test_a_request_never_inherits_an_open_transaction(tmp_path):
    app = make(tmp_path)
    with app.app_context():
        get_store().db.execute("BEGIN IMMEDIATE")  # as if a request died half-way
    client = app.test_client()
    assert client.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"}).status_code == 303
    with app.app_context():
        assert not get_store().db.conn.in_transaction
    assert len(sqlite3.connect(tmp_path / "instance" / "companion.sqlite3").execute(
        "SELECT id FROM games").fetchall()) == 1  # committed, visible to another connection


# --- read-only and full storage while running ---------------------------------------------------


@pytest.fixture
def running(app, client):
    """The app with a recorded test game (made-up "Tally") and this thread's connection."""
    with app.app_context():
        game_id = play.start("test-tally", {"players": ["Ana", "Ben" * 4000]}, "Fault table", "k-fault")
        store = get_store()
    yield app, client, game_id, store
    store.db.execute("PRAGMA query_only = OFF")
    store.db.execute("PRAGMA max_page_count = 1073741823")


def recorded(store, game_id) -> int:
    return len(store.events(game_id))


def test_a_read_only_storage_keeps_reads_and_refuses_writes_clearly(running):
    app, client, game_id, store = running
    before = recorded(store, game_id)
    store.db.execute("PRAGMA query_only = ON")  # SQLite now answers SQLITE_READONLY to every write
    assert client.get("/").status_code == 200
    assert client.get(f"/games/{game_id}").status_code == 200
    assert client.get(f"/games/{game_id}/history").status_code == 200
    refused = client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "1"})
    assert refused.status_code == 503
    page = refused.get_data(as_text=True)
    assert "read-only: nothing was recorded" in page
    new_game = client.post("/ragami/new", data={"players": ["Ana", "Ben"], "start_seat": "0"})
    assert new_game.status_code == 503
    health = client.get("/healthz")
    assert health.status_code == 503 and health.get_data(as_text=True).startswith("storage read-only")
    store.db.execute("PRAGMA query_only = OFF")
    assert recorded(store, game_id) == before
    assert client.get("/healthz").get_data(as_text=True) == "ok"  # the probe clears it once writable


def test_a_full_storage_answers_507_and_records_nothing(running):
    app, client, game_id, store = running
    before = recorded(store, game_id)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # not one page more: SQLITE_FULL
    # Ben's 12,000-letter name makes the event need new pages.
    refused = client.post(f"/test-tally/{game_id}/add", data={"player": "Ben" * 4000, "points": "1"})
    assert refused.status_code == 507
    assert "full: nothing was recorded" in refused.get_data(as_text=True)
    assert client.get(f"/games/{game_id}").status_code == 200
    health = client.get("/healthz")
    assert health.status_code == 507 and "storage full" in health.get_data(as_text=True)
    store.db.execute("PRAGMA max_page_count = 1073741823")
    assert recorded(store, game_id) == before
    assert client.get("/healthz").status_code == 200
    done = client.post(f"/test-tally/{game_id}/add", data={"player": "Ben" * 4000, "points": "1"})
    assert done.status_code == 303 and recorded(store, game_id) == before + 1


def test_an_htmx_write_on_full_storage_gets_the_notice_in_main(running):
    app, client, game_id, store = running
    store.db.execute(f"PRAGMA max_page_count = {store.db.execute('PRAGMA page_count').fetchone()[0]}")
    refused = client.post(f"/test-tally/{game_id}/add", data={"player": "Ben" * 4000, "points": "1"},
                          headers={"HX-Request": "true"})
    assert refused.status_code == 507 and refused.headers["HX-Retarget"] == "#main"
    body = refused.get_data(as_text=True)
    assert "<html" not in body and 'id="error-notice"' in body


def test_other_database_errors_are_still_500s_not_disguised_as_storage(app):
    from companion.web import storage

    assert storage.fault_of(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
    assert storage.fault_of(OSError(errno.ENOENT, "gone")) is None
    wrapped = RuntimeError("rollback failed")
    wrapped.__context__ = OSError(errno.ENOSPC, "full")
    assert storage.fault_of(wrapped) == storage.FULL


# --- any other write failure: an injected I/O error (issue 20) ----------------------------------


def io_error() -> sqlite3.OperationalError:
    """What SQLite raises when the disk refuses a write (SQLITE_IOERR_WRITE)."""
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorcode, error.sqlite_errorname = 10 | (3 << 8), "SQLITE_IOERR_WRITE"
    return error


class CommitsFail:
    """Every ``COMMIT`` of the database's writer connection fails with an I/O error (and SQLite's
    transaction is rolled back), until :meth:`clear`: a disk that stops taking writes."""

    def __init__(self, store):
        self.db, real = store.db, store.db.execute

        def execute(sql, *args, **kwargs):
            if isinstance(sql, str) and sql.strip().upper() == "COMMIT":
                raise io_error()
            return real(sql, *args, **kwargs)

        self.db.execute = execute

    def clear(self) -> None:
        del self.db.execute


def test_an_io_error_answers_503_in_words_reads_go_on_and_writes_resume(running):
    app, client, game_id, store = running
    before = recorded(store, game_id)
    fault = CommitsFail(store)
    try:
        refused = client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "1"})
        assert refused.status_code == 503
        assert "failed while writing: nothing was recorded" in refused.get_data(as_text=True)
        assert "Traceback" not in refused.get_data(as_text=True)
        htmx = client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "1"},
                           headers={"HX-Request": "true"})
        assert htmx.status_code == 503 and htmx.headers["HX-Retarget"] == "#main"
        assert client.get(f"/games/{game_id}").status_code == 200  # reads keep working
        assert client.get(f"/games/{game_id}/history").status_code == 200
        health = client.get("/healthz")
        assert health.status_code == 503 and health.get_data(as_text=True).startswith("storage failing")
        assert client.get("/healthz").status_code == 503  # still failing: the probe wrote to the disk
    finally:
        fault.clear()
    assert recorded(store, game_id) == before
    assert client.get("/healthz").get_data(as_text=True) == "ok"
    done = client.post(f"/test-tally/{game_id}/add", data={"player": "Ana", "points": "1"})
    assert done.status_code == 303 and recorded(store, game_id) == before + 1  # no restart needed


def test_io_and_lock_errors_are_storage_failures(app):
    from companion.web import storage

    assert storage.fault_of(io_error()) == storage.FAILING
    assert storage.fault_of(OSError(errno.EIO, "Input/output error")) == storage.FAILING
    assert storage.STATUS[storage.FAILING] == 503
    assert storage.fault_of(sqlite3.OperationalError("no such table: nowhere")) is None  # a bug stays a 500
