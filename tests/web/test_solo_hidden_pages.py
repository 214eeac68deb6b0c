"""No page or fragment of a solo game in progress shows a face-down guard value, the order of either
deck, or the seed (issue 4, last test bullet; L-SO4, L-SO5, L-SO6, L-SO9, L-SO13).

Whole seeded solo games at each difficulty are played through the real forms (new-game form, the
action route, undo and redo) with the Flask client. The views: the full game page, the htmx panel
fragment, the ``?seat=`` views (the player, "guards"), the history page, the home page, a refused
action's page, and the export, end screen and BG Stats file (all three must be refused while
playing). After every step the test checks the export, the home page and the page the table got
(the htmx answer), or one group of the other views in turn; every view after the new-game form, and
most of them at each round's deal and around undo: the expert game in the normal run, all three
with ``pytest -m slow``, which also checks every view after every step of whole games (the server
renders a panel in ~30-40 ms, so that takes a while).

The box profile is MADE UP for this test, not the real box: its 21 numbered guard cards carry the
sentinel values 90101, 90202 … 92121 (step 101) and one card is "power". No page shows numbers that
size for any other reason (event numbers, cubes, reputation stay far below), the sum of two cards
is larger than any one card, and one card plus the guards' power cubes never equals another card;
so a sentinel in a page means that card's value is shown.

What counts as a leak, at each moment (the full state is read from the store):

- a card that has never been face up in this game: its value and its id anywhere in any page;
- any card face down or in the guard deck now (even one seen in an earlier round, whose value
  everyone at the table saw): its value and id anywhere outside the two history sections of the
  panel ("What just happened", "The guards decided"), which may still tell an earlier round;
- the seed (decimal or hex), an OFF DUTY card's id, the location deck's remaining cards in order.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

import pytest
import support
from support import players

from companion.core import rng as core_rng
from companion.events import EventStore
from companion.games.lockup.autoplay import candidates
from companion.games.lockup.model import GUARDS
from companion.solo_guard.automaton import SOLO, pending
from companion.solo_guard.decks import DIFFICULTIES, LOCATION_CARDS, location_place
from companion.solo_guard.playthrough import MadeUpCards
from companion.solo_guard.playthrough import setup as solo_setup
from companion.solo_guard.state import on_board
from companion.web.gameui.lockup.formdriver import form_for, setup_fields

# MADE UP, not the real box (see the module docstring): sentinel values, one "power" card.
_VALUES = [90101 + 101 * i for i in range(21)]
SENTINEL_PROFILE = {
    "game": "lockup", "crew_tiles": [1, 2, 3, 4],
    "guard_cards": {"blue": [*_VALUES[0:3], "power", *_VALUES[3:6]], "green": _VALUES[6:11],
                    "yellow": _VALUES[11:16], "red": _VALUES[16:21]},
    "special_guard": {"yellow": 1, "red": 3},
}
SEEDS = {"easy": 918_273_645_546_301, "demanding": 918_273_645_546_302, "expert": 918_273_645_546_303}
HISTORY_SECTIONS = ("lockup-feed", "lockup-guards", "history")  # the history page tells past rounds too
LOCATION_LABELS = {None: "OFF DUTY", "exercise_yard": "Exercise Yard", "sewers": "Sewers", "infirmary": "Infirmary",
                   "smithy": "Smithy", "commissary": "Commissary", "chow_hall": "Chow Hall"}
MAX_STEPS = 1500


# --- the checker -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Secrets:
    """What no page may show at one moment."""

    anywhere: frozenset  # text tokens: never-seen cards' values and ids, the seed, OFF DUTY ids
    outside_history: frozenset  # text tokens of every card face down or in the guard deck now
    location_order: tuple  # labels of the location deck's remaining cards, top first


def card_tokens(card) -> set[str]:
    """How a card's identity would show as text: its id, and its value (the power card by name)."""
    value = {"power card", "(power)"} if card.value == "power" else {str(card.value)}
    return {card.id, *value}


