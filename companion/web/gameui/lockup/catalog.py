"""Lockup card catalog pages: list by kind, add/edit/delete one card face, export and import (box-profile.md).

Pages of the ``lockup_cards`` blueprint (server device only). Card faces are validated by the
engine's parsers (through ``catalog`` and ``card_forms``); a wrong field is named and nothing
stored is lost. The helpers other views call live in ``.cards``.
"""

from __future__ import annotations

import json

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.core import jsonin
from companion.core.errors import InputError
from companion.core.problems import problems_of
from companion.games.lockup import catalog
from companion.games.lockup.card_forms import COST_KEYS, entry_form_values, entry_from_form
from companion.games.lockup.model import GOON_TYPES, RESOURCES, TREASURES
from companion.web import i18n
from companion.web.gameui.lockup import forms, notation
from companion.web.gameui.lockup.cards import bp, catalog_document, read_upload_or_text, safe_next, save_catalog
from companion.web.gameui.lockup.import_words import catalog_problems, problem
from companion.web.gameui.lockup.words import field_id, field_label, words


@bp.get("/catalog")
def catalog_page():
    """The cards of one kind (``?kind=``), and the form to add one or edit ``?edit=<name>``."""
    kind = _kind(request.args.get("kind", "item"))
    editing = catalog.lookup(catalog_document(), kind, request.args.get("edit"))
    return _page(kind, entry_form_values(kind, editing), original=editing["name"] if editing else None)


@bp.post("/catalog")
def save_entry():
    """Add a card face, or replace the one being edited (renaming drops the old name)."""
    # "entry_kind" (item, goon...) is apart from a goal's own "kind" field (leader, instant, end_game).
    kind = _kind(request.form.get("entry_kind"), "entry_kind")
    form = {k: v for k, v in request.form.items() if k not in ("csrf_token", "entry_kind")}
    original = form.get("original") or None
    try:
        entry = entry_from_form(kind, form)
    except InputError as exc:
        errors = {field: problem(message, field) for field, message in problems_of(exc)}  # every wrong field at once
        return _page(kind, form, errors=errors, original=original, status=422)
    doc = catalog_document()
    if original and catalog.name_key(original) != catalog.name_key(entry["name"]):
        doc = catalog.remove(doc, kind, original)
    save_catalog(catalog.merge(doc, kind, entry))
    return redirect(url_for("lockup_cards.catalog_page", kind=kind, saved=entry["name"]) + "#entries", 303)


@bp.post("/catalog/delete")
def delete_entry():
    """Forget one card face (a typo, a card from another box)."""
    kind = _kind(request.form.get("entry_kind"), "entry_kind")
    name = request.form.get("name", "")
    save_catalog(catalog.remove(catalog_document(), kind, name))
    return redirect(url_for("lockup_cards.catalog_page", kind=kind, deleted=name) + "#entries", 303)


@bp.get("/catalog.json")
def export_catalog():
    """The whole catalog as one JSON file."""
    body = json.dumps(catalog_document(), indent=2, ensure_ascii=False) + "\n"
    headers = {"Content-Disposition": 'attachment; filename="lockup-catalog.json"'}
    return body, 200, {"Content-Type": "application/json; charset=utf-8", **headers}


@bp.post("/catalog/import")
def import_catalog():
    """Merge an uploaded (or pasted) catalog into the stored one; its spellings win. A bad file changes nothing."""
    kind = _kind(request.args.get("kind", "item"))
    text = request.form.get("text", "")
    count, problems = import_upload_or_text(text)
    if problems:
        return _page(kind, {}, import_errors=problems, import_text=text, status=422)
    back = safe_next(request.args.get("next"))  # where the import was started from, if not here
    return redirect(back or url_for("lockup_cards.catalog_page", kind=kind, imported=count), 303)


def import_upload_or_text(text: str) -> tuple[int, list[str]]:
    """Merge the uploaded ``file`` (or the pasted ``text``) into the stored catalog, its spellings
    winning: (how many cards, []); or (0, every problem in words) with nothing changed. The
    catalog page and a new game's card step import alike."""
    raw = None  # the parsed document, to name its cards in the problems
    try:
        raw = jsonin.parse_json(read_upload_or_text(text), "file")
        imported = catalog.parse_catalog(raw)
    except InputError as exc:
        return 0, catalog_problems(exc, raw)
    save_catalog(catalog.merge_all(catalog_document(), imported))
    return sum(len(catalog.entries(imported, k)) for k in catalog.KINDS), []


@bp.get("/card-words")
def card_words():
    """A typed card line (``Name: 2 iron, 3 reputation``, the name field's only value) in words, or
    its problem: the new-game page repeats it under the field (htmx). A name alone says the
    catalog's facts of it, if any."""
    kind = request.args.get("kind")
    if kind not in ("item", "goon", *GOAL_SLOTS):
        abort(400, _("%(field)s: must be one of %(kinds)s", field="kind", kinds="item, goon, " + ", ".join(GOAL_SLOTS)))
    raw = next((v for k, v in request.args.items() if k.endswith("name")), "").strip()
    face, problem = _read_line(kind, raw)
    return render_template("lockup_cards/_echo.html", kind="goal" if kind in GOAL_SLOTS else kind, face=face,
                           problem=problem, w=words())


GOAL_SLOTS = ("leader", "instant", "end_game")


def _read_line(kind: str, raw: str) -> tuple[dict | None, str | None]:
    """(the card's face, or None; the first problem in words, or None) of a typed name field."""
    if not raw:
        return None, None
    known = catalog.lookup(catalog_document(), "goal" if kind in GOAL_SLOTS else kind, raw)
    if known or notation.split(raw)[1] is None:  # a name alone: what the catalog holds, if anything
        return known, None
    form = {"card-name": raw}
    try:
        if kind in GOAL_SLOTS:
            return forms.goal_face(form, "card-", "card", kind), None
        return (forms.item_face if kind == "item" else forms.goon_face)(form, "card-", "card"), None
    except InputError as exc:  # the first problem is enough under one field
        path, message = problems_of(exc)[0]
        field = path.partition(".")[2]
        said = i18n.text(message)
        return None, said if field == "name" else _("%(field)s: %(problem)s", field=field_label(field), problem=said)


def _kind(value, field: str = "kind") -> str:
    if value not in catalog.KINDS:
        abort(400, _("%(field)s: must be one of %(kinds)s", field=field, kinds=", ".join(catalog.KINDS)))
    return value


def _page(kind: str, values: dict, errors: dict | None = None, status: int = 200, **extra):
    doc, w = catalog_document(), words()
    html = render_template(
        "lockup_cards/catalog.html", kind=kind, kinds=catalog.KINDS, doc=doc,
        counts={k: len(catalog.entries(doc, k)) for k in catalog.KINDS}, entries=catalog.entries(doc, kind),
        values=values, errors=errors or {}, args=request.args, w=w, field_label=field_label, field_id=field_id,
        cost_keys=COST_KEYS, treasures=TREASURES, resource_words={r: w["resource"][r] for r in RESOURCES},
        effect_words=w["effect"],  # words only: a drop-down's option takes no link; the rule id is by its label
        counts_words={**w["treasure"], **{g: w["goon"][g] for g in GOON_TYPES}}, **extra,
    )
    return html, status
