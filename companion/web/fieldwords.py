"""Field paths in words, for error messages a person understands.

``players[1].influence.church`` becomes "Azul · Influence · Church": each game supplies its own
translated words for its field names; the walk over the path is shared.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.web.i18n import text

INDEXED = re.compile(r"^(\w+)\[(\d+)\]$")


def label(path: str, words: Mapping[str, str], names: Sequence[str] = ()) -> str:
    """A field path in words; ``players[i]`` is named by the player's name when it is known."""
    parts = []
    steps = path.split(".")
    for step, part in enumerate(steps):
        indexed = INDEXED.match(part)
        if indexed and indexed.group(1) == "players":
            i = int(indexed.group(2))
            # A bad name is named by its place: the name itself may be the problem.
            by_name = i < len(names) and names[i] and steps[step + 1:] != ["name"]
            parts.append(names[i] if by_name else _("Player %(n)d", n=i + 1))
        elif indexed:
            parts.append(_("%(field)s, entry %(n)d", field=words.get(indexed.group(1), indexed.group(1)),
                           n=int(indexed.group(2)) + 1))
        else:
            parts.append(words.get(part, part))
    return " · ".join(parts)


def message(exc: InputError, words: Mapping[str, str], names: Sequence[str] = (), player: str | None = None) -> str:
    """The error for a person: the field in words (with the player whose form it was), then
    what is wrong with it."""
    field = label(exc.field, words, names)
    if player and exc.field != "player":
        field = f"{player} · {field}"
    return _("%(field)s: %(problem)s", field=field, problem=text(exc.message))
