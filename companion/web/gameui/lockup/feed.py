""""What just happened": the public events of the latest commands, in words, with rule ids.

Only event types listed here are described, and each description uses public facts only: a
face-down tile is counted, never named; guard-deck events (deal, shuffle, draw face down) are
never shown. An event type this module does not know is left out rather than guessed.
"""

from __future__ import annotations

from flask_babel import get_locale

from companion.core.i18n import english
from companion.games.lockup import terms
from companion.games.lockup.model import GUARDS
from companion.web import play
from companion.web.base import get_store
from companion.web.catalog import gettext as _
from companion.web.catalog import ngettext
from companion.web.gameui.lockup import words
from companion.web.i18n import text
from companion.web.lru import LRU

TAIL = 120  # events decoded from the end of the log: far more than three commands produce


def _tiles(e) -> str:
    """Tiles shown face up by value; face-down ones only counted (I-16), never read as a tile value."""
    up = [words.tile(t["tile"]) for t in e.tiles if t["face_up"]]
    # "tile 2 and 1 tile face down", not "2 and 1 tile face down" (a value read as a count)
    shown = ngettext("tile %(tiles)s", "tiles %(tiles)s", len(up), tiles=", ".join(up)) if up else ""
    hidden = sum(1 for t in e.tiles if not t["face_up"])
    down = ngettext("%(num)s tile face down", "%(num)s tiles face down", hidden) if hidden else ""
    tiles = _("%(shown)s and %(down)s", shown=shown, down=down) if shown and down else shown or down
    if e.seat == GUARDS:
        return _("The guards assign %(tiles)s to the %(loc)s (L-RC2)", tiles=tiles, loc=words.location(e.location))
    return _("%(seat)s assigns %(tiles)s to the %(loc)s (L-RC2)", seat=words.seat(e.seat), tiles=tiles,
             loc=words.location(e.location))


def _moved(e) -> str:
    if e.rule == "L-LO3" and e.target.startswith("seat:"):  # the core's reason names the location by its id
        return _("%(seat)s: %(cubes)s from the %(loc)s (L-LO3)", seat=words.seat(e.target.partition(":")[2]),
                 cubes=words.cubes(dict(e.cubes)), loc=words.place(e.source))
    why = f" — {words.plain(text(e.reason))}" if e.reason else ""
    return _("%(cubes)s: %(src)s → %(dst)s (%(rule)s%(why)s)", cubes=words.cubes(dict(e.cubes)),
             src=words.place(e.source), dst=words.place(e.target), rule=e.rule, why=why)


def _change(seat: str, delta: int, quantity: str) -> str:
    """``Ana gains 2 tomes``, ``the guards lose 1 reputation``, ``Ana: storage limit +1``."""
    n, who = abs(delta), words.seat(seat)
    if quantity == "tomes":
        if delta > 0:
            return ngettext("%(seat)s: +%(num)s tome", "%(seat)s: +%(num)s tomes", n, seat=who)
        return ngettext("%(seat)s: −%(num)s tome", "%(seat)s: −%(num)s tomes", n, seat=who)
    if quantity == "reputation":
        return (_("%(seat)s: +%(num)s reputation", seat=who, num=n) if delta > 0
                else _("%(seat)s: −%(num)s reputation", seat=who, num=n))
    what = _("storage limit") if quantity == "storage_limit" else text(terms.quantity(quantity))
    return _("%(seat)s: %(what)s %(delta)s", seat=who, what=what, delta=_signed(delta))


def _collected(e) -> str:
    if e.seat == GUARDS:
        return _("The guards collect %(reward)s at the %(loc)s (L-LO4)", reward=words.reward_of(e.tier),
                 loc=words.location(e.location))
    return _("%(seat)s collects %(reward)s at the %(loc)s (L-LO4)", seat=words.seat(e.seat),
             reward=words.reward_of(e.tier), loc=words.location(e.location))


def _straggled(e) -> str:
    known = {"declined": _("declined"), "no reward": _("no reward")}
    why = (isinstance(e.reason, str) and known.get(e.reason)) or words.plain(text(e.reason))
    if e.seat == GUARDS:
        return _("The guards are stragglers at the %(loc)s (%(why)s) and go to the Library (L-LO5)",
                 loc=words.location(e.location), why=why)
    return _("%(seat)s is a straggler at the %(loc)s (%(why)s) and goes to the Library (L-LO5)",
             seat=words.seat(e.seat), loc=words.location(e.location), why=why)


def _passed(e) -> str:
    if e.seat == GUARDS:
        return _("The guards have no tiles left and pass (L-RC7)") if e.forced else _("The guards pass (L-RC7)")
    return (_("%(seat)s has no tiles left and passes (L-RC7)", seat=words.seat(e.seat)) if e.forced
            else _("%(seat)s passes (L-RC7)", seat=words.seat(e.seat)))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def _raid(e) -> str:
    counts = ", ".join(f"{words.seat(n)} {c}" for n, c in e.suspicion.items())
    losses = ", ".join(f"{words.seat(n)} {_signed(-loss)}" for n, loss in e.losses.items() if loss) or _("nobody")
    return _("Raid (%(rule)s): suspicion %(counts)s; reputation lost: %(losses)s", rule=e.rule, counts=counts,
             losses=losses)


