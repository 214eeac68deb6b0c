"""Set-up from another companion (issue 23: first-time set-up halved).

A device that holds the Lockup box profile and card catalog offers both at one link on the LAN,
shown as a QR code on its box profile page. A new host's profile import takes that link (a photo
of the code, or the address pasted) and its server reads both documents from the other server:
the table needs no internet, only the same Wi-Fi. The link carries an unguessable token (made the
first time the page shows it), so only who sees the host's screen can read the documents.

The route that answers the link is in :mod:`.cards` (it reads the stored documents); this module
holds the token, the link's shape and the read from the other server.
"""

from __future__ import annotations

import secrets
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from flask_babel import gettext as _

from companion.core import jsonin
from companion.core.errors import InputError
from companion.web import qr
from companion.web.base import get_store

TOKEN_KEY = "lockup-share-token"
PATH = "/lockup/shared/"  # + token + ".json": the route in .cards
MAX_BYTES = 1 << 20  # a whole catalog is far smaller; more is not a companion's answer
TIMEOUT_SECONDS = 5


def token(create: bool = True) -> str | None:
    """This device's share token (made and stored on first use when ``create``)."""
    stored = get_store().get_setting(TOKEN_KEY)
    if isinstance(stored, dict) and isinstance(stored.get("token"), str):
        return stored["token"]
    if not create:
        return None
    made = secrets.token_urlsafe(18)
    get_store().put_setting(TOKEN_KEY, {"token": made})
    return made


def link() -> str:
    """This device's share link, at the address other devices reach it by (the LAN's)."""
    return qr.base_url() + PATH.lstrip("/") + f"{token()}.json"


def matches(given: str) -> bool:
    """Whether ``given`` is this device's share token (compared in constant time)."""
    stored = token(create=False)
    return stored is not None and secrets.compare_digest(given.encode(), stored.encode())


def is_link(text: str) -> bool:
    """Whether an import's text (pasted, or read from a photo) is another companion's share link."""
    parts = urlsplit(text.strip())
    return parts.scheme in ("http", "https") and bool(parts.hostname) and parts.path.startswith(PATH)


def _read(link: str) -> bytes:
    """The body at ``link`` (at most ``MAX_BYTES`` + 1 bytes); tests replace it."""
    with urllib.request.urlopen(link, timeout=TIMEOUT_SECONDS) as answer:  # noqa: S310 - is_link: http(s) only
        return answer.read(MAX_BYTES + 1)


def fetch(link: str) -> dict[str, Any]:
    """The other companion's ``{"box_profile", "catalog"}`` document, unchecked (the caller's
    parsers check it); :class:`InputError` on ``link`` in words when it cannot be read."""
    try:
        body = _read(link.strip())
    except (OSError, ValueError):
        raise InputError("link", _("the other companion did not answer at this address: check that it is running "
                                   "and on the same Wi-Fi, then try again")) from None
    if len(body) > MAX_BYTES:
        raise InputError("link", _("the answer at this address is too large to be a companion’s set-up"))
    doc = jsonin.parse_json(body.decode("utf-8", "replace"), "link")
    if not isinstance(doc, dict) or doc.get("game") != "lockup" or not isinstance(doc.get("box_profile"), dict):
        raise InputError("link", _("the other companion has no Lockup box profile to share yet"))
    return doc
