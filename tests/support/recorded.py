"""Driving a recorded game (Ragami, Rattus Cartus) through its pages with the Flask test client:
shared by those games' web tests. ``prefix``: the game's URL prefix (``/ragami``)."""

from __future__ import annotations

from support import alerts


def start(client, prefix: str, data: dict) -> str:
    """Post the new-game form (it must be accepted) and return the new game's id."""
    response = client.post(f"{prefix}/new", data=data)
    assert response.status_code == 303, alerts(response)
    return response.location.rsplit("/", 1)[-1]


def act(client, prefix: str, game_id: str, kind: str, data: dict | None = None):
    """Post one action form of the game; the response as it came."""
    return client.post(f"{prefix}/{game_id}/{kind}", data=data or {})


def ok(client, prefix: str, game_id: str, kind: str, data: dict | None = None) -> None:
    """Post one action form of the game, which must be accepted."""
    response = act(client, prefix, game_id, kind, data)
    assert response.status_code == 303, alerts(response)
