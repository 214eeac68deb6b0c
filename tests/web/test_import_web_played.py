"""Games played through the app's own forms keep each command (issue 20): their export imports on
another device, every command decided again, with the same events, commands and result.

Lockup is played by the random legal player through the table's forms (made-up cards named "Test
Item 7", not real ones); Rattus Cartus and Ragami by short scripts with made-up names, with an
undo and a redo on the way."""

from __future__ import annotations

import random
import re

import support
from support import alerts, gamelogs, setups

from companion.core import rng as core_rng
from companion.games.lockup import autoplay
from companion.games.lockup.engine import GAME
from companion.web import get_store
from companion.web.gameui.lockup.formdriver import form_for, setup_fields


def moves_over(app, client, game_id: str, device) -> None:
    """Export the game, import it on ``device``: accepted, the same events and commands."""
    data = client.get(f"/games/{game_id}/export.jsonl").data
    answer = gamelogs.import_file(device, data)
    assert answer.status_code == 303, answer.get_data(as_text=True)[-2000:]
    copy = answer.headers["Location"].rsplit("/", 1)[1]

    def stored(on, gid):
        with on.app_context():
            store = get_store()
            return ([(e.type, e.version, e.payload, e.ts, e.command_id) for e in store.events(gid)],
                    store.commands(gid), store.game(gid)["status"])

    assert stored(device, copy) == stored(app, game_id)


def post(client, url: str, data: dict | None = None) -> None:
    answer = client.post(url, data=data or {})
    assert answer.status_code == 303, alerts(answer)


def test_rattus_cartus_played_through_the_forms_with_an_undo_and_a_redo(app, client, device):
    answer = client.post("/rattus-cartus/new", data={"players": ["Rojo", "Azul", "", "", ""], "start_seat": "0"})
    game_id = answer.location.rsplit("/", 1)[-1]
    for _ in range(10):  # two players: ten rounds
        post(client, f"/rattus-cartus/{game_id}/end-round")
    support.undo(client, game_id, "undo", key="u1")
    support.undo(client, game_id, "redo", key="r1")
    for name, tokens, rats in (("Rojo", "3", "2"), ("Azul", "1", "4")):
        post(client, f"/rattus-cartus/{game_id}/record-tally", {"player": name, "church": "2", "vp_tokens": tokens})
        post(client, f"/rattus-cartus/{game_id}/record-rats", {"player": name, "rats": rats})
    post(client, f"/rattus-cartus/{game_id}/record-treasury", {"used": "yes"})
    post(client, f"/rattus-cartus/{game_id}/record-influence-order",
         {"influence_class": "church", "order": ["Azul", "Rojo"]})
    post(client, f"/rattus-cartus/{game_id}/reveal-plague", {"nuns": "2"})
    moves_over(app, client, game_id, device)


def test_ragami_played_through_the_forms_with_an_undo(app, client, device):
    answer = client.post("/ragami/new", data={"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    game_id = answer.location.rsplit("/", 1)[-1]
    for player in ("Ama",) * 5 + ("Ver",):
        post(client, f"/ragami/{game_id}/resolve-conflict", {"player": player, "die_value": "6", "helper": "",
                                                             "white_cubes_spent": "0", "virtue_spent": "0"})
    post(client, f"/ragami/{game_id}/purify-demons", {"player": "Ver", "demons": "2"})
    support.undo(client, game_id, "undo", key="u1")
    post(client, f"/ragami/{game_id}/purify-demons", {"player": "Ver", "demons": "3"})
    post(client, f"/ragami/{game_id}/end-round")
    moves_over(app, client, game_id, device)


Cards = setups.FormCards  # made-up cards, treasures in one fixed order (as a form counts them)


def test_lockup_played_through_the_forms(app, client, device):
    support.store_profile(app, support.made_up_profile())
    rng = random.Random(11)
    cards = Cards(rng)
    fields = setup_fields(autoplay.make_setup(rng, 2, "standard", cards))
    step1 = {k: v for k, v in fields.items() if re.match(r"(mode|title|name-|crew-|pass_rewards)", k)}
    assert client.post("/lockup/new", follow_redirects=True, data=step1).status_code == 200
    done = client.post("/lockup/new/start", data=fields)
    assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    game_id = done.headers["Location"].rsplit("/", 1)[-1]
    state, steps = support.game_state(app, game_id), 0
    while state.phase != "over":
        command, events = autoplay.random_command(state, rng, cards)
        action, form = form_for(command, state)
        answer = client.post(f"/lockup/{game_id}/do/{action}", data={**form, "key": f"k{steps}"})
        assert answer.status_code == 303, (command, answer.get_data(as_text=True)[:3000])
        state, steps = GAME.fold(events, state), steps + 1
    moves_over(app, client, game_id, device)


def test_lockup_solo_played_through_the_forms_with_an_undo(app, client, device, monkeypatch):
    """The seed the new game draws is kept with its start, so deciding the start again deals the same."""
    from companion.solo_guard import playthrough

    monkeypatch.setattr(core_rng, "new_seed", lambda: 7)  # drawn all the same; the same game on every run
    profile = support.made_up_profile()
    support.store_profile(app, profile)
    cards = playthrough.MadeUpCards(7)
    setup = playthrough.setup("expert", profile, 0, cards)
    fields = {**setup_fields(setup), "difficulty": "expert", "title": "Made-up solo night"}
    step1 = {k: v for k, v in fields.items() if re.match(r"(mode|title|name-|crew-|difficulty)", k)}
    assert client.post("/lockup/new", follow_redirects=True, data=step1).status_code == 200
    done = client.post("/lockup/new/start", data=fields)  # no seed field: the game draws one
    assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    game_id = done.headers["Location"].rsplit("/", 1)[-1]
    state, steps = support.game_state(app, game_id), 0
    while state.game.phase != "over":
        command, _events = playthrough.next_command(state, cards)
        action, form = form_for(command, state.game)
        answer = client.post(f"/lockup/{game_id}/do/{action}", data={**form, "key": f"k{steps}"})
        assert answer.status_code == 303, (command, answer.get_data(as_text=True)[:3000])
        if steps == 3:
            support.undo(client, game_id, "undo", key="u1")
            support.undo(client, game_id, "redo", key="r1")
        state, steps = support.game_state(app, game_id), steps + 1
    assert b'"command-redone"' in client.get(f"/games/{game_id}/export.jsonl").data
    moves_over(app, client, game_id, device)
