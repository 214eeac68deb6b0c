"""The Spanish and Polish catalogs and the core's messages through them (issue 14).

(a) every msgid ``pybabel extract`` finds (the keywords of scripts/i18n.sh) is in both catalogs;
(b) no entry is left untranslated or fuzzy;
(c) refusals, explanations and guard reasons of the pure core go through gettext with their params
    (a tiny made-up catalog stands in for the real one), stored English reasons too;
(d) the CLI's JSON stays English and language-neutral whatever the web layer installed;
and the language a device chose is remembered by its own long-lived cookie.
"""

from __future__ import annotations

import contextlib
import gettext
import io
import json
import re
from functools import cache
from pathlib import Path

import pytest
import support
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from flask import render_template_string

from companion.cli import main as cli_main
from companion.core import i18n
from companion.core.errors import RuleViolation
from companion.games.ragami import GAME as RAGAMI
from companion.games.ragami import command_from_dict as ragami_command
from companion.games.ragami.scoring import Result as RagamiResult
from companion.games.ragami.scoring import outcome_note
from companion.solo_guard import decisions
from companion.web import i18n as web_i18n

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "companion" / "translations"
LANGS = ("es", "pl")


# --- (a) and (b): the catalogs against the code -----------------------------------------------

def script_keywords() -> dict:
    """Babel's default keywords plus the ``-k`` ones scripts/i18n.sh gives pybabel."""
    keywords = dict(DEFAULT_KEYWORDS)
    for spec in re.findall(r"-k (\S+)", (ROOT / "scripts" / "i18n.sh").read_text()):
        name, _, args = spec.partition(":")
        keywords[name] = tuple(int(a) for a in args.split(",")) if args else None
    return keywords


@cache
def extracted() -> frozenset[str]:
    """Every msgid the extraction finds (a plural by its singular, as in a .po file); extracted
    once per run (three tests read it, and the sources do not change meanwhile)."""
    with open(ROOT / "babel.cfg") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "companion"), method_map, options_map, keywords=script_keywords()):
        found.add(message[0] if isinstance(message, tuple) else message)
    return frozenset(found - {""})


def catalog(lang: str):
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as po:
        return read_po(po, locale=lang)


