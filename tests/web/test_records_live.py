"""Records (issue 24) of games finished live: a whole Lockup (multiplayer and solo) and Rattus
Cartus game, every command through ``play.execute`` as a posted form sends it, writes its play in
the finishing command's transaction; that row equals the one folded again from the log, and an
undo of the finishing command takes it out (the game is no longer finished)."""

from __future__ import annotations

import pytest
import support
from support import players

from companion.web import get_store, play
from companion.web.records import projection
from companion.web.registry import ui_for

# (registered game, seed): the scripted players' whole games (support.players)
LIVE = (("lockup", 4), ("lockup-solo", 7), ("rattus-cartus", 3))


def _live_row(store, game_id: str) -> dict | None:
    return next((p for p in projection.projected(store) if p["game_id"] == game_id), None)


def played_live(app, kind: str, seed: int) -> str:
    """The scripted player's whole game, started and played through ``play.execute``; its id.
    Asserts that no play is written before the finishing command."""
    players.registered()
    ui = ui_for(kind)
    played = players.play(ui, seed)
    with app.test_request_context():
        game_id = play.start(kind, played.setup, f"Live {kind} {seed}", f"{kind}-start")
        last = len(played.commands) - 1
        for n, (state, command) in enumerate(zip(played.states, played.commands, strict=True)):
            game = get_store().game(game_id)
            play.execute(game, ui.definition.parse_command(state, command), f"{kind}-{n}", {"n": n})
            if n == last - 1:
                assert _live_row(get_store(), game_id) is None  # still in progress: no play yet
    return game_id


@pytest.mark.parametrize(("kind", "seed"), LIVE)
def test_a_game_finished_live_is_the_play_the_log_folds_and_an_undo_takes_it_out(app, client, kind, seed):
    """The live row (written by the finishing command) equals the play rebuilt from the log."""
    support.store_profile(app)
    game_id = played_live(app, kind, seed)
    with app.test_request_context():
        store = get_store()
        assert store.game(game_id)["status"] == "finished"
        live = _live_row(store, game_id)
        assert live is not None, "the finishing command wrote no play"
        assert live == projection.from_log(store, store.game(game_id))
        projection.rebuild(store)
        assert _live_row(store, game_id) == live
        play.undo(store.game(game_id), f"{kind}-undo")
        assert store.game(game_id)["status"] != "finished"
        assert _live_row(store, game_id) is None  # the undo's own transaction dropped it
        assert projection.catch_up(store) == 0  # and nothing was left for the catch-up to fix