def secrets_of(state, seen: set) -> Secrets:
    """The secrets of the solo ``state``; ``seen`` holds the ids of cards that were ever face up.

    Hidden now: the guard cards face down on the board and those in the guard deck (a card that
    left the board after its location resolved was seen by everyone, L-SO13 returns it later)."""
    down = {c for c, (_loc, face_up) in on_board(state.game).items() if not face_up}
    hidden = [card for cid, card in state.cards.items() if cid in down or cid in state.guard_deck]
    never = [card for card in hidden if card.id not in seen]
    anywhere = {str(state.seed), f"{state.seed:x}", *(c for c in LOCATION_CARDS if c.startswith("off-duty"))}
    anywhere |= {t for card in never for t in card_tokens(card)}
    order = tuple(LOCATION_LABELS[location_place(c)] for c in state.location_deck)
    return Secrets(frozenset(anywhere), frozenset(t for c in hidden for t in card_tokens(c)), order)


@lru_cache(maxsize=64)
def _pattern(tokens: frozenset) -> re.Pattern:
    """One regex finding any of ``tokens`` as a whole word ("blue-1" is not in "blue-12")."""
    alternatives = "|".join(re.escape(t) for t in sorted(tokens, key=len, reverse=True)) or r"(?!x)x"
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def _found(tokens: frozenset, text: str) -> list[str]:
    return sorted({m.group(0) for m in _pattern(tokens).finditer(text)})


def _without_history(page: str) -> str:
    """The page with the panel's history sections cut out (they may tell an earlier round)."""
    for ident in HISTORY_SECTIONS:
        start = page.find(f'<section id="{ident}"')
        if start >= 0:
            page = page[:start] + page[page.index("</section>", start) + len("</section>"):]
    return page


def _lists_order(order: tuple, text: str) -> bool:
    """Whether ``text`` names the remaining location cards in deck order, one after another."""
    if len(order) < 3:
        return False
    plain = re.sub(r"<[^>]+>", " ", text)
    return re.search(r"[\s,;:>→|/-]+".join(re.escape(label) for label in order), plain) is not None


def leaks(page: str, secrets: Secrets) -> list[str]:
    """Every secret ``page`` shows, described (empty: nothing hidden is shown)."""
    outside = _without_history(page)
    found = [f"{t!r} in the page" for t in _found(secrets.anywhere, page)]
    found += [f"{t!r} outside the history sections" for t in _found(secrets.outside_history - secrets.anywhere,
                                                                      outside)]
    if _lists_order(secrets.location_order, page):
        found.append(f"the location deck's order {secrets.location_order}")
    return found


def test_the_checker_finds_each_kind_of_leak():
    """The checker can fail: a face-down value, a card id, the seed, the power card, a deck's order."""
    state = SOLO.fold(SOLO.start(solo_setup("expert", SENTINEL_PROFILE, 918_273_645_546_399, MadeUpCards(1))))
    sewers = next(p for p in state.game.placements["sewers"] if p.seat == GUARDS)
    assert not sewers.face_up and isinstance(sewers.tile, int)
    secrets = secrets_of(state, seen={sewers.card})  # as if it had been face up in an earlier round
    fine = f'<li id="loc-sewers">Sewers</li><p>the guards: face down · power 1 · {state.seed % 10_000}</p>'
    assert leaks(fine, secrets) == []
    deck = next(state.cards[c] for c in state.guard_deck if state.cards[c].value != "power")
    assert leaks(f"<li>next guard: {deck.value}</li>", secrets) == [f"'{deck.value}' in the page"]
    assert leaks(f'{{"guards": ["{deck.id}"]}}', secrets) == [f"'{deck.id}' in the page"]
    assert leaks("<td>power card</td>", secrets) == ["'power card' in the page"]  # hidden at the start
    assert leaks(f"seed {state.seed:x}", secrets) == [f"'{state.seed:x}' in the page"]
    history = f'<section id="lockup-feed"><li>{sewers.card} ({sewers.tile}) placed</li></section>'
    assert leaks(history, secrets) == []  # an earlier round, told in the history section
    assert leaks(history + f"<li>the guards: {sewers.tile}</li>", secrets) == [
        f"'{sewers.tile}' outside the history sections"]
    order = [LOCATION_LABELS[location_place(c)] for c in state.location_deck]
    assert leaks(f"<ol><li>{'</li><li>'.join(order)}</li></ol>", secrets) == [
        f"the location deck's order {tuple(order)}"]
    assert leaks("<p>off-duty-1</p>", secrets) == ["'off-duty-1' in the page"]


