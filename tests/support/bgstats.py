"""The BG Stats link of a finished game's page (Lockup, Rattus Cartus, Ragami), read back as the
play it carries: shared by the games' BG Stats tests."""

from __future__ import annotations

import html
import json
import re
from urllib.parse import unquote

PREFIX = "bgstats://app.bgstatsapp.com/createPlay.html?data="


def link_play(page: str) -> dict:
    """The play in ``page``'s BG Stats link (``id="bgstats-link"``), whose JSON must be fully URL-encoded."""
    href = html.unescape(re.search(r'id="bgstats-link" href="([^"]+)"', page).group(1))
    assert href.startswith(PREFIX)
    data = href.removeprefix(PREFIX)
    assert not set(data) & set(' "{}:,&?#'), "the JSON must be fully URL-encoded"
    return json.loads(unquote(data))
