"""Fixtures of the solo guard tests: a made-up box profile (real format, invented numbers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.lockup.box_profile import BoxProfile, from_json

MADE_UP_PROFILE_PATH = Path(__file__).parent / "golden" / "made_up_profile.json"


@pytest.fixture(scope="session")
def made_up_profile() -> BoxProfile:
    """The made-up profile shared with scripts/regen_golden.py (not the real box)."""
    return from_json(MADE_UP_PROFILE_PATH.read_text())
