"""Whole recorded games for export/import tests: a random legal Lockup game (made-up cards from
``companion.games.lockup.autoplay``, not real ones) recorded command by command in a store, so
its log has real command groups, and helpers to read and rewrite an export's lines."""

from __future__ import annotations

import html
import io
import json
import random
import re

from companion.core.codec import jsonable
from companion.core.verify import start_command
from companion.events import chain


def record_lockup_game(store, seed: int = 0, players: int = 3, title: str = "Made-up Lockup night") -> dict:
    """Record a whole random legal Lockup game in ``store`` (one command per append) and mark it
    finished; return its game row. The app must be created (the Lockup UI registered)."""
    from companion.games.lockup import autoplay
    from companion.web.registry import ui_for

    ui = ui_for("lockup")
    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    setup = autoplay.make_setup(rng, players, "standard", cards)
    first = ui.definition.start(setup)
    game = store.start_game("lockup", title, first, f"start-{seed}-{title}", {"seed": seed, "title": title},
                            command=start_command(jsonable(setup), first))
    state = ui.definition.fold(first)
    with store.transaction():  # one commit for the whole game: fast, and still one append per command
        for n in range(5000):
            if ui.finished(state):
                break
            command, new = autoplay.random_command(state, rng, cards)  # its wire form, as posted
            store.append(game["id"], store.last_seq(game["id"]), new, f"cmd-{seed}-{title}-{n}",
                         command=ui.definition.command_json(ui.definition.parse_command(state, command)))
            state = ui.definition.fold(new, state)
        store.set_status(game["id"], "finished" if ui.finished(state) else "active")
    return store.game(game["id"])


def exported_lockup_lines(folder) -> list[dict]:
    """The lines of an export of a finished 3-player Lockup game (made-up cards, seed 5), as the
    export page of an app on the instance folder ``folder`` gives them."""
    from companion import create_app
    from companion.web import get_store

    source = create_app({"TESTING": True, "INSTANCE_PATH": str(folder)})
    with source.app_context():
        game = record_lockup_game(get_store(), seed=5, players=3)
    return parse(source.test_client().get(f"/games/{game['id']}/export.jsonl").data.decode())


def record_played(store, played, title: str = "Made-up night", key: str = "p") -> dict:
    """A game played as wire commands (``support.wire.Played``) recorded as the app records one:
    one append per command, each with its command's JSON; its game row (status as folded)."""
    from companion.web.registry import ui_for

    first = played.events[0]
    kind = played.game.key
    game = store.start_game(kind, title, first, f"{key}-start", {"key": key},
                            command=start_command(jsonable(played.setup), first))
    with store.transaction():
        for n, (command, events) in enumerate(zip(played.commands, played.events[1:], strict=True)):
            store.append(game["id"], store.last_seq(game["id"]), events, f"{key}-{n}", command=command)
        ui = ui_for(kind)
        store.set_status(game["id"], "finished" if ui is not None and ui.finished(played.state) else "active")
    return store.game(game["id"])


def begin(game, setup: dict):
    """A ``support.wire.Played`` game started from ``setup``, to be played by ``do(command)``."""
    from support.wire import Played

    played = Played(game, setup)
    first = game.start(setup)
    played.events.append(first)
    played.state = game.fold(first)
    return played


def parse(text: str) -> list[dict]:
    """The JSON objects of an export, one per line."""
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def dump(lines: list[dict]) -> bytes:
    """Lines back to an export file (non-ASCII escaped, so a lone surrogate can be written too)."""
    return "".join(json.dumps(v) + "\n" for v in lines).encode()


def rechain(lines: list[dict]) -> list[dict]:
    """Recompute every digest and the closing line: what a forger who knows the format would do."""
    events = [{k: v for k, v in line.items() if k != chain.DIGEST} for line in lines if not chain.is_closing(line)]
    previous = chain.GENESIS
    for event in events:
        previous = event[chain.DIGEST] = chain.link(previous, event)
    return [*events, chain.closing(len(events), previous)]


def import_file(app, data: bytes, client=None):
    """Post ``data`` as the game file of the import form (with ``client``, else a new test client
    of ``app``); the response."""
    upload = {"file": (io.BytesIO(data), "game.jsonl")}
    return (client or app.test_client()).post("/games/import", data=upload, content_type="multipart/form-data")


def import_error(response) -> str:
    """The import form's error as shown ("" when there is none)."""
    found = re.search(r'<p class="error" role="alert">([^<]*)</p>', response.get_data(as_text=True))
    return html.unescape(found.group(1)) if found else ""


def import_lines(app, lines: list[dict], as_is: bool = False) -> tuple[int, str]:
    """Import ``lines``, re-chained first as a forger would (``as_is``: as they are); (status, the
    error shown)."""
    response = import_file(app, dump(lines if as_is else rechain(lines)))
    return response.status_code, import_error(response)
