"""Set-up from another companion (issue 23): a device with the box profile and card catalog shows
a link (and its QR code) on its box profile page; another companion's profile import takes the
link, photographed or pasted, and its server reads both documents from the first one over the
LAN. Only the link's token opens them. Profile and cards are made up."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
import support

from companion import create_app
from companion.web import get_store
from companion.web.gameui.lockup import share

CATALOG = {"game": "lockup", "items": [{"name": "Made-up Helmet", "cost": {"iron": 2}, "reputation": 3}],
           "goons": [{"name": "Made-up Goon", "type": "dwarf"}]}


@pytest.fixture
def source(app, client) -> str:
    """The first companion (``app``) with a profile and a catalog; its set-up link."""
    with app.app_context():
        get_store().put_setting("lockup-box-profile", support.made_up_profile())
        get_store().put_setting("lockup-catalog", CATALOG)
    page = client.get("/lockup/box-profile").get_data(as_text=True)
    assert 'id="share-all"' in page and 'src="/lockup/box-profile/share-qr.svg"' in page
    return re.search(r'id="share-link" readonly value="([^"]+)"', page).group(1)


@pytest.fixture
def new_host(tmp_path):
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "new-host"), "WTF_CSRF_ENABLED": False})


def test_the_link_opens_the_documents_to_the_lan_with_its_token_only(source, remote, client):
    assert urlsplit(source).path.startswith("/lockup/shared/") and source.endswith(".json")
    answer = remote.get(urlsplit(source).path)
    assert answer.status_code == 200
    doc = answer.get_json()
    assert doc["box_profile"] == support.made_up_profile() and doc["catalog"]["items"][0]["name"] == "Made-up Helmet"
    assert remote.get("/lockup/shared/not-the-token.json").status_code == 404
    assert remote.get("/lockup/box-profile").status_code == 403  # the pages stay the host's
    assert client.get("/lockup/box-profile/share-qr.svg").mimetype == "image/svg+xml"


def test_a_new_host_imports_profile_and_catalog_from_the_link(source, remote, new_host, monkeypatch):
    monkeypatch.setattr(share, "_read", lambda link: remote.get(urlsplit(link).path).data)
    answer = new_host.test_client().post("/lockup/box-profile/import?next=/lockup/new", data={"text": source})
    assert answer.status_code == 303 and answer.location.endswith("/lockup/new")
    with new_host.app_context():
        assert get_store().get_setting("lockup-box-profile") == support.made_up_profile()
        names = [e["name"] for e in get_store().get_setting("lockup-catalog")["items"]]
    assert names == ["Made-up Helmet"]


def test_an_unreachable_or_foreign_link_is_refused_in_words_and_changes_nothing(source, new_host, monkeypatch):
    def down(link):
        raise OSError("connection refused")

    monkeypatch.setattr(share, "_read", down)
    host = new_host.test_client()
    answer = host.post("/lockup/box-profile/import", data={"text": source})
    assert answer.status_code == 422
    assert "Set-up link: the other companion did not answer at this address" in support.text(answer)
    monkeypatch.setattr(share, "_read", lambda link: json.dumps({"game": "lockup", "box_profile": None}).encode())
    answer = host.post("/lockup/box-profile/import", data={"text": source})
    assert answer.status_code == 422 and "has no Lockup box profile to share yet" in support.text(answer)
    with new_host.app_context():
        assert get_store().get_setting("lockup-box-profile") is None
