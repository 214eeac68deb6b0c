"""Shared test helpers: the project's own test data (``tests/data``), fuzzing strategies, a driver
for the pure games (:class:`Table`), the CLI audit, and pages through the Flask test client.

Importable from every test module as ``support`` (``pythonpath = ["tests"]`` in pyproject.toml);
the repository never reads anything outside itself.
"""

from __future__ import annotations

import html as _html
import json
import re
import subprocess
import sys
from functools import cache
from html.parser import HTMLParser as _HTMLParser
from pathlib import Path

import pytest

from companion.core.errors import RuleViolation

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


@cache
def examples() -> tuple[dict, ...]:
    """The worked CLI examples (input and expected output) of docs/cli-contracts.md."""
    return tuple(json.loads((DATA / "examples.json").read_text(encoding="utf-8")))


def examples_of(command: str) -> list[dict]:
    """The examples of one CLI command, e.g. ``"companion audit ragami"``."""
    return [e for e in examples() if e["command"] == command]


# --- fuzzing JSON documents (issue 10) ---------------------------------------------------------
# Strategies that take a valid document and break it the ways a fuzzing campaign does: wrong
# types, missing and unknown keys (empty, dotted, lone-surrogate names), deep nesting, integers of
# thousands of digits, NaN, duplicate keys, truncated text. Values that ``json.dumps`` cannot write
# (a 5,000-digit integer, 1,000 levels of nesting, a duplicate key) are :class:`RawJSON` pieces
# that :func:`dump_json` writes verbatim.

import copy  # noqa: E402 - kept with the fuzz helpers it serves
import math  # noqa: E402

from hypothesis import strategies as st  # noqa: E402


class RawJSON(str):
    """A piece of JSON text that :func:`dump_json` writes as it is (it may be invalid on purpose)."""


def dump_json(value) -> str:
    """JSON text of ``value``; :class:`RawJSON` pieces verbatim, lone surrogates as ``\\ud800`` escapes."""
    if isinstance(value, RawJSON):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dump_json(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump_json(v) for v in value) + "]"
    if isinstance(value, float) and not math.isfinite(value):
        return RawJSON("NaN" if value != value else ("Infinity" if value > 0 else "-Infinity"))
    return json.dumps(value)


ODD_KEYS = ("", " ", ".", "a.b", "[0]", "x: y", '"', "\\", "\n", "\ud800", "a\udfffb", "\u2028", "é")
"""Field names that break naive path printing or UTF-8 encoding."""


def odd_texts() -> st.SearchStrategy[str]:
    """Any text, surrogates and line separators included."""
    chars = st.characters(codec=None, categories=None)
    return st.one_of(st.sampled_from(ODD_KEYS), st.text(chars, max_size=12))


def hostile_json() -> st.SearchStrategy[RawJSON]:
    """JSON pieces a safe reader must refuse by name: too deep, too long, not a number, ambiguous."""
    deep = st.integers(65, 3000).map(lambda n: RawJSON("[" * n + "]" * n))
    deep_objects = st.integers(65, 1500).map(lambda n: RawJSON('{"a":' * n + "1" + "}" * n))
    digits = st.integers(21, 6000).flatmap(lambda n: st.sampled_from(["9" * n, "-" + "1" * n]))
    return st.one_of(
        deep, deep_objects, digits.map(RawJSON),
        st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e999", '"\\ud800"', '"a\\udc00"',
                         '{"a":1,"a":2}', '{"\\ud800":1}', '"\\ud83d\\ude00"']).map(RawJSON),
    )


