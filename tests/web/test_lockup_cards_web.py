"""Lockup box profile and card catalog pages (issues 4 and 5): forms, errors naming the field, export,
import, QR, the helpers other views call, and 404 for other devices.

Every profile and card here is made up ("made-up profile", "Test Shiv"); only the formats are real.
"""

from __future__ import annotations

import html
import io
import json
import re

import pytest
import support

from companion.games.lockup.box_profile import GUARD_COLOURS
from companion.games.lockup.cards import Item
from companion.web import get_store
from companion.web.gameui.lockup import cards as cards_web
from companion.web.qr import svg

# A made-up profile (not the real box).
MADE_UP_PROFILE = support.made_up_profile()
TEST_SHIV = {"name": "Test Shiv", "cost": {"iron": 1}, "reputation": 2, "treasures": ["shield"], "effect": None,
             "effect_resource": None}


def profile_form(doc: dict = MADE_UP_PROFILE) -> dict[str, str]:
    """The made-up profile as the form's fields: each row of values typed in one field."""
    form = {"crew_tiles": " ".join(str(n) for n in doc["crew_tiles"])}
    form.update({f"guard_cards.{colour}": " ".join(str(v) for v in values)
                 for colour, values in doc["guard_cards"].items()})
    form.update({f"special_guard.{c}": str(i) for c, i in doc["special_guard"].items()})
    return form


def with_value(form: dict, row: str, i: int, value: str) -> dict:
    """``form`` with value ``i`` of ``row`` typed as ``value`` (left out when blank)."""
    values = form[row].split()
    values[i] = value
    return {**form, row: " ".join(v for v in values if v)}


def setting(app, key: str):
    with app.app_context():
        return get_store().get_setting(key)


def put(app, key: str, value) -> None:
    with app.app_context():
        get_store().put_setting(key, value)


def text(response) -> str:
    """The response body with HTML entities decoded (messages quote "power")."""
    return html.unescape(response.get_data(as_text=True))


# --- box profile form --------------------------------------------------------------------------


def test_without_a_stored_profile_the_form_is_empty(client):
    page = text(client.get("/lockup/box-profile"))
    inputs = re.findall(r'name="(crew_tiles|guard_cards\.\w+)" value="([^"]*)"', page)
    assert len(inputs) == 1 + len(GUARD_COLOURS)  # one row of values each
    assert all(value == "" for _name, value in inputs)
    assert "checked" not in page
    assert 'id="share"' not in page, "nothing to export or show as a QR code yet"


def test_a_typed_profile_is_stored_and_shown_again(app, client):
    form = with_value(profile_form(), "guard_cards.blue", 2, "P")
    response = client.post("/lockup/box-profile", data=form)
    assert response.status_code == 303
    assert response.headers["Location"].endswith("/lockup/box-profile?saved=1")
    assert setting(app, "lockup-box-profile") == MADE_UP_PROFILE
    page = text(client.get("/lockup/box-profile?saved=1"))
    assert "Box profile saved." in page
    assert f'name="guard_cards.blue" value="{form["guard_cards.blue"]}"' in page
    assert re.search(r'name="special_guard.red" value="4"\s+checked', page)
    assert "/lockup/box-profile/qr.svg" in page


def test_a_row_typed_without_spaces_on_a_numeric_keypad(app, client):
    """Four single digits typed with no separator are the four tiles (a keypad has no space key)."""
    response = client.post("/lockup/box-profile", data={**profile_form(), "crew_tiles": "1234"})
    assert response.status_code == 303
    assert setting(app, "lockup-box-profile")["crew_tiles"] == [1, 2, 3, 4]


