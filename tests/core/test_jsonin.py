"""The safe JSON reader (issue 10) and field paths: what ``parse_json`` accepts, what it refuses and
how it names the offending value; ``join`` quoting keys that would make a path ambiguous."""

from __future__ import annotations

import json

import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.jsonin import MAX_DEPTH, MAX_INT_DIGITS, join, parse_json, printable


def refused(text: str, **kwargs) -> str:
    """The error of ``parse_json(text)`` as ``field: message``."""
    with pytest.raises(InputError) as info:
        parse_json(text, **kwargs)
    return str(info.value)


# --- what is accepted -----------------------------------------------------------------------------

plain_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**19), 10**19),
              st.floats(allow_nan=False, allow_infinity=False), st.text()),  # st.text() holds no surrogates
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(), inner, max_size=5)),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(plain_json, st.booleans())
def test_every_ordinary_document_reads_as_the_json_module_reads_it(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert parse_json(text) == json.loads(text)


def test_objects_come_back_as_plain_dicts_and_valid_surrogate_pairs_as_one_character():
    doc = parse_json('{"a": {"b": ["\\ud83d\\ude00"]}}')
    assert type(doc) is dict and type(doc["a"]) is dict
    assert doc["a"]["b"] == ["\N{GRINNING FACE}"]


def test_nesting_up_to_the_limit_is_accepted_and_brackets_inside_strings_do_not_count():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert parse_json('{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH) is not None
    brackets = json.dumps(["[{" * 500, "\\\"[[[" * 100])
    assert parse_json(brackets) == json.loads(brackets)


def test_integers_up_to_the_digit_limit_and_finite_floats_are_accepted():
    assert parse_json("9" * MAX_INT_DIGITS) == int("9" * MAX_INT_DIGITS)
    assert parse_json("-" + "9" * MAX_INT_DIGITS) == -int("9" * MAX_INT_DIGITS)
    assert parse_json("[1.7e308, -0.0, 1e-400]") == [1.7e308, -0.0, 0.0]
    assert parse_json(str(2**63 - 1)) == 2**63 - 1  # every 63-bit seed fits


def test_a_byte_order_mark_free_document_with_whitespace_is_fine():
    assert parse_json('\n  {"a": [1, 2]}  \n') == {"a": [1, 2]}


# --- what is refused, by name --------------------------------------------------------------------


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_nesting_deeper_than_the_limit_is_refused_without_recursion(depth):
    assert refused("[" * depth + "]" * depth) == (
        f"input: is nested more than {MAX_DEPTH} levels deep (line 1 column {MAX_DEPTH + 1})")


def test_the_depth_error_gives_the_line_and_column_and_the_caller_field():
    text = '{\n "a": ' + "[" * 70 + "]" * 70 + "}"
    assert refused(text, field="file") == f"file: is nested more than {MAX_DEPTH} levels deep (line 2 column 70)"


def test_an_unclosed_deep_document_is_refused_too():
    assert "nested more than" in refused('{"a":' * 1000)


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4301, 5000, 100_000])
def test_an_integer_longer_than_the_limit_is_refused_naming_its_path(digits):
    assert refused('{"players": [{"gold": ' + "7" * digits + "}]}") == (
        f"players[0].gold: is an integer of more than {MAX_INT_DIGITS} digits")
    assert refused("-" + "1" * digits) == f"input: is an integer of more than {MAX_INT_DIGITS} digits"


@pytest.mark.parametrize(("number", "message"), [
    ("NaN", "NaN is not a JSON number"),
    ("Infinity", "Infinity is not a JSON number"),
    ("-Infinity", "-Infinity is not a JSON number"),
    ("1e400", "is a number too large to represent"),
    ("-" + "9" * 400 + ".5", "is a number too large to represent"),
])
def test_numbers_json_does_not_allow_or_cannot_hold_are_refused(number, message):
    assert refused(f'{{"a": [0, {number}]}}') == f"a[1]: {message}"


