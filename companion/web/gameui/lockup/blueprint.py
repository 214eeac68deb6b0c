"""The Lockup table UI's blueprint (``/lockup``), shared by the phase and setup views."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("lockup", __name__, url_prefix="/lockup")
