"""Rattus Cartus in a phone-sized Chromium (360×740) with htmx: new game, every round, the
end-of-game entry with secret rats, the plague reveal and the explained scores; the audit form.
Screenshots of the main screens go to test-artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support import confirm_step, tap_and_swap

pytestmark = pytest.mark.browser

TALLIES = {
    1: {"church": "4", "peasantry": "2", "hand_cards": "3", "swords": "2", "gold": "2", "vp_tokens": "3"},
    2: {"church": "4", "burghers": "3", "hand_cards": "3", "gold": "2"},
    3: {"sorcery": "5", "knighthood": "2", "flutes": "1", "vp_tokens": "4"},
}
RATS = {1: "3", 2: "2", 3: "9"}


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def start_game(page, live_url, screenshot) -> None:
    page.goto(live_url + "/")
    page.get_by_role("link", name="Rattus Cartus").first.click()
    for seat, name in enumerate(["Rojo", "Azul", "Verde"]):
        page.fill(f"#rc-player-{seat}", name)
    page.check('#rc-new input[name="start_seat"][value="0"]')
    no_sideways_scroll(page)
    screenshot(page, "rc-new-game-360x740")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")


def play_all_rounds(page, screenshot) -> None:
    expect(page.locator("#rc-rounds h2")).to_contain_text("Round 1 of 9 · Rojo’s turn")
    expect(page.locator("#rc-start-player")).to_have_text("Start player: Rojo")
    screenshot(page, "rc-round-tracker-360x740")
    # Phase C (RC-G1): one building each, clockwise from the start player; the prompt stays in view.
    for name, following in (("Rojo", "Azul’s turn"), ("Azul", "Verde’s turn"), ("Verde", "resolve the buildings")):
        page.get_by_role("button", name=f"{name} has accessed a building").click()
        expect(page.locator("#rc-prompt-title")).to_contain_text(following)
        expect(page.locator("#rc-prompt-title")).to_be_in_viewport()
    page.locator("#rc-end-round-ask > summary").click()  # ending the round asks first (issue 23)
    page.check("#rc-round-treasury")  # RC-F5: noted in the round it was used
    no_sideways_scroll(page)
    url = page.url
    for round_no in range(2, 10):
        confirm_step(page, "rc-end-round")
        expect(page.locator("#rc-rounds h2")).to_contain_text(f"Round {round_no} of 9")
    page.locator("#rc-end-round-ask > summary").click()  # the note sits with the round's end
    expect(page.locator("#rc-treasury-noted")).to_be_visible()
    expect(page.locator("#rc-start-player")).to_have_text("Start player: Verde")  # passed left 8 times
    expect(page.locator("#rc-panel")).to_contain_text("Final round")
    confirm_step(page, "rc-end-round")
    expect(page.locator("#rc-final-status")).to_be_visible()
    assert page.url == url  # htmx swapped the panel in place


def enter_final_counts(page, screenshot) -> None:
    for player, counts in TALLIES.items():
        for field, value in counts.items():
            page.fill(f"#rc-{player}-{field}", value)
        page.locator(f"#rc-tally-{player} button").click()
        expect(page.locator(f"#rc-tally-{player} summary")).to_contain_text("counts recorded")
    rats = page.locator("form.rc-rats")
    rats.nth(0).locator("input[name=rats]").fill("lots")
    rats.nth(0).locator("button").click()
    expect(page.locator("#game-panel .error")).to_contain_text("Rojo · Rat sum")  # a 422 is shown, not dropped
    for player, value in RATS.items():
        page.locator("form.rc-rats").nth(player - 1).locator("input[name=rats]").fill(value)
        page.locator("form.rc-rats").nth(player - 1).locator("button").click()
        expect(page.locator("form.rc-rats").nth(player - 1).locator(".ok")).to_have_text("recorded")
    # RC-F5: the Treasury noted in round 1 is already recorded; saying it again changes nothing
    expect(page.locator("#rc-needs")).not_to_contain_text("Treasury")
    expect(page.locator('#rc-treasury input[value="yes"]')).to_be_checked()
    tap_and_swap(page, page.locator("#rc-treasury button"))  # the answer looks the same: wait for it
    expect(page.locator("#rc-needs")).not_to_contain_text("Treasury")
    page.select_option("#rc-order-church-1-1", "Azul")
    page.select_option("#rc-order-church-1-2", "Rojo")
    screenshot(page, "rc-final-entry-360x740")
    no_sideways_scroll(page)
    page.locator("#rc-order-church button").click()
    expect(page.locator("#rc-needs")).to_contain_text("Everything is recorded")
    body = page.locator("#game-panel").inner_text()
    assert "9" not in body.split("Rat sums")[1].split("Treasury")[0]  # no rat sum on screen


def test_rattus_cartus_from_new_game_to_final_scores(page, live_url, screenshot):
    start_game(page, live_url, screenshot)
    play_all_rounds(page, screenshot)
    enter_final_counts(page, screenshot)
    page.fill("#rc-nuns", "3")
    page.get_by_role("button", name="Reveal the plague and score").click()
    expect(page.locator("#rc-winners")).to_have_text("Azul")
    expect(page.locator("#rc-tiebreak")).to_contain_text("lowest rat sum (RC-F8)")
    expect(page.locator("#rc-plague-result")).to_contain_text("Wiped out: Verde.")
    expect(page.locator("#rc-score-1 h2")).to_contain_text("25 VP")
    expect(page.locator("#rc-score-3 h2")).to_contain_text("26 VP")
    no_sideways_scroll(page)
    screenshot(page, "rc-final-scores-360x740")


def test_rattus_cartus_audit_form(page, live_url, screenshot):
    page.goto(live_url + "/rattus-cartus/audit")
    for i, name in enumerate(["Rojo", "Azul"]):
        page.fill(f"#p{i}-name", name)
        page.fill(f"#p{i}-church", "3")
        page.fill(f"#p{i}-rats", str(2 + i))
    page.fill("#p0-gold", "1")
    page.check('input[name="treasury_used"][value="yes"]')
    page.fill("#rc-audit-nuns", "2")
    no_sideways_scroll(page)
    page.get_by_role("button", name="Score").click()
    expect(page.locator("#rc-audit .error")).to_contain_text("Influence ties · Church")
    page.fill("#ties-church", "Azul, Rojo")
    page.get_by_role("button", name="Score").click()
    expect(page.locator("#rc-winners")).to_have_text("Rojo")  # Azul has 3 rats against 2 Nuns (RC-F7)
    no_sideways_scroll(page)
    screenshot(page, "rc-audit-360x740")


def fill_audit_player(page, i: int, name: str, values: dict[str, str]) -> None:
    page.fill(f"#p{i}-name", name)
    for field, value in values.items():
        page.fill(f"#p{i}-{field}", value)


def test_rattus_cartus_audit_form_asks_for_every_scoring_tie_at_once_and_none_below(page, live_url, screenshot):
    """RC-F2: five players; Church tied for 1st (A, B) and Sorcery tied for 2nd (C, D) need orders;
    Royalty tied 4th-5th (D, E) needs none."""
    page.goto(live_url + "/rattus-cartus/audit")
    rows = [("A", {"church": "4", "royalty": "5", "sorcery": "5"}), ("B", {"church": "4", "royalty": "4"}),
            ("C", {"church": "1", "royalty": "3", "sorcery": "2"}), ("D", {"royalty": "1", "sorcery": "2"}),
            ("E", {"royalty": "1"})]
    for i, (name, values) in enumerate(rows):
        fill_audit_player(page, i, name, values)
    page.check('input[name="treasury_used"][value="no"]')
    page.fill("#rc-audit-nuns", "0")
    page.get_by_role("button", name="Score").click()
    needs = page.locator("#rc-audit-tie-needs")
    expect(needs).to_contain_text("Influence ties · Church: A, B are tied")
    expect(needs).to_contain_text("Influence ties · Sorcery: C, D are tied")
    expect(needs).not_to_contain_text("Royalty")
    expect(page.locator("#ties-church")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#ties-royalty-need")).to_have_count(0)
    no_sideways_scroll(page)
    screenshot(page, "rc-audit-tie-needs-360x740")
    page.fill("#ties-church", "B, A")
    page.fill("#ties-sorcery", "D, C")
    page.get_by_role("button", name="Score").click()
    expect(page.locator("#rc-score-2 h2")).to_contain_text("15 VP")  # B: Church 1st by the stack 10, Royalty 5
    expect(page.locator("#rc-result-options")).to_contain_text("everyone loses (RC-F9)")
    expect(page.locator("#rc-result-options")).not_to_contain_text("Gold")  # the RC-F5 option is for two players


def test_rattus_cartus_two_players_safe_conduct_and_the_round_s_preferred_action(page, live_url, screenshot):
    """RC-G7: a Safe-conduct sends Rojo after Azul; RC-G5: with 2 players the table is asked who
    takes the round's only preferred action before the round can end (htmx swaps in place)."""
    page.goto(live_url + "/rattus-cartus/new")
    for seat, name in enumerate(["Rojo", "Azul"]):
        page.fill(f"#rc-player-{seat}", name)
    page.check('#rc-new input[name="start_seat"][value="0"]')
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/games/*")
    expect(page.locator("#rc-reserve")).to_contain_text("set 10 building cards aside")  # RC-G6
    page.get_by_role("button", name="Rojo plays a Safe-conduct").click()
    expect(page.locator("#rc-prompt-title")).to_contain_text("Azul’s turn")
    expect(page.locator("#rc-next")).to_contain_text("Then: Rojo.")
    page.get_by_role("button", name="Azul has accessed a building").click()
    expect(page.locator("#rc-safe-conduct")).to_have_count(0)  # RC-I3: nobody left to wait for
    page.get_by_role("button", name="Rojo has accessed a building").click()
    expect(page.locator("#rc-next")).to_contain_text("on a tie Azul, who accessed a building first")
    expect(page.locator("#rc-end-round")).to_have_count(0)
    no_sideways_scroll(page)
    screenshot(page, "rc-preferred-action-360x740")
    page.get_by_role("button", name="Rojo takes the preferred action").click()
    expect(page.locator("#rc-preferred")).to_contain_text("Rojo takes this round's preferred action")
    confirm_step(page, "rc-end-round")
    expect(page.locator("#rc-rounds h2")).to_contain_text("Round 2 of 10 · Azul’s turn")
