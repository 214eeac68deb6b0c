"""The Bandit cube at the Chow Hall in the web (L-R9, I-17, issue 19): the prompt of the
first-ranked seat shows the cube as available for paying and offers "no recruit", which keeps the
cube and sends the seat home; "decline" gives the whole reward up. Cards are made up ("Test ...")."""

from __future__ import annotations

import support

from companion.games.lockup.scenario import Table, goon, setup


def _chow_hall_first_with_nothing(app) -> str:
    """Ben ranks first at the Chow Hall with no resource; the Bandit fed it 1 gold (L-P4)."""
    thief = goon("Test Thief", "bandit", resource="gold")
    t = Table(setup(("Ana", "Ben"), goons={"commissary": thief}))
    t.pass_all()
    t.do("refill_goons", goons={"sewers": goon("Test New")})
    t.do("pass", seat="Ana")
    t.do("assign", seat="Ben", location="chow_hall", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    t.collect()
    assert t.pending.kind == "choice" and t.pending.seat == "Ben"
    return support.store_commands(app, "lockup", [t.events], "Bandit night")


def test_the_choice_offers_no_recruit_and_counts_the_cube_for_paying_I_17(app, client):
    game = _chow_hall_first_with_nothing(app)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    words = support.words(page)
    assert "No recruit: keep the Bandit cubes (1 gold) and go home" in words
    assert "are counted above: they can pay for it" in words
    assert "Has: 0 scrap, 0 iron, 0 potion, 1 gold" in words
    assert "Decline everything, the Bandit cubes too: go to the Library" in words
    assert "keep_bandit" not in words and "keep-bandit" not in words  # no internal name on screen


def test_the_commissary_first_sees_the_cube_but_no_keep_only_button_L_R5_I_17(app, client):
    thief = goon("Test Thief", "bandit", resource="gold")
    t = Table(setup(("Ana", "Ben"), goons={"smithy": thief}))
    t.pass_all()
    t.do("refill_goons", goons={"sewers": goon("Test New")})
    t.do("assign", seat="Ana", location="commissary", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    t.collect()
    game = support.store_commands(app, "lockup", [t.events], "Bandit shop")
    words = support.words(client.get(f"/games/{game}").get_data(as_text=True))
    assert "The Bandit cubes here (1 gold) come with this reward" in words
    assert "No recruit" not in words and "Decline everything, the Bandit cubes too" in words


def test_no_recruit_as_a_plain_form_post_keeps_the_cube_I_17(app, client):
    game = _chow_hall_first_with_nothing(app)
    support.lockup_do(client, game, "keep-bandit", seat="Ben")
    state = support.game_state(app, game)
    assert state.seats["Ben"].resources["gold"] == 1 and not state.seats["Ben"].goons
    assert state.loc_resources["chow_hall"] == {}


def test_recruit_paid_with_the_cube_by_default_I_17_L_R6(app, client):
    """Left blank, the payment is suggested from the seat's cubes and its Bandit cube."""
    game = _chow_hall_first_with_nothing(app)
    support.lockup_do(client, game, "recruit", seat="Ben", goon="sewers")
    state = support.game_state(app, game)
    assert state.seats["Ben"].resources["gold"] == 0 and [g.name for g in state.seats["Ben"].goons] == ["Test New"]


def test_decline_gives_the_cube_up_L_LO6_I_17(app, client):
    game = _chow_hall_first_with_nothing(app)
    support.lockup_do(client, game, "decline", seat="Ben")
    state = support.game_state(app, game)
    assert state.seats["Ben"].resources["gold"] == 0 and state.loc_resources["chow_hall"] == {"gold": 1}
