"""companion: a board-game table companion (Flask + htmx).

``create_app`` is the application factory (flaskr style): configuration, the instance folder
(database and secret key, created on first start, private to the owner), extensions and
blueprints. An instance folder that cannot be used (read-only, full, a damaged key that cannot
be replaced) raises :class:`InstanceError` with a message for the person starting the app.
"""

from __future__ import annotations

import errno
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask

KEY_FILE = "secret_key"
DB_FILE = "companion.sqlite3"
MIN_KEY_LENGTH = 32  # shorter keys (a truncated write of an older version) are replaced


class InstanceError(Exception):
    """The instance folder cannot be used; the message says why and what to do."""


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``test_config`` overrides the defaults (tests, ``companion serve``)."""
    # Imported here, not at module level: `companion audit`/`referee` import this package and
    # must not pay for Flask (about 130 ms of a CLI call).
    from flask import Flask

    instance = (test_config or {}).get("INSTANCE_PATH")
    app = Flask(__name__, instance_relative_config=True, instance_path=instance and str(Path(instance).resolve()))
    folder = Path(app.instance_path)
    _guard(folder, "create the instance folder", lambda: folder.mkdir(mode=0o700, parents=True, exist_ok=True))
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, DB_FILE),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # request bodies capped (an exported game is far smaller)
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_REFRESH_EACH_REQUEST=False,  # the device id cookie lasts 31 days, re-sent only when it changes
        WTF_CSRF_TIME_LIMIT=None,  # a long game must never hit an expired token
        WTF_CSRF_HEADERS=["X-CSRFToken"],
        BABEL_DEFAULT_LOCALE="en",
        LANGUAGES=["en", "es", "pl"],
        JOIN_ATTEMPTS=10,  # typed table codes per device per window
        JOIN_WINDOW_SECONDS=300,
        DEVICE_MINTS=30,  # new devices per game per window (join links and table codes)
        DEVICE_MINT_WINDOW_SECONDS=60,
        PUBLIC_URL=None,  # the LAN address for join links; set by `companion serve`
        ALLOWED_HOSTS=(),  # Host names answered besides loopback; set by `companion serve`
        LIVE_POLL_SECONDS=1,  # how often a game's page asks whether the table moved (web/live.py)
        DEBUG=False,
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(folder)
    _open_database(app)
    return app


def _open_database(app: Flask) -> None:
    import sqlite3

    from companion.web import init_app

    database = Path(app.config["DATABASE"])
    try:
        init_app(app)  # opens the database, checks durability, runs pending migrations
    except (OSError, sqlite3.Error) as exc:
        raise InstanceError(_describe(exc, database, "open the database")) from exc
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        _private(path)


def _secret_key(instance: Path) -> str:
    """The instance's random secret key, created on first start and never committed.

    A missing, empty, short or unreadable key is replaced (sessions signed with it end); the new
    key is written to a temporary file created 0600, synced, then renamed over the old one, so a
    crash or a full disk never leaves an empty key behind.
    """
    path = instance / KEY_FILE
    try:
        key = path.read_bytes().decode("ascii").strip()
    except FileNotFoundError:
        key = ""
    except (OSError, UnicodeDecodeError):
        key = ""  # unreadable or not text: replaced below if the folder allows it
    if len(key) >= MIN_KEY_LENGTH:
        _private(path)
        return key
    key = secrets.token_hex(32)
    _guard(instance, "write the secret key", lambda: _write_atomically(path, key))
    return key


def _write_atomically(path: Path, text: str) -> None:
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        try:
            os.write(fd, text.encode("ascii"))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    # The rename is durable only once the folder's entry is on disk.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _private(path: Path) -> None:
    """Owner-only mode for an instance file (older versions created them world-readable)."""
    try:
        if path.exists() and path.stat().st_mode & 0o077:
            path.chmod(0o600)
    except OSError:
        pass  # a read-only folder: the file is reported unwritable elsewhere if it matters


def _guard(where: Path, action: str, step) -> None:
    try:
        step()
    except OSError as exc:
        raise InstanceError(_describe(exc, where, action)) from exc


def _describe(exc: BaseException, where: Path, action: str) -> str:
    """One sentence for the person starting the app: what failed, where, why, what to do."""
    code = getattr(exc, "errno", None)
    text = str(exc).lower()
    if code in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in text or "unable to open" in text:
        why = ("the instance folder is read-only or not writable by this user; "
               "make it writable or choose another with --instance")
    elif code in (errno.ENOSPC, errno.EDQUOT) or "disk is full" in text:
        why = "the disk is full; free some space and start again"
    else:
        why = f"{exc}"
    return f"cannot {action} in {where}: {why}"
