"""Issue 23's small items: a blank place of a Rattus Cartus stacking order is named in words
(RC-F2), the host names its own device too, and a seat's answer (collect or decline, L-LO6) has
its line in the feed and the history at once. Players, cards and device names are made up."""

from __future__ import annotations

import support
from support import alerts, text

from companion.games.lockup.scenario import Table, setup
from tests.web.test_rc_web import TALLIES, act, new_game, to_final_entry
from tests.web.test_refusals import tally


def test_a_blank_place_of_the_stacking_order_is_named_in_words_RC_F2(app, client):
    game_id = new_game(client)
    to_final_entry(client, game_id, 9)
    for name, counts in TALLIES.items():
        act(client, game_id, "record-tally", {"player": name, **counts})
    before = support.seq(app, game_id)
    for order, place in ((["", ""], "entry 1"), (["Azul", ""], "entry 2")):
        answer = act(client, game_id, "record-influence-order", {"influence_class": "church", "order": order})
        assert answer.status_code == 422
        said = alerts(answer)[0]
        assert said.startswith(f"Stacking order, {place}: no player chosen") and "(RC-F2)" in said, said
        assert "non-empty string" not in said
    assert support.seq(app, game_id) == before  # nothing recorded: the tie still asks for its order
    assert "order needed" in text(client.get(f"/games/{game_id}"))


def test_the_host_names_its_own_device_and_sees_the_name(app, client):
    game_id = tally(app)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'id="phone-name"' in page and "This device’s name" in page
    assert client.post(f"/games/{game_id}/seats/label", data={"label": " Kitchen  tablet "}).status_code == 303
    page = client.get(f"/games/{game_id}")
    assert "This is the host’s device, Kitchen tablet: it can act for every seat." in text(page)
    assert 'value="Kitchen tablet"' in page.get_data(as_text=True)
    assert client.post(f"/games/{game_id}/seats/label", data={"label": ""}).status_code == 303  # forgets it
    assert "This is the host’s device: it can act for every seat." in text(client.get(f"/games/{game_id}"))


def _answered_game(app) -> str:
    """Ana 4 and Ben 3 at the Smithy (both have a reward, L-R4); Ben answered, Ana not yet (L-LO6)."""
    t = Table(setup(("Ana", "Ben"), first="Ana", options=support.ASK_FIXED))  # asked at fixed rewards
    for seat, tile in (("Ana", 4), ("Ben", 3)):
        t.do("assign", seat=seat, location="smithy", tiles=[{"tile": tile, "face_up": True}])
    t.pass_all()
    start = len(t.events)
    t.do("collect", seat="Ben", declined=["Ben"])
    assert t.pending.kind == "confirm-rewards"  # Ana has not answered: the Smithy waits
    return support.store_commands(app, "lockup", [list(t.events)[:start], list(t.events)[start:]], "Answers")


def test_a_seat_s_answer_has_its_line_in_the_feed_and_the_history_at_once_L_LO6(app, client):
    game_id = _answered_game(app)
    line = "Ben declines the reward at the Smithy (L-LO6)"
    assert line in text(client.get(f"/games/{game_id}"))
    assert line in text(client.get(f"/games/{game_id}/history"))
    spanish = text(client.get(f"/games/{game_id}/history", headers={"Accept-Language": "es"}))
    assert "Ben" in spanish and "(L-LO6)" in spanish and "declines" not in spanish


def test_a_seat_that_takes_its_reward_is_told_it_comes_with_the_confirmation_L_LO6(app):
    from companion.games.lockup import events as E
    from companion.web.gameui.lockup import feed

    with app.test_request_context():
        line = feed.describe(E.RewardAnswered("Ana", "smithy", False))
    assert line == "Ana takes the reward at the Smithy; it is collected when the location is confirmed (L-LO6)"
