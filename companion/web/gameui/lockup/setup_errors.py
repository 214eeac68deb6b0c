"""Every refused field of a new Lockup game at once, in the player's words, next to its field.

A path of the setup document (``display[0].reputation``, ``goons.sewers.type``) names its form
field (``item0-reputation``, ``goon-sewers-type``) and reads as "Item 1: reputation is required".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from flask_babel import gettext as _

from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.web.gameui.lockup import words
from companion.web.i18n import text

_CARD = re.compile(r"^(?:display\[(?P<item>\d+)\]|goons\.(?P<goon>[a-z_]+)|goals\.(?P<goal>[a-z_]+)|"
                   r"players\[(?P<player>\d+)\]\.start)(?:\.(?P<rest>.+))?$")
_PLAYER_NAME = re.compile(r"^players\[(\d+)\]\.name$")
_FACT_FIELDS = {"cost": "cost_", "treasures": "t_", "resources": ""}
_GOAL_PREFIX = {"leader": "goal-leader-", "instant": "goal-instant-", "end_game": "goal-end-"}


class SetupErrors(InputError):
    """The problems of one new-game form: ``problems`` is ``[(form field, words), ...]``."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("setup", "; ".join(words for _f, words in problems))
        self.problems = problems


def _fact(rest: str) -> str:
    head, _dot, tail = rest.partition(".")
    return _FACT_FIELDS.get(head, head + ".") + tail if tail else head


def form_field(path: str) -> str:
    """The form field a setup path was read from (the path itself when it is a plain field)."""
    named = _PLAYER_NAME.match(path)
    if named:
        return f"name-{named[1]}"
    m = _CARD.match(path)
    if m is None:
        return path
    rest = _fact(m["rest"] or "name")
    if m["item"] is not None:
        return f"item{m['item']}-{rest}"
    if m["goon"] is not None:
        return f"goon-{m['goon']}-{rest}"
    if m["goal"] is not None:
        return _GOAL_PREFIX.get(m["goal"], f"goal-{m['goal']}-") + rest
    return f"start-{m['player']}-{rest}"


def words_for(path: str, message: str, players: list[str]) -> str:
    """``Item 1: Reputation is required`` — where it is, the field's label, the problem."""
    named = _PLAYER_NAME.match(path)
    if named:
        return _("Player %(n)s: name %(problem)s", n=int(named[1]) + 1, problem=message)
    m = _CARD.match(path)
    if m is None:
        return _("%(field)s: %(problem)s", field=words.field_label(path), problem=message)
    if m["item"] is not None:
        where = _("Item %(n)s", n=int(m["item"]) + 1)
    elif m["goon"] is not None:
        where = _("The goon at the %(loc)s", loc=words.location(m["goon"]))
    elif m["goal"] is not None:
        where = words.words()["goal"].get(m["goal"], m["goal"])
    else:
        i = int(m["player"])
        where = _("%(name)s’s starting values", name=players[i] if i < len(players) else i + 1)
    rest = (m["rest"] or "name").replace("resources.", "").replace("treasures.", "treasures.")
    label = words.field_label(rest) if rest not in ("power", "storage_limit", "scrap", "iron", "potion", "gold") \
        else words.cube(rest) if rest != "storage_limit" else _("storage limit")
    return sentence(where, label, message)


def sentence(where: str, label: str, problem: str) -> str:
    """"Item 1: reputation is required", or "Leader goal, counts: choose one" when the problem is
    not a predicate of the field."""
    if problem.startswith((_("is "), _("must "))):  # "reputation is required"
        return _("%(where)s: %(field)s %(problem)s", where=where, field=label.lower(), problem=problem)
    return _("%(where)s, %(field)s: %(problem)s", where=where, field=label.lower(), problem=problem)


def collect(problems: list[tuple[str, str]], fn: Callable, *args, default=None):
    """``fn(*args)``, or ``default`` with every problem it found noted (path, words) when it refuses input."""
    try:
        return fn(*args)
    except InputError as exc:
        problems.extend((field, text(message)) for field, message in problems_of(exc))
        return default


def refused(problems: list[tuple[str, str]], players: list[str]) -> SetupErrors:
    """The problems as form fields and words, in the order they were found."""
    return SetupErrors([(form_field(path), words_for(path, message, players)) for path, message in problems])