def json_values(hostile: bool = True) -> st.SearchStrategy:
    """Small JSON values of every type (and, when ``hostile``, :func:`hostile_json` pieces)."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-(10**25), 10**25), st.floats(allow_nan=False), odd_texts(),
        st.sampled_from([0, 1, -1, 2, 99, 1.5, "", "lockup", "guards"]),
    )
    if hostile:
        scalars = st.one_of(scalars, hostile_json())
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(odd_texts(), inner, max_size=4)),
        max_leaves=8,
    )


def _paths(value, prefix=()) -> list[tuple]:
    out = [prefix]
    if isinstance(value, dict) and not isinstance(value, RawJSON):
        for key, item in value.items():
            out.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*prefix, index)))
    return out


def _mutate(node, draw, siblings: list):
    """One change to ``node``: replaced, retyped, emptied, or a key added or dropped."""
    ops = ["replace", "wrap", "stringify", "null"]
    if isinstance(node, dict) and node:
        ops += ["drop", "add", "add"]
    elif isinstance(node, dict):
        ops.append("add")
    if isinstance(node, list) and node:
        ops += ["drop", "duplicate"]
    op = draw(st.sampled_from(ops))
    if op == "replace":
        return draw(st.one_of(json_values(), st.sampled_from(siblings) if siblings else st.nothing()))
    if op == "wrap":
        return [node]
    if op == "stringify":
        return dump_json(node)
    if op == "null":
        return None
    if op == "drop":
        key = draw(st.sampled_from(list(node.keys()) if isinstance(node, dict) else range(len(node))))
        return {k: v for k, v in node.items() if k != key} if isinstance(node, dict) else node[:key] + node[key + 1:]
    if op == "duplicate":
        return node + [draw(st.sampled_from(node))]
    return {**node, draw(odd_texts()): draw(json_values())}


@st.composite
def mutated_json(draw, doc, max_mutations: int = 3):
    """``doc`` (a parsed JSON document) with 0 to ``max_mutations`` random changes anywhere in it."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(0, max_mutations))):
        path = draw(st.sampled_from(_paths(doc)))
        parent, node = None, doc
        for key in path:
            parent, node = node, node[key]
        siblings = list(parent.values() if isinstance(parent, dict) else parent) if parent is not None else []
        new = _mutate(node, draw, siblings)
        if parent is None:
            doc = new
        else:
            parent[path[-1]] = new
    return doc


@st.composite
def mutated_json_text(draw, doc, max_mutations: int = 3) -> str:
    """JSON text of :func:`mutated_json`, sometimes also cut short or with a character spliced in."""
    text = dump_json(draw(mutated_json(doc, max_mutations)))
    cut = draw(st.sampled_from(["none", "none", "none", "none", "truncate", "splice"]))
    if cut == "truncate" and text:
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif cut == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(list('{}[],:"\\') + ["\ud800", "\x00", "NaN", "9" * 5000])) + text[at:]
    return text


# --- fuzzing form posts and request headers (issue 10) ------------------------------------------
# Values a fuzzing campaign types into form fields and headers: numbers in every wrong shape,
# control characters, other scripts' digits, very long text; Host headers that are foreign,
# malformed or over DNS limits.

NASTY_FORM_TEXT = (
    "", " ", "0", "-1", "--1", "+-1", "1.5", "1e3", "0x1f", "\u00b2", "\u0661\u0662", "\uff11", "123456789012",
    "9" * 40, "9" * 5000, "-" + "9" * 30, "NaN", "true", "null", "[]", "{}", "a,b,,a", "\r\n", "x\r\nSet-Cookie: a=b",
    "//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "\x00", "\u202e", "\ufeff",
    "<script>x</script>", "' OR 1=1 --", "guards", "Ana", "Ben", "solo", "standard", "advanced", "yes", "on",
    "[" * 1000 + "]" * 1000, '{"crew_tiles": [' + "9" * 5000 + "]}", '"\\ud800"', '{"a": 1, "a": 2}',
)


def form_text():
    """A form value: a nasty one, a small number, or arbitrary text (no lone surrogates: a browser
    cannot send them; invalid UTF-8 bytes are sent by :func:`raw_form_body`)."""
    return st.one_of(
        st.sampled_from(NASTY_FORM_TEXT),
        st.integers(-3, 40).map(str),
        st.text(st.characters(exclude_categories=("Cs",)), max_size=30),
    )


def host_headers(allowed=("localhost",)):
    """Host headers: allowed names (with and without port) and foreign or malformed ones."""
    return st.one_of(
        st.sampled_from(list(allowed)),
        st.sampled_from(list(allowed)).map(lambda h: f"{h}:5000"),
        st.sampled_from(["a" * 64 + ".example", "x" * 300, "evil.example", "[::1", "bad host", "", ":::", "127.0.0.1",
                         "[::1]:5000", "localhost.", "xn--nxasmq6b", "ex\u00e4mple.com"]),
        st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=70),
    )