def _revealed(e) -> str:
    ranking = ", ".join(f"{words.seat(n)} ({e.strength[n]})" for n in e.ranking)
    return _("%(loc)s revealed; ranking: %(ranking)s (L-LO1, L-LO2)", loc=words.location(e.location), ranking=ranking)


# Event type -> function(event) -> text. The lambdas call gettext when run: the viewer's language.
DESCRIBE = {
    "trait-picked": lambda e: _("%(seat)s keeps the trait %(trait)s (L-S10)", seat=e.seat, trait=e.trait),
    "game-started": lambda e: ngettext("The game is set up for %(num)s player (L-S)",
                                       "The game is set up for %(num)s players (L-S)", len(e.players)),
    "tiles-assigned": _tiles,
    "tiles-revealed": lambda e: _("%(seat)s names the face-down tiles at the %(loc)s: %(tiles)s (L-LO1)",
                                  seat=words.seat(e.seat), loc=words.location(e.location),
                                  tiles=", ".join(words.tile(t) for t in e.tiles)),
    "tome-played": lambda e: _("%(seat)s plays the tome %(tome)s", seat=words.seat(e.seat), tome=e.tome),
    "passed": _passed,
    "lights-out-began": lambda e: _("Lights Out, round %(round)s (L-LO)", round=e.round),
    "location-revealed": _revealed,
    "guard-card-revealed": lambda e: _("A guard card is turned face up at the %(loc)s (L-LO1)",
                                       loc=words.location(e.location)),  # Atlas of Hideouts: _in_context
    "rewards-confirmed": lambda e: (_("Declined at the %(loc)s: %(who)s (L-LO6)", loc=words.location(e.location),
                                      who=", ".join(e.declined)) if e.declined else None),
    "reward-asking-changed": lambda e: _("%(seat)s turns on asking before a fixed reward is collected (L-LO6)",
                                         seat=words.seat(e.seat)),
    "reward-declined": lambda e: (_("The guards decline the reward (I-3)") if e.seat == GUARDS
                                  else _("%(seat)s declines the reward (I-3)", seat=words.seat(e.seat))),
    # A seat's own answer, before the location is confirmed (issue 23): its line comes at once.
    "reward-answered": lambda e: (_("%(seat)s declines the reward at the %(loc)s (L-LO6)", seat=words.seat(e.seat),
                                    loc=words.location(e.location)) if e.declined else
                                  _("%(seat)s takes the reward at the %(loc)s; it is collected when the location "
                                    "is confirmed (L-LO6)", seat=words.seat(e.seat), loc=words.location(e.location))),
    "reward-collected": _collected,
    "straggled": _straggled,
    "cubes-moved": _moved,
    "reputation-changed": lambda e: _("%(change)s (%(rule)s — %(why)s)", change=_change(e.seat, e.delta,
                                      "reputation"), rule=e.rule, why=words.plain(text(e.reason))),
    "counter-changed": lambda e: _("%(change)s (%(rule)s — %(why)s)", change=_change(e.seat, e.delta, e.quantity),
                                   rule=e.rule, why=words.plain(text(e.reason))),
    "first-player-changed": lambda e: (_("The guards take the first player marker (%(rule)s)", rule=e.rule)
                                       if e.seat == GUARDS else
                                       _("%(seat)s takes the first player marker (%(rule)s)", seat=words.seat(e.seat),
                                         rule=e.rule)),
    "goon-recruited": lambda e: (_("The guards recruit %(goon)s from the %(loc)s (L-R6)", goon=e.goon["name"],
                                   loc=words.location(e.location)) if e.seat == GUARDS else
                                 _("%(seat)s recruits %(goon)s from the %(loc)s (L-R6)", seat=words.seat(e.seat),
                                   goon=e.goon["name"], loc=words.location(e.location))),
    "item-crafted": lambda e: (_("The guards craft %(item)s (L-IT1)", item=e.item["name"]) if e.seat == GUARDS
                               else _("%(seat)s crafts %(item)s (L-IT1)", seat=words.seat(e.seat),
                                      item=e.item["name"])),
    "item-reserved": lambda e: (_("The guards reserve %(item)s (L-IT2)", item=e.item["name"]) if e.seat == GUARDS
                                else _("%(seat)s reserves %(item)s (L-IT2)", seat=words.seat(e.seat),
                                       item=e.item["name"])),
    "effect-resolved": lambda e: _("%(seat)s: effect %(code)s %(outcome)s", seat=words.seat(e.seat), code=e.code,
                                   outcome=words.plain(text(e.outcome))),
    "leader-goal-taken": lambda e: (_("The guards take the leader goal with %(n)s (L-GL1)", n=e.count)
                                    if e.seat == GUARDS else
                                    _("%(seat)s takes the leader goal with %(n)s (L-GL1)", seat=words.seat(e.seat),
                                      n=e.count)),
    "instant-goal-claimed": lambda e: _("%(seat)s claims the instant goal (L-GL2)", seat=words.seat(e.seat)),
    "raid-held": _raid,
    "patrol-began": lambda e: _("Patrol, round %(round)s (L-P)", round=e.round),
    "items-refilled": lambda e: (_("New items in the display: %(names)s (L-P2)", names=", ".join(
        x["item"]["name"] for x in e.items)) if e.items else None),
    "goons-advanced": lambda e: _("%(goon)s leaves the Chow Hall; the goons advance (L-P3)",
                                  goon=e.discarded["name"] if e.discarded else _("no goon")),
    "goons-refilled": lambda e: (_("New goons: %(names)s (L-P3)", names=", ".join(
        f"{g['name']} ({words.location(loc)})" for loc, g in e.goons.items())) if e.goons else None),
    "round-started": lambda e: _("Round %(round)s begins (L-P5)", round=e.round),
    "end-goal-met": lambda e: _("End-game goal met by: %(who)s (L-GL3)", who=", ".join(e.seats) or _("nobody")),
    "game-ended": lambda e: _("Final scoring (L-F)"),
    "adjusted": lambda e: _("%(change)s — manual adjustment: %(why)s", change=_change(e.seat, e.delta, e.quantity),
                            why=words.plain(text(e.reason))),
    "location-card-revealed": lambda e: (_("Location card: %(loc)s (L-SO5)", loc=words.location(e.location))
                                         if e.location else _("Location card: OFF DUTY (L-SO5)")),
    "guards-decided": lambda e: _("The guards: %(reason)s", reason=words.plain(text(e.reason))),
}


