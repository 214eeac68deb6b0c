"""FIELDS describes every command of the package exactly: a form built from it always parses."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.games.rattus_cartus import COMMANDS, FIELDS, command_from_dict

SAMPLE = {
    "player": lambda spec: "A",
    "players": lambda spec: ["A", "B"],
    "integer": lambda spec: spec.maximum if spec.maximum is not None else max(spec.minimum or 0, 1),
    "integers": lambda spec: [spec.minimum, spec.maximum],
    "boolean": lambda spec: True,
    "choice": lambda spec: spec.choices[-1],
}


def test_rc_fields_cover_every_command():
    assert set(FIELDS) == set(COMMANDS)


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_rc_a_form_filled_from_fields_parses_and_form_text_works(kind):
    full = {spec.name: SAMPLE[spec.type](spec) for spec in FIELDS[kind]}
    command = command_from_dict(kind, full)
    as_text = {k: (str(v) if isinstance(v, int) else v) for k, v in full.items()}
    assert command_from_dict(kind, as_text) == command
    required = {spec.name: full[spec.name] for spec in FIELDS[kind] if spec.required}
    command_from_dict(kind, required)
    with pytest.raises(InputError) as caught:
        command_from_dict(kind, dict(full, surprise=1))
    assert caught.value.field == "surprise"


@pytest.mark.parametrize("kind", sorted(FIELDS))
def test_rc_integer_fields_reject_values_out_of_range(kind):
    full = {spec.name: SAMPLE[spec.type](spec) for spec in FIELDS[kind]}
    for spec in FIELDS[kind]:
        if spec.type == "integer" and spec.maximum is not None:
            with pytest.raises(InputError) as caught:
                command_from_dict(kind, dict(full, **{spec.name: spec.maximum + 1}))
            assert caught.value.field == spec.name
