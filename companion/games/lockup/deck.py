"""Which item and goon cards are already on the table, so a card cannot be entered twice (L-C5).

The table enters every card face as it is drawn (L-S3, L-S4, L-P2, L-P3). A name already in the
display, at a goon slot, with a player (crafted, reserved or recruited), with the guards or in the
goon discard pile is not a new draw: it is refused with where the card is, naming the field. A box
that really holds another copy is the table's word: the command lists the card's name in
``copies`` ("it's a second copy"). Ruling: the box profile and the catalog record no per-card copy
counts (box-profile.md; L-C5 gives only deck totals), so an explicit "second copy" is accepted as
the table says it; nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from companion.core import jsonin
from companion.core.i18n import T
from companion.core.problems import InputErrors, Problems
from companion.games.lockup.catalog import name_key
from companion.games.lockup.model import GOON_LOCATIONS, GUARDS
from companion.games.lockup.state import State


class CardOnTable(InputErrors):
    """Cards entered as new draws that are already on the table: ``problems`` is
    ``[(field path of the card's name, where the card is), ...]``."""


def _item_places(state: State) -> Iterable[tuple[str, T]]:
    """``(name, where it is)`` for every item on the table."""
    for item in state.display:
        if item is not None:
            yield item.name, T("%(card)s is already in the display", card=item.name)
    for seat in state.seating:
        board = state.seats[seat]
        for item in (*board.items, *board.reserved):
            yield item.name, _with_seat(item.name, seat)


def _goon_places(state: State) -> Iterable[tuple[str, T]]:
    """``(name, where it is)`` for every goon on the table or in the discard pile."""
    for loc in GOON_LOCATIONS:
        goon = state.goons.get(loc)
        if goon is not None:
            yield goon.name, T("%(card)s is already on the board", card=goon.name)
    for seat in state.seating:
        for goon in state.seats[seat].goons:
            yield goon.name, _with_seat(goon.name, seat)
    for name in state.goon_discard:
        yield name, T("%(card)s is already in the discard pile", card=name)


def _with_seat(card: str, seat: str) -> T:
    if seat == GUARDS:
        return T("%(card)s is already among the guards’ cards", card=card)
    return T("%(card)s is already in %(seat)s’s crew", card=card, seat=seat)


def places(state: State | None, kind: str) -> dict[str, T]:
    """Where each card of ``kind`` ("item" or "goon") on the table is, by :func:`name_key`."""
    if state is None:
        return {}
    found = _item_places(state) if kind == "item" else _goon_places(state)
    return {name_key(name): where for name, where in found}


def on_table(message: object) -> bool:
    """Whether a problem's message is this module's (a card on the table or entered twice): the
    table may answer that it is a second copy."""
    return getattr(message, "msgid", "").startswith("%(card)s is ")


def check_new(state: State | None, kind: str, entered: Sequence[tuple[str, str]],
              copies: Collection[str] = ()) -> None:
    """Refuse new draws already on the table (or entered twice in one go), every one at once.

    ``entered``: ``(field path of the card, card name)``; ``copies``: the names the table says are
    another copy (any case). ``state`` None: a new game, only repeats among ``entered`` count.
    Raises :class:`CardOnTable` naming each ``<path>.name``.
    """
    taken = places(state, kind)
    extra = {name_key(n) for n in copies}
    found = Problems()
    for path, name in entered:
        key = name_key(name)
        if key in taken and key not in extra:
            found.add(jsonin.join(path, "name"), taken[key])
        taken.setdefault(key, T("%(card)s is entered twice", card=name))
    if found:
        raise CardOnTable(found.found)


def copies_field(value: object, path: str = "copies") -> tuple[str, ...]:
    """The optional ``copies`` field of a command or setup: names of cards that are another copy."""
    names = jsonin.array([] if value is None else value, path)
    return tuple(jsonin.string(n, jsonin.join(path, i)) for i, n in enumerate(names))
