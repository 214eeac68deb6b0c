"""The project stands alone (issue 9): no tracked file names the reference folder outside the repository,
and every rule id the code cites is defined in the project's own rules reference (docs/rules, companion/rules).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from companion.rules import GAMES, RULE_ID, index
from companion.rules.markdown import DOCS, render

ROOT = Path(__file__).resolve().parents[1]
# Built from pieces so that this file does not itself name what it looks for.
OUTSIDE = [("../" + "shared").encode(), ("/work/" + "shared").encode()]


def tracked_files() -> list[Path]:
    """Every file git tracks in this checkout (the test fails outside a git checkout rather than skipping)."""
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name and (ROOT / name).is_file()]


def names_outside(data: bytes) -> list[str]:
    """The outside locations that ``data`` names."""
    return [p.decode() for p in OUTSIDE if p in data]


def test_the_checker_finds_an_outside_reference():
    relative, absolute = (p.decode() for p in OUTSIDE)
    assert names_outside(b"see ../" + b"shared/rules/lockup.md") == [relative]
    assert names_outside(b"open('/work/" + b"shared/spec')") == [absolute]
    assert names_outside(b"see docs/rules/lockup.md") == []


def test_no_tracked_file_names_the_outside_reference_folder():
    files = tracked_files()
    assert len(files) > 50  # the listing really ran
    offenders = {str(p.relative_to(ROOT)): names_outside(p.read_bytes()) for p in files}
    assert {path: found for path, found in offenders.items() if found} == {}


def cited_ids() -> dict[str, str]:
    """Rule ids cited anywhere in the package's tracked sources, each with one file that cites it."""
    cited: dict[str, str] = {}
    for path in tracked_files():
        rel = path.relative_to(ROOT)
        if rel.parts[0] != "companion" or path.suffix not in {".py", ".html", ".js"}:
            continue
        for match in RULE_ID.finditer(path.read_text(encoding="utf-8")):
            cited.setdefault(match.group(), str(rel))
    return cited


def documented_ids() -> set[str]:
    """Ids that docs/rules/*.md defines: a section heading ``(ID)`` or a rule entry ``**ID Title.**``."""
    found: set[str] = set()
    for path in DOCS.glob("*.md"):
        text = path.read_text(encoding="utf-8")
        found |= {rule_id for rule_id in index() if f"**{rule_id} " in text or f"({rule_id})\n" in text}
    return found


def test_the_code_cites_many_rule_ids():
    assert {"L-LO3", "I-1", "RC-F5", "RG-E3", "L-SO8"} <= set(cited_ids())


def test_every_rule_id_the_code_cites_is_defined_in_the_data_and_in_the_docs():
    cited = cited_ids()
    assert {rule_id: where for rule_id, where in cited.items() if rule_id not in index()} == {}
    missing_in_docs = set(cited) - documented_ids()
    assert missing_in_docs == set()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_docs_rules_are_written_from_the_package_data(game):
    """docs/rules/<slug>.md is what ``python -m companion.rules`` writes; run it after editing the data."""
    assert (DOCS / f"{game.slug}.md").read_text(encoding="utf-8") == render(game)


def test_rule_ids_are_unique_and_well_formed():
    ids = [rule_id for game in GAMES for rule_id in game.ids()]
    assert len(ids) == len(set(ids))
    rule_ids = [rule.id for game in GAMES for rule in game.rules()]
    assert all(RULE_ID.fullmatch(rule_id) for rule_id in rule_ids)


def test_the_reference_has_the_rulings_and_options_of_issue_9():
    lockup = {r.id for r in GAMES[0].rules()}
    assert {f"I-{n}" for n in range(1, 19)} <= lockup
    options = {(o.key, o.rule, o.default) for g in GAMES for o in g.options}
    lockup_issue_19 = {("raid_zero_ranks", "I-4", False), ("majority_zero_ranks", "I-12", False),
                       ("polish_leader_minimum", "I-19", False)}  # "as printed" readings and L-GL1's editions
    assert lockup_issue_19 <= options and "I-19" in lockup
    options -= lockup_issue_19
    assert options == {("pass_rewards_down", "I-1", False), ("spanish_second_tiers", "I-2", False),
                       ("ask_fixed_rewards", "L-LO6", False),  # issue 23: asked only if the table wants
                       ("plague_survivor", "RC-F9", False), ("gold_two_player_tie", "RC-F5", "split_9"),
                       ("bonus_needs_conflict", "RG-I1", True)}
    assert all(o.rule in index() for g in GAMES for o in g.options)


def test_pybabel_extracts_every_rule_text():
    """Spanish and Polish catalogs come later: every title and text must be found by ``pybabel extract``."""
    messages: set[str] = set()
    for path in (ROOT / "companion" / "rules").glob("*.py"):
        messages |= {m[1] for m in extract_from_file("python", str(path)) if isinstance(m[1], str)}
    texts = {t for g in GAMES for t in (g.name, g.intro)}
    texts |= {t for g in GAMES for s in g.sections for t in (s.title, s.intro) if t}
    texts |= {t for g in GAMES for r in g.rules() for t in (r.title, r.text)}
    texts |= {t for g in GAMES for o in g.options for t in (o.label, o.text, *(label for _, label in o.choices))}
    assert texts - messages == set()