# --- the games ---------------------------------------------------------------------------------


@pytest.fixture
def table(app, client):
    EventStore(app.config["DATABASE"]).put_setting("lockup-box-profile", SENTINEL_PROFILE)
    return client


def load(app, game_id):
    return load_events(app, game_id).state


def load_events(app, game_id):
    from companion.web import get_store, play

    with app.test_request_context():
        return play.load(get_store().game(game_id))


def new_game(client, difficulty: str, cards: MadeUpCards) -> str:
    """The two new-game steps, posted as a person would (the seed cannot be typed: it is fixed
    here by replacing the generator's fresh seed, see the test)."""
    setup = solo_setup(difficulty, SENTINEL_PROFILE, 0, cards)
    fields = {**setup_fields(setup), "difficulty": difficulty, "title": f"Hidden pages {difficulty}"}
    step1 = {k: v for k, v in fields.items() if re.match(r"(mode|title|name-|crew-|difficulty)", k)}
    assert client.post("/lockup/new", follow_redirects=True, data=step1).status_code == 200
    done = client.post("/lockup/new/start", data=fields)
    assert done.status_code == 303, done.get_data(as_text=True)[:2000]
    return done.headers["Location"].rsplit("/", 1)[-1]


HX = {"HX-Request": "true"}


def _get(url: str, headers: dict | None = None, status: int = 200):
    def fetch(client, game_id: str, state) -> str:
        answer = client.get(url.format(id=game_id), headers=headers or {})
        assert answer.status_code == status, (url, answer.status_code)
        return answer.get_data(as_text=True)

    return fetch


def _proposals(state, rng: random.Random, cards: MadeUpCards):
    """The random player's commands for what the game waits for, most wanted first: now and then a
    tome (so Atlas of Hideouts gets played, L-SO6), a random reveal on a guard turn (L-SO5)."""
    g, p = state.game, pending(state)
    me = g.seats["Ana"]
    if g.phase == "roll_call" and not me.passed:
        if me.tomes == 0 and rng.random() < 0.1:
            yield {"type": "adjust", "seat": "Ana", "quantity": "tomes", "delta": 1, "reason": "Made-up tome"}
        down = [loc for loc in LOCATION_LABELS if loc and any(
            x.seat == GUARDS and not x.face_up for x in g.placements[loc])]
        if me.tomes and down and rng.random() < 0.4:
            yield {"type": "atlas_reveal", "location": rng.choice(down)}
    if p.kind == "guard-turn":
        yield {"type": "reveal_guard", "location": rng.choice(p.detail["reveal"])}
    else:
        yield from candidates(g, rng, cards)


def next_command(state, rng, cards) -> dict:
    return players.first_legal(SOLO, state, _proposals(state, rng, cards))


def post(client, game_id: str, command: dict, state, htmx: bool, key: str) -> str | None:
    """Post the form of ``command``; the htmx answer (the new panel) is returned to be checked."""
    action, fields = form_for(command, state.game)
    answer = client.post(f"/lockup/{game_id}/do/{action}", data={**fields, "key": key}, headers=HX if htmx else {})
    assert answer.status_code == (200 if htmx else 303), (command, answer.get_data(as_text=True)[:2000])
    return answer.get_data(as_text=True) if htmx else None


