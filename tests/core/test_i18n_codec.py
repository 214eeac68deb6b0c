"""Messages stored inside events (issue 14): ``core.i18n.to_json`` / ``from_json``.

A reason the app writes (a ``T``: msgid and params, nested messages among them) is stored as JSON
and rebuilt as the same message, so it can be shown in each viewer's language; its English stays
what the CLI, the logs and the golden playthroughs read. Words the table typed stay plain text.
"""

from __future__ import annotations

import json

from companion.core import i18n
from companion.core.i18n import N_, T, Tn, from_json, to_json

MADE_UP_ES = {  # a tiny made-up catalog (not the real one): enough to see every part translated
    "%(effect)s (%(source)s)": "%(effect)s (%(source)s)",
    "exchange 1 of your resources for another from the supply": "ES[cambia 1 recurso]",
    "Guards arrest %(goons)s (%(rules)s)": "ES[Los guardias detienen %(goons)s (%(rules)s)]",
    "the %(location)s goon (%(icons)s)": "ES[el secuaz de %(location)s (%(icons)s)]",
    "sewers": "ES[Alcantarillas]",
}
MADE_UP_PL = ("PL[%(num)s ikona]", "PL[%(num)s ikony]", "PL[%(num)s ikon]")


def gettext_es(msgid: str) -> str:
    return MADE_UP_ES.get(msgid, msgid)


def ngettext_pl(singular: str, plural: str, n: int) -> str:
    """Polish plural forms: one, few (2-4 but not 12-14), many."""
    if singular != "%(num)s icon":
        return singular if n == 1 else plural
    if n == 1:
        return MADE_UP_PL[0]
    return MADE_UP_PL[1] if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else MADE_UP_PL[2]


def stored(value):
    """``value`` as an event payload holds it once written and read back."""
    return json.loads(json.dumps(to_json(value)))


def arrest(icons: int) -> T:
    goon = T("the %(location)s goon (%(icons)s)", location=N_("sewers"),
             icons=Tn("%(num)s icon", "%(num)s icons", icons))
    return T("Guards arrest %(goons)s (%(rules)s)", goons=goon, rules="L-SO8")


def test_a_message_round_trips_with_its_msgid_params_and_english():
    message = T("%(effect)s (%(source)s)", effect=N_("exchange 1 of your resources for another from the supply"),
                source="Made-up Item 3")
    back = from_json(stored(message))
    assert isinstance(back, T) and back == message == "exchange 1 of your resources for another from the supply " \
                                                      "(Made-up Item 3)"
    assert back.msgid == message.msgid and back.params["source"] == "Made-up Item 3"
    assert isinstance(back.params["effect"], T) and back.params["effect"].msgid == message.params["effect"].msgid
    assert stored(message) == {"msgid": "%(effect)s (%(source)s)", "params": {
        "effect": {"msgid": "exchange 1 of your resources for another from the supply"}, "source": "Made-up Item 3"}}


def test_nested_messages_and_a_plural_are_rebuilt_at_every_depth():
    payload = stored(arrest(3))
    icons = payload["params"]["goons"]["params"]["icons"]
    assert icons == {"msgid": "%(num)s icon", "plural": "%(num)s icons", "n": 3, "params": {"num": 3}}
    back = from_json(payload)
    assert back == "Guards arrest the sewers goon (3 icons) (L-SO8)"
    assert i18n.render(back, gettext_es) == "ES[Los guardias detienen ES[el secuaz de ES[Alcantarillas] (3 icons)] " \
                                            "(L-SO8)]"


def test_a_stored_plural_takes_the_three_polish_forms():
    shown = [i18n.render(from_json(stored(Tn("%(num)s icon", "%(num)s icons", n))), gettext_es, ngettext_pl)
             for n in (1, 2, 5, 12, 22)]
    assert shown == ["PL[1 ikona]", "PL[2 ikony]", "PL[5 ikon]", "PL[12 ikon]", "PL[22 ikony]"]


def test_render_takes_the_stored_form_directly():
    """A renderer handed the payload's dict (a decoded event's field) shows the message, translated."""
    assert i18n.render(stored(arrest(1)), gettext_es) == ("ES[Los guardias detienen ES[el secuaz de "
                                                          "ES[Alcantarillas] (1 icon)] (L-SO8)]")


def test_plain_text_stays_as_it_was_typed_or_stored():
    """Words the table typed and English stored by older event versions are plain strings, both ways."""
    for text in ("Made-up Item 3 was swapped", "first at the library", "", "L-SO8"):
        assert to_json(text) == text and type(to_json(text)) is str and from_json(text) == text
    assert to_json(7) == 7 and from_json(None) is None and i18n.english(None) == ""
    assert i18n.english(stored(arrest(2))) == "Guards arrest the sewers goon (2 icons) (L-SO8)"


def test_a_damaged_stored_message_shows_its_msgid_instead_of_failing():
    assert from_json({"msgid": "the %(location)s goon (%(icons)s)", "params": {"location": "sewers"}}) == \
        "the %(location)s goon (%(icons)s)"
