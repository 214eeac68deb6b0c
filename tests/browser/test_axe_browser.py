"""axe-core on every page type and every game phase (issue 23): 0 violations, at 360×740.

axe-core comes from the npm registry at set-up (``scripts/setup.sh``, a dev dependency left in
node_modules/, never served); each page gets it with ``add_script_tag`` and runs ``axe.run()`` with
every folded section (``<details>``) opened, so what a tap unfolds is checked too. Every violation
of every page is printed with its targets before the test fails.

The screens are those of the Spanish/Polish crawl (``test_i18n_crawl_browser``: home, new-game,
audit, box-profile, catalog, records, rules, seats, history, end and error pages, Rattus Cartus and
Ragami at their stages) plus one Lockup game per phase and question of a 3-player and a solo game
(Roll Call, guards' turn, Lights Out rewards, tiles, choices and effects, Patrol, final, end), the
two set-up steps and the audit forms sent empty (their field errors).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import support
from browser.test_i18n_crawl_browser import paths, set_up

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
    document.querySelectorAll('details').forEach(d => { d.open = true; });
    const found = await axe.run(document, {resultTypes: ['violations'],
        rules: {'label-content-name-mismatch': {enabled: true}}});  // experimental, off by default
    return found.violations.map(v => ({id: v.id, help: v.help,
        nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.replace(/\\s+/g, ' '))}));
}"""


def lockup_phases(app, kind: str, commands: list[list]) -> dict[str, str]:
    """One stored game per phase and question the game reaches (its first command there); name -> id."""
    from companion.games.lockup import engine
    from companion.games.lockup.fold import evolve
    from companion.solo_guard import automaton
    from companion.solo_guard.automaton import SOLO

    solo = kind == "lockup-solo"
    state, first = (SOLO.fold(commands[0]), {}) if solo else (None, {})
    for n, events in enumerate(commands):
        for e in events if (n or not solo) else ():
            state = SOLO.evolve(state, e) if solo else evolve(state, e)
        game = state.game if solo else state
        first.setdefault(f"{kind} {game.phase} {(automaton.pending if solo else engine.pending)(state).kind}", n)
    return {stage: support.store_commands(app, kind, commands[: n + 1], "Zumbra", finished=stage.endswith("over"))
            for stage, n in first.items()}


# The normal run: one screen of each page type and phase (the whole walk is marked slow).
# (Lockup's new-game and audit forms are checked by the steps after it: step 1, step 2, audit sent.)
LEAN = {"/", "/rules/ragami", "/ragami/new", "/lockup/box-profile", "/lockup/catalog", "/games/no-such-game",
        "/records/lockup", "rc-round-1", "rc-final-entry", "rc-finished", "rc-round-5 history", "rg-start",
        "rg-finished", "lockup roll_call roll-call", "lockup-solo roll_call guard-turn",
        "lockup lights_out confirm-rewards", "lockup lights_out choice", "lockup-solo patrol refill-goons",
        "lockup-solo over over end", "rc-round-1 seats"}


def screens(games: dict[str, str], lean: bool) -> list[tuple[str, str]]:
    """The crawl's screens (its Lockup stage names are not ours: each Lockup phase's page, and the
    end and history pages of a finished game); with ``lean`` only those of :data:`LEAN`."""
    out = paths(games)
    for stage, game_id in games.items():
        if stage.startswith("lockup") and stage.endswith("over"):
            out += [(f"{stage} end", f"/lockup/{game_id}/end"), (f"{stage} history", f"/games/{game_id}/history")]
    return [(where, path) for where, path in out if not lean or where in LEAN]


def violations(tab) -> list[dict]:
    tab.add_script_tag(path=str(AXE))
    return tab.evaluate(RUN_AXE)


def note(found: dict[str, list], where: str, tab) -> None:
    for v in violations(tab):
        found.setdefault(where, []).append(v)


