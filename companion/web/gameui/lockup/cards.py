"""Lockup box profile pages and the helpers other Lockup views call (box-profile.md, issues 4 and 5).

The box profile (crew tile numbers, the 22 guard values, the special yellow and red card) is a
device-wide setting, entered on the server device the first time a game needs it, exportable as
JSON and as a QR code. Nothing is shipped: without a stored profile the form is empty.

Public helpers: :func:`get_profile`, :func:`require_profile`; the catalog helpers
:func:`catalog_entries`, :func:`lookup` and :func:`remember` live here too (pages in
``.catalog``). Every page of this blueprint answers 403 to other devices (host only).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from flask_htmx.responses import make_response

from companion.core.errors import InputError
from companion.games.lockup import catalog
from companion.games.lockup.box_profile import (
    GUARD_COLOURS,
    SPECIAL_COLOURS,
    from_json,
    parse_profile,
    to_dict,
    to_json,
)
from companion.games.lockup.card_forms import guard_field, profile_form_values, profile_from_form
from companion.games.lockup.cards import card_doc
from companion.web import access
from companion.web.access import is_local, require_host
from companion.web.base import error_page, get_store, htmx
from companion.web.gameui.lockup import share
from companion.web.gameui.lockup.import_words import profile_problems
from companion.web.gameui.lockup.words import field_id, field_label, words
from companion.web.qr import PHOTO_MAX_BYTES, read_photo, svg, too_large_message
from companion.web.registry import register_blueprint, register_settings_link

PROFILE_KEY = "lockup-box-profile"
CATALOG_KEY = "lockup-catalog"

bp = register_blueprint(Blueprint("lockup_cards", __name__, url_prefix="/lockup"))
# The share link's answer is read by another companion's server on the LAN (.share): not host-only.
shared_bp = register_blueprint(Blueprint("lockup_share", __name__, url_prefix="/lockup"))
register_settings_link(lazy_gettext("Lockup box profile"), "lockup_cards.box_profile")
register_settings_link(lazy_gettext("Lockup card catalog"), "lockup_cards.catalog_page")


# Settings are changed and shown on the host device only; others get a 403 page saying so.
bp.before_request(require_host)


@bp.url_value_preprocessor
def _photo_upload_limit(endpoint: str | None, _values: dict | None) -> None:
    # A phone camera's photo of a QR code is larger than the app-wide cap on request bodies, so the
    # host's profile import takes more. Set here because this hook runs before every before_request
    # (the CSRF check reads the form there); 64 KiB more for the form's other fields.
    if endpoint == "lockup_cards.import_box_profile" and is_local():
        request.max_content_length = PHOTO_MAX_BYTES + 64 * 1024


@bp.errorhandler(413)
def _too_large(exc):
    """A body over the limit: on the profile import, the form again naming the photo; elsewhere the usual page."""
    if request.endpoint != "lockup_cards.import_box_profile" or not is_local():
        return error_page(413, _("What was sent is too large."))
    message = _("%(field)s: %(problem)s", field=profile_field("photo"), problem=too_large_message())
    return _profile_page(get_profile(), profile_form_values(get_profile()), import_error=message, status=413)


# --- public helpers ----------------------------------------------------------------------------


def get_profile() -> dict | None:
    """The stored box profile document (``box-profile.md`` format), or ``None`` before it is entered."""
    doc = get_store().get_setting(PROFILE_KEY)
    if doc is None:
        return None
    try:
        return to_dict(parse_profile(doc))
    except InputError:  # a damaged setting is treated as missing: the table is asked again
        current_app.logger.warning("stored Lockup box profile is invalid; asking for it again")
        return None


def has_profile(solo: bool = False) -> bool:
    """Whether the stored profile has what a game needs: the crew tiles, and for solo the guard cards."""
    doc = get_profile()
    return doc is not None and (not solo or "guard_cards" in doc)


def require_profile(next_url: str, solo: bool = False) -> Response | None:
    """``None`` when the stored profile has what the game needs; otherwise the response sending the
    table to the form.

    A multiplayer game needs only the crew tiles; a solo game also the guard cards (L-SO2, L-SO9).
    The form comes back to ``next_url`` once saved. htmx requests get an ``HX-Redirect``; other
    devices, which may not see the settings, get a page saying where to enter it.
    """
    if has_profile(solo):
        return None
    if not is_local():
        message = (_("A solo game needs the guard cards of the Lockup box profile. Enter them on the device "
                     "running the companion.") if solo else
                   _("This game needs the Lockup box profile. Enter it on the device running the companion."))
        return Response(render_template("errors/error.html", code=409, message=message), 409)
    target = url_for("lockup_cards.box_profile", next=safe_next(next_url), solo=1 if solo else None)
    if htmx:
        return make_response("", 200, redirect=target)
    return redirect(target, 303)


def catalog_document() -> dict:
    """The stored catalog document (empty before the first card is entered), read once per request."""
    text = _catalog_text()
    return {**catalog.empty(), **(json.loads(text) if text else {})}


def _catalog_text() -> str | None:
    # A plain per-request cache: the parsers, the catalog write and the answer's panel read it once.
    if "lockup_catalog" not in g:
        g.lockup_catalog = get_store().setting_text(CATALOG_KEY)
    return g.lockup_catalog


def catalog_entries(kind: str) -> list[dict]:
    """Known cards of ``kind`` (item, goon, goal, trait, tome), sorted by name: for a ``<datalist>``."""
    return catalog.entries(catalog_document(), kind)


def lookup(kind: str, name: str) -> dict | None:
    """The catalog entry of ``kind`` called ``name`` (any case), in the form the engine takes, or ``None``."""
    return catalog.lookup(catalog_document(), kind, name)


def catalog_names(kind: str) -> list[str]:
    """Names offered for autocomplete (``<datalist>``) for one kind of card."""
    return [e["name"] for e in catalog_entries(kind) if isinstance(e.get("name"), str)]


def remember_all(cards: list[tuple[str, dict]]) -> None:
    """Remember every (kind, face) entered with a command; called inside its transaction, where
    the catalog is read and written once whatever the number of cards."""
    if cards:
        _remember(cards)


def remember(kind: str, face: Any) -> bool:
    """Add or update a card face after a successful command; True if the catalog changed.

    ``face`` is a card dict, an engine ``Item``/``Goon``/``Goal``, or a trait/tome name. A trait or
    tome given without text keeps the text already stored. Never raises: remembering is a
    convenience, and must not turn a command that was recorded into an error page.
    """
    return _remember([(kind, face)])


def _remember(cards: list[tuple[str, Any]]) -> bool:
    changed = False

    def merge(stored: dict | None) -> dict:
        # Runs inside one BEGIN IMMEDIATE: two phones entering cards at once lose nothing.
        nonlocal changed
        doc = before = {**catalog.empty(), **(stored or {})}
        for kind, face in cards:
            doc = catalog.merge(doc, kind, _face_doc(kind, face, doc))
        changed = doc != before
        return doc

    try:
        doc = get_store().update_setting(CATALOG_KEY, merge, seen=_catalog_text())
        g.lockup_catalog = json.dumps(doc, ensure_ascii=False)  # what this request wrote (or found)
        return changed
    except Exception:  # noqa: BLE001 - see remember's docstring; the cause is logged
        current_app.logger.exception("could not remember Lockup cards in the catalog: %s",
                                     ", ".join(kind for kind, _face in cards))
    return False


def save_catalog(doc: dict) -> None:
    """Store a (validated) catalog document."""
    get_store().put_setting(CATALOG_KEY, doc)
    g.pop("lockup_catalog", None)


safe_next = access.safe_next  # one vetting of redirect targets for the whole app


def _face_doc(kind: str, face: Any, doc: dict) -> dict:
    if isinstance(face, str):
        face = {"name": face}
    elif not isinstance(face, dict):
        face = card_doc(face)
    if kind in ("trait", "tome") and "text" not in face:
        known = catalog.lookup(doc, kind, face.get("name"))
        face = {**face, "text": known["text"] if known else ""}
    return face


# --- box profile pages -------------------------------------------------------------------------


@bp.get("/box-profile")
def box_profile():
    """The box profile form (empty until the table fills it in), with export, QR and import."""
    stored = get_profile()
    return _profile_page(stored, profile_form_values(stored))


@bp.post("/box-profile")
def save_box_profile():
    """Save the typed profile; every wrong field is named and nothing stored is lost."""
    form = {k: v for k, v in request.form.items() if k != "csrf_token"}
    doc, errors = profile_from_form(form)
    if not errors and request.args.get("solo") == "1" and "guard_cards" not in doc:
        # Sent here to start a solo game: the guard cards are what it needs (L-SO2).
        first = "guard_cards.blue" if "guard_cards.blue" in form else guard_field("blue", 0)  # its row, if typed so
        errors = {first: _("a solo game needs the guard cards: type the value of every card")}
    if errors:
        return _profile_page(get_profile(), form, errors=errors, status=422)
    get_store().put_setting(PROFILE_KEY, doc)
    return _after_save()


@bp.get("/box-profile.json")
def export_box_profile():
    """The stored profile as a JSON file download."""
    doc = _stored_or_404()
    headers = {"Content-Disposition": 'attachment; filename="lockup-box-profile.json"'}
    return Response(json.dumps(doc, indent=2) + "\n", mimetype="application/json", headers=headers)


@bp.get("/box-profile/qr.svg")
def box_profile_qr():
    """A QR code of the compact profile JSON, to paste into another device's import form."""
    doc = _stored_or_404()
    return Response(svg(to_json(parse_profile(doc))), mimetype="image/svg+xml")