def _atlas_played(e) -> bool:
    """The tome spent by Atlas of Hideouts (the solo automaton's ``adjusted`` event, L-SO6)."""
    return getattr(e, "type", None) == "adjusted" and e.quantity == "tomes" and "L-SO6" in english(e.reason)


def _in_context(event, previous) -> str | None:
    """A line that depends on the event before it in the same command, else ``None`` (use DESCRIBE).

    Atlas of Hideouts spends a tome and then turns a guard card face up in Roll Call: that reveal is
    L-SO6, not the Lights Out reveal of L-LO1 that the same event type records otherwise.
    """
    if event.type == "guard-card-revealed" and previous is not None and _atlas_played(previous):
        return _("Atlas of Hideouts turns the guard card at the %(loc)s face up (L-SO6)",
                 loc=words.location(event.location))
    return None


def describe(event, previous=None) -> str | None:
    """One event in words (``None``: not shown); ``previous`` is the event before it in the same command."""
    line = _in_context(event, previous)
    if line is not None:
        return line
    fn = DESCRIBE.get(event.type)
    line = fn(event) if fn else None
    return line[:1].upper() + line[1:] if line else None  # "the guards ..." opens a sentence


def recent(game: dict | str, commands: int = 3, viewer: str | None = None) -> tuple[list[list[str]], list]:
    """(lines of the latest ``commands`` commands in effect, newest first; the decoded tail events).

    The tail is returned too so the panel can explain the location being resolved without reading
    the log twice. Records and decoded events come from the game's cached fold (nothing read or
    decoded again), and each line from :data:`LINES` once rendered: a step describes only its
    own new events, whatever the length of the game (issue 11). ``viewer`` is the view the lines
    are for (``None``: the table's), part of the cache key so no view's line reaches another.
    """
    if not isinstance(game, dict):
        game = get_store().game(game)
    pairs = play.recent(game, TAIL)
    locale = str(get_locale())
    groups: list[list[str]] = []
    end = len(pairs)
    # From the newest record back, one command (a run of records with its id) at a time, until
    # ``commands`` of them said something: the lines of older commands are not even looked up.
    while end > 0 and len(groups) < commands:
        start = end - 1
        while start > 0 and pairs[start - 1][0].command_id == pairs[end - 1][0].command_id:
            start -= 1
        lines, previous = [], None
        for record, event in pairs[start:end]:
            key = (game["id"], record.seq, record.command_id, locale, viewer)
            line = LINES.rendered(key, lambda e=event, p=previous: describe(e, p))
            if line:
                lines.append(line)
            previous = event
        if lines:
            groups.append(lines)
        end = start
    return groups, [event for _r, event in pairs]


# Four games' tails in every language and view a table uses: 120 lines per game and view. It was
# 16 games' worth: 7,680 lines, about half of the server's growth over 20 whole games (issue 21 (d)).
LINES = LRU(size=4 * TAIL * 4)
