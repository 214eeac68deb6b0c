"""What the Lockup panel asks, as small frozen dataclasses (issue 23: panel contexts as dataclasses).

One class per prompt (``template`` names its ``_ask_*.html``); the builders live with their phase
(``rollcall``, ``lightsout``, ``patrol``) and fill these. Fields are what the templates read, and
only that: the question fragment is cached by their ``repr`` (``panel.Fragments``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a prompt: the value posted and its words."""
    id: str
    label: str


@dataclass(frozen=True, slots=True)
class Tile:
    """A crew tile to tap: its posted value, its words and its place in the row (``n``)."""
    value: str
    label: str
    n: int = 0


@dataclass(frozen=True, slots=True)
class Place:
    """A Roll Call location and whether the seat used it this round (L-RC3)."""
    id: str
    label: str
    used: bool


@dataclass(frozen=True, slots=True)
class NoAsk:
    """Nothing to ask on this panel (the game is over, or a step with no prompt)."""
    template: ClassVar[None] = None


@dataclass(frozen=True, slots=True)
class RollCallAsk:
    """Roll Call: the seat's tiles, its face-down allowance and the locations (L-RC2..L-RC6)."""
    template: ClassVar[str] = "lockup/_ask_rollcall.html"
    seat: str
    solo: bool
    own: bool
    tiles: tuple[Tile, ...]
    held: int
    face_down_left: int
    face_down_max: int
    face_down_limit: int
    all_count: int
    locations: tuple[Place, ...]
    only_location: str | None
    pass_undoable: bool = False  # others are still in Roll Call: a pass reveals nothing (one tap)


@dataclass(frozen=True, slots=True)
class TraitAsk:
    """Advanced setup: the trait card kept (L-S10)."""
    template: ClassVar[str] = "lockup/_ask_trait.html"
    seat: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GuardTurnAsk:
    """Solo: which face-down guard card the player turns (L-SO5)."""
    template: ClassVar[str] = "lockup/_ask_guard_turn.html"
    seat: str
    locations: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class RevealAsk:
    """Lights Out: a seat names its face-down tiles here (L-LO1, I-16); ``tiles`` are those
    not shown face up nor named yet this round (public)."""
    template: ClassVar[str] = "lockup/_ask_reveal.html"
    seat: str
    location: str
    count: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class ConfirmAsk:
    """Lights Out: who may still decline a reward here (L-LO6); ``seat`` answers for itself, or the
    table confirms for ``decliners`` at once (``panel`` fills both per device)."""
    template: ClassVar[str] = "lockup/_ask_confirm.html"
    undecided: tuple[str, ...]
    decliners: tuple[str, ...]
    seat: str | None = None


@dataclass(frozen=True, slots=True)
class ChoiceAsk:
    """A seat's choice at the Commissary, Chow Hall or Cell Block (L-R5..L-R7); the offers of the
    one ``action`` are filled, the others left empty."""
    template: ClassVar[str] = "lockup/_ask_choice.html"
    seat: str
    tier: str
    action: str
    location: str
    have: dict
    give: int
    text: str | None
    bandit: str | None
    supply: dict
    costs: tuple[dict, ...] = ()
    goons: tuple[dict, ...] = ()
    pay: dict | None = None
    only_goon: bool = False
    display_items: tuple[dict, ...] = ()
    reserved: tuple[dict, ...] = ()


@dataclass(frozen=True, slots=True)
class EffectAsk:
    """An effect that needs a choice: L-E3 whom to give suspicion, L-E7 what to exchange."""
    template: ClassVar[str] = "lockup/_ask_effect.html"
    seat: str
    targets: tuple[str, ...]  # L-E3: the other seats
    have: dict  # L-E7: what the seat may give
    code: str
    text: str
    source: str | None


@dataclass(frozen=True, slots=True)
class DiscardAsk:
    """Patrol: a seat over its storage limit discards (L-P1); ``forced`` when there is no choice."""
    template: ClassVar[str] = "lockup/_ask_discard.html"
    seat: str
    excess: int
    limit: int | None
    have: dict
    forced: dict | None


@dataclass(frozen=True, slots=True)
class RefillItemsAsk:
    """Patrol's card entry in one form (issue 23): the items for the empty display slots (L-P2)
    and the goons for the slots the advancing goons leave empty (L-P3)."""
    template: ClassVar[str] = "lockup/_ask_refill_items.html"
    slots: tuple[int, ...]
    names: tuple[str, ...]
    goon_slots: tuple[Choice, ...]
    goon_names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RefillGoonsAsk:
    """Patrol: the goons for the empty slots alone (no item was drawn, or an older game, L-P3)."""
    template: ClassVar[str] = "lockup/_ask_refill_goons.html"
    slots: tuple[Choice, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndGoalAsk:
    """Who meets the fixed end-game goal (L-GL3): asked only when the game cannot tell
    (``goals.needs_end_goal_input``)."""
    template: ClassVar[str] = "lockup/_ask_end_goal.html"
    goal: str
    stars: int
    seats: tuple[str, ...]