def refused_page(client, game_id: str, state) -> str:
    """A refused action's page (422): turning a guard where none lies face down (L-SO5), or, when
    every location has one, Atlas of Hideouts at the Library (a field error)."""
    bare = [loc for loc in LOCATION_LABELS if loc and not any(
        x.seat == GUARDS and not x.face_up for x in state.game.placements[loc])]
    action, location = ("reveal-guard", bare[0]) if bare else ("atlas", "library")
    answer = client.post(f"/lockup/{game_id}/do/{action}", data={"location": location}, headers=HX)
    assert answer.status_code == 422, (action, location)
    return answer.get_data(as_text=True)


# Every page and fragment a viewer can get while the game is played; the last three downloads
# must be refused until it is over (they hold the whole log or the face-down values).
VIEWS = {
    "game page": _get("/games/{id}"), "panel fragment": _get("/games/{id}", HX),
    "player page": _get("/games/{id}?seat=Ana"), "player fragment": _get("/games/{id}?seat=Ana", HX),
    "guards page": _get("/games/{id}?seat=guards"), "guards fragment": _get("/games/{id}?seat=guards", HX),
    "history": _get("/games/{id}/history"), "home": _get("/"), "refused action": refused_page,
    "export": _get("/games/{id}/export.jsonl", status=403), "end screen": _get("/lockup/{id}/end", status=403),
    "BG Stats file": _get("/lockup/{id}/end/bgstats.json", status=403),
}
# The default run checks, after a plain post, one group of views in turn (after an htmx post, the
# panel it answers with); every view after the new-game form, four at each round's deal, the
# answer and the player's page around each undo and redo. The slow run: every view, every step.
ROTATION = (("game page",), ("player page",), ("panel fragment",), ("player fragment",), ("guards page",),
            ("guards fragment",), ("history", "end screen", "BG Stats file"), ("refused action",))
ALWAYS = ("export", "home")  # cheap: after every step


def assert_hides(pages: dict[str, str], secrets: Secrets, where: str) -> None:
    for name, page in pages.items():
        found = leaks(page, secrets)
        assert not found, f"{where}: the {name} shows {found}"


class Watch:
    """Reads the full state from the store after each step and checks pages against it."""

    def __init__(self, app, client, game_id: str):
        self.app, self.client, self.game_id = app, client, game_id
        self.seen: set[str] = set()
        self.checked: Counter = Counter()
        self._events: list = []
        self._state = None
        self.state = self.load()

    def load(self):
        """The state now; every card face up after any event since the last look counts as seen (a
        location the game resolves by itself turns its guard card up and takes it back in one step)."""
        loaded = load_events(self.app, self.game_id)
        events, evolve = list(loaded.events), loaded.ui.definition.evolve
        if events[:len(self._events)] != self._events:  # an undo changed the past: fold it again
            self._events, self._state = [], None
        for event in events[len(self._events):]:
            self._state = evolve(self._state, event)
            self.seen |= {c for c, (_loc, up) in on_board(self._state.game).items() if up}
        self._events, self.state = events, loaded.state
        return self.state

    def check(self, where: str, names, answer: str | None = None) -> None:
        if self.state.game.phase == "over":
            return
        pages = {name: VIEWS[name](self.client, self.game_id, self.state) for name in names}
        if answer is not None:
            pages["answer to the post"] = answer
        assert_hides(pages, secrets_of(self.state, self.seen), where)
        self.checked.update(list(pages))


def undo_and_redo(watch: Watch, step: int) -> None:
    """Undo the latest step and redo it (htmx), checking in between: an undone reveal lies face down
    again, and its value stays off the board."""
    for marker in ("undo", "redo"):
        key = f"{watch.game_id}-{marker}{step}"  # idempotency keys are unique across games
        answer = watch.client.post(f"/games/{watch.game_id}/{marker}", data={"key": key}, headers=HX)
        confirm = support.confirm_value(answer)  # undo/redo name the action and ask first (issue 12)
        if answer.status_code == 200 and confirm:
            answer = watch.client.post(f"/games/{watch.game_id}/{marker}", data={"key": key, "confirm": confirm},
                                       headers=HX)
        if answer.status_code == 403 and marker == "undo":  # a reveal is never undone (issue 12)
            watch.check(f"step {step}, undo refused", ("player page",), answer.get_data(as_text=True))
            return
        assert answer.status_code == 200, answer.get_data(as_text=True)[:2000]
        watch.load()
        watch.check(f"step {step}, {marker}", ("player page",), answer.get_data(as_text=True))


