"""What htmx does with a step's answer, for tests through the Flask client (no browser): the
elements of a panel by id, and an answer swapped into the page the way htmx swaps it — every
``hx-preserve`` stand-in replaced by the page's own element of the same id
(``handlePreservedElements`` in htmx 2), the rest taken from the answer."""

from __future__ import annotations

import json
import re
from html import unescape

# An empty stand-in of a region the page keeps (companion.web.rendering.kept_regions).
STAND_IN = re.compile(r'<(\w+) id="([^"]+)" hx-preserve></\1>')
# The per-request idempotency keys (play.new_key: 16 characters, a suffix naming the form).
KEY = re.compile(r'(name="key" value="|"key": ")[A-Za-z0-9_-]{16}-')


def element_at(html: str, start: int, tag: str) -> str:
    """The element opening at ``start`` (its own tag nested inside counted)."""
    depth = 0
    for m in re.finditer(rf"<(/?){tag}\b[^>]*>", html[start:]):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return html[start:start + m.end()]
    raise AssertionError(f"unclosed <{tag}> at {start}")


def element(html: str, id_: str) -> str:
    """The element whose id is ``id_`` (AssertionError when there is none)."""
    found = re.search(rf'<(\w+)\b[^>]*\bid="{re.escape(id_)}"', html)
    assert found, f"no element #{id_}"
    return element_at(html, found.start(), found.group(1))


def stand_ins(answer: str) -> list[str]:
    """The ids of the regions an answer leaves to the page."""
    return [m.group(2) for m in STAND_IN.finditer(answer)]


def swapped(page: str, answer: str) -> str:
    """``answer`` as htmx puts it into ``page``: each stand-in replaced by the page's element."""
    return STAND_IN.sub(lambda m: element(page, m.group(2)), answer)


LINE_BREAKS = re.compile(r"[ \t]*\n\s*")


def normalised(html: str) -> str:
    """``html`` without what differs on every request (the idempotency keys), its line breaks and
    blank lines as one line break: the templates are compiled without their indentation
    (``assets.Unindented``), which leaves a blank line where a tag stood on its own line, and a
    drawn region and its stand-in stand on different lines; HTML shows both alike."""
    return LINE_BREAKS.sub("\n", KEY.sub(r"\1KEY-", html))


def drawn(answer: str) -> dict:
    """What htmx adds to a post from this panel: ``#lockup``'s hx-vals (version, question, key)."""
    found = re.search(r"hx-vals='([^']*)'", answer)
    assert found, "a panel drawn for htmx carries its forms' version and question once, on #lockup"
    return json.loads(unescape(found.group(1)))
