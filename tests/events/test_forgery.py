"""Re-chained forgeries of exports (issue 10, item 7): whoever edits a file and recomputes every
digest with ``companion.events.chain`` gets past the chain, so the game's rules refuse what they
cannot have produced, naming the line:

- a final result that is not what scoring the game before it gives (Lockup ``game-ended``, L-F;
  Rattus Cartus ``rc-plague-revealed``, RC-F7..RC-F9; Ragami ``ragami-game-finished``, RG-E2..RG-E4);
- a multiplayer Lockup log relabelled as ``lockup-solo`` (L-SO1: one player and the guards).

Games are random legal ones with made-up cards, or short scripted ones with made-up names."""

from __future__ import annotations

import json

import pytest
import support
from support import count_games, gamelogs
from support.gamelogs import import_lines as upload

from companion.core.errors import InputError
from companion.events import EventStore
from companion.events.jsonl import export_lines, parse_export, replay
from companion.games.ragami import GAME as RAGAMI
from companion.games.ragami import command_from_dict as ragami_command
from companion.games.rattus_cartus import GAME as RATTUS
from companion.games.rattus_cartus import command_from_dict as rattus_command
from companion.solo_guard.automaton import SOLO
from companion.solo_guard.playthrough import MadeUpCards, setup

KINDS = ("lockup", "lockup-solo", "ragami", "rattus-cartus")




def line_of(lines: list[dict], event_type: str) -> int:
    return next(n for n, line in enumerate(lines, 1) if line.get("type") == event_type)


def refused(lines: list[dict]) -> InputError:
    """Re-chain ``lines``, then parse and replay them as an import does: the InputError raised."""
    rows = gamelogs.dump(gamelogs.rechain(lines)).decode().split("\n")
    export = parse_export(rows, KINDS)  # the chain holds: the forger recomputed it
    definition = {"lockup-solo": SOLO, "ragami": RAGAMI, "rattus-cartus": RATTUS}.get(export.kind)
    if definition is None:
        from companion.games.lockup.engine import GAME as definition
    with pytest.raises(InputError) as caught:
        replay(export, definition)
    return caught.value


# --- Lockup: an edited game-ended score (L-F) ---------------------------------------------------


def _edit_result(lines: list[dict], change) -> list[dict]:
    at = line_of(lines, "game-ended") - 1
    payload = json.loads(json.dumps(lines[at]["payload"]))
    change(payload["result"])
    return [*lines[:at], {**lines[at], "payload": payload}, *lines[at + 1:]]


def _more_points(result: dict) -> None:
    result["players"][0]["total"] += 5


def _other_winner(result: dict) -> None:
    loser = next(p["name"] for p in result["players"] if p["name"] not in result["winners"])
    result["winners"] = [loser]


def _changed_breakdown(result: dict) -> None:
    key = next(iter(result["players"][-1]["breakdown"]))
    result["players"][-1]["breakdown"][key] += 1


@pytest.mark.parametrize("change", [_more_points, _other_winner, _changed_breakdown])
def test_l_f_an_edited_final_score_is_refused_at_the_game_ended_line(lockup_lines, change):
    error = refused(_edit_result(lockup_lines, change))
    assert error.field == f"line {line_of(lockup_lines, 'game-ended')}.game-ended.result", str(error)


def test_l_f_the_import_page_names_the_line_of_the_edited_score_and_writes_nothing(lockup_lines, device):
    status, error = upload(device, _edit_result(lockup_lines, _more_points))
    assert status == 400
    assert error.startswith(f"File: line {line_of(lockup_lines, 'game-ended')}.game-ended.result: "), error
    assert count_games(device) == 0


def test_the_untouched_game_re_chained_still_imports(lockup_lines, device):
    """The checks refuse forgeries, not re-chaining itself (a control for the tests above)."""
    assert upload(device, lockup_lines)[0] == 303


# --- Lockup solo: a 3-player log relabelled as solo (L-SO1) ---------------------------------------


def _relabelled(lines: list[dict], **started) -> list[dict]:
    out = [{**line, "game": "lockup-solo"} for line in lines if "game" in line]
    out[0] = {**out[0], "payload": {**out[0]["payload"], **started}}
    return out


def test_l_so1_a_multiplayer_log_relabelled_as_solo_is_refused_at_its_start(lockup_lines, device):
    # Format 2 (issue 20): the start is decided again from its set-up, which is a multiplayer one.
    assert lockup_lines[0]["payload"]["mode"] == "standard"
    error = refused(_relabelled(lockup_lines))
    assert error.field.startswith("line 1.command.setup"), str(error)
    status, shown = upload(device, _relabelled(lockup_lines))
    assert status == 400 and shown.startswith("File: line 1.command.setup"), shown
    assert count_games(device) == 0


def test_l_so1_relabelled_with_its_mode_changed_too_is_refused_at_its_start(lockup_lines):
    error = refused(_relabelled(lockup_lines, mode="solo"))
    assert error.field.startswith("line 1."), str(error)


