"""The location tokens the set-up draws (RG-T2): one for each conflict die (setup step 5), one
for each of the 4 demons (step 6) and, with 2 or 3 players, one for each neutral saint (the 2-3
player rules). Recorded at the start, they make "tokens left" and the RG-E1 end right from round 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core import jsonin
from companion.core.i18n import N_, T
from companion.games.ragami.rules import SAINTS, SETUP_CONFLICT_TOKENS, SETUP_DEMON_TOKENS

# Field names (also the form's): not "conflicts", which is the conflicts-resolved count.
FIELDS: tuple[str, ...] = ("conflict_tokens", "demon_tokens", "saint_tokens")
WORDS: dict[str, T] = {
    "conflict_tokens": N_("Location tokens of the conflict dice"),
    "demon_tokens": N_("Location tokens of the demons"),
    "saint_tokens": N_("Location tokens of the neutral saints"),
}


def counts(players: int) -> dict[str, int]:
    """How many tokens the set-up draws for each field with ``players`` at the table."""
    return {"conflict_tokens": SETUP_CONFLICT_TOKENS, "demon_tokens": SETUP_DEMON_TOKENS,
            "saint_tokens": SAINTS - players}  # the saints of no player's colour are neutral


def problem(players: int, drawn: Mapping[str, Sequence[int]]) -> tuple[str, T] | None:
    """The first thing wrong with a set-up draw as ``(field path, message)``, or None: a field
    with more or fewer tokens than the set-up draws, or one token drawn twice."""
    for field, count in counts(players).items():
        given = len(drawn.get(field, ()))
        if given != count:
            return field, T("the set-up draws %(count)s here, not %(given)s", count=count, given=given)
    seen: list[int] = []
    for field in FIELDS:
        for i, token in enumerate(drawn.get(field, ())):
            if token in seen:  # RG-T2: each token is drawn once
                return jsonin.join(field, i), T("token %(token)s is listed twice", token=token)
            seen.append(token)
    return None


def in_words(found: tuple[str, T]) -> T:
    """A :func:`problem` as one sentence for a person: the field in words, then what is wrong."""
    path, message = found
    return T("%(field)s: %(problem)s", field=WORDS[path.split("[")[0]], problem=message)