def play_and_check(app, client, monkeypatch, difficulty: str, seed: int, every_view: bool,
                   max_steps: int = MAX_STEPS) -> Watch:
    """Play a seeded random game through the forms, checking pages after every step."""
    monkeypatch.setattr(core_rng, "new_seed", lambda: seed)  # the form has no seed field: fix the fresh one
    rng, cards = random.Random(seed), MadeUpCards(seed % 1000)
    watch = Watch(app, client, new_game(client, difficulty, cards))
    assert (watch.state.seed, watch.state.difficulty) == (seed, difficulty)
    watch.check("after the new-game form", VIEWS)
    for step in range(max_steps):
        before = watch.state
        if before.game.phase == "over":
            break
        command = next_command(before, rng, cards)
        watch.checked[command["type"]] += 1
        answer = post(client, watch.game_id, command, before, htmx=step % 2 == 1, key=f"{watch.game_id}-{step}")
        state = watch.load()
        names = ALWAYS + (ROTATION[step // 2 % len(ROTATION)] if answer is None else ())
        if every_view:
            names = VIEWS
        elif state.game.round != before.game.round:  # a new deal (L-SO4, L-SO13)
            names = (*ALWAYS, "game page", "player fragment", "guards page", "history")
        watch.check(f"step {step} ({command['type']})", names, answer)
        if step % 29 == 17 and state.game.phase != "over":
            undo_and_redo(watch, step)
    return watch


def assert_the_log_holds_what_was_hidden(client, watch: Watch) -> None:
    """Once finished, the export opens and holds the seed and the deck orders: the same checker
    finds them there, so it was looking for text that does exist in the game's own log."""
    export = client.get(f"/games/{watch.game_id}/export.jsonl")
    assert export.status_code == 200
    text = export.get_data(as_text=True)
    assert str(watch.state.seed) in text and "off-duty-1" in text
    assert leaks(text, secrets_of(watch.state, seen=set()))


# The normal run plays the expert game whole (its red cards hold a special guard here, L-SO9; the
# views and the checker are the same at every difficulty); ``pytest -m slow`` plays all three.
@pytest.mark.parametrize("difficulty", [d if d == "expert" else pytest.param(d, marks=pytest.mark.slow)
                                        for d in DIFFICULTIES])
def test_no_page_of_a_solo_game_in_progress_shows_hidden_information(app, table, monkeypatch, difficulty):
    watch = play_and_check(app, table, monkeypatch, difficulty, SEEDS[difficulty], every_view=False)
    assert watch.state.game.phase == "over"
    assert all(watch.checked[name] >= 2 for name in VIEWS), watch.checked  # every view, more than once
    assert watch.checked["answer to the post"] > 30 and watch.checked["atlas_reveal"] and watch.checked["reveal_guard"]
    assert_the_log_holds_what_was_hidden(table, watch)


@pytest.mark.slow
def test_every_view_after_every_step(app, table, monkeypatch, request):
    """``pytest -m slow``: every view after every step of whole games at each difficulty (other
    seeds); a plain run (no marker expression) checks the first 15 steps of one expert game."""
    long_run = "slow" in (request.config.getoption("markexpr") or "")
    for difficulty in DIFFICULTIES if long_run else ("expert",):
        watch = play_and_check(app, table, monkeypatch, difficulty, SEEDS[difficulty] + 1000, every_view=True,
                               max_steps=MAX_STEPS if long_run else 15)
        assert watch.checked["game page"] >= 15 and watch.checked["reveal_guard"]
        if long_run:
            assert watch.state.game.phase == "over"
            assert_the_log_holds_what_was_hidden(table, watch)
