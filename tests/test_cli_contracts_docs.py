"""docs/ says what the command line and ``/rules`` do (issue 19): every table option is named in
docs/README.md with its ruling and in docs/cli-contracts.md; every Rattus Cartus and Ragami command
kind and set-up field is in ``companion replay``'s section; and the worked example of ``audit
lockup``'s optional fields (L-GL1, I-19, I-12) is what the real command line answers."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
import support

from companion.games.ragami.commands import PARSERS as RAGAMI_COMMANDS
from companion.games.rattus_cartus.commands import PARSERS as RC_COMMANDS
from companion.rules import GAMES

DOCS = support.ROOT / "docs"
CONTRACTS = (DOCS / "cli-contracts.md").read_text(encoding="utf-8")
REPLAY = CONTRACTS[CONTRACTS.index("## `companion replay GAME FILE`"):]
AUDIT_LOCKUP = CONTRACTS[CONTRACTS.index("## `companion audit lockup FILE`"):
                         CONTRACTS.index("## `companion audit rattus-cartus FILE`")]


@pytest.mark.parametrize("option", [o for g in GAMES for o in g.options], ids=lambda o: o.key)
def test_every_table_option_is_named_in_the_readme_with_its_ruling_and_in_the_contracts(option):
    readme = " ".join((DOCS / "README.md").read_text(encoding="utf-8").split())
    assert f"`{option.key}` ({option.rule})" in readme
    assert f"`{option.key}`" in CONTRACTS


@pytest.mark.parametrize("kind", [*RC_COMMANDS, *RAGAMI_COMMANDS])
def test_every_rattus_cartus_and_ragami_command_is_in_the_replay_section(kind):
    assert f"`{kind}`" in REPLAY


@pytest.mark.parametrize("field", ["seed", "setup_tokens", "start_player", "bonus_needs_conflict",
                                   "plague_survivor", "gold_two_player_tie", "conflict_tokens", "demon_tokens",
                                   "saint_tokens", "options", "location_cubes", "asks", "preferred-action",
                                   "keep_bandit"])
def test_the_replay_section_names_the_setup_fields_and_answers_of_issue_19(field):
    assert f"`{field}`" in REPLAY or f'{{"type": "{field}"' in REPLAY  # named, or in an example line


def _options_example() -> tuple[dict, list[tuple[dict, str]]]:
    """The audit lockup document with the third player of the options example, and its table's
    rows: (the fields added, the answer's text)."""
    base = support.examples_of("companion audit lockup")[0]["input"]
    section = AUDIT_LOCKUP[AUDIT_LOCKUP.index("Example of the optional fields"):]
    clara = json.loads(section.split("```json\n", 1)[1].split("```", 1)[0])
    rows = re.findall(r"^\| `(\{.*?\})` \| (.*) \|$", section, flags=re.MULTILINE)
    return {**base, "players": [*base["players"], clara]}, [(json.loads(added), answer) for added, answer in rows]


def _audit(doc: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion.cli", "audit", "lockup", "-"], input=json.dumps(doc),
                          capture_output=True, text=True, timeout=60, cwd=support.ROOT, check=False)


def test_the_audit_options_example_is_what_the_command_answers_L_GL1_I_19_I_12():
    doc, rows = _options_example()
    assert len(rows) == 4
    default = json.loads(_audit(doc).stdout)
    for added, answer in rows:
        done = _audit({**doc, **added})
        if answer.startswith("`error: "):
            assert (done.returncode, done.stdout) == (2, "")
            assert done.stderr == answer.split("`")[1] + "\n"
            continue
        assert (done.returncode, done.stderr) == (0, "")
        scored = {p["name"]: p["breakdown"] for p in json.loads(done.stdout)["players"]}
        [(part, said)] = re.findall(r"`(\w+)` scores ((?:\w+ \d+(?:, )?)+)", answer)
        assert {name: scored[name][part] for name, _ in _pairs(said)} == dict(_pairs(said)), answer
        before = re.search(r"\(by default: ((?:\w+ \d+(?:, )?)+)\)", answer)
        if before:
            assert {p["name"]: p["breakdown"][part] for p in default["players"]} == dict(_pairs(before[1]))


def _pairs(text: str) -> list[tuple[str, int]]:
    """"Vera 8, Isaac 2" as [("Vera", 8), ("Isaac", 2)]."""
    return [(name, int(n)) for name, n in re.findall(r"(\w+) (\d+)", text)]
