"""The request's catalog found once per request (issue 11): the same translations as Flask-Babel,
and a locale changed within a request (``force_locale``, ``refresh``) is honoured."""

from __future__ import annotations

import flask
import flask_babel
from flask import render_template_string
from flask_babel import force_locale, gettext, ngettext

from companion.web import catalog


def test_python_and_template_strings_follow_the_request_language(app):
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert gettext("Undo") == "Deshacer"
        assert render_template_string("{{ _('Undo') }}") == "Deshacer"
        assert catalog.translations() is type(flask_babel.get_domain()).get_translations(flask_babel.get_domain())
    with app.test_request_context("/", headers={"Accept-Language": "pl"}):
        assert gettext("Undo") == "Cofnij"
        assert render_template_string("{{ _('Undo') }}") == "Cofnij"


def test_a_forced_locale_is_honoured_and_then_undone(app):
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert gettext("Undo") == "Deshacer"  # the memo is filled for Spanish
        with force_locale("pl"):
            assert gettext("Undo") == "Cofnij"
            assert render_template_string("{{ _('Undo') }}") == "Cofnij"
        assert gettext("Undo") == "Deshacer"


def test_refresh_after_a_language_change_is_honoured(app):
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert gettext("Undo") == "Deshacer"
        flask.session["lang"] = "pl"
        flask_babel.refresh()
        assert gettext("Undo") == "Cofnij"


def test_outside_an_app_strings_stay_english(app):
    assert ngettext("%(num)s player", "%(num)s players", 2) == "2 players"
    assert gettext("Undo") == "Undo"
    assert catalog.translations().gettext("Undo") == "Undo"


def test_the_lockup_words_say_what_flask_babel_says(app):
    """catalog.gettext/ngettext (the Lockup words' ``_``): Flask-Babel's text, variables included."""
    for lang in ("en", "es", "pl"):
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            assert catalog.gettext("Undo") == gettext("Undo")
            assert catalog.gettext("Round %(r)s of %(n)s", r=2, n=6) == gettext("Round %(r)s of %(n)s", r=2, n=6)
            for n in (1, 2, 5):
                assert (catalog.ngettext("%(num)s player", "%(num)s players", n)
                        == ngettext("%(num)s player", "%(num)s players", n))


def test_a_render_holds_its_catalog_and_lets_it_go(app):
    """catalog.fixed: inside, every string comes from the catalog found on entry (no locale look-up
    per string); after it, the request's catalog is found as before (a later forced locale too)."""
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        spanish = catalog.translations()
        with catalog.fixed():
            assert catalog.translations() is spanish
            assert render_template_string("{{ _('Undo') }}") == catalog.gettext("Undo") == "Deshacer"
        with force_locale("pl"):
            assert catalog.gettext("Undo") == "Cofnij"
    with app.test_request_context("/", headers={"Accept-Language": "pl"}):
        assert catalog.gettext("Undo") == "Cofnij"  # another request: nothing held over
