"""Whole recorded games for export/import tests: a random legal Lockup game (made-up cards from
``companion.games.lockup.autoplay``, not real ones) recorded command by command in a store, so
its log has real command groups, and helpers to read and rewrite an export's lines."""

from __future__ import annotations

import json
import random

from companion.events import chain


def record_lockup_game(store, seed: int = 0, players: int = 3, title: str = "Made-up Lockup night") -> dict:
    """Record a whole random legal Lockup game in ``store`` (one command per append) and mark it
    finished; return its game row. The app must be created (the Lockup UI registered)."""
    from companion.games.lockup import autoplay
    from companion.web.registry import ui_for

    ui = ui_for("lockup")
    rng = random.Random(seed)
    cards = autoplay.Cards(rng)
    first = ui.definition.start(autoplay.make_setup(rng, players, "standard", cards))
    game = store.start_game("lockup", title, first, f"start-{seed}-{title}", {"seed": seed, "title": title})
    state = ui.definition.fold(first)
    with store.transaction():  # one commit for the whole game: fast, and still one append per command
        for n in range(5000):
            if ui.finished(state):
                break
            _, new = autoplay.random_command(state, rng, cards)
            store.append(game["id"], store.last_seq(game["id"]), new, f"cmd-{seed}-{title}-{n}")
            state = ui.definition.fold(new, state)
        store.set_status(game["id"], "finished" if ui.finished(state) else "active")
    return store.game(game["id"])


def parse(text: str) -> list[dict]:
    """The JSON objects of an export, one per line."""
    return [json.loads(line) for line in text.split("\n") if line.strip()]


def dump(lines: list[dict]) -> bytes:
    """Lines back to an export file (non-ASCII escaped, so a lone surrogate can be written too)."""
    return "".join(json.dumps(v, sort_keys=True) + "\n" for v in lines).encode()


def rechain(lines: list[dict]) -> list[dict]:
    """Recompute every digest and the closing line: what a forger who knows the format would do."""
    events = [{k: v for k, v in line.items() if k != chain.DIGEST} for line in lines if not chain.is_closing(line)]
    previous = chain.GENESIS
    for event in events:
        previous = event[chain.DIGEST] = chain.link(previous, event)
    return [*events, chain.closing(len(events), previous)]
