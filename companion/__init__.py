"""companion: a board-game table companion (Flask + htmx).

``create_app`` is the application factory (flaskr style): configuration, the instance folder
(database and secret key, created on first start), extensions and blueprints.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``test_config`` overrides the defaults (tests, ``companion serve``)."""
    # Imported here, not at module level: `companion audit`/`referee` import this package and
    # must not pay for Flask (about 130 ms of a CLI call).
    from flask import Flask

    instance = (test_config or {}).get("INSTANCE_PATH")
    app = Flask(__name__, instance_relative_config=True, instance_path=instance and str(Path(instance).resolve()))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "companion.sqlite3"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,  # request bodies capped (an exported game is far smaller)
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a long game must never hit an expired token
        WTF_CSRF_HEADERS=["X-CSRFToken"],
        BABEL_DEFAULT_LOCALE="en",
        LANGUAGES=["en", "es", "pl"],
        JOIN_ATTEMPTS=10,  # typed table codes per device per window
        JOIN_WINDOW_SECONDS=300,
        PUBLIC_URL=None,  # the LAN address for join links; set by `companion serve`
        DEBUG=False,
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    from companion.web import init_app

    init_app(app)
    return app


def _secret_key(instance: Path) -> str:
    """The instance's random secret key, created on first start and never committed."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
