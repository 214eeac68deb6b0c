"""Player rows of the audit-only forms (``p0.name``, ``p0.vp``, ...), shared by the games' forms."""

from __future__ import annotations

from collections.abc import Sequence

from werkzeug.datastructures import MultiDict


def filled_rows(form: MultiDict, counts: Sequence[str], rows: int) -> list[int]:
    """Indexes of the rows that hold a player: a name or any non-zero number (blank rows are skipped)."""
    def filled(i: int) -> bool:
        values = [form.get(f"p{i}.{field}", "").strip() for field in counts]
        return bool(form.get(f"p{i}.name", "").strip()) or any(v not in ("", "0") for v in values)

    return [i for i in range(rows) if filled(i)]


def row_names(form: MultiDict, rows: Sequence[int]) -> list[str]:
    """The names typed in ``rows``, in document order (for error messages)."""
    return [form.get(f"p{i}.name", "").strip() for i in rows]
