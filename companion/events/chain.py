"""The hash chain that lets an exported file prove it is whole and unedited.

Every event line carries ``digest`` = SHA-256 of the previous line's digest and the line's own
content (its JSON with sorted keys, without ``digest``); the first line chains from
:data:`GENESIS`. The file ends with a closing line ``{"end": "companion-export", "count": N,
"digest": <last digest>}``. Editing a line breaks its digest, moving lines breaks the chain at
the first moved one, and dropping lines breaks the count or loses the closing line.

The chain is not a signature: it proves a file is the one that was exported, unless whoever
changed it also recomputed every digest. Imports also replay the log through the game's rules,
which refuses what the rules cannot produce.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS = hashlib.sha256(b"companion export chain v1").hexdigest()
END = "companion-export"
DIGEST = "digest"


def canonical(content: dict[str, Any]) -> bytes:
    """The bytes a digest covers: sorted keys, no spaces, ASCII escapes (whitespace and key
    order of a file do not matter; its content does)."""
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def link(previous: str, content: dict[str, Any]) -> str:
    """The digest of a line whose content is ``content``, following ``previous``."""
    body = {k: v for k, v in content.items() if k != DIGEST}
    return hashlib.sha256(previous.encode("ascii") + b"\n" + canonical(body)).hexdigest()


def closing(count: int, last: str) -> dict[str, Any]:
    """The closing line of a file of ``count`` event lines whose last digest is ``last``."""
    return {"end": END, "count": count, DIGEST: last}


def is_closing(value: Any) -> bool:
    """Whether a parsed line is a closing line."""
    return isinstance(value, dict) and value.get("end") == END
