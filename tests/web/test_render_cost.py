"""Rendering costs what it shows (issue 11): a step describes only its own new events in the
Lockup feed, the translation calls of a step do not grow with the game, and the cached feed lines
are kept apart by game, language and view.

Games are the random legal player's (made-up cards, not real ones), recorded one command at a time."""

from __future__ import annotations

import random
import re

import pytest

from companion.games.lockup import autoplay
from companion.games.lockup.fold import evolve
from companion.web import catalog, get_store, play
from companion.web.gameui.lockup import feed, panel
from companion.web.lru import LRU

HX = {"HX-Request": "true"}


class Recorded:
    """A 4-player game of the random legal player, appended to the store one command at a time."""

    def __init__(self, app, seed: int = 7):
        self.app, self.rng = app, random.Random(seed)
        self.cards = autoplay.Cards(self.rng)
        events = autoplay.start(autoplay.make_setup(self.rng, 4, "standard", self.cards))
        self.state = None
        for e in events:
            self.state = evolve(self.state, e)
        with app.app_context():
            store = get_store()
            self.game = store.create_game("lockup", "Made-up render night")
            store.append(self.game["id"], 0, events, "render-0")
            store.set_status(self.game["id"], "active")
        self.seq, self.commands = len(events), 0

    def step(self) -> int:
        """Append the next command; how many events it recorded."""
        _command, new = autoplay.random_command(self.state, self.rng, self.cards)
        for e in new:
            self.state = evolve(self.state, e)
        self.commands += 1
        with self.app.app_context():
            get_store().append(self.game["id"], self.seq, new, f"render-{self.commands}")
        self.seq += len(new)
        return len(new)

    def until(self, commands: int) -> None:
        while self.commands < commands and self.state.phase != "over":
            self.step()


@pytest.fixture
def game(app):
    feed.LINES.clear()
    panel.FRAGMENTS.clear()
    return Recorded(app)


