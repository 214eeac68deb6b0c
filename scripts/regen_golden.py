"""Regenerate the solo golden playthroughs in tests/solo_guard/golden/ (review the diff, then commit).

Usage: .venv/bin/python scripts/regen_golden.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.solo_guard.playthrough import GOLDEN_GAMES, golden_text  # noqa: E402

GOLDEN = ROOT / "tests" / "solo_guard" / "golden"


def main() -> int:
    """Write one text file per difficulty."""
    profile = json.loads((GOLDEN / "made_up_profile.json").read_text())
    for difficulty in GOLDEN_GAMES:
        path = GOLDEN / f"{difficulty}.txt"
        path.write_text(golden_text(difficulty, profile), encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
