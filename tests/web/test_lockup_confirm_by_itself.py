"""Issue 23: a location where nobody has a choice resolves without a tap, without JavaScript too.

Plain form posts (the Flask client runs no script): a solo player passes at once (I-7), every
location holds only the guards' cards, and Lights Out resolves within the pass itself: the
guards collect (L-LO4, L-SO8) and no "Collect" form is ever shown or posted (L-LO6: nobody may
decline). Profile and cards are made up.
"""

from __future__ import annotations

import pytest
import support

from companion.games.lockup.model import GUARDS
from companion.solo_guard.state import face_down

state = support.game_state


@pytest.fixture
def solo(app):
    return support.start_solo_expert(app, "No-tap test", "no-tap-key")


def test_guards_only_locations_resolve_within_the_pass_without_a_collect_post_L_LO6(app, client, solo):
    if state(app, solo).game.turn == GUARDS:  # the guards hold the first player marker (L-SO1)
        support.lockup_do(client, solo, "reveal-guard", location=face_down(state(app, solo).game)[0][0])
    before = state(app, solo).game
    guards_before = sum(before.seats[GUARDS].resources.values()) + before.seats[GUARDS].power
    support.lockup_do(client, solo, "pass", seat="Ana")  # I-7: Roll Call ends at once
    after = state(app, solo).game
    assert after.phase != "lights_out" and after.resolution is None  # every location resolved
    assert not any(after.placements.values())
    assert sum(after.seats[GUARDS].resources.values()) + after.seats[GUARDS].power > guards_before  # L-LO4
    page = client.get(f"/games/{solo}").get_data(as_text=True)
    assert f"/lockup/{solo}/do/collect" not in page and "data-auto" not in page
    from companion.web import get_store

    with app.app_context():
        stored = get_store().events(solo)
    confirmed = [e for e in stored if e.type == "rewards-confirmed"]  # the same event a Collect makes
    assert confirmed and all(not e.payload["declined"] for e in confirmed)


def test_a_game_recorded_before_issue_23_resting_at_a_bare_confirmation_goes_on_with_one_tap(app, client):
    """An older log may rest where nobody may decline (its confirmation was a command then; its
    version-1 start is read with ``confirm_each_location``): the page still offers "Collect the
    rewards", and the tap goes on (L-LO6)."""
    from companion.games.lockup import events as E
    from companion.games.lockup.scenario import Table, setup

    t = Table(setup(("Ana", "Ben"), first="Ana", confirm_each_location=True))
    t.do("assign", seat="Ana", location="smithy", tiles=[{"tile": 4, "face_up": True}])
    t.pass_all()
    commands = [list(t.events), [E.RewardAnswered("Ana", "smithy", False)]]  # folded, never advanced
    game = support.store_commands(app, "lockup", commands, "Older log")
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert f"/lockup/{game}/do/collect" in page and "Collect the rewards" in page
    support.lockup_do(client, game, "collect")
    assert state(app, game).seats["Ana"].resources["iron"] == 2  # L-R4: first at the Smithy
