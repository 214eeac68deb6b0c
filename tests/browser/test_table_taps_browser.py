"""Issue 23: taps of a whole 3-player Lockup round, one phone per seat (Chromium, 360×740).

The host on loopback starts the game; three phones on the LAN address take Ana's, Ben's and
Cleo's seats, each in its own browser context. Every tap each device makes is counted. Each
phone answers its own questions (its Roll Call turns; with the table option that asks before a
fixed reward, collecting or declining its rewards, L-LO6); a location where nobody has a choice is
never asked, nor, by default, a fixed reward (issue 23); the host taps nothing a seated player
decides, and its page says whom the table waits for. Goal: at most 10 taps per phone.
The whole round is a slow test (``-m slow``), the option off; the normal run plays the Lights Out
half of a table that asks.

The round: each player assigns one tile on each of two turns and passes (L-RC2, L-RC7); in
Lights Out the Exercise Yard (Ana first, Ben second, L-R1), the Sewers (Cleo alone, L-R2), the
Infirmary (Ana alone, L-R3) and the Smithy (Cleo first, Ben second, L-R4) each ask the players
there with a reward when the table asks (by default nobody is asked). Patrol's card entry (a
goon drawn for an empty slot, L-P3) is the table's step, done on the host's device and counted
apart. The box profile and cards are made up.

A full round (slow too): every tile placed over three turns; each phone's count is then exactly
its decisions, 8 Roll Call taps (and, were the table asking, one Collect or Decline per rewarded
location).
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

import pytest
import support
from browser.test_lockup_browser import Table, pass_taps
from browser.test_table_live_browser import PLAYERS, PROFILE, Device, open_table, take_seat

from companion.games.lockup.engine import pending

pytestmark = pytest.mark.browser
PHONE_GOAL = 10
# (seat, tile, location) in turn order; then everyone passes.
TURNS = (("Ana", "9573", "exercise_yard"), ("Ben", "8462", "exercise_yard"), ("Cleo", "7391", "sewers"),
         ("Ana", "2", "infirmary"), ("Ben", "7391", "smithy"), ("Cleo", "9573", "smithy"))


class Counted:
    """Taps per device: every click the test makes on a device's page goes through :meth:`tap`."""

    def __init__(self):
        self.taps: Counter = Counter()

    def tap(self, device: Device, locator, submit: bool = False) -> None:
        self.taps[device.name] += 1
        if submit:
            support.tap_and_wait(device.page, locator)
        else:
            locator.click()

    def assign(self, device: Device, tile: str, location: str) -> None:
        device.settled()
        form = device.page.locator("form.lk-assign")
        self.tap(device, form.locator(f"input[name=tile][value='{tile}']"))
        self.tap(device, form.locator(f"button[name=location][value={location}]"), submit=True)  # assigns

    def place(self, device: Device, tiles: tuple, down: str | None, location: str) -> None:
        """One Roll Call turn on the seat's own phone: tap each tile (``"all"``: the "All" box) but
        ``down``, whose "face down" box is tapped instead: one tap picks it face down (L-RC6, named
        on this phone, issue 23); tap the location."""
        device.settled()
        form = device.page.locator("form.lk-assign")
        for tile in (t for t in tiles if t != down):
            self.tap(device, form.locator("input[name=all]" if tile == "all" else f"input[name=tile][value='{tile}']"))
        if down:
            self.tap(device, form.locator(f"input[name=down][value='{down}']"))
            assert form.locator(f"input[name=tile][value='{down}']").is_checked()  # its own box follows
        self.tap(device, form.locator(f"button[name=location][value={location}]"), submit=True)

    def pass_turn(self, device: Device) -> None:
        device.settled()
        *opening, button = pass_taps(device.page)  # one tap while others are still in (issue 23)
        for summary in opening:
            self.tap(device, summary)
        self.tap(device, button, submit=True)

    def collect(self, device: Device) -> None:
        device.settled()
        self.tap(device, device.page.locator("form.lk-collect button.lk-main"), submit=True)


def lights_out(app, game: str, host: Device, phones: dict, count: Counted, table: Table) -> list:
    """Play Lights Out and Patrol to the next round: each location's players with a reward answer on
    their own phones (the first one asked first); the host enters the table's cards. What was asked."""
    asked = []
    for _ in range(20):
        state = support.game_state(app, game)
        waiting = pending(state)
        if state.round == 2:
            return asked
        if waiting.kind in ("refill-items", "refill-goons"):  # the table's card entry (L-P2, L-P3)
            host.settled()
            table.step()
            continue
        assert waiting.kind == "confirm-rewards", f"the round waits for {waiting}"
        undecided = waiting.detail["undecided"]
        asked.append((waiting.location, tuple(undecided)))
        if len(asked) == 1:  # the host's page: whom the table waits for, nothing to tap
            host.settled()
            assert host.page.locator("form.lk-collect").count() == 0
            assert "collect or decline their rewards" in host.page.inner_text("#lockup-waiting")
        count.collect(phones[undecided[0]])
    raise AssertionError("the round did not end")


ASKED = [("exercise_yard", ("Ana", "Ben")), ("exercise_yard", ("Ben",)), ("sewers", ("Cleo",)),
         ("infirmary", ("Ana",)), ("smithy", ("Cleo", "Ben")), ("smithy", ("Ben",))]


def check_round(app, game: str, host: Device, phones: dict, count: Counted, goal: int) -> None:
    state = support.game_state(app, game)
    assert state.round == 2 and state.phase == "roll_call"
    assert state.seats["Ana"].power == state.seats["Ben"].power == 2  # L-R1: first and second
    assert count.taps[host.name] == 0
    for phone in phones.values():
        assert 0 < count.taps[phone.name] <= goal, dict(count.taps)


