"""Effects on items and goons (L-E1..L-E8) and the guards' versions (L-SO10, I-10).

Automatic effects become events at once; the two that need a choice (L-E3 give suspicion,
L-E7 exchange) are queued with ``effect-queued`` and answered by the ``effect`` command.
"""

from __future__ import annotations

from companion.core.errors import RuleViolation
from companion.core.i18n import T
from companion.games.lockup import commands as cmd
from companion.games.lockup import events as E
from companion.games.lockup import terms
from companion.games.lockup.flow import Batch, check_pay_owned, gain, reputation, resources_total
from companion.games.lockup.model import EFFECTS, GUARDS, RESOURCES


def apply_effect(b: Batch, seat: str, code: str | None, resource: str | None, source: str) -> None:
    """Apply one card effect for ``seat`` at once (L-E); ``source`` names the card."""
    if code is None:
        return
    why = T("%(effect)s (%(source)s)", effect=EFFECTS[code], source=source)
    me = b.state.seats[seat]
    guards = seat == GUARDS
    if code == "L-E1":
        gain(b, seat, {resource: 1}, code, why)
    elif code == "L-E2" and me.suspicion:
        b.add(E.CubesMoved(f"seat:{seat}", "supply", {"suspicion": 1}, code, why))
    elif code == "L-E3" and me.suspicion:
        if guards:  # I-10: the guards give one of theirs to the player
            player = next(n for n in b.state.seating if n != GUARDS)
            b.add(E.CubesMoved(f"seat:{seat}", f"seat:{player}", {"suspicion": 1}, code, why))
        else:
            b.add(E.EffectQueued(seat, code, source))
    elif code == "L-E4":
        gain(b, seat, {"power": 1}, code, why)
    elif code in ("L-E5", "L-E8"):
        if guards:  # L-SO10: a tome for the guards is +1 reputation
            reputation(b, seat, 1, "L-SO10", T("%(why)s: the guards take 1 reputation instead", why=why))
        else:
            b.add(E.CounterChanged(seat, "tomes", 1, code, why))
    elif code == "L-E6" and not guards:  # L-SO10: storage +1 does nothing for the guards
        b.add(E.CounterChanged(seat, "storage_limit", 1, code, why))
    elif code == "L-E7" and resources_total(b.state, seat):
        b.add(E.EffectQueued(seat, code, source))


def decide_effect(b: Batch, command: cmd.Effect) -> None:
    """Answer the first queued effect: L-E3 ``target``, L-E7 ``give``/``take``, or ``skip``."""
    seat, code, source = b.state.effects[0]
    why = T("%(effect)s (%(source)s)", effect=EFFECTS[code], source=source)
    if command.skip:
        b.add(E.EffectResolved(seat, code, "skipped"))
        return
    if code == "L-E3":
        if not b.state.seats[seat].suspicion:
            raise RuleViolation(T("%(seat)s has no suspicion cube to give", seat=seat), "L-E3")
        target = command.target
        if target not in b.state.seats or target == seat:
            raise RuleViolation(T("Choose another player to give the suspicion cube to"), "L-E3")
        b.add(E.CubesMoved(f"seat:{seat}", f"seat:{target}", {"suspicion": 1}, code, why))
    else:
        exchange(b, seat, command.give, command.take, 1, code, why, different=True)
    b.add(E.EffectResolved(seat, code))


def still_possible(b: Batch) -> bool:
    """Whether the first queued effect can still be done (an earlier one may have used the cube)."""
    seat, code, _ = b.state.effects[0]
    if code == "L-E3":
        return b.state.seats[seat].suspicion > 0
    return can_exchange(b, seat, 1, different=True)


def exchange(b: Batch, seat: str, give: dict | None, take: str | None, count: int, rule: str, why: str,
             different: bool) -> None:
    """Give ``count`` own resources, take 1 of ``take`` from the supply (L-E7, L-R5)."""
    give = give or {}
    if take not in RESOURCES:
        raise RuleViolation(T("Choose a resource to take"), rule)
    if sum(give.values()) != count:
        raise RuleViolation(T("Give exactly %(count)s of your resources", count=count), rule)
    check_pay_owned(b.state, seat, give, rule)
    if different and give.get(take):
        raise RuleViolation(T("Take a resource of a different type than the one you give"), rule)
    if b.state.supply.get(take, 0) + give.get(take, 0) < 1:
        raise RuleViolation(T("The supply has no %(resource)s left", resource=terms.quantity(take)), "L-C3")
    b.add(E.CubesMoved(f"seat:{seat}", "supply", {r: n for r, n in give.items() if n}, rule, why))
    gain(b, seat, {take: 1}, rule, why)


def can_exchange(b: Batch, seat: str, count: int, different: bool) -> bool:
    """Is an exchange of ``count`` own resources for 1 from the supply possible at all?"""
    have = b.state.seats[seat].resources
    if sum(have.values()) < count:
        return False
    owned = {r for r, n in have.items() if n}
    for take in RESOURCES:
        if b.state.supply.get(take, 0) > 0 and (not different or owned - {take}):
            return True
    return False