def test_the_old_one_field_per_card_form_is_still_read(app, client):
    """A form posted with one field per card (an older page still open) is read the same way."""
    form = {f"crew_tiles[{i}]": str(n) for i, n in enumerate(MADE_UP_PROFILE["crew_tiles"])}
    for colour, values in MADE_UP_PROFILE["guard_cards"].items():
        form.update({f"guard_cards.{colour}[{i}]": str(v) for i, v in enumerate(values)})
    form.update({f"special_guard.{c}": str(i) for c, i in MADE_UP_PROFILE["special_guard"].items()})
    assert client.post("/lockup/box-profile", data=form).status_code == 303
    assert setting(app, "lockup-box-profile") == MADE_UP_PROFILE


def test_the_form_returns_to_where_the_profile_was_needed(client):
    response = client.post("/lockup/box-profile?next=/games/abc?x=1", data=profile_form())
    assert response.headers["Location"].endswith("/games/abc?x=1")
    page = text(client.get("/lockup/box-profile?next=/games/abc"))
    assert "Before this game can start" in page
    assert 'action="/lockup/box-profile?next=/games/abc"' in page


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "/\\evil.example"])
def test_next_never_leaves_the_app(client, target):
    response = client.post("/lockup/box-profile", query_string={"next": target}, data=profile_form())
    assert response.headers["Location"].endswith("/lockup/box-profile?saved=1")


@pytest.mark.parametrize(("field", "value", "label", "message"), [
    ("crew_tiles[0]", "one", "Crew tiles", "tile 1 must be a whole number"),
    ("crew_tiles[3]", "", "Crew tiles", "type 4 values in order, one per card (3 typed)"),
    ("guard_cards.blue[6]", "-1", "Blue guard cards", 'card 7 must be a number, or "power"'),
    ("guard_cards.green[0]", "pow", "Green guard cards", 'card 1 must be a number, or "power"'),
    ("guard_cards.yellow[2]", "3.5", "Yellow guard cards", 'card 3 must be a number, or "power"'),
    ("guard_cards.red[4]", "", "Red guard cards", "type 5 values in order, one per card (4 typed)"),
    ("special_guard.yellow", None, "Special yellow card", "choose which card"),
    ("special_guard.red", "9", "Special red card", "index from 0 to 4"),
    ("crew_tiles[1]", "5", "Crew tiles", "tile printed 2"),
])
def test_each_wrong_field_is_named_and_the_stored_profile_kept(app, client, field, value, label, message):
    stored = {**MADE_UP_PROFILE, "crew_tiles": [1, 2, 3, 5]}
    put(app, "lockup-box-profile", stored)
    form = profile_form()
    in_row = re.match(r"^(.+)\[(\d)\]$", field)
    if in_row:  # one value of a row, typed in the row's field
        form = with_value(form, in_row[1], int(in_row[2]), value)
    elif value is None:
        del form[field]
    else:
        form[field] = value
    response = client.post("/lockup/box-profile", data=form)
    page = text(response)
    assert response.status_code == 422
    assert re.search(rf'<a href="#[^"]+">{re.escape(label)}</a>: [^<]*{re.escape(message)}', page)
    assert setting(app, "lockup-box-profile") == stored
    if in_row:  # what was typed stays in the form, next to its problem
        assert f'value="{form[in_row[1]]}"' in page
        assert page.count('aria-invalid="true"') == 1


def test_an_empty_form_names_the_crew_tiles(client):
    """The guard cards may be left blank (solo only); the crew tiles are always needed."""
    page = text(client.post("/lockup/box-profile", data={"crew_tiles": "", "guard_cards.blue": ""}))
    assert re.findall(r'<li><a href="#f-[^"]+">([^<]+)</a>: ([^<]+)</li>', page) == [("Crew tiles", "is required")]
    assert page.count('aria-invalid="true"') == 1


def test_one_guard_value_given_asks_for_all_of_them(client):
    """Once the guard cards are being typed, every row of them and the 2 special marks are asked for."""
    form = {"crew_tiles": "1 2 3 4", "guard_cards.blue": "2 3 P 1 4 2 3"}
    page = text(client.post("/lockup/box-profile", data=form))
    assert len(re.findall(r'<li><a href="#f-', page)) == 3 + 2  # 3 rows left, 2 special marks
    assert page.count('aria-invalid="true"') == 3 + 5 + 5  # the rows, and every radio of each special mark