def msgid_of(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def test_the_script_gives_the_core_keywords():
    keywords = script_keywords()
    assert keywords["T"] is None and keywords["N_"] is None and keywords["Tn"] == (1, 2)


def test_extraction_finds_core_messages_web_words_and_templates():
    found = extracted()
    assert "Guards arrest nobody: no active goon (%(rules)s)" in found  # solo_guard, T
    assert "%(num)s icon" in found  # Tn, singular
    assert "exercise yard" in found  # N_ term
    assert "Table companion" in found  # a template
    assert len(found) > 1000


@pytest.mark.parametrize("lang", LANGS)
def test_a_every_extracted_msgid_is_in_the_catalog(lang):
    """Run ``scripts/i18n.sh update`` after changing a message; the translators then fill it."""
    have = {msgid_of(m) for m in catalog(lang) if m.id}
    missing = sorted(extracted() - have)
    assert missing == [], f"{len(missing)} msgids missing from {lang}: {missing[:10]}"


def test_polish_has_three_plural_forms():
    pl = catalog("pl")
    assert pl.num_plurals == 3
    assert pl.plural_expr.replace(" ", "") == "(n==1?0:n%10>=2&&n%10<=4&&(n%100<10||n%100>=20)?1:2)"


@pytest.mark.parametrize("lang", LANGS)
def test_b_no_entry_is_untranslated_or_fuzzy(lang):
    bad = [msgid_of(m) for m in catalog(lang) if m.id and (m.fuzzy or not all(
        m.string if isinstance(m.string, tuple) else (m.string,)))]
    assert bad == [], f"{len(bad)} untranslated or fuzzy in {lang}: {bad[:10]}"


# --- (c): the core's messages through a made-up catalog -----------------------------------------

def polish_plural(n: int) -> int:
    return 0 if n == 1 else 1 if n % 10 in (2, 3, 4) and not 12 <= n % 100 <= 14 else 2


class MadeUpCatalog(gettext.NullTranslations):
    """A tiny made-up catalog: msgid -> text, a plural msgid -> its forms (Polish rule for pl)."""

    def __init__(self, lang: str, entries: dict):
        super().__init__()
        self.lang, self._catalog = lang, entries

    def gettext(self, message):
        return self._catalog.get(message, message)

    def ngettext(self, singular, plural, n):
        forms = self._catalog.get((singular, plural))
        if forms is None:
            return singular if n == 1 else plural
        return forms[polish_plural(n) if self.lang == "pl" else int(n != 1)]


MADE_UP = {
    "es": {
        "%(vp)s VP needs %(value)s white cubes; %(seat)s has %(white_cubes)s":
            "ES[%(vp)s PV necesitan %(value)s cubos blancos; %(seat)s tiene %(white_cubes)s]",
        "Guards arrest %(goons)s, paying nothing: most suspicion icons, ties to the lowest-numbered location "
        "(%(rules)s)": "ES[Los guardias arrestan %(goons)s (%(rules)s)]",
        "the %(location)s goon (%(icons)s)": "ES[el secuaz de %(location)s (%(icons)s)]",
        "%(first)s then %(second)s": "%(first)s y luego %(second)s",
        "sewers": "ES[Alcantarillas]",
        ("%(num)s icon", "%(num)s icons"): ("ES[%(num)s icono]", "ES[%(num)s iconos]"),
        "%(names)s wins the tie on VP with the most conflicts resolved":
            "ES[%(names)s gana el empate]",
        "%(tier)s at the Commissary": "ES[%(tier)s en el Economato]",
        "second": "ES[segundo]",
    },
    "pl": {
        "%(vp)s VP needs %(value)s white cubes; %(seat)s has %(white_cubes)s":
            "PL[%(vp)s PZ wymaga %(value)s białych kostek; %(seat)s ma %(white_cubes)s]",
        "Guards arrest %(goons)s, paying nothing: most suspicion icons, ties to the lowest-numbered location "
        "(%(rules)s)": "PL[Strażnicy aresztują %(goons)s (%(rules)s)]",
        "the %(location)s goon (%(icons)s)": "PL[zbir z %(location)s (%(icons)s)]",
        "%(first)s then %(second)s": "%(first)s, potem %(second)s",
        "sewers": "PL[Kanały]",
        "infirmary": "PL[Ambulatorium]",
        ("%(num)s icon", "%(num)s icons"): ("PL[%(num)s ikona]", "PL[%(num)s ikony]", "PL[%(num)s ikon]"),
        "%(names)s wins the tie on VP with the most conflicts resolved": "PL[%(names)s wygrywa remis]",
        "%(tier)s at the Commissary": "PL[%(tier)s w Kantynie]",
        "second": "PL[drugi]",
        "Location token %(used)s is already used": "PL[Żeton lokacji %(used)s jest już użyty]",
    },
}


@pytest.fixture
def in_language(app, monkeypatch):
    """A request in ``lang`` whose catalog is the made-up one."""
    @contextlib.contextmanager
    def enter(lang: str):
        monkeypatch.setattr(web_i18n, "get_translations", lambda: MadeUpCatalog(lang, MADE_UP[lang]))
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            yield
    return enter


class RagamiTable(support.Table):
    game, parse = RAGAMI, staticmethod(ragami_command)


def refusal() -> RuleViolation:
    """RG-V1: converting white cubes one does not have is refused (a real refusal of the core)."""
    table = RagamiTable({"players": ["Ana", "Bo"], "start_player": "Ana"})
    return table.refuses("convert-white-cubes", player="Bo", vp=1)


def test_c_a_refusal_goes_through_gettext_with_its_params(in_language):
    exc = refusal()
    assert str(exc) == "1 VP needs 2 white cubes; Bo has 0 (RG-V1)"  # the core's own text stays English
    with in_language("es"):
        assert web_i18n.error_text(exc) == "ES[1 PV necesitan 2 cubos blancos; Bo tiene 0] (RG-V1)"
    with in_language("pl"):
        assert web_i18n.error_text(exc) == "PL[1 PZ wymaga 2 białych kostek; Bo ma 0] (RG-V1)"


def test_c_a_guard_reason_translates_nested_terms_and_polish_plurals(in_language):
    """L-SO8: two goons arrested; the location names and the icon counts are translated inside."""
    reason = decisions.chow_hall({"sewers": 1, "infirmary": 3}).reason
    assert reason.startswith("Guards arrest the infirmary goon (3 icons) then the sewers goon (1 icon)")
    with in_language("es"):
        assert web_i18n.text(reason) == ("ES[Los guardias arrestan ES[el secuaz de infirmary (ES[3 iconos])] y luego "
                                         "ES[el secuaz de ES[Alcantarillas] (ES[1 icono])] (L-SO8)]")
    with in_language("pl"):
        shown = web_i18n.text(reason)
    assert shown == ("PL[Strażnicy aresztują PL[zbir z PL[Ambulatorium] (PL[3 ikony])], potem "
                     "PL[zbir z PL[Kanały] (PL[1 ikona])] (L-SO8)]")
    assert web_i18n.text(decisions._icons(5)) == "5 icons"  # outside a request: English


def test_c_polish_plural_forms_one_few_many(in_language):
    with in_language("pl"):
        assert [web_i18n.text(decisions._icons(n)) for n in (1, 2, 5, 22, 12)] == [
            "PL[1 ikona]", "PL[2 ikony]", "PL[5 ikon]", "PL[22 ikony]", "PL[12 ikon]"]


def test_c_an_explanation_in_a_template_is_translated_without_a_filter(in_language):
    """A message printed by a template (``{{ note }}``) is rendered in the viewer's language (RG-E4)."""
    rule, note = outcome_note(RagamiResult(players=(), winners=("Ana",), tiebreak="conflicts", ruling=None))
    assert (rule, note) == ("RG-E4", "Ana wins the tie on VP with the most conflicts resolved")
    with in_language("es"):
        assert render_template_string("<p>{{ note }}</p>", note=note) == "<p>ES[Ana gana el empate]</p>"
        # Autoescaping still applies to the params.
        _, hostile = outcome_note(RagamiResult(players=(), winners=("<b>",), tiebreak="conflicts", ruling=None))
        assert render_template_string("{{ note }}", note=hostile) == "ES[&lt;b&gt; gana el empate]"


def test_c_an_english_reason_stored_in_an_old_event_is_recognised(in_language):
    """Reasons recorded as plain text (event logs written before or outside a request) are matched
    back to their catalog entry when shown, params included."""
    stored = json.loads(json.dumps({"reason": i18n.T("%(tier)s at the Commissary", tier=i18n.N_("second"))}))
    assert stored == {"reason": "second at the Commissary"}
    with in_language("es"):
        assert web_i18n.text(stored["reason"]) == "ES[ES[segundo] en el Economato]"
        assert web_i18n.text("a reason no catalog knows") == "a reason no catalog knows"


def test_c_a_card_name_inside_a_stored_reason_is_left_as_the_table_wrote_it(app, monkeypatch):
    """Only params that are catalog entries themselves are translated: a made-up item named like a
    sentence of the catalog stays as it was entered."""
    entries = {"crafted %(item)s": "ES[compró %(item)s]", "%(count)s %(resource)s": "ES[%(resource)s x%(count)s]"}
    monkeypatch.setattr(web_i18n, "get_translations", lambda: MadeUpCatalog("es", entries))
    with app.test_request_context("/"):
        assert web_i18n.text("crafted 2 Made-up Shivs") == "ES[compró 2 Made-up Shivs]"


def test_matching_stored_text_prefers_the_most_specific_msgid():
    compiled = i18n.patterns(["%(a)s (%(b)s)", "%(tier)s at the Commissary (%(rule)s)"])
    assert i18n.match("first at the Commissary (L-R5)", compiled) == (
        "%(tier)s at the Commissary (%(rule)s)", {"tier": "first", "rule": "L-R5"})
    assert i18n.match("no brackets here", compiled) is None


def test_c_a_refusal_on_a_real_page_is_in_the_device_language(app, monkeypatch):
    """RG-T2 refused through the web: the phone set to Polish reads it in Polish, rule id linked."""
    monkeypatch.setattr(web_i18n, "get_translations", lambda: MadeUpCatalog("pl", MADE_UP["pl"]))
    client = app.test_client()
    client.set_cookie("lang", "pl")
    answer = client.post("/ragami/new", data={"players": ["Ama", "Ver"], "colours": ["", ""], "start_seat": "0"})
    game = answer.location.rsplit("/", 1)[-1]
    assert client.post(f"/ragami/{game}/use-location-tokens", data={"tokens": ["17"]}).status_code == 303
    refused = client.post(f"/ragami/{game}/use-location-tokens", data={"tokens": ["17"]})
    assert refused.status_code == 422
    assert "PL[Żeton lokacji 17 jest już użyty] (RG-T2)" in support.alerts(refused)[0]


# --- (d): the CLI stays English -------------------------------------------------------------------

def test_d_cli_json_stays_english_even_with_a_translator_installed(in_language, monkeypatch):
    """The web layer's translator is process-wide; the CLI's JSON must not follow any request's language."""
    example = support.examples_of("companion referee lockup guards")[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(example["input"])))
    out = io.StringIO()
    with in_language("es"), contextlib.redirect_stdout(out):
        status = cli_main(["referee", "lockup", "guards", "-"])
    assert status == 0
    assert json.loads(out.getvalue()) == example["output"]
    assert "ES[" not in out.getvalue()


