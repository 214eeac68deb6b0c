"""Problems of an imported catalog or box profile, in the player's words, every one at once.

The validators name JSON paths (``items[3].cost.any``, ``guard_cards.blue[2]``); a person reads
"Item 4 (Made-up Lamp): cost in any resource must be a non-negative integer" and "Blue guard
card 3: …", in the request's language. Values the file itself spells (an unknown key) are quoted
as given; the app's own field names and choice lists never reach the page.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.web.gameui.lockup.setup_errors import sentence
from companion.web.gameui.lockup.words import field_label
from companion.web.i18n import text

_ENTRY = re.compile(r"^(?P<key>items|goons|goals|traits|tomes)\[(?P<i>\d+)\](?:\.(?P<rest>.+))?$")
_ICON = re.compile(r"^treasures\[(\d+)\]$")


def _where(key: str, n: int) -> str:
    return {"items": _("Item %(n)s", n=n), "goons": _("Goon %(n)s", n=n), "goals": _("Goal %(n)s", n=n),
            "traits": _("Trait %(n)s", n=n), "tomes": _("Tome %(n)s", n=n)}[key]


def _kinds() -> dict[str, str]:
    return {"items": _("Items"), "goons": _("Goons"), "goals": _("Goals"), "traits": _("Traits"), "tomes": _("Tomes")}


def problem(message: Any, path: str = "") -> str:
    """A validator's message in words: a list of allowed JSON values, or the JSON reader's own
    English, is said plainly."""
    msgid = getattr(message, "msgid", message)
    params = getattr(message, "params", {})
    if msgid.startswith("must be one of"):
        return _("this is not a Lockup file") if path == "game" else _("is not one of the allowed values")
    if msgid == "not valid JSON (%(msg)s at line %(lineno)s column %(colno)s)":
        return _("is not valid JSON: a mistake at line %(line)s, column %(column)s", line=params.get("lineno"),
                 column=params.get("colno"))
    if msgid == "must be %(kind)s" and params.get("kind") in ("a non-negative integer", "an integer"):
        return _("must be a whole number (0 or more)") if "non-negative" in params["kind"] else \
            _("must be a whole number")
    span = params.get("span")
    if msgid == "must have %(span)s entries" and getattr(span, "params", {}).get("min") == span.params.get("max"):
        n = span.params["min"]
        return ngettext("must have exactly %(num)s entry", "must have exactly %(num)s entries", n)
    if msgid == "is required with %(given)s (L-SO2, L-SO9)":
        return _("the guard cards and the special cards go together: give both or neither (L-SO2, L-SO9)")
    return text(message)


def _unknown(path: str) -> str | None:
    """The key a document should not have, as the file spells it (``None``: not that problem)."""
    return path.rpartition(".")[2] or None


def _named(raw: Any, key: str, i: int) -> str | None:
    """The name the file gives entry ``i`` of ``key`` (to say which card it is), if it has one."""
    try:
        name = raw[key][i]["name"]
    except (KeyError, IndexError, TypeError):
        return None
    return " ".join(name.split())[:80] if isinstance(name, str) and name.strip() else None


def catalog_problem(path: str, message: Any, raw: Any = None) -> str:
    """One problem of an imported catalog: "Item 4 (Made-up Lamp): reputation is required"."""
    m = _ENTRY.match(path)
    if m is None:
        whole = {"": _("Document"), "input": _("Document"), "file": _("File or text"), "game": _("Game"),
                 **_kinds()}
        if message == "unknown field":
            return _("%(field)s: unknown field “%(key)s”", field=_("Document"), key=_unknown(path))
        return _("%(field)s: %(problem)s", field=whole.get(path, path), problem=problem(message, path))
    where = _where(m["key"], int(m["i"]) + 1)
    name = _named(raw, m["key"], int(m["i"]))
    where = _("%(where)s (%(name)s)", where=where, name=name) if name else where
    rest = m["rest"]
    if rest is None:
        return _("%(field)s: %(problem)s", field=where, problem=problem(message))
    if message == "unknown field":
        parent = rest.rpartition(".")[0]  # a key inside the cost: "Item 1, cost: unknown field “colour”"
        field = _("%(where)s, %(field)s", where=where, field=_("Cost").lower()) if parent == "cost" else where
        return _("%(field)s: unknown field “%(key)s”", field=field, key=_unknown(rest))
    icon = _ICON.match(rest)
    label = _("Treasure icon %(n)s", n=int(icon[1]) + 1) if icon else field_label(rest)
    return sentence(where, label, problem(message))


def catalog_problems(exc: InputError, raw: Any = None) -> list[str]:
    """Every problem of a refused catalog import, in words (``raw``: the parsed document, for names)."""
    return [catalog_problem(path, message, raw) for path, message in problems_of(exc)]


def profile_problems(exc: InputError, field_words) -> list[str]:
    """Every problem of a refused box-profile import, in words (``field_words``: the page's own
    labels of a profile path)."""
    out = []
    for path, message in problems_of(exc):
        if message == "unknown field":
            parent = path.rpartition(".")[0]
            field = field_words(parent) if parent else _("Document")
            out.append(_("%(field)s: unknown field “%(key)s”", field=field, key=_unknown(path)))
        else:
            out.append(_("%(field)s: %(problem)s", field=field_words(path), problem=problem(message, path)))
    return out