@st.composite
def mutated_form(draw, fields: dict[str, str], extra_names=()):
    """``fields`` (a form as a browser would send it) with values replaced, fields dropped and
    fields added (names from ``extra_names`` or random)."""
    out = {}
    rate = draw(st.sampled_from([0, 1, 3]))  # in sixths: sent as is, lightly or heavily mutated
    for name, value in fields.items():
        if draw(st.integers(0, 5)) >= rate:
            out[name] = value
        elif draw(st.booleans()):
            out[name] = draw(form_text())
    for _ in range(draw(st.integers(0, 3 if rate else 0))):
        name = draw(st.one_of(st.sampled_from(list(extra_names) or ["x"]), st.text(max_size=12).filter(
            lambda s: "\x00" not in s and not any(0xD800 <= ord(c) <= 0xDFFF for c in s))))
        out[name] = draw(form_text())
    return out


@st.composite
def raw_form_body(draw, fields: dict[str, str]) -> bytes:
    """An ``application/x-www-form-urlencoded`` body of ``fields`` with, sometimes, bytes that are
    not UTF-8 (``%ff``, a percent-encoded lone surrogate) or broken escapes spliced in."""
    from urllib.parse import urlencode

    body = urlencode(fields).encode()
    if draw(st.booleans()):
        junk = draw(st.sampled_from([b"%ff", b"%ED%A0%80", b"%", b"%zz", b"&&&", b"=", b"a=%C3"]))
        at = draw(st.integers(0, len(body)))
        body = body[:at] + junk + body[at:]
    return body


# --- driving a recorded game the way the app does (pure games) ------------------------------------

class Table:
    """Drives a game like the app: decide, record the events, fold them.

    A test module subclasses it naming its game, e.g.
    ``class Table(support.Table): game, parse = GAME, staticmethod(command_from_dict)``.
    """

    game = None  # the game's GameDefinition
    parse = None  # command_from_dict(kind, data) of the game

    def __init__(self, setup: dict):
        self.events = self.game.start(setup)
        self.state = self.game.fold(self.events)

    def do(self, kind: str, **data):
        """Decide one command, record its events and fold them; the new events."""
        new = self.game.decide(self.state, self.parse(kind, data))
        self.events += new
        for event in new:
            self.state = self.game.evolve(self.state, event)
        return new

    def refuses(self, kind: str, **data) -> RuleViolation:
        """The RuleViolation a command raises; nothing was recorded or changed."""
        before = (self.state, len(self.events))
        with pytest.raises(RuleViolation) as caught:
            self.do(kind, **data)
        assert (self.state, len(self.events)) == before
        return caught.value