def test_lights_out_each_phone_answers_its_own_rewards_and_the_host_taps_nothing(browser, lan_served, screenshot):
    """The short run: Roll Call recorded beforehand, Lights Out on the phones (2 taps each)."""
    from companion.games.lockup.scenario import Table as Engine
    from companion.games.lockup.scenario import setup

    engine = Engine(setup(PLAYERS, first="Ana", crew_tiles=tuple(PROFILE["crew_tiles"]),
                          options=support.ASK_FIXED))  # the table asks before a fixed reward (L-LO6)
    commands = [list(engine.events)]  # (the table's list grows with every command)
    for seat, tile, location in TURNS:
        commands.append(engine.do("assign", seat=seat, location=location, tiles=[{"tile": int(tile), "face_up": True}]))
    for seat in PLAYERS:
        commands.append(engine.do("pass", seat=seat))
    support.store_profile(lan_served.app, PROFILE)
    game = support.store_commands(lan_served.app, "lockup", commands, "Made-up taps table")
    host = Device(browser, "host")
    phones = {name: Device(browser, f"phone-{name.lower()}") for name in PLAYERS}
    count, table = Counted(), Table(host.page, screenshot, "table-taps-short")
    try:
        host.page.goto(f"{lan_served.host_url}/games/{game}")
        link = host.page.get_attribute("#join-table a", "href")
        for name, phone in phones.items():
            phone.page.goto(link)
            take_seat(phone, name)
        assert lights_out(lan_served.app, game, host, phones, count, table) == ASKED
        print("Lights Out taps per device:", dict(count.taps))
        check_round(lan_served.app, game, host, phones, count, 2)
    finally:
        for device in (host, *phones.values()):
            device.close()


@contextmanager
def seated_table(browser, lan_served, screenshot, prefix: str):
    """The host starts a 3-player game; Ana's, Ben's and Cleo's phones take their seats. Yields
    (host, phones by seat, game id, the tap counter, the host's Table), closing every device after."""
    support.store_profile(lan_served.app, PROFILE)
    host, ana, ben = open_table(browser, lan_served.host_url, screenshot)
    phones = {"Ana": ana, "Ben": ben, "Cleo": Device(browser, "phone-cleo")}
    try:
        phones["Cleo"].page.goto(host.page.get_attribute("#join-table a", "href"))
        take_seat(phones["Cleo"], "Cleo")
        game = host.page.url.rsplit("/", 1)[-1].split("#")[0]
        yield host, phones, game, Counted(), Table(host.page, screenshot, prefix)
    finally:
        for device in (host, *phones.values()):
            device.close()


@pytest.mark.slow
def test_a_three_player_round_costs_each_phone_at_most_10_taps_and_the_host_none(browser, lan_served, screenshot):
    with seated_table(browser, lan_served, screenshot, "table-taps") as (host, phones, game, count, table):
        for seat, tile, location in TURNS:
            count.assign(phones[seat], tile, location)
        for seat in PLAYERS:
            count.pass_turn(phones[seat])
        assert lights_out(lan_served.app, game, host, phones, count, table) == []  # fixed rewards: by themselves
        print("taps per device in a 3-player round:", dict(count.taps),
              "; the host's card entry for the table:", sum(table.per_round.values()))
        check_round(lan_served.app, game, host, phones, count, PHONE_GOAL)
        screenshot(phones["Cleo"].page, "table-taps-phone")


# A full round (issue 23): each player places all six tiles in three turns, two tiles, then two
# with one picked face down by one tap on its "face down" box (named on the phone: Lights Out asks
# nothing), then "All" the rest, at fixed-reward locations only, so that every Lights Out question
# is a Collect or Decline.
FULL_TURNS = (("Ana", ("9573", "2"), None, "exercise_yard"), ("Ben", ("8462", "2"), None, "exercise_yard"),
              ("Cleo", ("7391", "2"), None, "sewers"), ("Ana", ("8462", "lookout"), "lookout", "sewers"),
              ("Ben", ("7391", "enforcer"), "enforcer", "smithy"), ("Cleo", ("9573", "lookout"), "lookout", "smithy"),
              ("Ana", ("all",), None, "smithy"), ("Ben", ("all",), None, "infirmary"),
              ("Cleo", ("all",), None, "infirmary"))
FULL_ROLL_CALL = 3 + 3 + 2  # per phone: two tiles and a location, one of them by its "face down"; "All" and a location


@pytest.mark.slow
def test_a_full_three_player_round_costs_each_phone_only_its_decisions(browser, lan_served, screenshot):
    """Each phone taps its tiles, one tile's "face down" and its locations; its fixed rewards come
    by themselves (issue 23; a table that asks adds one Collect or Decline per location where it
    has a reward, L-LO6); the host taps nothing a seat decides. 8 taps each, within the goal of 10."""
    with seated_table(browser, lan_served, screenshot, "table-taps-full") as (host, phones, game, count, table):
        for seat, tiles, down, location in FULL_TURNS:
            count.place(phones[seat], tiles, down, location)
        asked = lights_out(lan_served.app, game, host, phones, count, table)
        print("taps per device in a full 3-player round:", dict(count.taps), "; asked:", asked)
        assert count.taps[host.name] == 0 and asked == []
        for seat, phone in phones.items():
            rewards = sum(undecided[0] == seat for _loc, undecided in asked)
            assert count.taps[phone.name] == FULL_ROLL_CALL + rewards, (seat, dict(count.taps), asked)
