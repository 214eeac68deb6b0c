"""A device's setting for rule ids, and what a phone's game page folds (issue 23).

Rule ids fold to a marker on a phone (app.css) unless the device shows them: the setting is a
long-lived cookie of that device, like its language, posted from the game page and back to it.
The table's join code is open while the host waits for phones, folded once one has joined.
"""

from __future__ import annotations

import support
from web.test_answer_size import plan


def started(app) -> tuple:
    """A 3-player Lockup game started by the host: (host client, game id)."""
    support.store_profile(app)
    fields, _ = plan(11, 3)
    host = app.test_client()
    answer = host.post("/lockup/new/start", data=fields)
    return host, answer.headers["Location"].split("#")[0].rsplit("/", 1)[-1]


def test_a_phone_shows_rule_ids_with_its_setting_and_folds_them_again(app):
    host, game = started(app)
    phone = support.phone(app, game, "Ben")
    page = phone.get(f"/games/{game}").get_data(as_text=True)
    assert "<body hx-ext" in page and "Show rule ids on this device" in page  # folded by default
    assert '<span class="rule-ids">' in page  # the runs a phone folds
    answer = phone.post("/rules/ids", data={"show": "1"}, headers={"Referer": f"http://localhost/games/{game}"})
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/games/{game}")
    cookie = next(h for h in answer.headers.getlist("Set-Cookie") if h.startswith("rule_ids="))
    assert "rule_ids=shown" in cookie and "Max-Age=31536000" in cookie and "HttpOnly" in cookie
    page = phone.get(f"/games/{game}").get_data(as_text=True)
    assert '<body class="rule-ids-shown"' in page and "Fold rule ids on this phone" in page
    assert '<body class="rule-ids-shown"' not in host.get(f"/games/{game}").get_data(as_text=True)  # its own
    phone.post("/rules/ids", data={}, headers={"Referer": f"http://localhost/games/{game}"})
    assert '<body class="rule-ids-shown"' not in phone.get(f"/games/{game}").get_data(as_text=True)


def test_the_setting_goes_back_only_to_a_page_of_this_app_and_takes_any_value_as_folded(client):
    answer = client.post("/rules/ids", data={"show": "yes please"}, headers={"Referer": "http://evil.example/x"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"
    assert "rule_ids=folded" in answer.headers["Set-Cookie"]
    assert "Show rule ids on this device" not in client.get("/").get_data(as_text=True)  # only on a game page


def test_the_join_code_is_open_until_a_phone_joins_and_the_table_options_are_folded(app):
    host, game = started(app)
    page = host.get(f"/games/{game}").get_data(as_text=True)
    assert '<details id="join-fold" class="fold" open>' in page
    assert '<details id="lockup-options-fold" class="fold small">' in page  # closed
    support.phone(app, game, "Ben")
    assert '<details id="join-fold" class="fold">' in host.get(f"/games/{game}").get_data(as_text=True)


def test_a_text_that_may_hold_no_link_folds_its_rule_ids_as_a_plain_run(app):
    """A button's label or a summary (issue 23) takes no link: its rule ids are a plain run that a
    phone folds to a marker like the links (rules.rule_ids), the text around them escaped."""
    from companion.web.rules import rule_ids

    with app.test_request_context():
        assert str(rule_ids("Decline: go to the Library (I-3)")) == \
            'Decline: go to the Library <span class="rule-ids plain">(I-3)</span>'
        assert str(rule_ids("<b>Craft</b> (L-IT1; L-IT2)")) == \
            '&lt;b&gt;Craft&lt;/b&gt; <span class="rule-ids plain">(L-IT1; L-IT2)</span>'
        assert str(rule_ids("Guards (solo only, L-SO14)")) == \
            'Guards (solo only, <span class="rule-ids plain">L-SO14</span>)'
        assert str(rule_ids("No rule here")) == "No rule here"
