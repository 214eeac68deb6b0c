"""A card's printed facts on one line after its name (issue 23, ``docs/box-profile.md``): the
line is read into the same fields as the printed-facts form, so one reading checks both; a word
it does not know, a count with no word and a missing fact are refused in words naming the card
and the part. Every card and value is made up."""

from __future__ import annotations

import html
import json
import re

import pytest
import support

from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.web import get_store
from companion.web.gameui.lockup import forms
from tests.web.test_lockup_card_entry_web import next_to, to_goon_refill, to_item_refill


@pytest.fixture
def ctx(app):
    with app.test_request_context():
        yield


def item(line: str) -> dict:
    return forms.item_face({"item0-name": line}, "item0-", "display[0]")


def refused(read, *args) -> list[tuple[str, str]]:
    with pytest.raises(InputError) as caught:
        read(*args)
    return [(path, str(message)) for path, message in problems_of(caught.value)]


def test_an_item_on_one_line_is_the_same_face_as_its_fields(ctx):
    face = item("Made-up Helmet: 2 iron 1 gold, 3 reputation, 1 gem")
    fields = {"item0-name": "Made-up Helmet", "item0-cost_iron": "2", "item0-cost_gold": "1",
              "item0-reputation": "3", "item0-t_gem": "1"}
    assert face == forms.item_face(fields, "item0-", "display[0]")
    assert face["cost"] == {"iron": 2, "gold": 1} and face["reputation"] == 3 and face["treasures"] == ["gem"]


def test_plurals_any_case_an_effect_and_the_resource_it_shows_L_E1(ctx):
    face = item("Made-up Lamp: 1 ANY 2 rep 2 Shields E1 potion")
    assert face["cost"] == {"any": 1} and face["reputation"] == 2 and face["treasures"] == ["shield", "shield"]
    assert (face["effect"], face["effect_resource"]) == ("L-E1", "potion")


def test_a_goon_and_the_goals_on_one_line(ctx):
    goon = forms.goon_face({"goon-sewers-name": "Made-up Goon: dwarf 2 suspicion magic"}, "goon-sewers-",
                           "goons.sewers")
    assert (goon["type"], goon["suspicion"], goon["treasures"]) == ("dwarf", 2, ["magic"])
    bandit = forms.goon_face({"goon-sewers-name": "Made-up Bandit: bandit iron"}, "goon-sewers-", "goons.sewers")
    assert bandit["resource"] == "iron"  # L-P4: a Bandit's resource
    leader = forms.goal_face({"goal-leader-name": "Made-up Leader: 2 mindflayers"}, "goal-leader-",
                             "goals.leader", "leader")
    assert (leader["counts"], leader["minimum"]) == ("mindflayer", 2)
    end = forms.goal_face({"goal-end-name": "Made-up End: gem"}, "goal-end-", "goals.end_game", "end_game")
    assert end["treasure"] == "gem"
    instant = forms.goal_face({"goal-instant-name": "Made-up Instant: 3 stars"}, "goal-instant-",
                              "goals.instant", "instant")
    assert instant["stars"] == 3


@pytest.mark.parametrize(("line", "words"), [
    ("Made-up Helmet: 2 irn, 3 reputation", "Made-up Helmet: “irn” is not a printed fact; write a resource"),
    ("Made-up Helmet: 2 iron 3", "Made-up Helmet: “3” has no word after it (3 of what?)"),
    ("Made-up Helmet: 2 iron", "Made-up Helmet: the reputation (for example “3 reputation”) is missing"),
    ("Made-up Helmet: 2 iron 1 dwarf 3 rep", "Made-up Helmet: “dwarf” is not a printed fact"),
    (": 2 iron 3 rep", "this card: the name goes before the colon"),
    ("Made-up Helmet:", "Made-up Helmet: nothing follows the colon"),
])
def test_a_bad_line_is_refused_in_words_on_the_name_field(ctx, line, words):
    problems = refused(item, line)
    assert [path for path, _w in problems] == ["display[0].name"]
    assert problems[0][1].startswith(words), problems


def test_a_goon_needs_its_type_and_a_leader_goal_one_fact(ctx):
    problems = refused(forms.goon_face, {"goon-sewers-name": "Made-up Goon: 2 suspicion"}, "goon-sewers-",
                       "goons.sewers")
    assert problems == [("goons.sewers.name", "Made-up Goon: the goon type (for example “dwarf”) is missing after "
                                              "the colon")]
    problems = refused(forms.goal_face, {"goal-leader-name": "Made-up Leader: 3 stars"}, "goal-leader-",
                       "goals.leader", "leader")
    assert problems[0][0] == "goals.leader.name" and "“3 stars” is not a printed fact" in problems[0][1]