@pytest.mark.parametrize(("text", "error"), [
    ('{"name": "Vera\\ud800"}', r"name: has a lone surrogate \ud800 (not valid Unicode text)"),
    ('["ok", "\\udfff"]', r"[1]: has a lone surrogate \udfff (not valid Unicode text)"),
    ('"\\ude00\\ud83d"', r"input: has a lone surrogate \ude00 (not valid Unicode text)"),
    ('{"a": {"\\udc80": 1}}', r'a."\udc80": has a lone surrogate \udc80 in its name (not valid Unicode text)'),
    ('{"a": "\ud800"}', r"a: has a lone surrogate \ud800 (not valid Unicode text)"),  # raw, not escaped
])
def test_lone_surrogates_are_refused_naming_the_value_or_key(text, error):
    assert refused(text) == error


def test_a_duplicate_key_is_refused_naming_it():
    assert refused('{"players": [{"gold": 1, "gold": 2}]}') == "players[0].gold: is given twice in the same object"
    assert refused('{"": 1, "": 2}') == '"": is given twice in the same object'
    assert parse_json('[{"a": 1}, {"a": 2}]') == [{"a": 1}, {"a": 2}], "the same key in two objects is fine"


def test_the_first_problem_in_document_order_is_reported():
    assert refused('{"a": [1, NaN], "b": "\\ud800"}').startswith("a[1]:")


def test_a_syntax_error_names_the_field_line_and_column():
    assert refused('{\n "a": [1,]\n}', field="file") == "file: not valid JSON (Expecting value at line 2 column 10)"
    assert refused("").startswith("input: not valid JSON")


def test_paths_start_at_the_root_the_caller_gives():
    assert refused('{"payload": {"n": NaN}}', field="line 3", root="line 3") == (
        "line 3.payload.n: NaN is not a JSON number")
    assert refused("NaN", field="line 3", root="line 3") == "line 3: NaN is not a JSON number"


@settings(max_examples=150, deadline=None)
@given(support.json_values())
def test_any_document_is_read_or_refused_with_an_input_error(value):
    """Whatever the fuzz helpers build, the reader answers a value or an InputError; nothing else."""
    text = support.dump_json(value)
    try:
        doc = parse_json(text)
    except InputError as exc:
        assert exc.field and exc.message
        str(exc).encode("utf-8")  # the message itself can always be printed
        assert "\n" not in str(exc)
    else:
        json.dumps(doc, ensure_ascii=False).encode("utf-8")  # it can be written back as UTF-8


# --- field paths ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "key", "expected"), [
    ("players[0].resources", "gold", "players[0].resources.gold"),
    ("", "game", "game"),
    ("players", 2, "players[2]"),
    ("players[0].resources", "", 'players[0].resources.""'),
    ("", "", '""'),
    ("power", "Ana María", "power.Ana María"),
    ("power", "A. Vera", 'power."A. Vera"'),
    ("a", "x: y", 'a."x: y"'),
    ("a", "[0]", 'a."[0]"'),
    ("a", 'say "hi"', r'a."say \"hi\""'),
    ("a", " padded ", 'a." padded "'),
    ("a", "two\nlines", r'a."two\nlines"'),
    ("a", "\u2028", r'a."\u2028"'),
    ("a", "\ud800", r'a."\ud800"'),
])
def test_join_quotes_keys_that_would_make_the_path_ambiguous(path, key, expected):
    assert join(path, key) == expected


def test_an_unknown_empty_field_is_named_as_an_empty_string():
    with pytest.raises(InputError) as info:
        jsonin.obj({"gold": 1, "": 2}, "players[0].resources", required=("gold",))
    assert str(info.value) == 'players[0].resources."": unknown field'


def test_printable_escapes_line_breaks_and_surrogates_only():
    assert printable("players[0].name: Ana María ✓") == "players[0].name: Ana María ✓"
    assert printable("a\nb\u2028c\ud800\x85") == r"a\nb\u2028c\ud800\u0085"
