"""The hash chain that lets an exported file prove it is whole and unedited.

Every event line carries ``digest`` = SHA-256 of the previous line's digest and the line's own
content (its JSON with sorted keys, without ``digest``); the first line chains from
:data:`GENESIS`. The file ends with a closing line ``{"end": "companion-export", "format": 2,
"count": N, "digest": <last digest>}``. Editing a line breaks its digest, moving lines breaks the
chain at the first moved one, and dropping lines breaks the count or loses the closing line.

Format 2 (issue 20) carries each command: the first line of each command's run of events has
``"command"``, the command's JSON. A file without ``format`` (format 1, before issue 20) has no
commands, so nothing can decide them again: it is refused as unverifiable.

The chain is not a signature: it proves a file is the one that was exported, unless whoever
changed it also recomputed every digest. Imports therefore decide every command again through
the game's rules and refuse any event the rules do not produce. A closing line may also carry
``signature``, an HMAC of the last digest with the exporting instance's secret: only that
instance can make it, so it tells "made by this device" apart from "valid".
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

GENESIS = hashlib.sha256(b"companion export chain v1").hexdigest()
END = "companion-export"
DIGEST = "digest"
FORMAT = 2  # the export format written; 1: before commands were exported (no ``format`` key)
SIGNATURE = "signature"


def canonical(content: dict[str, Any]) -> bytes:
    """The bytes a digest covers: sorted keys, no spaces, ASCII escapes (whitespace and key
    order of a file do not matter; its content does)."""
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def link(previous: str, content: dict[str, Any]) -> str:
    """The digest of a line whose content is ``content``, following ``previous``."""
    body = {k: v for k, v in content.items() if k != DIGEST}
    return hashlib.sha256(previous.encode("ascii") + b"\n" + canonical(body)).hexdigest()


def closing(count: int, last: str, secret: str | None = None) -> dict[str, Any]:
    """The closing line of a file of ``count`` event lines whose last digest is ``last``
    (signed when the exporting instance's ``secret`` is given)."""
    line: dict[str, Any] = {"end": END, "format": FORMAT, "count": count, DIGEST: last}
    if secret:
        line[SIGNATURE] = sign(secret, last)
    return line


def sign(secret: str, last: str) -> str:
    """The HMAC-SHA256 of a file's format and last digest under an instance's secret."""
    return hmac.new(secret.encode(), f"companion export {FORMAT}\n{last}".encode(), hashlib.sha256).hexdigest()


def signed_by(secret: str | None, value: dict[str, Any]) -> bool:
    """Whether a closing line carries the signature ``secret`` makes (constant-time check)."""
    found = value.get(SIGNATURE)
    if not secret or not isinstance(found, str) or not isinstance(value.get(DIGEST), str):
        return False
    return hmac.compare_digest(found, sign(secret, value[DIGEST]))


def is_closing(value: Any) -> bool:
    """Whether a parsed line is a closing line."""
    return isinstance(value, dict) and value.get("end") == END