def test_l_so1_a_real_solo_start_folds_and_a_multiplayer_start_does_not():
    profile = support.made_up_profile()
    events = SOLO.start(setup("demanding", profile, 3, MadeUpCards(3)))
    assert SOLO.fold(events).game.mode == "solo"
    import random

    from companion.games.lockup.autoplay import Cards, make_setup
    from companion.games.lockup.engine import GAME as LOCKUP

    rng = random.Random(3)
    multiplayer = LOCKUP.start(make_setup(rng, 3, "standard", Cards(rng)))
    with pytest.raises(InputError) as caught:
        SOLO.fold(multiplayer)
    assert caught.value.field == "game-started.mode"


# --- Rattus Cartus and Ragami: edited winners (RC-F7..RC-F9, RG-E2..RG-E4) ---------------------------


class Rattus(support.Table):
    game, parse = RATTUS, staticmethod(rattus_command)


class Ragami(support.Table):
    game, parse = RAGAMI, staticmethod(ragami_command)


def rattus_game():
    """Two made-up players; B has the VP tokens, nobody is wiped out (RC-F7)."""
    table = gamelogs.begin(RATTUS, {"players": ["A", "B"], "start_player": "A"})
    for _ in range(10):
        table.do({"type": "end-round"})
    for name, tokens in (("A", 0), ("B", 5)):
        table.do({"type": "record-tally", "player": name, "vp_tokens": tokens})
        table.do({"type": "record-rats", "player": name, "rats": 0})
    table.do({"type": "record-treasury", "used": False})
    table.do({"type": "reveal-plague", "nuns": 0})
    return table


def ragami_game():
    """Two made-up players; Ana resolves conflicts and reaches 30 VP (RG-E1), Bo purifies demons."""
    table = gamelogs.begin(RAGAMI, {"players": ["Ana", "Bo"], "start_player": "Ana"})
    for _ in range(5):
        table.do({"type": "resolve-conflict", "player": "Ana", "die_value": 6})
    table.do({"type": "purify-demons", "player": "Bo", "demons": 6})
    table.do({"type": "end-round"})
    table.do({"type": "finish-game"})
    return table


def exported(tmp_path, kind: str, played) -> list[dict]:
    """A game played as wire commands, recorded command by command (each with its command) and
    exported: the file's lines. ``kind`` must be the game's."""
    store = EventStore(tmp_path / "db.sqlite3")
    try:
        game = gamelogs.record_played(store, played)
        assert game["kind"] == kind
        return gamelogs.parse("".join(export_lines(store, game["id"])))
    finally:
        store.close()


@pytest.mark.parametrize("kind, play, final, field", [
    ("rattus-cartus", rattus_game, "rc-plague-revealed", "winners"),
    ("rattus-cartus", rattus_game, "rc-plague-revealed", "wiped_out"),
    ("ragami", ragami_game, "ragami-game-finished", "winners"),
    ("ragami", ragami_game, "ragami-game-finished", "tiebreak"),
], ids=["rc-winners", "rc-wiped-out", "ragami-winners", "ragami-tiebreak"])
def test_rc_f7_rg_e4_edited_winners_are_refused_at_their_line(tmp_path, kind, play, final, field):
    lines = exported(tmp_path, kind, play())
    at = line_of(lines, final)
    payload = lines[at - 1]["payload"]
    assert payload["winners"] in (["B"], ["Ana"]), payload  # the game as scored
    forged = {"winners": ["A"] if kind == "rattus-cartus" else ["Bo"], "wiped_out": ["A"],
              "tiebreak": "made-up tie-break"}[field]
    lines[at - 1] = {**lines[at - 1], "payload": {**payload, field: forged}}
    error = refused(lines)
    # Decided again (issue 20), the result is refused naming the very field edited.
    assert error.field == f"line {at}.{final}.{field}", str(error)


def test_rc_f7_rg_e4_the_untouched_games_replay(tmp_path):
    for kind, play in (("rattus-cartus", rattus_game), ("ragami", ragami_game)):
        (tmp_path / kind).mkdir()
        lines = exported(tmp_path / kind, kind, play())
        export = parse_export(gamelogs.dump(gamelogs.rechain(lines)).decode().split("\n"), KINDS)
        assert replay(export, RATTUS if kind == "rattus-cartus" else RAGAMI).winners, kind


@pytest.mark.parametrize("kind, play, dropped, final", [
    ("rattus-cartus", rattus_game, "rc-treasury-recorded", "rc-plague-revealed"),
    ("ragami", ragami_game, "ragami-game-end-announced", "ragami-game-finished"),
], ids=["rc-before-the-counts", "ragami-before-the-end"])
def test_rc_f7_rg_e1_a_result_recorded_before_the_end_is_refused_at_its_line(tmp_path, kind, play, dropped, final):
    """A line taken out and the rest renumbered and re-chained: the result now comes too early."""
    lines = [line for line in exported(tmp_path, kind, play())[:-1] if line["type"] != dropped]
    lines = [{**line, "seq": n} for n, line in enumerate(lines, 1)]
    error = refused(lines)
    # Decided again (issue 20): at the result's line, its command is refused (Rattus Cartus) or the
    # event taken out is missing there (Ragami: it was one of the end of round's events).
    assert error.field.split(".")[0] == f"line {line_of(lines, final)}", str(error)
