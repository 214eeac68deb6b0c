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


def page_play(client, game_id: str) -> dict:
    """The play in the BG Stats link of a game's page."""
    return link_play(client.get(f"/games/{game_id}").get_data(as_text=True))


def assert_final_exports(client, game_id: str, prefix: str) -> None:
    """A finished recorded game (``prefix``: its URL prefix, ``/ragami``) links its BG Stats
    download and every event, and the download carries the same play as the app link."""
    page = client.get(f"/games/{game_id}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert 'id="game-exports"' in page
    assert f'href="{prefix}/{game_id}/bgstats.json"' in page
    assert f'href="/games/{game_id}/export.jsonl"' in page
    assert client.get(f"/games/{game_id}/export.jsonl").status_code == 200
    response = client.get(f"{prefix}/{game_id}/bgstats.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    assert json.loads(response.get_data(as_text=True)) == page_play(client, game_id)