def test_a_name_alone_is_read_as_before(ctx):
    problems = refused(item, "Made-up Unknown Helmet")
    assert ("display[0].reputation", "is required") in problems


# --- on the new game's card step -----------------------------------------------------------------


def _cards_step(app, client) -> str:
    with app.app_context():
        get_store().put_setting("lockup-box-profile", support.made_up_profile())
    return "/lockup/new/cards?mode=standard&name-0=Ana&name-1=Ben"


def test_the_card_step_explains_the_line_and_repeats_a_typed_one_in_words(app, client):
    page = client.get(_cards_step(app, client)).get_data(as_text=True)
    assert 'id="notation-help"' in page and "“Name: 2 iron 1 gold, 3 reputation, 1 gem”" in page
    assert 'hx-get="/lockup/card-words?kind=item"' in page and 'hx-target="#item0-echo"' in page
    said = echo(client, "item", "item0-name", "Made-up Helmet: 2 iron 1 gold, 3 rep, 1 gem")
    assert said == "Reads as: Made-up Helmet — Cost: 2 iron, 1 gold · 3 reputation · gem", said
    wrong = echo(client, "goon", "goon-sewers-name", "Made-up Goon: dwraf")
    assert wrong.startswith("Made-up Goon: “dwraf” is not a printed fact"), wrong
    leader = echo(client, "leader", "goal-leader-name", "Made-up Leader: 2 gems")
    assert leader == "Reads as: Made-up Leader — Leader goal · most gem, at least 2", leader
    assert echo(client, "item", "item0-name", "Unknown") == ""  # a name alone the catalog does not know
    assert client.get("/lockup/card-words?kind=tome").status_code == 400


def test_a_catalog_is_imported_right_on_the_card_step_and_back_to_it(app, client):
    url = _cards_step(app, client)
    page = client.get(url).get_data(as_text=True)
    assert 'id="import-catalog"' in page and 'enctype="multipart/form-data"' in page
    doc = {"items": [{"name": "Made-up Helmet", "cost": {"iron": 2}, "reputation": 3}]}
    action = html.unescape(re.search(r'id="import-catalog".*?<form method="post" action="([^"]+)"', page, re.S)[1])
    answer = client.post(action, data={"text": json.dumps(doc)})
    assert answer.status_code == 303 and answer.location.endswith(url)
    assert '<option value="Made-up Helmet">' in client.get(url).get_data(as_text=True)


def echo(client, kind: str, field: str, line: str) -> str:
    """What the card step repeats under a name field for ``line``, as words."""
    response = client.get("/lockup/card-words", query_string={"kind": kind, field: line})
    assert response.status_code == 200
    return support.words(response.get_data(as_text=True))


def test_a_catalogued_name_with_a_colon_of_its_own_is_a_name(app, client):
    with app.app_context():
        get_store().put_setting("lockup-catalog", {"game": "lockup", "items": [
            {"name": "Made-up Tome: Secrets", "cost": {"gold": 1}, "reputation": 2}]})
    with app.test_request_context():
        assert item("made-up tome: secrets")["cost"] == {"gold": 1}
    assert echo(client, "item", "item0-name", "Made-up Tome: Secrets").startswith("Reads as: Made-up Tome: Secrets")


def test_patrol_s_new_cards_take_the_line_too_and_refuse_it_next_to_the_name_L_P2_L_P3(app, client):
    game = to_item_refill(app)
    page = support.lockup_do(client, game, "refill-items", expect=422, **{"item0-name": "Made-up Lamp: 1 gold"})
    assert next_to(page, "item0-name").startswith("Item 2, name: Made-up Lamp: the reputation")
    support.lockup_do(client, game, "refill-items", **{"item0-name": "Made-up Lamp: 1 gold, 2 rep"})
    assert "Made-up Lamp" in [item.name for item in support.game_state(app, game).display if item]
    game = to_goon_refill(app)
    support.lockup_do(client, game, "refill-goons", **{"goon-sewers-name": "Made-up Lurker: ratfolk 1 suspicion"})
    assert support.game_state(app, game).goons["sewers"].type == "ratfolk"
