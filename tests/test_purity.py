"""The pure core never imports the web or storage layers (house rule: rules are plain Python)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"
PURE = [ROOT / "core", ROOT / "games", ROOT / "solo_guard"]
FORBIDDEN = ("flask", "flask_htmx", "flask_babel", "flask_wtf", "sqlite_utils", "sqlite3", "werkzeug", "waitress",
             "companion.web", "companion.events", "qrcode")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def pure_files() -> list[Path]:
    return sorted(p for folder in PURE for p in folder.rglob("*.py"))


def test_there_is_pure_code_to_check():
    assert len(pure_files()) >= 10


def test_pure_packages_import_no_web_or_storage_module():
    offenders = {
        str(path.relative_to(ROOT.parent)): sorted(m for m in imported_modules(path)
                                                   if m.split(".")[0] in FORBIDDEN or m.startswith(FORBIDDEN))
        for path in pure_files()
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_checker_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import json\nfrom flask import request\nfrom companion.web.play import load\n")
    assert {"flask", "companion.web.play"} <= imported_modules(sample)
