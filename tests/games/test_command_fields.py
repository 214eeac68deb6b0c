"""FIELDS describes every command of each recorded game exactly: a form built from it always parses
(companion/core/formfields.py, shared by Rattus Cartus and Ragami)."""

from __future__ import annotations

import pytest

from companion.core.errors import InputError
from companion.games import ragami, rattus_cartus

SAMPLE = {
    "player": lambda spec: "A",
    "players": lambda spec: ["A", "B"],
    "integer": lambda spec: spec.maximum if spec.maximum is not None else max(spec.minimum or 0, 1),
    "integers": lambda spec: [spec.minimum, spec.maximum],
    "boolean": lambda spec: True,
    "choice": lambda spec: spec.choices[-1],
}


GAMES = {"ragami": ragami, "rattus_cartus": rattus_cartus}
KINDS = [(name, kind) for name, game in GAMES.items() for kind in sorted(game.FIELDS)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fields_cover_every_command(name):
    assert set(GAMES[name].FIELDS) == set(GAMES[name].COMMANDS)


@pytest.mark.parametrize("name,kind", KINDS)
def test_a_form_filled_from_fields_parses_and_form_text_works(name, kind):
    FIELDS, command_from_dict = GAMES[name].FIELDS, GAMES[name].command_from_dict
    full = {spec.name: SAMPLE[spec.type](spec) for spec in FIELDS[kind]}
    command = command_from_dict(kind, full)
    as_text = {k: (str(v) if isinstance(v, int) else v) for k, v in full.items()}
    assert command_from_dict(kind, as_text) == command
    required = {spec.name: full[spec.name] for spec in FIELDS[kind] if spec.required}
    command_from_dict(kind, required)
    with pytest.raises(InputError) as caught:
        command_from_dict(kind, dict(full, surprise=1))
    assert caught.value.field == "surprise"


@pytest.mark.parametrize("name,kind", KINDS)
def test_integer_fields_reject_values_out_of_range(name, kind):
    FIELDS, command_from_dict = GAMES[name].FIELDS, GAMES[name].command_from_dict
    full = {spec.name: SAMPLE[spec.type](spec) for spec in FIELDS[kind]}
    for spec in FIELDS[kind]:
        if spec.type == "integer" and spec.maximum is not None:
            with pytest.raises(InputError) as caught:
                command_from_dict(kind, dict(full, **{spec.name: spec.maximum + 1}))
            assert caught.value.field == spec.name