# --- export, QR, import ------------------------------------------------------------------------


def test_export_and_qr_need_a_stored_profile(client):
    assert client.get("/lockup/box-profile.json").status_code == 404
    assert client.get("/lockup/box-profile/qr.svg").status_code == 404


def test_export_is_a_json_download(app, client):
    put(app, "lockup-box-profile", MADE_UP_PROFILE)
    response = client.get("/lockup/box-profile.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert "attachment" in response.headers["Content-Disposition"]
    assert response.get_json() == MADE_UP_PROFILE


def test_the_qr_code_is_svg_of_the_compact_json(app, client):
    put(app, "lockup-box-profile", MADE_UP_PROFILE)
    response = client.get("/lockup/box-profile/qr.svg")
    assert response.mimetype == "image/svg+xml"
    assert "<svg" in text(response)
    compact = json.dumps(MADE_UP_PROFILE, separators=(",", ":"))
    assert text(response) == svg(compact)
    assert compact in text(client.get("/lockup/box-profile")), "the same text is shown to copy by hand"


def test_export_then_import_on_another_install(app, client, tmp_path):
    from companion import create_app

    put(app, "lockup-box-profile", MADE_UP_PROFILE)
    exported = client.get("/lockup/box-profile.json").data
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other"), "WTF_CSRF_ENABLED": False})
    upload = {"file": (io.BytesIO(exported), "lockup-box-profile.json")}
    response = other.test_client().post("/lockup/box-profile/import", data=upload,
                                        content_type="multipart/form-data")
    assert response.status_code == 303
    assert setting(other, "lockup-box-profile") == MADE_UP_PROFILE


def test_pasted_text_from_a_qr_code_imports(app, client):
    compact = json.dumps(MADE_UP_PROFILE, separators=(",", ":"))
    response = client.post("/lockup/box-profile/import?next=/games/g1", data={"text": compact})
    assert response.headers["Location"].endswith("/games/g1")
    assert setting(app, "lockup-box-profile") == MADE_UP_PROFILE


@pytest.mark.parametrize(("body", "message"), [
    ({"text": json.dumps({**MADE_UP_PROFILE, "guard_cards": {**MADE_UP_PROFILE["guard_cards"],
                                                             "blue": [2, 3, "Power", 1, 4, 2, 3]}})},
     'Blue guard card 3: must be a non-negative integer or "power"'),
    ({"text": json.dumps({**MADE_UP_PROFILE, "crew_tiles": [1, 2, 3]})}, "Crew tiles: must have exactly 4 entries"),
    ({"text": '{"crew_tiles": [1, 2,'}, "Document: is not valid JSON: a mistake at line 1"),
    ({"text": "  "}, "File or text: choose a JSON file or paste its text"),
    ({"file": (io.BytesIO(b"\xff\xfe{"), "p.json")}, "File or text: not UTF-8 text"),
])
def test_a_bad_import_names_the_field_and_keeps_the_stored_profile(app, client, body, message):
    """The field is named in the player's words (issue 13), never by its JSON path."""
    stored = {**MADE_UP_PROFILE, "crew_tiles": [2, 4, 6, 8]}
    put(app, "lockup-box-profile", stored)
    response = client.post("/lockup/box-profile/import", data=body, content_type="multipart/form-data")
    assert response.status_code == 422
    assert message in text(response)
    assert setting(app, "lockup-box-profile") == stored


# --- helpers for the other views ---------------------------------------------------------------


def test_get_profile_and_require_profile(app):
    with app.test_request_context("/games/g1", environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        assert cards_web.get_profile() is None
        response = cards_web.require_profile("/games/g1")
        assert response.status_code == 303
        assert response.headers["Location"] == "/lockup/box-profile?next=/games/g1"
        get_store().put_setting("lockup-box-profile", MADE_UP_PROFILE)
        assert cards_web.get_profile() == MADE_UP_PROFILE
        assert cards_web.require_profile("/games/g1") is None


def test_require_profile_for_htmx_and_for_another_device(app):
    with app.test_request_context("/x", headers={"HX-Request": "true"}, environ_base={"REMOTE_ADDR": "::1"}):
        response = cards_web.require_profile("https://evil.example/")
        assert response.headers["HX-Redirect"] == "/lockup/box-profile"
    with app.test_request_context("/x", environ_base={"REMOTE_ADDR": "192.168.1.23"}):
        response = cards_web.require_profile("/games/g1")
        assert response.status_code == 409
        assert "device running the companion" in response.get_data(as_text=True)


def test_a_damaged_stored_profile_counts_as_missing(app):
    put(app, "lockup-box-profile", {"crew_tiles": "oops"})
    with app.test_request_context("/x", environ_base={"REMOTE_ADDR": "127.0.0.1"}):
        assert cards_web.get_profile() is None


# --- other devices ------------------------------------------------------------------------------

REMOTE_ROUTES = [
    ("get", "/lockup/box-profile"), ("post", "/lockup/box-profile"), ("get", "/lockup/box-profile.json"),
    ("get", "/lockup/box-profile/qr.svg"), ("post", "/lockup/box-profile/import"), ("get", "/lockup/catalog"),
    ("post", "/lockup/catalog"), ("post", "/lockup/catalog/delete"), ("get", "/lockup/catalog.json"),
    ("post", "/lockup/catalog/import"),
]


@pytest.mark.parametrize(("method", "url"), REMOTE_ROUTES)
def test_another_device_gets_404_and_changes_nothing(app, remote, method, url):
    put(app, "lockup-box-profile", MADE_UP_PROFILE)
    body = {**profile_form(), "entry_kind": "item", "name": "Test Shiv", "reputation": "1", "text": "{}"}
    response = getattr(remote, method)(url, data=body if method == "post" else None)
    assert response.status_code == 403  # host only (issue 10): a page saying so, nothing changed
    assert "Test Shiv" not in text(response) and "power" not in text(response)
    assert setting(app, "lockup-box-profile") == MADE_UP_PROFILE
    assert setting(app, "lockup-catalog") is None


# --- card catalog ------------------------------------------------------------------------------

SHIV_FORM = {"entry_kind": "item", "name": "Test Shiv", "cost.iron": "1", "reputation": "2", "treasures.shield": "1"}


def catalog(app) -> dict:
    return setting(app, "lockup-catalog")


def test_the_catalog_starts_empty_with_a_tab_per_kind(client):
    page = text(client.get("/lockup/catalog"))
    for label in ("Items (0)", "Goons (0)", "Goals (0)", "Traits (0)", "Tomes (0)"):
        assert label in page
    assert "None yet." in page
    assert client.get("/lockup/catalog.json").get_json() == {
        "game": "lockup", "items": [], "goons": [], "goals": [], "traits": [], "tomes": []}


@pytest.mark.parametrize("kind", ["item", "goon", "goal", "trait", "tome"])
def test_each_kind_has_its_form(client, kind):
    page = text(client.get(f"/lockup/catalog?kind={kind}"))
    assert f'name="entry_kind" value="{kind}"' in page
    expected = {"item": 'name="cost.any"', "goon": 'name="resource"', "goal": 'name="counts"',
                "trait": 'name="text"', "tome": 'name="text"'}[kind]
    assert expected in page


def test_a_card_typed_in_the_form_is_listed_and_found(app, client):
    response = client.post("/lockup/catalog", data=SHIV_FORM)
    assert response.status_code == 303
    assert catalog(app)["items"] == [TEST_SHIV]
    page = text(client.get("/lockup/catalog?kind=item&saved=Test+Shiv"))
    assert "Saved: Test Shiv" in page and "Items (1)" in page
    assert "Cost: 1 iron · 2 reputation · shield" in re.sub(r"\s+", " ", page)
    with app.test_request_context("/"):
        assert cards_web.lookup("item", "TEST SHIV") == TEST_SHIV


def test_editing_prefills_and_a_rename_drops_the_old_name(app, client):
    client.post("/lockup/catalog", data=SHIV_FORM)
    page = text(client.get("/lockup/catalog?kind=item&edit=test+shiv"))
    assert "Edit Test Shiv" in page and 'name="original" value="Test Shiv"' in page
    assert 'name="reputation" value="2"' in page
    client.post("/lockup/catalog", data={**SHIV_FORM, "original": "Test Shiv", "name": "Test Sharp Shiv"})
    assert [e["name"] for e in catalog(app)["items"]] == ["Test Sharp Shiv"]
    client.post("/lockup/catalog", data={**SHIV_FORM, "name": "TEST sharp shiv", "reputation": "3"})
    assert [(e["name"], e["reputation"]) for e in catalog(app)["items"]] == [("TEST sharp shiv", 3)]


@pytest.mark.parametrize(("form", "label", "message"), [
    ({**SHIV_FORM, "name": " "}, "Name", "is required"),
    ({**SHIV_FORM, "cost.gold": "lots"}, "Cost in gold", "must be a whole number"),
    ({**SHIV_FORM, "effect": "L-E1"}, "Resource of the effect", "is required for effect L-E1"),
    ({"entry_kind": "goon", "name": "Test Bandit", "type": "bandit"}, "Bandit's resource", "is required for a Bandit"),
    ({"entry_kind": "goal", "name": "Test Goal"}, "Goal kind", "choose one"),
    ({"entry_kind": "goal", "name": "Test Goal", "kind": "goal"}, "Goal kind", "is not one of the allowed values"),
    ({"entry_kind": "goal", "name": "Test Goal", "kind": "leader", "counts": "gem"}, "Minimum", "is required"),
])
def test_a_wrong_card_field_is_named_and_nothing_is_lost(app, client, form, label, message):
    client.post("/lockup/catalog", data=SHIV_FORM)
    before = catalog(app)
    response = client.post("/lockup/catalog", data=form)
    assert response.status_code == 422
    page = text(response)
    assert re.search(rf">{re.escape(label)}</a>: [^<]*{re.escape(message)}", page)
    for field, value in form.items():  # what was typed stays in the form
        if field != "entry_kind" and value.strip():
            assert f'value="{value}"' in page
    assert catalog(app) == before


def test_an_unknown_kind_is_a_clear_400(app, client):
    response = client.get("/lockup/catalog?kind=dragon")
    assert response.status_code == 400
    assert "kind: must be one of item, goon, goal, trait, tome" in text(response)
    response = client.post("/lockup/catalog", data={**SHIV_FORM, "entry_kind": "dragon"})
    assert response.status_code == 400
    assert "entry_kind: must be one of" in text(response)
    assert catalog(app) is None


def test_delete_forgets_one_card(app, client):
    client.post("/lockup/catalog", data=SHIV_FORM)
    client.post("/lockup/catalog", data={**SHIV_FORM, "name": "Test Spoon"})
    response = client.post("/lockup/catalog/delete", data={"entry_kind": "item", "name": "test shiv"})
    assert response.status_code == 303
    assert [e["name"] for e in catalog(app)["items"]] == ["Test Spoon"]


def test_every_kind_is_listed_with_its_facts(app, client):
    made_up = {
        "game": "lockup",
        "items": [{**TEST_SHIV, "name": "Test Pouch", "effect": "L-E1", "effect_resource": "gold"}],
        "goons": [{"name": "Test Bandit", "type": "bandit", "suspicion": 1, "resource": "scrap"}],
        "goals": [{"name": "Test Hoard", "kind": "leader", "counts": "dwarf", "minimum": 2},
                  {"name": "Test Majority", "kind": "end_game", "treasure": "magic"},
                  {"name": "Test Stars", "kind": "instant", "stars": 3}],
        "traits": [{"name": "Test Sly"}],
        "tomes": [{"name": "Test Tome", "text": "made-up text"}],
    }
    client.post("/lockup/catalog/import", data={"text": json.dumps(made_up)})
    flat = {k: re.sub(r"\s+", " ", text(client.get(f"/lockup/catalog?kind={k}"))) for k in
            ("item", "goon", "goal", "trait", "tome")}
    assert "L-E1 gain a resource of the shown type (gold)" in flat["item"]
    assert "Bandit (scrap) · 1 suspicion" in flat["goon"]
    assert "most Dwarf, at least 2" in flat["goal"] and "majority of magic" in flat["goal"]
    assert "3 stars" in flat["goal"]
    assert "(no text)" in flat["trait"] and "made-up text" in flat["tome"]


def test_catalog_export_import_round_trip(app, client, tmp_path):
    from companion import create_app

    client.post("/lockup/catalog", data=SHIV_FORM)
    client.post("/lockup/catalog", data={"entry_kind": "tome", "name": "Test Tome", "text": "made-up text"})
    response = client.get("/lockup/catalog.json")
    assert "attachment" in response.headers["Content-Disposition"]
    other = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "other"), "WTF_CSRF_ENABLED": False})
    put(other, "lockup-catalog", {"game": "lockup", "items": [], "goons": [], "goals": [], "traits": [],
                                  "tomes": [{"name": "Test Other Tome", "text": ""}]})
    upload = {"file": (io.BytesIO(response.data), "lockup-catalog.json")}
    answer = other.test_client().post("/lockup/catalog/import", data=upload, content_type="multipart/form-data")
    assert answer.status_code == 303 and "imported=2" in answer.headers["Location"]
    merged = setting(other, "lockup-catalog")
    assert merged["items"] == [TEST_SHIV]
    assert [t["name"] for t in merged["tomes"]] == ["Test Other Tome", "Test Tome"], "import merges, loses nothing"