def _counting(monkeypatch, owner, name: str) -> list:
    calls: list = []
    original = getattr(owner, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _panel(client, game: Recorded, lang: str = "en") -> str:
    """The panel's HTML, its CSRF tokens blanked (signed with the second they were made in)."""
    answer = client.get(f"/games/{game.game['id']}", headers={**HX, "Accept-Language": lang})
    assert answer.status_code == 200
    return re.sub(r'(name="csrf_token" value=")[^"]*', r"\1", answer.get_data(as_text=True))


def test_a_step_describes_only_its_new_events_early_and_late(client, game, monkeypatch):
    described = _counting(monkeypatch, feed, "describe")
    for at in (5, 150):
        game.until(at)
        _panel(client, game)  # warm: this game's tail is described once
        new = game.step()
        described.clear()
        _panel(client, game)
        assert 0 < len(described) <= new, (at, len(described), new)
        described.clear()
        _panel(client, game)  # the same step seen again (another device, a poll): nothing described
        assert described == []


def test_translation_calls_of_a_step_do_not_grow_with_the_game(client, game, monkeypatch):
    calls = _counting(monkeypatch, catalog, "translations")  # every string of a render (templates, words)
    costs = {}
    for at in (8, 160):
        game.until(at)
        _panel(client, game)
        game.step()
        calls.clear()
        _panel(client, game)
        costs[at] = len(calls)
    assert game.commands > 150, "the game ended too early to say anything about a late step"
    assert costs[160] <= 1.5 * costs[8] + 50, costs  # before the line cache: ~4x, growing with the tail


def test_lines_are_kept_apart_by_language(client, game):
    game.until(30)
    english, spanish = _panel(client, game, "en"), _panel(client, game, "es")
    lines = [key for key in feed.LINES.keys() if key[0] == game.game["id"]]
    assert {key[3] for key in lines} == {"en", "es"}
    assert english != spanish


def test_lines_are_kept_apart_by_view(app, game):
    game.until(12)
    with app.test_request_context():
        table_lines, _tail = feed.recent(game.game["id"])
        seat_lines, _tail = feed.recent(game.game["id"], viewer="Ana")
    views = {key[4] for key in feed.LINES.keys() if key[0] == game.game["id"]}
    assert views == {None, "Ana"} and table_lines == seat_lines  # the feed says only public facts


def test_the_render_cache_is_bounded_and_renders_once():
    """web.lru.LRU (feed lines, board entries): one render per key, LRU eviction,
    and a ``None`` kept like any text (a line that says nothing is not rendered again)."""
    cache, rendered = LRU(size=2), []

    def render(text):
        return lambda: rendered.append(text) or text

    assert cache.rendered(("g", 1), render("one")) == "one"
    assert cache.rendered(("g", 1), render("again")) == "one"
    cache.rendered(("g", 2), render(None))
    assert cache.rendered(("g", 2), render("not again")) is None
    cache.rendered(("g", 3), render("three"))  # evicts ("g", 1), the least recently used
    assert cache.rendered(("g", 1), render("one anew")) == "one anew"
    assert rendered == ["one", None, "three", "one anew"] and cache.keys() == [("g", 3), ("g", 1)]


def test_the_feed_matches_describing_the_whole_tail(app, game):
    """The cached lines are the ones ``describe`` gives for the latest commands (checked on a
    cold and a warm cache, after every one of 40 commands)."""
    for _ in range(40):
        game.step()
        with app.test_request_context():
            warm, _tail = feed.recent(game.game["id"])
            feed.LINES.clear()
            cold, _tail = feed.recent(game.game["id"])
        assert warm == cold



def _drawn(monkeypatch) -> list:
    """The board entries drawn (not taken from :data:`panel.FRAGMENTS`) from now on."""
    drawn: list = []
    original = panel.FRAGMENTS.rendered

    def get(key, draw):
        # The question is a fragment of its own (test below); the strip's lines come and go with the phase.
        board = key[0] != "ask" and not key[0].startswith("strip-")
        return original(key, lambda: (board and drawn.append(key[0])) or draw())

    monkeypatch.setattr(panel.FRAGMENTS, "rendered", get)
    return drawn


def test_a_board_entry_is_drawn_again_only_when_what_it_shows_changed(client, game, monkeypatch):
    """Issue 11: a step draws the entries it changed; the same step seen again draws none."""
    drawn = _drawn(monkeypatch)
    game.until(20)
    _panel(client, game)
    every = len(drawn)
    assert every >= 8 + 4 + 1  # the locations, the crews and the display slots of a first render
    for _ in range(10):
        game.step()
        drawn.clear()
        _panel(client, game)
        assert len(drawn) < every / 2, drawn  # a step changes a few entries, not the board
        drawn.clear()
        _panel(client, game)
        assert drawn == []


def test_cached_board_entries_draw_the_page_a_cold_cache_draws(client, game, monkeypatch):
    """After each of 40 commands the page from a warm cache equals the page drawn from nothing,
    in English and in Polish (the language is part of an entry's key)."""
    monkeypatch.setattr(play, "new_key", lambda: "same-key-for-all")  # each render draws a fresh one
    for _ in range(40):
        game.step()
        for lang in ("en", "pl"):
            warm = _panel(client, game, lang)
            panel.FRAGMENTS.clear()
            feed.LINES.clear()
            assert _panel(client, game, lang) == warm


def test_the_same_question_is_drawn_once_for_every_htmx_answer(client, game, monkeypatch):
    """The racing devices of one table see the same question: an htmx answer draws it once."""
    asked: list = []
    original = panel.FRAGMENTS.rendered
    monkeypatch.setattr(panel.FRAGMENTS, "rendered", lambda key, draw: original(
        key, lambda: (key[0] == "ask" and asked.append(key)) or draw()))
    monkeypatch.setattr(play, "new_key", lambda: "same-key-for-all")  # each render draws a fresh one
    game.until(5)
    first = _panel(client, game)
    assert len(asked) == 1 and 'id="lockup-ask"' in first
    assert _panel(client, game) == first and len(asked) == 1
    assert _panel(client, game, "pl") != first and len(asked) == 2  # another language, drawn anew


def test_the_panel_is_plain_dataclasses_read_by_jinjas_own_getattr(app, client, game):
    """Issue 21: the Lockup panel's context is frozen dataclasses (Jinja finds ``lockup.round`` as an
    attribute at once), and the Jinja environment's ``getattr`` is its own, not a patched one."""
    import dataclasses

    from jinja2 import Environment

    from companion.games.lockup import engine

    assert type(app.jinja_env).getattr is Environment.getattr and "getattr" not in vars(app.jinja_env)
    game.until(10)
    with app.test_request_context():
        built = panel.build(game.state, game.game, None, engine.GAME, engine.pending)["lockup"]
    assert dataclasses.is_dataclass(built) and not hasattr(built, "__dict__")  # slots
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.round = 99
    for part in (built.waiting, built.tools, *built.seats, *built.locations, *built.display, *built.goals):
        assert dataclasses.is_dataclass(part) and hash(part) is not None  # an entry is its own cache key
    assert 'id="lockup-status"' in _panel(client, game)


def test_templates_build_each_url_once_and_the_same_as_flask(app, monkeypatch):
    """companion.web.templating.install_url_for: the URLs Flask's url_for builds, each built once
    per app; static files always through Flask's (their content hash)."""
    import flask

    remembered = app.jinja_env.globals["url_for"]
    calls = _counting(monkeypatch, app, "url_for")  # flask.url_for builds through the app's
    with app.test_request_context("/"):
        first = [remembered("games.show", game_id="g1"), remembered("games.undo", game_id="g1"),
                 remembered("games.show", game_id="g2", _anchor="prompt")]
        again = [remembered("games.show", game_id="g1"), remembered("games.undo", game_id="g1"),
                 remembered("games.show", game_id="g2", _anchor="prompt")]
        expected = [flask.url_for("games.show", game_id="g1"), flask.url_for("games.undo", game_id="g1"),
                    flask.url_for("games.show", game_id="g2", _anchor="prompt")]
        static = remembered("static", filename="app.css")
    assert first == again == expected == ["/games/g1", "/games/g1/undo", "/games/g2#prompt"]
    assert len(calls) == 3 + 3 + 1  # built once each, then Flask's own for the comparison and the static file
    assert "v=" in static


def test_a_templates_underscore_says_what_jinjas_gettext_says(app):
    """companion.web.catalog._underscore: the same text, escaping and %-formatting as Jinja's
    newstyle ``gettext`` (installed by Flask-Babel), in Spanish."""
    source_fast = ("{{ _('Round %(r)s of %(n)s', r='<b>', n=6) }}|{{ _('Undo') }}|{{ _('100%% sure') }}"
                   "|{{ _('%(n)d of %(x)s, %(f).1f %%', n=3, x='<i>x</i>'|safe, f=2.25) }}|{{ _('%(v)s', v=none) }}")
    source_jinja = source_fast.replace("_(", "gettext(")
    with app.test_request_context(headers={"Accept-Language": "es"}):
        fast = app.jinja_env.from_string(source_fast).render()
        jinja = app.jinja_env.from_string(source_jinja).render()
    assert app.jinja_env.globals["_"].__name__ == "_underscore"
    assert fast == jinja and "&lt;b&gt;" in fast and "100% sure" in fast and "Undo" not in fast
    assert "3 of <i>x</i>, 2.2 %|None" in fast  # numbers formatted as numbers, markup kept as it is
