"""Field paths in words, for error messages a person understands.

``players[1].influence.church`` becomes "Azul · Influence · Church": each game supplies its own
translated words for its field names; the walk over the path is shared.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.core.errors import InputError
from companion.core.problems import InputErrors, problems_of
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
            # A bad name is named by its place: the name itself may be the problem (or be shared).
            by_name = i < len(names) and names[i] and steps[step + 1:] != ["name"] and names.count(names[i]) == 1
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
    problem = exc.message
    if getattr(problem, "msgid", "").startswith("must be one of"):  # a list of internal values: not for a screen
        problem = _("is not one of the choices")
    return _("%(field)s: %(problem)s", field=field, problem=text(problem))


def messages(exc: InputError, words: Mapping[str, str], names: Sequence[str] = (),
             field_of: Callable[[str], str] = str) -> list[tuple[str, str]]:
    """Every problem an error carries as ``(form field, words)``: ``field_of`` names the form field
    of a document path (the path itself by default), the words are :func:`message`'s."""
    return [(field_of(path), message(InputError(path, problem), words, names))
            for path, problem in problems_of(exc)]


def seat_of(path: str, seats: Sequence[int]) -> int | None:
    """The form row of a document path ``players[i]…`` (``seats[i]``: blank rows are skipped), or None."""
    indexed = INDEXED.match(path.split(".")[0])
    if not indexed or indexed.group(1) != "players" or int(indexed.group(2)) >= len(seats):
        return None
    return seats[int(indexed.group(2))]


class FormProblems(InputErrors):
    """Problems a form found itself, already in words: ``problems`` is ``[(form field, words), ...]``."""


def seat_problems(names: Sequence[str], least: int, start_seat: str) -> list[tuple[str, str]]:
    """The new-game form's own checks of its seats, all at once: a name given twice (``seat-<i>``),
    fewer than ``least`` names (``players``) and a start seat without a name (``start_seat``)."""
    problems = []
    for i, name in enumerate(names):
        if name and name in names[:i]:
            problems.append((f"seat-{i}", _("%(field)s: %(problem)s", field=_("Seat %(n)d", n=i + 1),
                                            problem=_("the same name as seat %(n)d", n=names.index(name) + 1))))
    if sum(1 for n in names if n) < least:
        problems.append(("players", _("%(field)s: %(problem)s", field=_("Players"), problem=ngettext(
            "enter at least %(num)s player name", "enter at least %(num)s player names", least))))
    seat = start_seat.strip()
    # ASCII and short before int(): "²" passes isdigit(), 5,000 digits make int() raise.
    if seat and (not (seat.isascii() and seat.isdigit()) or len(seat) > 2 or int(seat) >= len(names)
                 or not names[int(seat)]):
        problems.append(("start_seat", _("%(field)s: %(problem)s", field=_("Start player"),
                                         problem=_("choose a seat with a name, or draw at random"))))
    return problems


def new_game_problems(exc: InputError, words: Mapping[str, str], names: Sequence[str]) -> list[tuple[str, str]]:
    """A refused new game's problems as ``(form field, words)``: the form's own, or the game's
    (``players[i]`` is the i-th seat with a name: ``seat-<its seat>``)."""
    if isinstance(exc, FormProblems):
        return exc.problems
    seats = [i for i, name in enumerate(names) if name]

    def field_of(path: str) -> str:
        seat = seat_of(path, seats)
        if seat is None:
            return path
        return f"colour-{seat}" if path.endswith(".colour") else f"seat-{seat}"

    return messages(exc, words, [n for n in names if n], field_of)