# --- the language of a device -----------------------------------------------------------------------

def test_the_language_switch_is_remembered_by_a_long_lived_cookie(app):
    phone, laptop = app.test_client(), app.test_client()
    answer = phone.post("/lang", data={"lang": "pl"}, headers={"Referer": "http://localhost/rules"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/rules")
    cookie = next(h for h in answer.headers.getlist("Set-Cookie") if h.startswith("lang="))
    assert "lang=pl" in cookie and "Max-Age=31536000" in cookie and "HttpOnly" in cookie
    assert '<html lang="pl">' in phone.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    # Another device at the same table keeps its browser's language.
    assert '<html lang="es">' in laptop.get("/", headers={"Accept-Language": "es"}).get_data(as_text=True)
    # The browser session ending (its cookie gone) does not lose the choice.
    phone.delete_cookie("session")
    assert '<html lang="pl">' in phone.get("/").get_data(as_text=True)


def test_an_unknown_language_is_not_remembered(app):
    client = app.test_client()
    answer = client.post("/lang", data={"lang": "xx"})
    assert not [h for h in answer.headers.getlist("Set-Cookie") if h.startswith("lang=")]
    assert '<html lang="en">' in client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)


# --- dates and numbers: language-neutral from the server, the reader's own by the page's script ----------

def test_stored_times_and_numbers_are_written_for_the_browser_to_show():
    """The server writes UTC and plain digits, the same in every language (static/locale.js shows
    them in the reader's language and time zone; the browser test checks that): Babel's locale data
    stays out of the server (issue 21 (d))."""
    stored, naive = "2026-11-23T06:58:50.123+01:00", "2026-11-23T05:58:50"
    assert web_i18n.when(stored) == web_i18n.when(naive) == (
        '<time datetime="2026-11-23T05:58:50+00:00" data-style="short">2026-11-23 05:58 UTC</time>')
    assert web_i18n.clock(stored) == '<time datetime="2026-11-23T05:58:50+00:00" data-style="clock">05:58:50 UTC</time>'
    assert (web_i18n.when("not a time"), web_i18n.clock(None)) == ("not a time", "")
    assert web_i18n.number(12345) == '<data class="number" value="12345">12345</data>'
    assert web_i18n.number(4.25) == '<data class="number" value="4.25">4.25</data>'
    assert web_i18n.number(2 / 3) == '<data class="number" value="0.667">0.667</data>'
    assert (web_i18n.number(3.0), web_i18n.number(True), web_i18n.number("—")) == (
        '<data class="number" value="3">3</data>', "True", "—")


def test_the_home_page_marks_the_game_list_dates_for_the_browser(app):
    from companion.web import get_store

    with app.app_context():
        get_store().create_game("lockup", "Made-up game night")
    page = app.test_client().get("/", headers={"Accept-Language": "pl"}).get_data(as_text=True)
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00" data-style="short">'
                     r"\d{4}-\d\d-\d\d \d\d:\d\d UTC</time>", page)
    assert re.search(r'<script src="/static/locale.js\?v=[0-9a-f]+" defer>', page)


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_stored_free_text_is_never_garbled_by_a_generic_pattern(app, lang):
    """Stored English that only a generic msgid ("%(min)s to %(max)s", "%(count)s %(resource)s") would
    match stays as stored: a card name or an effect note is the table's text, not a sentence to rebuild."""
    from companion.core import i18n

    stored = ["Zorbly Goon 6", "draw 2 tomes, keep 1, the other to the bottom of the deck (Zorbly Tome)"]
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for text in stored:
            assert i18n.render(text) == text
