"""Driving a recorded game (Ragami, Rattus Cartus) through its pages with the Flask test client:
shared by those games' web tests. ``Driver("/ragami")``: the game at that URL prefix."""

from __future__ import annotations

from dataclasses import dataclass

from support import HX, alerts, seq, text


@dataclass(frozen=True)
class Driver:
    """A recorded game's pages, by the game's URL prefix (``/ragami``)."""

    prefix: str

    def start(self, client, data: dict) -> str:
        """Post the new-game form (it must be accepted) and return the new game's id."""
        response = client.post(f"{self.prefix}/new", data=data)
        assert response.status_code == 303, alerts(response)
        return response.location.rsplit("/", 1)[-1]

    def act(self, client, game_id: str, kind: str, data: dict | None = None, htmx: bool = False):
        """Post one action form of the game (as htmx with ``htmx``); the response as it came."""
        return client.post(f"{self.prefix}/{game_id}/{kind}", data=data or {}, headers=HX if htmx else {})

    def refused(self, app, client, game_id: str, kind: str, data: dict, named: str) -> None:
        """Post one action form, plain and as htmx: each time refused (422) with an alert naming
        ``named``, and nothing recorded."""
        before = seq(app, game_id)
        for htmx in (False, True):
            response = self.act(client, game_id, kind, data, htmx=htmx)
            assert response.status_code == 422
            assert any(named in message for message in alerts(response)), alerts(response)
        assert seq(app, game_id) == before

    def ok(self, client, game_id: str, kind: str, data: dict | None = None) -> None:
        """Post one action form of the game, which must be accepted."""
        response = self.act(client, game_id, kind, data)
        assert response.status_code == 303, alerts(response)

    def audit_totals(self, client, form: dict, output: dict) -> str:
        """Post the audit-only form (it must be accepted); the page's words, which must show every
        player's total of the expected ``output`` document."""
        response = client.post(f"{self.prefix}/audit", data=form)
        assert response.status_code == 200, alerts(response)
        page = text(response)
        for player in output["players"]:
            assert f"{player['name']} {player['total']} VP" in page
        return page


RAGAMI = Driver("/ragami")
RATTUS_CARTUS = Driver("/rattus-cartus")
