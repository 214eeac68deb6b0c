"""Cards entered during play (Patrol's new items and goons, L-P2, L-P3): every problem in words,
next to its field, and a card already on the table refused with where it is (L-C5).

A path of a refill command (``items[0].reputation``, ``goons.sewers.name``) names its form field
(``item0-reputation``, ``goon-sewers-name``) as the new-game form's do, and reads the same way
("Item 2: reputation is required"). The words reach the card macros (``lockup/_cards.html``)
through ``g.field_errors`` for this request's answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from itertools import chain

from flask import g, request
from flask_babel import get_locale
from markupsafe import Markup

from companion.core.errors import InputError
from companion.core.problems import Problems, problems_of
from companion.games.lockup import deck
from companion.games.lockup.catalog import name_key
from companion.games.lockup.state import State
from companion.web.gameui.lockup import cards, forms
from companion.web.gameui.lockup import setup_errors as E
from companion.web.gameui.lockup.blueprint import bp
from companion.web.i18n import text
from companion.web.lru import LRU

_ITEM = re.compile(r"^items\[(\d+)\](.*)$")
ACTIONS = ("refill-items", "refill-goons")


def names_in_deck(kind: str, core: State) -> list[str]:
    """Catalog names for autocomplete, without the cards on the table: the deck's cards first
    (a second copy is still typed in full)."""
    taken = deck.places(core, kind)
    return [n for n in cards.catalog_names(kind) if name_key(n) not in taken]


# Blank card entries (lockup/_cards.html) by what they show and the language: a whole game's Patrols
# ask for a dozen different slots (5 display slots, 4 goon locations, the catalog empty or not).
BLANK_ENTRIES = LRU(size=64)


def card_entry(draw: Callable, prefix: str, form: Mapping, legend: str, list_id: str, fresh: bool,
               echo: str | None, errors: Mapping, copy_asked: Iterable[str]) -> Markup:
    """The card entry the macro ``draw`` draws for the fields named ``prefix``. One with nothing
    typed, refused or asked (no field of ``form``, ``errors`` or ``copy_asked`` starts with
    ``prefix``) is the same HTML wherever it is asked, so it is drawn once per language: it holds
    no key, token or value of a request (the form's hidden fields are outside it)."""
    if any(name.startswith(prefix) for name in chain(form, errors, copy_asked)):
        return draw(prefix, form, legend, list_id, fresh, echo)
    key = (draw.name, prefix, legend, list_id, bool(fresh), echo, str(get_locale()), request.script_root)
    return Markup(BLANK_ENTRIES.rendered(key, lambda: str(draw(prefix, {}, legend, list_id, fresh, echo))))


bp.add_app_template_global(card_entry)


def copy_ticked(form: Mapping, prefix: str) -> bool:
    """Whether the card's "it's a second copy" box is ticked."""
    return bool(forms.text(form, f"{prefix}copy"))


def read_cards(form: Mapping, core: State, kind: str, slots: list[tuple[str, str]]) -> tuple[list, list[str]]:
    """The faces entered in ``slots`` (``(form prefix, path)``; a blank name: the deck ran out)
    and the names ticked as another copy; every problem of every card at once, a card already on
    the table included (:class:`deck.CardOnTable`)."""
    read = forms.item_face if kind == "item" else forms.goon_face
    found, faces, copies, entered = Problems(), [], [], []
    for prefix, path in slots:
        if not forms.text(form, f"{prefix}name"):
            continue
        face = found.check(read, form, prefix, path)
        if face is not None:
            faces.append((path, face))
            entered.append((path, face["name"]))
            copies += [face["name"]] if copy_ticked(form, prefix) else []
    found.check(deck.check_new, core, kind, entered, copies)
    found.raise_any()
    return faces, copies


def refused(action: str, exc: InputError, core: State) -> str | None:
    """The words of a refused card entry for the banner (each also next to its field, through
    ``g.field_errors``), or ``None`` when ``action`` enters no cards."""
    if action not in ACTIONS:
        return None
    empty = [i for i, it in enumerate(core.display) if it is None]
    shown, copies = {}, []
    for path, message in problems_of(exc):
        field, where = _setup_path(path, empty)
        shown[E.form_field(field)] = E.words_for(where, text(message), [])
        copies += [E.form_field(field)] if deck.on_table(message) else []
    g.field_errors, g.copy_fields = shown, copies
    return "; ".join(shown.values())


def _setup_path(path: str, empty: list[int]) -> tuple[str, str]:
    """The new-game path of the same form field, and the one naming the display slot in words."""
    m = _ITEM.match(path)
    if m is None:
        return path, path
    n = int(m[1])
    slot = empty[n] if n < len(empty) else n
    return f"display[{n}]{m[2]}", f"display[{slot}]{m[2]}"
