"""Names and reasons joined in the viewer's language (issue 14): the Ragami and Rattus Cartus
winners ("Ana and Ben") and Ragami's last-round reasons were joined by an English " and " that
no catalog could translate."""

from __future__ import annotations

import pytest

from companion.games.ragami import scoring as ragami_scoring
from companion.games.rattus_cartus import scoring as rc_scoring
from companion.web.i18n import text

WORD = {"en": " and ", "es": " y ", "pl": " i "}


@pytest.mark.parametrize("lang", ["en", "es", "pl"])
def test_shared_winners_are_joined_in_the_language(app, lang):
    result = ragami_scoring.Result((), ("Ana", "Ben"), "shared")
    rc = rc_scoring.Result((), ("Ana", "Ben"), "rats", 0)
    with app.test_request_context(headers={"Accept-Language": lang}):
        ragami = text(ragami_scoring.outcome_note(result)[1])
        assert f"Ana{WORD[lang]}Ben" in ragami, ragami
        said = text(rc_scoring.outcome_note(rc)[1])
        assert f"Ana{WORD[lang]}Ben" in said, said
        if lang != "en":
            assert " and " not in ragami


@pytest.mark.parametrize("lang", ["es", "pl"])
def test_the_last_round_reasons_are_joined_in_the_language(app, lang, monkeypatch):
    """RG-E1: both end conditions hold at once."""
    from types import SimpleNamespace

    from companion.games.ragami import status

    monkeypatch.setattr(status, "end_reasons", lambda _state: ["30-vp", "tokens-exhausted"])
    with app.test_request_context(headers={"Accept-Language": lang}):
        said = text(status.last_round_warning(SimpleNamespace(phase="playing")))
    assert WORD[lang] in said and " and " not in said, said
