"""Player rows of the audit-only forms (``p0.name``, ``p0.vp``, ...), shared by the games' forms."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from werkzeug.datastructures import MultiDict

from companion.core.problems import Problems
from companion.web import fieldwords


def filled_rows(form: MultiDict, counts: Sequence[str], rows: int) -> list[int]:
    """Indexes of the rows that hold a player: a name or any non-zero number (blank rows are skipped)."""
    def filled(i: int) -> bool:
        values = [form.get(f"p{i}.{field}", "").strip() for field in counts]
        return bool(form.get(f"p{i}.name", "").strip()) or any(v not in ("", "0") for v in values)

    return [i for i in range(rows) if filled(i)]


def row_names(form: MultiDict, rows: Sequence[int]) -> list[str]:
    """The names typed in ``rows``, in document order (for error messages)."""
    return [form.get(f"p{i}.name", "").strip() for i in rows]


def read_audit(form: MultiDict, doc_of: Callable[[MultiDict, Problems], dict], read: Callable[[dict], Any]) -> Any:
    """The audit form read by the game's ``read``: every problem of the form (``doc_of`` notes
    them) and of the audit at once (``InputErrors``)."""
    found = Problems()
    value = found.check(read, doc_of(form, found))
    found.raise_any()
    return value


def row_field(path: str, rows: Sequence[int]) -> str:
    """The form field of a document path: ``players[1].vp`` -> ``p3.vp`` (the form's own row);
    another path stays as it is."""
    row = fieldwords.seat_of(path, rows)
    return path if row is None else f"p{row}.{path.split('.')[-1] if '.' in path else 'name'}"