@pytest.mark.parametrize(("body", "message"), [
    ({"text": json.dumps({"items": [{**TEST_SHIV, "reputation": "2"}]})},
     "Item 1 (Test Shiv): reputation must be a whole number (0 or more)"),
    ({"text": json.dumps({"goons": [{"name": "Test Goon", "type": "dragon"}]})},
     "Goon 1 (Test Goon): goon type is not one of the allowed values"),
    ({"text": "[1,"}, "File or text: is not valid JSON"),
    ({"file": (io.BytesIO(b"{\"tomes\": 1}"), "c.json")}, "Tomes: must be an array"),
    ({}, "File or text: choose a JSON file or paste its text"),
])
def test_a_bad_catalog_import_names_the_field_and_keeps_the_catalog(app, client, body, message):
    client.post("/lockup/catalog", data=SHIV_FORM)
    before = catalog(app)
    response = client.post("/lockup/catalog/import", data=body, content_type="multipart/form-data")
    assert response.status_code == 422
    assert message in text(response)
    assert catalog(app) == before


def test_remember_and_catalog_entries(app):
    with app.test_request_context("/"):
        assert cards_web.catalog_entries("goon") == []
        assert cards_web.remember("item", Item("Test Shiv", {"iron": 1}, 2, ("shield",))) is True
        assert cards_web.remember("item", dict(TEST_SHIV)) is False, "a duplicate changes nothing, raises nothing"
        assert cards_web.remember("item", {**TEST_SHIV, "name": "test shiv"}) is True
        assert [e["name"] for e in cards_web.catalog_entries("item")] == ["test shiv"]
        assert cards_web.remember("tome", {"name": "Test Tome", "text": "made-up text"}) is True
        assert cards_web.remember("tome", "TEST TOME") is True
        assert cards_web.catalog_entries("tome") == [{"name": "TEST TOME", "text": "made-up text"}]
        assert cards_web.remember("goon", {"name": "Test Goon", "type": "dragon"}) is False
        assert cards_web.remember("dragon", "Test") is False
        assert cards_web.lookup("goon", "Test Goon") is None