@bp.get("/box-profile/share-qr.svg")
def share_qr():
    """A QR code of this device's set-up link (:mod:`.share`), for another companion's import."""
    _stored_or_404()
    return Response(svg(share.link()), mimetype="image/svg+xml")


@bp.post("/box-profile/import")
def import_box_profile():
    """Import a profile from a photo of its QR code, an uploaded file or pasted text, or with the
    catalog from another companion's share link (photographed or pasted); a bad document changes nothing."""
    text = request.form.get("text", "")
    try:
        source = photo_text() or read_upload_or_text(text)
        shared = share.fetch(source) if share.is_link(source) else None
        doc = to_dict(parse_profile(shared["box_profile"]) if shared else from_json(source))
        imported = catalog.parse_catalog(shared.get("catalog") or catalog.empty(), "catalog") if shared else None
    except InputError as exc:  # every problem at once, in words
        return _profile_page(get_profile(), profile_form_values(get_profile()),
                             import_errors=profile_problems(exc, profile_field), import_text=text, status=422)
    get_store().put_setting(PROFILE_KEY, doc)
    if imported is not None:  # the other companion's catalog too: its spellings win, as a catalog import's
        save_catalog(catalog.merge_all(catalog_document(), imported))
    return _after_save()


@shared_bp.get("/shared/<token>.json")
def shared_setup(token: str):
    """This device's box profile and card catalog for another companion's import (set-up from
    another companion, :mod:`.share`): any device on the LAN with the link; 404 without it."""
    if not share.matches(token):
        abort(404)
    body = {"game": "lockup", "box_profile": get_profile(), "catalog": catalog_document()}
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/json")