def lockup_set_up_steps(tab, live_url: str, found: dict[str, list], lean: bool) -> None:
    """Lockup's two set-up steps, each also sent empty (their field errors; lean: step 2 only)."""
    tab.goto(live_url + "/lockup/new")
    note(found, "lockup set-up step 1", tab)
    if not lean:
        tab.locator("main form button[type=submit]").last.click()
        tab.wait_for_load_state()
        note(found, "lockup set-up step 1 (sent empty)", tab)
        tab.goto(live_url + "/lockup/new")
    tab.fill("#name-0", "Zumbra")
    tab.fill("#name-1", "Kesto")
    tab.locator("main form button[type=submit]").last.click()
    tab.wait_for_load_state()
    note(found, "lockup set-up step 2", tab)
    assert "/lockup/new/cards?" in tab.url  # post/redirect/get: Back to it is a GET, never a resubmission
    tab.goto(live_url + "/")
    tab.go_back()
    assert tab.locator("#new-cards").count() == 1 and "/lockup/new/cards?" in tab.url
    step_two = tab.url
    tab.locator("main form button[type=submit]").last.click()
    tab.wait_for_load_state()
    note(found, "lockup set-up step 2 (sent empty)", tab)
    if not lean:  # a refused catalog import is said on step 2, next to its field (issue 23)
        tab.goto(step_two)
        tab.click("#import-catalog summary")
        tab.fill("#import-catalog-text", '{"items": [{"name": "Zumbra Lamp"}]}')
        tab.click("#import-catalog button[type=submit]")
        tab.wait_for_selector("#import-problems")
        note(found, "lockup set-up step 2 (import refused)", tab)


def phone_screens(tab, served, games: dict[str, str], found: dict[str, list]) -> None:
    """A phone on the LAN address: its home page, a Lockup game joined by its table code and a
    seat taken there, and a Ragami game it only watches."""
    from companion.web import get_store

    with served.app.app_context():
        codes = {stage: get_store().game(games[stage])["table_code"]
                 for stage in ("lockup roll_call roll-call", "rg-start")}
    tab.goto(served.lan_url + "/")
    note(found, "phone home", tab)
    for stage, code in codes.items():
        tab.goto(served.lan_url + "/")
        tab.fill("input[name=code]", code)
        tab.locator("form[action='/join'] button[type=submit]").click()
        tab.wait_for_selector("#game-panel")
        if stage == "rg-start":  # the Lockup one: once seated, below
            note(found, f"phone {stage}", tab)
    tab.goto(f"{served.lan_url}/games/{games['lockup roll_call roll-call']}")
    tab.get_by_role("button", name=re.compile("^Take seat")).first.click()
    tab.wait_for_selector("#my-seat")
    note(found, "phone lockup seated", tab)


def copy_reads_right(tab, served, games: dict[str, str]) -> None:
    """Copy defects only a browser shows: the join line breaks between words, not inside one ("ty pe");
    a "Take 1 scrap (22 left)" button keeps its space (a flex button dropped it)."""
    tab.goto(f"{served.host_url}/games/{games['rc-round-1']}")
    assert tab.evaluate("getComputedStyle(document.querySelector('#join-table p')).wordBreak") == "normal"
    tab.goto(f"{served.host_url}/games/{games['lockup lights_out choice']}")
    take = tab.locator("button[name=resource]").first.inner_text()
    assert re.fullmatch(r"Take 1 \w+ \(\d+ left\)", take), take


def walk(browser, served, lean: bool) -> None:
    """axe on every screen of the walk, as the host and as a phone; fails listing every violation."""
    assert AXE.is_file(), "axe-core is missing: run scripts/setup.sh dev (it installs it from npm)"
    games = set_up(served.app, lockup_phases)
    found: dict[str, list] = {}
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  bypass_csp=True)  # axe is injected as an inline script
    phone = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                bypass_csp=True)
    try:
        tab = context.new_page()
        for where, path in screens(games, lean):
            tab.goto(served.host_url + path, wait_until="domcontentloaded")
            note(found, where, tab)
        for form in ("/lockup/audit", "/rattus-cartus/audit", "/ragami/audit", "/rattus-cartus/new", "/ragami/new")[
                : 1 if lean else None]:
            tab.goto(served.host_url + form)
            tab.locator("main form button[type=submit]").last.click()
            tab.wait_for_load_state()
            note(found, f"{form} (sent empty)", tab)
        lockup_set_up_steps(tab, served.host_url, found, lean)
        copy_reads_right(tab, served, games)
        phone_screens(phone.new_page(), served, games, found)
    finally:
        context.close()
        phone.close()
    assert not found, f"axe-core violations on {len(found)} screens:\n" + "\n".join(
        f"{where}: {json.dumps(vs, indent=1)}" for where, vs in found.items())


def test_axe_finds_nothing_on_each_page_type_and_phase(browser, lan_served):
    """0 axe-core violations on one screen of each page type and game phase (issue 23), host and phone."""
    walk(browser, lan_served, lean=True)


@pytest.mark.slow
def test_axe_finds_nothing_on_any_page_or_phase(browser, lan_served):
    """0 axe-core violations on every screen of the crawl and every phase of the three games (issue 23)."""
    walk(browser, lan_served, lean=False)
