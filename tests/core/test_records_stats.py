"""The records' pure figures (issue 24, ``companion.core.records``) on small made-up plays."""

from __future__ import annotations

from companion.core import records as R


def play(game_id: str, ended: str, *seats: tuple[str, int, bool], level: str | None = None,
         guards: int | None = None) -> dict:
    people = [{"name": n, "score": s, "winner": w, "start": False, "parts": {"a": s}, "lost": False}
              for n, s, w in seats]
    return {"game_id": game_id, "kind": "lockup", "ended": ended, "title": "", "mode": "solo" if guards else "multi",
            "level": level, "origin": "app", "guards": guards, "curve": None, "players": people}


def test_names_match_whatever_their_case_and_spaces_and_merges_follow_a_chain():
    assert R.name_key("  Ana  María ") == R.name_key("ana maría") == "ana maría"
    assert R.name_key("Anita", {"anita": "ana", "ana": "ana maría"}) == "ana maría"
    assert R.name_key("a", {"a": "b", "b": "a"}) in ("a", "b")  # a loop of merges ends


def test_people_count_plays_wins_and_average_under_the_most_used_spelling():
    plays = [play("1", "2026-01-01", ("Ana", 10, True), ("bo", 8, False)),
             play("2", "2026-01-02", ("ana", 6, False), ("Bo", 6, True)),
             play("3", "2026-01-03", ("ana", 7, True), ("Bo", 7, True))]
    people = {p.key: p for p in R.people(plays)}
    assert (people["ana"].name, people["ana"].plays, people["ana"].wins, people["ana"].average) == ("ana", 3, 2, 7.7)
    assert (people["bo"].name, people["bo"].wins) == ("Bo", 2)
    assert R.shared_wins(plays) == 1
    assert [p["game_id"] for p in R.pick(plays, R.Pick(player="bo", won=True))] == ["2", "3"]


def test_streaks_and_levels_of_solo_plays():
    plays = [play(str(i), f"2026-01-0{i}", ("Ana", s, s > 20), level="standard/easy", guards=20)
             for i, s in enumerate((25, 30, 10, 21, 22, 23), start=1)]
    assert R.streaks(plays) == (3, 3)
    [easy] = R.by_level(plays, ("standard/easy",))
    assert (easy.games, easy.wins, easy.best, easy.rate) == (6, 5, 30, 5 / 6)
    assert [R.margin(p) for p in plays] == [5, 10, -10, 1, 2, 3]


def test_a_streak_picks_exactly_the_games_of_its_run():
    """Wins W W L W L W W: the current run is the last two; the longest, of two runs of two, the latest."""
    won = (True, True, False, True, False, True, True)
    plays = [play(str(i), f"2026-01-0{i}", ("Ana", 30 if w else 10, w), level="advanced/expert", guards=20)
             for i, w in enumerate(won, start=1)]
    multi = play("9", "2026-01-08", ("Ana", 40, True), ("Bo", 5, False))  # a table's win is no solo run
    everything = [*plays, multi]
    assert [p["game_id"] for p in R.pick(everything, R.Pick(streak="current"))] == ["6", "7"]
    assert [p["game_id"] for p in R.pick(everything, R.Pick(streak="longest"))] == ["6", "7"]
    assert [p["game_id"] for p in R.pick(plays[:5], R.Pick(streak="longest"))] == ["1", "2"]
    assert R.pick(plays[:5], R.Pick(streak="current")) == []
    assert R.Pick(streak="current").params() == {"streak": "current"}


def test_distribution_has_no_gap_and_narrow_keeps_the_days_and_the_count():
    plays = [play("1", "2026-01-01 10:00:00", ("Ana", 3, True), ("Bo", 27, False)),
             play("2", "2026-02-01 10:00:00", ("Ana", 12, True))]
    assert R.distribution(plays) == [(0, 1), (10, 1), (20, 1)]
    assert [p["game_id"] for p in R.narrow(plays, count=2)] == ["1"]
    assert [p["game_id"] for p in R.narrow(plays, since="2026-01-02", until="2026-02-01")] == ["2"]
