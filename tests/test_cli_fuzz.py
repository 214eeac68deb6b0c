"""Fuzzing the CLI contract (issue 10): every ``audit`` and ``referee`` subcommand, fed mutated
copies of the worked examples (tests/data/examples.json), deep nesting, huge integers, lone
surrogates, odd keys and wrong types.

The contract: exit status 0 with one valid JSON document on standard output and nothing on
standard error, or exit status 2 with nothing on standard output and exactly one line
``error: <field>: <message>`` on standard error, never a traceback. The normal run calls
``companion.cli.main`` in-process (fast) plus a few real subprocesses; ``pytest -m slow`` runs
thousands of documents.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys

import pytest
import support
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main

COMMANDS = sorted({e["command"] for e in support.examples()})
EXAMPLES = [e for e in support.examples() if e["command"] in COMMANDS]

# ``error: <path>: <message>`` where a path is dotted keys and [indexes]; a key that is empty or
# holds . : [ ] " \ is a JSON string (``players[0].resources."": unknown field``).
_PLAIN = r'[^.:\[\]"\\]+'
_QUOTED = r'"(?:[^"\\]|\\.)*"'
_SEGMENT = rf"(?:{_PLAIN}|{_QUOTED})"
_INDEX = r"\[\d+\]"
ERROR_LINE = re.compile(rf"error: (?:{_SEGMENT}|{_INDEX})(?:{_INDEX}|\.{_SEGMENT})*: \S.*")

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large]}


def argv_of(example: dict) -> list[str]:
    """``"companion audit ragami"`` -> ``["audit", "ragami", "-"]`` (the document on standard input)."""
    return example["command"].split()[1:] + ["-"]


def as_bytes(text: str) -> bytes:
    """The text as the bytes a file would hold (a raw lone surrogate makes it invalid UTF-8)."""
    return text.encode("utf-8", "surrogatepass")


def run_in_process(argv: list[str], data: bytes) -> tuple[int, bytes, str]:
    """``main(argv)`` with ``data`` on standard input: (status, stdout bytes, stderr text).

    An exception escaping ``main`` is not caught here: it fails the test, as a traceback would.
    """
    out = io.BytesIO()
    streams = (io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"), io.TextIOWrapper(out, encoding="utf-8"),
               io.StringIO())
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse only
            status = exc.code
        sys.stdout.flush()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    return status, out.getvalue(), streams[2].getvalue()


def run_subprocess(argv: list[str], data: bytes) -> tuple[int, bytes, str]:
    """The real console script (``python -m companion.cli``): (status, stdout bytes, stderr text)."""
    proc = subprocess.run([sys.executable, "-m", "companion.cli", *argv], input=data, capture_output=True,
                          timeout=60, env={**os.environ, "LC_ALL": "C.UTF-8"})
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8")


def assert_contract(status: int, out: bytes, err: str) -> dict | str:
    """The CLI contract; returns the output document on success, the error line on failure."""
    assert "Traceback" not in err
    assert status in (0, 2), f"exit status {status}: {err!r}"
    if status == 0:
        assert err == ""
        doc = json.loads(out.decode("utf-8"))
        assert isinstance(doc, dict)
        return doc
    assert out == b"", "nothing on standard output when the input is refused"
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), f"exactly one error line: {err!r}"
    assert ERROR_LINE.fullmatch(lines[0]), f"not `error: <field>: <message>`: {lines[0]!r}"
    return lines[0]


@st.composite
def mutated_examples(draw, max_mutations: int = 3):
    """A worked example of any subcommand, its input mutated and written as JSON text."""
    example = draw(st.sampled_from(EXAMPLES))
    return example, draw(support.mutated_json_text(example["input"], max_mutations))


# --- the fuzz ------------------------------------------------------------------------------------


@settings(max_examples=100, **SETTINGS)  # thousands more in test_long_fuzz_of_every_subcommand (-m slow)
@given(mutated_examples())
def test_mutated_examples_keep_the_contract(case):
    example, text = case
    assert_contract(*run_in_process(argv_of(example), as_bytes(text)))


@settings(max_examples=60, **SETTINGS)
@given(st.sampled_from(COMMANDS), support.json_values())
def test_any_json_value_keeps_the_contract(command, value):
    argv = command.split()[1:] + ["-"]
    assert_contract(*run_in_process(argv, as_bytes(support.dump_json(value))))


@pytest.mark.slow
def test_long_fuzz_of_every_subcommand(request):
    """``pytest -m slow``: 5,000 mutated documents with up to 6 changes each; a plain run tries 30."""
    long_run = "slow" in (request.config.getoption("markexpr") or "")

    @settings(max_examples=5000 if long_run else 30, **SETTINGS)
    @given(mutated_examples(max_mutations=6))
    def check(case):
        example, text = case
        assert_contract(*run_in_process(argv_of(example), as_bytes(text)))

    check()


def test_every_worked_example_still_answers_its_documented_output():
    for example in EXAMPLES:
        doc = assert_contract(*run_in_process(argv_of(example), json.dumps(example["input"]).encode()))
        assert doc == example["output"], example["note"]


# --- the campaign's findings, by name --------------------------------------------------------------


def _example(command: str) -> dict:
    return json.loads(json.dumps(support.examples_of(command)[0]["input"]))


def _refused(argv: list[str], text: str, run=run_in_process) -> str:
    status, out, err = run(argv, as_bytes(text))
    line = assert_contract(status, out, err)
    assert status == 2, line
    return line


def test_an_empty_key_is_named_as_an_empty_string():
    doc = _example("companion audit lockup")
    doc["players"][0]["resources"][""] = 1
    assert _refused(["audit", "lockup", "-"], json.dumps(doc)) == 'error: players[0].resources."": unknown field'
    assert _refused(["audit", "ragami", "-"], json.dumps({**_example("companion audit ragami"), "": 1})) == (
        'error: "": unknown field')


def test_names_used_as_keys_are_quoted_when_empty_or_dotted():
    doc = _example("companion audit lockup")
    doc["end_game_goal"] = {"kind": "fixed", "stars": {"": 1}}
    assert _refused(["audit", "lockup", "-"], json.dumps(doc)) == (
        'error: end_game_goal.stars."": must name a listed player')
    doc = _example("companion referee lockup location")
    doc["seating"], doc["first_player"] = ["A. Vera", "Isaac"], "Isaac"
    doc["power"], doc["tiles"] = {"A. Vera": "4"}, {}
    assert _refused(["referee", "lockup", "location", "-"], json.dumps(doc)) == (
        'error: power."A. Vera": must be a non-negative integer')


def test_a_huge_integer_is_refused_naming_its_field():
    doc = _example("companion referee lockup location")
    text = json.dumps(doc).replace('"suspicion": 1', '"suspicion": ' + "9" * 5000)
    assert _refused(["referee", "lockup", "location", "-"], text) == (
        "error: suspicion: is an integer of more than 20 digits")


def test_deep_nesting_is_refused():
    line = _refused(["audit", "rattus-cartus", "-"], "[" * 1000 + "]" * 1000)
    assert line.startswith("error: input: is nested more than 64 levels deep")


def test_a_lone_surrogate_is_refused_before_anything_is_printed():
    doc = _example("companion audit ragami")
    text = json.dumps(doc).replace('"Verde"', '"Verde\\ud800"')
    assert _refused(["audit", "ragami", "-"], text) == (
        r"error: players[1].name: has a lone surrogate \ud800 (not valid Unicode text)")


def test_a_lone_surrogate_in_a_key_is_escaped_in_the_field_name():
    doc = _example("companion referee lockup guards")
    text = json.dumps(doc).replace('"reserved"', '"\\udc00"', 1)
    assert _refused(["referee", "lockup", "guards", "-"], text) == (
        r'error: guards."\udc00": has a lone surrogate \udc00 in its name (not valid Unicode text)')


def test_not_utf8_input_is_refused():
    status, out, err = run_in_process(["audit", "lockup", "-"], b'{"game": "\xff"}')
    assert assert_contract(status, out, err) == "error: input: standard input is not UTF-8 text"


def test_an_unexpected_failure_is_one_error_line_and_no_output(monkeypatch):
    def broken(doc):
        raise KeyError("a bug")

    monkeypatch.setattr("companion.cli._load", lambda key: broken)
    status, out, err = run_in_process(["audit", "ragami", "-"], b"{}")
    assert status == 1 and out == b""
    assert err.splitlines() == ["error: internal error (KeyError: 'a bug')"]


def test_an_answer_that_cannot_be_encoded_prints_nothing(monkeypatch):
    """The encoding of the answer fails before any byte is written (the old half-printed document)."""
    monkeypatch.setattr("companion.cli._load", lambda key: lambda doc: {"a": "x" * 10_000, "b": "\ud800"})
    status, out, err = run_in_process(["audit", "ragami", "-"], b"{}")
    assert status == 1 and out == b""
    assert len(err.splitlines()) == 1 and err.startswith("error: internal error (UnicodeEncodeError")


# --- a few real processes ------------------------------------------------------------------------

HOSTILE = {
    "deep": "[" * 1000 + "]" * 1000,
    "digits": '{"game": "ragami", "players": ' + "1" * 5000 + "}",
    "surrogate": '{"game": "ragami\\ud800", "players": []}',
    "empty key": '{"": null}',
    "raw surrogate": '{"game": "\ud800"}',
    "NaN": '{"game": "ragami", "players": NaN}',
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_the_console_script_refuses_hostile_documents_in_one_line(name):
    status, out, err = run_subprocess(["audit", "ragami", "-"], as_bytes(HOSTILE[name]))
    assert status == 2
    assert_contract(status, out, err)


def test_the_console_script_answers_a_worked_example():
    example = support.examples_of("companion audit lockup")[0]
    status, out, err = run_subprocess(argv_of(example), json.dumps(example["input"]).encode())
    assert assert_contract(status, out, err) == example["output"]