def profile_field(path: str) -> str:
    """A box-profile JSON path in the player's words: ``guard_cards.blue[2]`` → "Blue guard card 3"."""
    w = words()
    head, _dot, tail = path.partition(".")
    if head == "guard_cards" and tail in w["colour"]:
        return _("%(colour)s guard cards", colour=w["colour"][tail])
    wholes = {"guard_cards": _("Guard cards"), "special_guard": _("Special cards"), "game": _("Game"),
              "input": _("Document"), "photo": _("Photo of the QR code"), "link": _("Set-up link")}
    return wholes.get(path) or field_label(path)


def photo_text() -> str | None:
    """The text of the QR code in the chosen ``photo`` (a photo or screenshot of another device's box
    profile code), or ``None`` when no picture was chosen. It then takes the pasted text's path."""
    chosen = [upload for upload in request.files.getlist("photo") if upload.filename]
    if not chosen:
        return None
    text = read_photo(chosen[0].read(PHOTO_MAX_BYTES + 1), "photo")
    if not text.lstrip().startswith("{") and not share.is_link(text):  # a game's join link, a web address…
        raise InputError("photo", _("the QR code in this picture is not a box profile: photograph the code on "
                                    "the box profile page of the other device"))
    return text


def read_upload_or_text(text: str) -> str:
    """The uploaded ``file`` as text if one was chosen, else the pasted ``text`` (InputError if neither)."""
    upload = request.files.get("file")
    if upload is not None and upload.filename:
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InputError("file", _("not UTF-8 text")) from None
    if not text.strip():
        raise InputError("file", _("choose a JSON file or paste its text"))
    return text


def _stored_or_404() -> dict:
    doc = get_profile()
    if doc is None:
        abort(404, _("No box profile is stored yet."))
    return doc


def _after_save():
    nxt = safe_next(request.args.get("next"))
    return redirect(nxt or url_for("lockup_cards.box_profile", saved=1), 303)


def _profile_page(stored: dict | None, values: dict, errors: dict | None = None, status: int = 200, **extra):
    html = render_template(
        "lockup_cards/box_profile.html", stored=stored, values=values, errors=errors or {},
        next=safe_next(request.args.get("next")), saved=request.args.get("saved") == "1",
        solo=request.args.get("solo") == "1",
        qr_text=to_json(parse_profile(stored)) if stored else "", w=words(),
        share_link=share.link() if stored else "", field_label=profile_field,
        field_id=field_id, colours=GUARD_COLOURS.items(), special_colours=SPECIAL_COLOURS, **extra,
    )
    return html, status
