"""The state: one frozen, encodable msgspec Struct. Seats 0, 1, 2 are Wei, Wu, Shu."""

from __future__ import annotations

import msgspec

from domain.three_kingdoms.content import Resources

RULES_VERSION = "2"
"""The current rules version (RULES.md, "Rules versions"); games keep the one they began with."""


class _S(msgspec.Struct, frozen=True, kw_only=True):
    pass


class Counters(_S, frozen=True, kw_only=True):
    """A kingdom's counters: held by PlayerState, and changed by a Delta in events. One list,
    so a counter cannot exist in one and be missed by the other."""

    rice: int = 0
    gold: int = 0
    support: int = 0
    bid_tokens: int = 0
    armies: int = 0
    """Untrained armies in supply."""
    trained: int = 0
    spear: int = 0
    horse: int = 0
    crossbow: int = 0
    boat: int = 0
    farm_level: int = 0
    """Farm slots developed so far (never goes down)."""
    farm_ready: int = 0
    """Developed farm tokens still on the development area (harvestable)."""
    granary_farms: int = 0
    market_level: int = 0
    market_ready: int = 0
    treasury_markets: int = 0
    tribe: int = 0
    office: int = 0
    military: int = 0
    deficits: int = 0
    """Deficit tokens held (public count)."""
    train_later: int = 0
    """Training owed by an effect, applied once this kingdom's pending choices are made."""


class Delta(Counters, frozen=True, kw_only=True):
    """A change of a kingdom's counters (added by ``evolve``); stored in events."""


COUNTERS = tuple(Counters.__struct_fields__)


class Benefit(_S, frozen=True, kw_only=True):
    """A pending end-of-round effect: effect ``effect`` of ability ``ability`` of the general
    or card ``source``. ``optional`` ones may be declined."""

    source: str
    ability: int = 0
    effect: int = 0
    optional: bool = False


class PlayerState(Counters, frozen=True, kw_only=True):
    deficit_values: tuple[int, ...] = ()
    """Values of the deficit tokens drawn from the valued pool, in draw order (the owner may
    look at them; hidden from the others until the end). ``deficits`` may exceed its length:
    tokens taken without a pool (or after it ran out) are worth the pack's ``deficit_vp``."""
    granary_borders: tuple[int, ...] = ()
    """Values (0/1) of the border tokens in the granary."""
    treasury_borders: tuple[int, ...] = ()
    hand: tuple[str, ...] = ()
    built: tuple[str, ...] = ()
    generals: tuple[str, ...] = ()
    """Generals in play (recruited), including those on borders or face down."""
    occupying: tuple[str, ...] = ()
    flipped: tuple[str, ...] = ()
    last_border: str = ""
    tribe_done: bool = False
    passed: bool = False
    successes: int = 0
    choices: tuple[tuple[str, ...], ...] = ()
    """Pending "+1 of one of these" gains, oldest first."""
    benefits: tuple[Benefit, ...] = ()
    """End-of-round effects waiting for the player to take (in any order) or decline."""
    offer: tuple[str, ...] = ()
    """Generals drawn for recruitment, seen only by this kingdom."""
    to_keep: int = 0


class Placement(_S, frozen=True, kw_only=True):
    seat: int
    general: str
    space: str
    bid_tokens: int = 0
    support: int = 0
    han: int = 0
    units: tuple[str, ...] = ()
    tick: int = 0
    """When this bid last reached its value (ties go to the earliest)."""


class Outcome(_S, frozen=True, kw_only=True):
    space: str
    winners: tuple[int, ...]
    values: tuple[int, ...]
    """The bid value of each seat's side (0 if it did not bid)."""


class Task(_S, frozen=True, kw_only=True):
    space: str
    seat: int


class Progress(_S, frozen=True, kw_only=True):
    space: str
    seat: int
    rice_trades: int = 0
    weapon_trades: int = 0
    hired: bool = False
    imported: bool = False
    performed: bool = False


class Occupation(_S, frozen=True, kw_only=True):
    border: str
    region: int
    seat: int
    general: str
    units: int
    weapon: str


class ScoreCard(_S, frozen=True, kw_only=True):
    seat: int
    military: int = 0
    borders: int = 0
    border_tokens: int = 0
    development: int = 0
    tribe: int = 0
    tribe_rank: int = 0
    office: int = 0
    office_rank: int = 0
    han_token: int = 0
    developments: int = 0
    deficits: int = 0
    total: int = 0
    gold_rice: int = 0


class GameState(_S, frozen=True, kw_only=True):
    players_count: int = 3
    rules_version: str = RULES_VERSION
    """The rules the game is played by (``Setup.rules_version``): "1" carries out won actions
    in board order, leaves a kingdom at tribe 12 no tribe option, and fixes the order of
    effects triggered by an action or a build (RULES.md, "Rules versions")."""
    pack: str = "standard"
    round: int = 1
    phase: str = "setup"
    """setup, recruit, alliance, bidding, resolution, over."""
    bid_order: tuple[int, ...] = (0, 1, 2)
    action_order: tuple[int, ...] = (0, 1, 2)
    alliance_space: str = ""
    last_alliance: str = ""
    criteria_flipped: bool = False
    """False: win-popular-support is administration and Han emperor combat; True: swapped."""
    han_holder: int = -1
    han_on_board: bool = False
    players: tuple[PlayerState, ...] = ()
    general_decks: tuple[tuple[str, ...], ...] = ()
    unification: tuple[str, ...] = ()
    separation: tuple[str, ...] = ()
    deficit_pool: tuple[int, ...] = ()
    """Face-down valued deficit tokens, in draw order (hidden from everyone)."""
    placements: tuple[Placement, ...] = ()
    tick: int = 0
    current: int = -1
    open_placement: bool = False
    outcomes: tuple[Outcome, ...] = ()
    tasks: tuple[Task, ...] = ()
    """The won actions of this round: carried out ``tasks[:task_index]``, the current or next
    one at ``task_index``. From rules version 2 they are grouped by kingdom in action order
    (board order within a kingdom, the order the kingdom may change by choosing)."""
    task_index: int = 0
    progress: Progress | None = None
    stage: str = ""
    """Resolution after the actions: "" (actions), "decayed", "benefits"."""
    occupations: tuple[Occupation, ...] = ()
    ended: str = ""
    scores: tuple[ScoreCard, ...] = ()


def starting_player(start: Resources, bid_tokens: int, tribe: int) -> PlayerState:
    return PlayerState(
        rice=start.rice,
        gold=start.gold,
        support=start.support,
        bid_tokens=bid_tokens,
        armies=start.armies,
        trained=start.trained,
        spear=start.spear,
        horse=start.horse,
        crossbow=start.crossbow,
        boat=start.boat,
        tribe=tribe,
        military=start.military,
    )
