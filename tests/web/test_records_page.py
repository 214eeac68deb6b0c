"""Records pages (issue 24): the streak links to exactly the games of its run, the exports say
when the filters narrow them, and axe-like basics hold on every records page (each chart has a
text alternative, headings go in order, every form field has a label)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
import support
from web.test_records import seeded  # noqa: F401 (the fixture)

from companion.web import get_store
from companion.web.records import projection

YEAR = {"from": "2020-01-01", "to": "2020-12-31"}
# Solo plays of 2020 (won or lost, in this order of days): runs W W W L W W -> current 2, longest 3.
RESULTS = (True, True, True, False, True, True)


def solo_paper(day: int, won: bool) -> dict:
    """A solo play scored on paper (the records' play document, docs/records.md)."""
    return {"game_id": f"paper-solo-{day}", "kind": "lockup", "ended": f"2020-03-{day:02d} 20:00:00",
            "title": f"Paper solo {day}", "mode": "solo", "level": "standard/easy", "origin": "paper",
            "guards": 40, "curve": None,
            "players": [{"name": "Ana", "score": 50 if won else 30, "winner": won, "start": True, "parts": {},
                         "lost": False}]}


@pytest.fixture
def paper_solo(app):
    with app.test_request_context():
        projection.add_entered(get_store(), [solo_paper(day, won) for day, won in enumerate(RESULTS, 1)])
    return [f"paper-solo-{day}" for day in range(1, len(RESULTS) + 1)]


def runs_of(results) -> tuple[list[int], list[int]]:
    """The days (1-based) of the current and of the latest longest run of wins, computed here."""
    current: list[int] = []
    longest: list[int] = []
    for day, won in enumerate(results, 1):
        current = [*current, day] if won else []
        if current and len(current) >= len(longest):
            longest = current
    return current, longest


def games_behind(client, href: str) -> list[str]:
    page = client.get(href.replace("&amp;", "&"))
    assert page.status_code == 200
    return re.findall(r'data-game="([^"]+)"', page.get_data(as_text=True))


def test_the_streak_links_to_exactly_the_games_of_its_run(app, client, paper_solo):
    page = client.get("/records/lockup", query_string=YEAR).get_data(as_text=True)
    current, longest = runs_of(RESULTS)
    for which, days in (("current", current), ("longest", longest)):
        link = re.search(rf'id="records-streak-{which}" href="([^"]+)">(\d+)<', page)
        assert link, which
        assert int(link.group(2)) == len(days)
        assert "from=2020-01-01" in link.group(1)  # the page's filters go with the link
        assert sorted(games_behind(client, link.group(1))) == sorted(f"paper-solo-{d}" for d in days)


def test_the_exports_say_when_the_filters_narrow_them(app, client, paper_solo):
    plain = support.text(client.get("/records/lockup"))
    assert "These files hold every play of this game" in plain
    page = client.get("/records/lockup", query_string=YEAR)
    note = re.search(r'<p id="records-exports-note"[^>]*>(.*?)</p>', page.get_data(as_text=True), re.S)
    assert note and f"only the {len(RESULTS)} games they keep" in note.group(1)
    exported = client.get("/records/lockup/plays.csv", query_string=YEAR).get_data(as_text=True)
    assert {f"paper-solo-{d}" for d in range(1, 7)} == set(re.findall(r"paper-solo-\d", exported))
    spanish = support.text(client.get("/records/lockup", query_string={**YEAR, "lang": "es"},
                                      headers={"Accept-Language": "es"}))
    assert "Los filtros de arriba se aplican" in spanish


class Outline(HTMLParser):
    """The page's headings, charts (svg role=img: its labelling id, then whether a table follows
    in its figure), titles by id, form fields and the ids labels point at."""

    def __init__(self):
        super().__init__()
        self.headings, self.charts, self.fields, self.labelled = [], [], [], set()
        self.titles, self._title, self._in_label, self._figure = {}, None, 0, None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        if tag == "figure":
            self._figure = {"table": False}
        if tag == "table" and self._figure is not None:
            self._figure["table"] = True
        if tag == "svg" and a.get("role") == "img":
            self.charts.append((a.get("aria-labelledby"), self._figure))
        if tag == "title" and a.get("id"):
            self._title = a["id"]
            self.titles[self._title] = ""
        if tag == "label":
            self._in_label += 1
            if a.get("for"):
                self.labelled.add(a["for"])
        if tag in ("input", "select", "textarea") and a.get("type") not in ("hidden", "submit"):
            self.fields.append((a.get("id"), bool(self._in_label)))

    def handle_endtag(self, tag):
        if tag == "title":
            self._title = None
        if tag == "label":
            self._in_label -= 1
        if tag == "figure":
            self._figure = None

    def handle_data(self, data):
        if self._title:
            self.titles[self._title] += data


PAGES = ("/records/", "/records/lockup", "/records/ragami", "/records/rattus-cartus",
         "/records/lockup/plays?mode=solo", "/records/ragami/enter", "/records/lockup/enter")


@pytest.mark.parametrize("url", PAGES)
def test_records_pages_have_chart_alternatives_ordered_headings_and_labelled_fields(app, client, seeded, url):  # noqa: F811 (the fixture)
    with app.test_request_context():  # a merge and a play taken out: the host's undo section shows too
        get_store().update_setting(projection.ALIASES, lambda now: {"olvu": "zenta"})
        get_store().update_setting(projection.HIDDEN, lambda now: [seeded["won"]])
    answer = client.get(url)
    assert answer.status_code == 200
    outline = Outline()
    outline.feed(answer.get_data(as_text=True))
    main = outline.headings[outline.headings.index(1):]  # from the page's h1 (the header's own before it)
    assert main.count(1) == 1, main
    assert all(b - a <= 1 for a, b in zip(main, main[1:], strict=False)), main  # never skips a level
    for labelled_by, figure in outline.charts:
        assert labelled_by and outline.titles.get(labelled_by, "").strip(), labelled_by
        assert figure and figure["table"], labelled_by  # the chart as a table, in its figure
    for field_id, wrapped in outline.fields:
        assert wrapped or field_id in outline.labelled, field_id
    if url == "/records/lockup":
        assert len(outline.charts) >= 3  # levels, the curve, wins per player, the score bands