def audit_cli(game: str, doc) -> subprocess.CompletedProcess:
    """``companion audit <game> -`` run as a process with ``doc`` (JSON, or text as it is) on stdin."""
    text = doc if isinstance(doc, str) else json.dumps(doc)
    return subprocess.run(
        [sys.executable, "-m", "companion.cli", "audit", game, "-"],
        input=text, capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def assert_refused_naming(done: subprocess.CompletedProcess, field: str) -> None:
    """A CLI run refused its input: exit 2, nothing on standard output, one error line naming ``field``."""
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {field}: "), done.stderr


# --- pages through the Flask test client ---------------------------------------------------------

HX = {"HX-Request": "true"}
"""Headers of an htmx request."""

MADE_UP_PROFILE_PATH = ROOT / "tests" / "solo_guard" / "golden" / "made_up_profile.json"
"""A made-up Lockup box profile (not the printed values)."""


def made_up_profile() -> dict:
    """A fresh copy of the made-up Lockup box profile."""
    return json.loads(MADE_UP_PROFILE_PATH.read_text())


def store_profile(app, profile: dict | None = None) -> None:
    """Store a Lockup box profile (the made-up one by default) as the device's setting."""
    from companion.events import EventStore

    EventStore(app.config["DATABASE"]).put_setting("lockup-box-profile", made_up_profile() if profile is None
                                                   else profile)


def start_solo_expert(app, title: str, key: str) -> str:
    """A solo expert game (seed 31, made-up profile and cards) started on ``app``; its id."""
    from companion.solo_guard.playthrough import MadeUpCards, setup
    from companion.web import play

    profile = made_up_profile()
    store_profile(app, profile)
    with app.test_request_context():
        return play.start("lockup-solo", setup("expert", profile, 31, MadeUpCards(31)), title, key)


def words(markup: str) -> str:
    """Markup as words: links (rule ids may be links) and the span around a run of rule ids dropped
    inline, other tags as spaces, spaces collapsed."""
    markup = re.sub(r'<span class="rule-ids">(.*?)</span>', r"\1", markup, flags=re.S)
    markup = re.sub(r"</?a\b[^>]*>", "", markup)
    return " ".join(_html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def text(response) -> str:
    """The page as words."""
    return words(response.get_data(as_text=True))


def alerts(response) -> list[str]:
    """The words of every alert (rule ids in them may be links: tags are dropped)."""
    found = re.findall(r'role="alert">(.*?)</(?:p|div)>', response.get_data(as_text=True), re.DOTALL)
    return [words(m) for m in found]


def refused_page(client, url: str, form: dict, **options) -> str:
    """Post ``form`` to ``url`` (``options``: more of the client's ``post`` arguments): refused as
    bad input (422). The page."""
    response = client.post(url, data=form, **options)
    assert response.status_code == 422, response.status_code
    return response.get_data(as_text=True)


def invalid_field(page: str, name: str) -> str:
    """The input or select named ``name`` in ``page``, which must be marked invalid; its tag."""
    tag = re.search(rf'<(?:input|select)[^>]*name="{re.escape(name)}"[^>]*>', page).group()
    assert 'aria-invalid="true"' in tag, name
    return tag


def form_fields(page: str, action_url: str) -> dict[str, str]:
    """The hidden fields of the first form posting to ``action_url`` in ``page``."""
    start = page.index(f'action="{action_url}"')
    form = page[start: page.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form))


def seq(app, game_id: str) -> int:
    """The sequence number of the game's last recorded event."""
    from companion.web import get_store

    with app.app_context():
        return get_store().last_seq(game_id)


def run_together(target, arguments) -> None:
    """Call ``target(*args)`` for each ``args`` of ``arguments``, each in its own thread, all at
    once (to race them); return when every one is done."""
    import threading

    threads = [threading.Thread(target=target, args=args) for args in arguments]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def games_of(app) -> list[dict]:
    """The games the device has recorded (their rows)."""
    from companion.web import get_store

    with app.app_context():
        return get_store().games()


def count_games(app) -> int:
    """How many games the device has recorded."""
    return len(games_of(app))


def game_state(app, game_id: str):
    """The folded state of a recorded game, as the app loads it."""
    from companion.web import get_store, play

    with app.test_request_context():
        return play.load(get_store().game(game_id)).state


def lockup_do(client, game_id: str, action: str, expect: int = 303, headers: dict | None = None, **fields) -> str:
    """Post one Lockup action form; assert its status and return the body."""
    answer = client.post(f"/lockup/{game_id}/do/{action}", data=fields, headers=headers or {})
    assert answer.status_code == expect, answer.get_data(as_text=True)[:2000]
    return answer.get_data(as_text=True)


def record_game(app, events: list, kind: str = "lockup", title: str = "Made-up game night",
                finished: bool = True) -> dict:
    """A recorded game made of ``events`` (one command), finished or still in progress; its row."""
    from companion.web import get_store

    with app.app_context():
        store = get_store()
        game = store.create_game(kind, title)
        store.append(game["id"], 0, events, f"{game['id']}-0")
        store.set_status(game["id"], "finished" if finished else "active")
        return store.game(game["id"])


@cache
def played_lockup(seed: int, count: int, mode: str):
    """A whole Lockup game played by the random legal player with made-up cards (``autoplay.play``),
    played once per test run and shared: (events, ...) as ``autoplay.play`` returns them."""
    from companion.games.lockup import autoplay

    return autoplay.play(seed, count, mode)


# --- Lockup solo scenarios (``companion.games.lockup.scenario.Table``) ----------------------------


# The Lockup table option that asks before a fixed reward is collected (L-LO6; off by default since
# issue 23): a scenario that looks at a location before its rewards are given, or declines one, sets it.
ASK_FIXED = {"ask_fixed_rewards": True}


def deal_guards(t, values=(1, 1, 1, 1, 1, 1, 1), special: str | None = None) -> None:
    """Deal the guards' cards of a solo round (L-SO4): ``values`` to the first seven locations in
    order; the card at ``special`` (a location) is the special guard."""
    from companion.games.lockup.model import LOCATIONS

    pairs = zip(LOCATIONS[:7], values, strict=True)
    cards = [{"location": loc, "value": v, "special": loc == special} for loc, v in pairs]
    t.do("deal_guards", cards=cards)


def roll_call(t, *moves: tuple[str, str, int]) -> None:
    """Roll Call with face-up tiles: each ``(seat, location, value)`` assigned in order, then
    everyone still in passes (L-RC2, L-RC7)."""
    for seat, location, tile in moves:
        t.do("assign", seat=seat, location=location, tiles=[{"tile": tile, "face_up": True}])
    t.pass_all()


def solo_roll_call(t, move: tuple[str, str, int], reveals: tuple[str, str]) -> None:
    """A solo Roll Call after the deal (L-SO5): the guards reveal at ``reveals[0]``, the player puts
    one tile at a location (``move``: seat, location, value), the guards reveal at ``reveals[1]``,
    the player passes."""
    seat, location, tile = move
    t.do("guard_turn", reveal={"location": reveals[0], "index": 0})
    t.do("assign", seat=seat, location=location, tiles=[tile])
    t.do("guard_turn", reveal={"location": reveals[1], "index": 0})
    t.do("pass", seat=seat)


def drive(t, until) -> None:
    """Confirm locations and decline choices until ``until(pending)`` holds."""
    while not until(t.pending):
        if t.pending.kind == "confirm-rewards":
            t.collect()
        elif t.pending.kind == "choice":
            t.do("decline", seat=t.pending.seat)
        else:
            raise AssertionError(f"stuck at {t.pending}")


def tap_and_wait(page, button) -> None:
    """Tap a submit button in a browser page (Playwright) and wait for htmx to swap in the new
    Lockup panel (its event number ``data-seq`` changes)."""
    seq = page.get_attribute("#lockup", "data-seq")
    button.click()
    page.wait_for_function(
        "s => { const p = document.querySelector('#lockup'); return p && p.dataset.seq !== s; }", arg=seq)


def tap_and_swap(page, button, region: str = "#game-panel") -> None:
    """Tap ``button`` and wait until htmx has swapped the tap's answer into ``region`` (its
    ``htmx:afterSwap``; a swap morphs the region, so the element itself stays: issue 21). For a tap
    whose answer looks the same as the page before it (a value recorded again), where waiting for a
    text would pass before the answer arrives. A live poll's swap does not count."""
    page.evaluate("""region => {
        window.__tapSwapped = false;
        document.removeEventListener('htmx:afterSwap', window.__tapListener || (() => {}));
        window.__tapListener = e => {
            const d = e.detail || {}, by = d.requestConfig && d.requestConfig.elt;
            if (d.target && d.target.matches(region) && !(by && by.id === 'live-poll')) window.__tapSwapped = true;
        };
        document.addEventListener('htmx:afterSwap', window.__tapListener);
    }""", region)
    button.click()
    page.wait_for_function("() => window.__tapSwapped === true")


def confirm_step(page, form_id: str) -> None:
    """Tap an action that asks first (issue 23: ending a round): open its ``<details>``
    (``#{form_id}-ask``) unless it is open, then tap its "Yes" button (``#{form_id}-yes``)."""
    ask = page.locator(f"#{form_id}-ask")
    if ask.get_attribute("open") is None:
        ask.locator("> summary").click()
    page.locator(f"#{form_id}-yes").click()


# --- seats and undo confirmation (issue 12) ----------------------------------------------------

LAN_PHONE = "192.0.2.50"  # a documentation address standing for a phone on the table's Wi-Fi


def phone(app, game_id: str, seat: str | None = None, address: str = LAN_PHONE):
    """A test client standing for a phone on the Wi-Fi that joined ``game_id`` with its table
    code and took ``seat`` (``None``: it joined and chose to watch)."""
    from companion.web import get_store

    device = app.test_client()
    device.environ_base["REMOTE_ADDR"] = address
    with app.app_context():
        code = get_store().game(game_id)["table_code"]
    assert device.post("/join", data={"code": code}).status_code == 303
    if seat is None:
        assert device.post(f"/games/{game_id}/seats/watch").status_code == 303
    else:
        taken = device.post(f"/games/{game_id}/seats/take", data={"seat": seat})
        assert taken.status_code == 303, taken.get_data(as_text=True)
    return device


def confirm_value(response) -> str | None:
    """The command an undo/redo confirmation names (its hidden ``confirm`` field), if any."""
    found = re.search(r'name="confirm" value="([^"]+)"', response.get_data(as_text=True))
    return found.group(1) if found else None


def undo(client, game_id: str, which: str = "undo", **data):
    """Undo (or redo) through its confirmation step: post, read the confirmation naming the action,
    post again confirmed. Returns the confirmed answer (or the first one when nothing was asked)."""
    first = client.post(f"/games/{game_id}/{which}", data=data)
    target = confirm_value(first)
    if target is None:
        return first
    return client.post(f"/games/{game_id}/{which}", data={**data, "confirm": target})


# --- whole games stored command by command, at any stage (issue 14's crawl) ----------------------


def lockup_commands(seed: int = 5, players: int = 3) -> list[list]:
    """A whole Lockup game by the random legal player with made-up cards, as the events of each
    command in order (the first: the game's start)."""
    import random

    from companion.games.lockup import autoplay

    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    first = autoplay.start(autoplay.make_setup(rng, players, "standard", cards))
    commands, state = [first], None
    for e in first:
        state = autoplay.evolve(state, e)
    while state.phase != "over":
        _command, new = autoplay.random_command(state, rng, cards)
        for e in new:
            state = autoplay.evolve(state, e)
        commands.append(new)
    return commands


def solo_lockup_commands(seed: int = 7, difficulty: str = "expert") -> list[list]:
    """A whole solo Lockup game by the scripted player against the automaton (made-up cards and
    the made-up box profile), as the events of each command in order."""
    from companion.solo_guard import playthrough
    from companion.solo_guard.automaton import SOLO

    cards = playthrough.MadeUpCards(seed)
    first = SOLO.start(playthrough.setup(difficulty, made_up_profile(), seed, cards))
    commands, state = [first], SOLO.fold(first)
    while state.game.phase != "over":
        _command, new = playthrough.next_command(state, cards)
        for e in new:
            state = SOLO.evolve(state, e)
        commands.append(new)
    return commands


def store_commands(app, kind: str, commands: list[list], title: str, finished: bool = False) -> str:
    """A game recorded from ``commands`` (one append each, as the app records them); its id."""
    from companion.web import get_store

    with app.app_context():
        store = get_store()
        game = store.create_game(kind, title)
        for i, events in enumerate(commands):
            store.append(game["id"], store.last_seq(game["id"]), events, f"{game['id']}-{i}")
        store.set_status(game["id"], "finished" if finished else "active")
        return game["id"]


def append_commands(app, game_id: str, commands: list[list], start: int = 0) -> None:
    """Record more commands in a stored game (``start``: the number of the first, for its key)."""
    from companion.web import get_store

    with app.app_context():
        store = get_store()
        for i, events in enumerate(commands, start=start):
            store.append(game_id, store.last_seq(game_id), events, f"{game_id}-{i}")


class _FormValues(_HTMLParser):
    """What one ``<form id=…>`` of a page shows: each field's value as a browser would post it."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.values = form_id, False, {}
        self._select: str | None = None
        self._textarea: str | None = None
        self._first: str | None = None  # the open select's first option, and whether one was selected
        self._chosen = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        name = a.get("name")
        box = a.get("type") in ("checkbox", "radio")
        if tag == "input" and name and (not box or "checked" in a):
            self.values.setdefault(name, []).append(a.get("value", "on" if box else ""))  # a box's default value
        elif tag == "select":
            self._select, self._first, self._chosen = name, None, False
        elif tag == "option" and self._select:
            self._first = a.get("value", "") if self._first is None else self._first
            if "selected" in a:
                self._chosen = True
                self.values.setdefault(self._select, []).append(a.get("value", ""))
        elif tag == "textarea" and name:
            self._textarea = name
            self.values.setdefault(name, []).append("")

    def handle_data(self, data):
        if self.inside and self._textarea:
            self.values[self._textarea][-1] += data

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select:
            if not self._chosen:  # none selected: a browser posts the first option
                self.values.setdefault(self._select, []).append(self._first or "")
            self._select = None
        elif tag == "textarea":
            self._textarea = None


def form_values(page: str, form_id: str) -> dict[str, list[str]]:
    """The values the form ``form_id`` of ``page`` would post now (fields by name, a list each)."""
    parser = _FormValues(form_id)
    parser.feed(page)
    return parser.values


def lost_values(page: str, form_id: str, posted: dict[str, str]) -> dict[str, tuple[str, list[str]]]:
    """The posted fields a re-shown form does not show as posted (a refused post keeps every choice)."""
    shown = form_values(page, form_id)
    return {name: (value, shown.get(name, [])) for name, value in posted.items()
            if value.strip() and value not in shown.get(name, [])}


def benchmark_module(name: str):
    """A benchmark script by its path (``benchmarks/`` is not a package), imported once: the
    served app in a subprocess (``loopback``) and the scripted games (``benchlib``)."""
    import importlib.util

    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", path)
    module = sys.modules.get(spec.name)
    if module is None:
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
    return module
