"""The pure core never imports the web or storage layers (house rule: rules are plain Python)."""

from __future__ import annotations

import ast
import re
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


# Issue 21: no import hidden inside a function to dodge an import circle, and no circle left.
NO_LATE_IMPORTS = [ROOT / "games", ROOT / "solo_guard"]


def imports_inside_functions(path: Path) -> list[str]:
    """``module:line`` of every import statement inside a function (or method) of ``path``."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            found += [f"{path.name}:{node.lineno}" for node in ast.walk(func)
                      if isinstance(node, ast.Import | ast.ImportFrom)]
    return found


def module_imports(path: Path, modules: set[str]) -> set[str]:
    """Which of ``modules`` ``path`` imports when it is loaded (``TYPE_CHECKING`` blocks left out:
    they never run); ``from package import module`` is an import of that module, not of the
    package (a package's own ``__init__`` importing its modules is no circle)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{alias.name}" for alias in node.names} & modules
            names.update(submodules or {node.module})
    return names & modules


def import_cycle(folders: list[Path], top: Path = ROOT.parent) -> list[str] | None:
    """One circle of module-level imports among the modules under ``folders`` (named from
    ``top``, the folder that holds ``companion``), or ``None``."""
    modules = {".".join(p.relative_to(top).with_suffix("").parts).removesuffix(".__init__"): p
               for folder in folders for p in folder.rglob("*.py")}
    graph = {name: sorted(m for m in module_imports(path, set(modules)) if m != name)
             for name, path in modules.items()}
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> list[str] | None:
        state[name] = "open"
        for nxt in graph[name]:
            if state.get(nxt) == "open":
                return [*trail[trail.index(nxt):], nxt] if nxt in trail else [name, nxt]
            if nxt not in state and (cycle := visit(nxt, [*trail, nxt])):
                return cycle
        state[name] = "done"
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start, [start])):
            return cycle
    return None


def test_games_and_the_solo_automaton_import_nothing_inside_a_function():
    late = [hit for folder in NO_LATE_IMPORTS for path in sorted(folder.rglob("*.py"))
            for hit in imports_inside_functions(path)]
    assert late == []


def test_games_and_the_solo_automaton_have_no_import_circle():
    assert import_cycle(NO_LATE_IMPORTS) is None


def test_the_import_checks_catch_a_late_import_and_a_circle(tmp_path):
    package = tmp_path / "companion" / "circle"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from companion.circle import b\n")
    (package / "b.py").write_text("import json\n\n\ndef f():\n    from companion.circle import a\n")
    assert imports_inside_functions(package / "b.py") == ["b.py:5"]
    assert import_cycle([package], tmp_path) is None  # the late import is no module-level edge
    (package / "b.py").write_text("from companion.circle.a import thing\n")
    assert import_cycle([package], tmp_path) == ["companion.circle.a", "companion.circle.b", "companion.circle.a"]


# Issue 21: frozen means frozen - no frozen dataclass is filled or changed behind its back.
BEHIND_ITS_BACK = re.compile(r"object\.__setattr__|\.__dict__\s*(\[[^]]*\]\s*[-+]?=|\.update\(|=)|\bexec\(")


def test_no_core_module_changes_an_object_through_its_dict_or_runs_generated_code():
    found = [f"{path.relative_to(ROOT.parent)}:{n}" for path in pure_files()
             for n, line in enumerate(path.read_text().splitlines(), start=1)
             if BEHIND_ITS_BACK.search(line) and not line.lstrip().startswith("#")]
    assert found == []


def test_the_frozen_check_catches_the_old_tricks():
    for line in ('_set(new, "__dict__", data) if object.__setattr__ else 0', 'me.__dict__["passed"] = True',
                 "obj.__dict__.update(fields)", 'exec("\\n".join(lines), env)'):
        assert BEHIND_ITS_BACK.search(line), line
    assert not BEHIND_ITS_BACK.search("values = {f.name: getattr(card, f.name) for f in fields(card)}")
