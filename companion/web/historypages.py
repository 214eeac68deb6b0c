"""The history page cut in pages by round (issue 20): whole rounds per page up to
:data:`PAGE_ITEMS` lines, a longer round over several pages (its heading repeated), so no page
grows with the game's length. Every line is on exactly one page; pages are plain links.
"""

from __future__ import annotations

from flask_babel import gettext as _

PAGE_ITEMS = 150  # lines per page …
PAGE_CHARS = 40_000  # … and characters of sentences (an undo repeats the sentences of what it undid)
NEAR = 3  # page links shown either side of the current one (with the first and the last)


def pages(sections: list[dict], limit: int | None = None, chars: int | None = None) -> list[dict]:
    """``[{number, first, last, continued, sections}]``: ``sections`` (each with its ``round``)
    packed in order into pages of at most ``limit`` lines and ``chars`` characters (defaults:
    :data:`PAGE_ITEMS`, :data:`PAGE_CHARS`), a page breaking only between rounds unless one round
    alone holds more (``continued``: the page starts inside a round)."""
    bound = (limit or PAGE_ITEMS, chars or PAGE_CHARS)
    out: list[dict] = []
    for block in _blocks(sections, bound):
        page = out[-1] if out else None
        if page is None or block["continued"] or not _fits(page, block["size"], bound):
            page = {"number": len(out) + 1, "first": block["round"], "continued": block["continued"],
                    "sections": [], "size": (0, 0)}
            out.append(page)
        page["sections"] += block["sections"]
        page["size"] = (page["size"][0] + block["size"][0], page["size"][1] + block["size"][1])
        page["last"] = block["round"]
    return out or [{"number": 1, "first": None, "last": None, "continued": False, "sections": [], "size": (0, 0)}]


def _fits(holder: dict, more: tuple[int, int], bound: tuple[int, int]) -> bool:
    lines, chars = holder["size"]
    return lines + more[0] <= bound[0] and chars + more[1] <= bound[1]


def _blocks(sections: list[dict], bound: tuple[int, int]) -> list[dict]:
    """The sections grouped by round, each round cut in blocks within ``bound`` (lines, characters;
    a block holds at least one line)."""
    blocks: list[dict] = []
    for section in sections:
        for item in section["items"]:
            block, size = (blocks[-1] if blocks else None), (1, len(item.get("text", "")))
            same = block is not None and block["round"] == section["round"]
            if not same or (block["size"][0] and not _fits(block, size, bound)):
                block = {"round": section["round"], "continued": same, "sections": [], "size": (0, 0)}
                blocks.append(block)
            if not block["sections"] or block["sections"][-1]["heading"] != section["heading"]:
                block["sections"].append({**section, "items": []})
            block["sections"][-1]["items"].append(item)
            block["size"] = (block["size"][0] + 1, block["size"][1] + size[1])
    return blocks


def label(page: dict) -> str:
    """A page's link text: the rounds it holds."""
    first, last, more = page["first"], page["last"], page["continued"]
    if first is None:
        return _("Page %(n)s", n=page["number"])
    if last == 0:
        return _("Setting up")
    if first == 0:
        return _("Setting up to round %(last)s", last=last)
    if first == last:
        return _("Round %(n)s (continued)", n=first) if more else _("Round %(n)s", n=first)
    if more:
        return _("Rounds %(first)s (continued) to %(last)s", first=first, last=last)
    return _("Rounds %(first)s to %(last)s", first=first, last=last)


def chosen(value: str | None, count: int) -> int:
    """The page number asked for (``?page=``), the last page (the game as it stands now) when
    none or an unreadable one is asked, within 1..``count``."""
    try:
        number = int(value) if value is not None else count
    except ValueError:
        number = count
    return min(max(number, 1), count)


def links(all_pages: list[dict], current: int) -> list[dict]:
    """The page links to show: the first, the last and those near ``current`` (a bounded list),
    ``gap`` marking skipped pages."""
    shown = [p for p in all_pages if p["number"] in (1, len(all_pages)) or abs(p["number"] - current) <= NEAR]
    out, previous = [], 0
    for page in shown:
        out.append({"number": page["number"], "label": label(page), "current": page["number"] == current,
                    "gap": page["number"] > previous + 1})
        previous = page["number"]
    return out
