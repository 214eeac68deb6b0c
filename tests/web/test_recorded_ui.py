"""The shared recorded-game UI (Ragami, Rattus Cartus: ``companion.web.gameui.recorded``) and
the typed hooks every game declares (issue 22): the new-game form's idempotency key starts a
game once, an edited form sent back with the old key starts another; history and undo's words
come from the registered ``GameUI``, never from a switch on the game's kind."""

from __future__ import annotations

import pytest
from support import count_games, text

from companion.web import history, registry

GAMES = {  # URL prefix: (two players, another second player, words the new game's page shows)
    "/ragami": (["Ama", "Ver"], "Azu", "Azu"),
    "/rattus-cartus": (["Rojo", "Azul"], "Verde", "Start player: Rojo"),
}


@pytest.mark.parametrize("prefix", GAMES)
def test_the_new_game_form_sent_twice_starts_one_game_and_no_page_breaks(app, client, prefix):
    data = {"players": GAMES[prefix][0], "start_seat": "0", "key": "new-form-1"}
    first = client.post(f"{prefix}/new", data=data)
    again = client.post(f"{prefix}/new", data=data)
    assert first.status_code == 303 and again.status_code == 303
    assert again.location == first.location  # the same game, started once
    assert count_games(app) == 1 and client.get(first.location).status_code == 200


@pytest.mark.parametrize("prefix", GAMES)
def test_an_edited_form_sent_back_with_its_old_key_starts_a_new_game(app, client, prefix):
    players, other, shown = GAMES[prefix]
    first = client.post(f"{prefix}/new", data={"players": players, "start_seat": "0", "key": "k"})
    again = client.post(f"{prefix}/new", data={"players": [players[0], other], "start_seat": "0", "key": "k"})
    assert again.status_code == 303 and again.location != first.location and count_games(app) == 2
    page = text(client.get(again.location))
    assert shown in page and other in page


def test_every_game_declares_its_history_and_its_words_as_typed_hooks(app):
    for kind in ("lockup", "lockup-solo", "ragami", "rattus-cartus"):
        ui = registry.GAMES[kind]
        assert not hasattr(ui, "extra")  # no untyped bag of hooks
        assert callable(ui.history) and callable(ui.describe), kind
    for kind in ("ragami", "rattus-cartus"):  # ending a turn acts for the player whose turn it is
        assert callable(registry.GAMES[kind].acting_seat_at), kind


def test_a_kind_without_a_registered_history_gets_the_plain_one(app):
    assert history.sections_for("no-such-game", []) == []
