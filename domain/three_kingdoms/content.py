"""The content-pack schema (msgspec Structs) and the effect vocabulary.

A pack is one JSON document: the three kingdoms with their reference sheets, the generals,
the two state-development decks, the borders, the tracks and the prices. Card skills and
development effects are *data* in a small effect vocabulary (see ``Ability`` / ``Effect``),
interpreted by ``rules/effects.py``; no card has its own code path.

``validation.parse_pack`` decodes bytes into a :class:`Pack` and runs the semantic checks
(unique ids, references resolve, counts per kingdom, known actions/metrics).
"""

from __future__ import annotations

from typing import Literal

import msgspec

KINGDOMS = ("wei", "wu", "shu")
WEAPONS = ("spear", "horse", "crossbow", "boat")
DECKS = ("unification", "separation")

# Sub-actions an "after_action" trigger may name (see RULES.md, "Effect vocabulary").
TRIGGER_ACTIONS = (
    "develop_farm",
    "harvest",
    "develop_market",
    "collect_taxes",
    "trade",
    "build",
    "hire_instructors",
    "import_technology",
    "produce_spears_horses",
    "produce_crossbows_boats",
    "recruit_armies",
    "train_armies",
    "demand_tribute",
    "win_popular_support",
    "manipulate_han_emperor",
    "occupy",
    "tribe_action",
)

# Numbers about a kingdom that "per" multipliers and end-game bonuses may read.
METRICS = (
    "occupied_regions",
    "occupied_units",
    "occupied_spear",
    "occupied_horse",
    "occupied_crossbow",
    "occupied_boat",
    "farm_level",
    "market_level",
    "development",
    "tribe",
    "office",
    "support",
    "military",
    "built_developments",
    "generals",
    "border_tokens",
)

# Items a "choose" effect may offer (one of them, +1).
CHOICE_ITEMS = ("rice", "gold", "support", "armies", "trained", *WEAPONS)

Stat = Literal["administration", "combat", "leadership"]


class _Base(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    pass


class Resources(_Base, frozen=True, kw_only=True):
    """Amounts of things a kingdom holds. ``armies`` are untrained, ``trained`` trained."""

    rice: int = 0
    gold: int = 0
    support: int = 0
    armies: int = 0
    trained: int = 0
    spear: int = 0
    horse: int = 0
    crossbow: int = 0
    boat: int = 0
    military: int = 0
    tribe: int = 0


class Effect(_Base, frozen=True, kw_only=True):
    """One effect. Triggered ops: ``gain`` (resources, optionally times a metric, capped),
    ``train`` (flip ``amount`` untrained armies), ``choose`` (+1 of one of ``options``).
    Passive ops: ``set_stat`` (``stat`` becomes ``value`` from round ``from_round``),
    ``win_ties`` (the side wins every bid tie), ``battle_bonus`` (+``amount`` battle strength),
    ``upkeep_discount`` (``gain.rice``/``gain.gold`` less upkeep each round)."""

    op: Literal[
        "gain", "train", "choose", "set_stat", "win_ties", "battle_bonus", "upkeep_discount"
    ]
    gain: Resources = Resources()
    amount: int = 0
    per: str = ""
    cap: int = 0
    target: Literal["self", "opponents"] = "self"
    options: tuple[str, ...] = ()
    stat: str = ""
    value: int = 0
    from_round: int = 0
    optional: bool = False
    """A "may" effect the player may decline. Only in ``end_of_round`` abilities, where it
    makes the kingdom's end-of-round benefits a pending decision (see RULES.md)."""


class Ability(_Base, frozen=True, kw_only=True):
    """When (``trigger``) which effects apply. ``after_action`` names the sub-action."""

    trigger: Literal["after_action", "end_of_round", "on_build", "passive"]
    action: str = ""
    effects: tuple[Effect, ...]


class EndBonus(_Base, frozen=True, kw_only=True):
    """A Separation card's end-game condition: ``threshold`` mode scores ``vp`` if the metric
    is at least ``threshold``; ``per`` mode scores ``vp`` per unit of the metric (capped)."""

    metric: str
    mode: Literal["threshold", "per"] = "threshold"
    threshold: int = 0
    vp: int
    cap: int = 0


class General(_Base, frozen=True, kw_only=True):
    id: str
    name: str
    kingdom: str
    leader: bool = False
    administration: int
    combat: int
    leadership: int
    specialty: str
    skill: str = ""
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    provisional: bool = False


class Cost(_Base, frozen=True, kw_only=True):
    rice: int = 0
    gold: int = 0


class Development(_Base, frozen=True, kw_only=True):
    id: str
    name: str
    deck: str
    cost: Cost = Cost()
    vp: int = 0
    text: str = ""
    abilities: tuple[Ability, ...] = ()
    end_bonus: EndBonus | None = None
    provisional: bool = False


class Recruit(_Base, frozen=True, kw_only=True):
    """In ``round`` the kingdom looks at the top ``draw`` generals of its deck (only it sees
    them) and keeps ``count``; the others go to the bottom. ``draw`` 0 means ``count``."""

    round: int
    count: int
    draw: int = 0


class Dealt(_Base, frozen=True, kw_only=True):
    unification: int = 0
    separation: int = 0


class Kingdom(_Base, frozen=True, kw_only=True):
    """A kingdom and its reference sheet."""

    id: str
    name: str
    tribe: str
    tribe_start: int
    leader: str
    start: Resources
    bid_tokens: int
    start_generals: int
    developments: Dealt
    recruits: tuple[Recruit, ...]
    provisional: bool = False


class Border(_Base, frozen=True, kw_only=True):
    id: str
    kingdoms: tuple[str, str]
    regions: tuple[str, ...]
    provisional: bool = False


class Trade(_Base, frozen=True, kw_only=True):
    """Sell ``lot`` for ``sell_gold`` gold or buy ``lot`` for ``buy_gold`` gold, at most
    ``max_trades`` times per action."""

    lot: int
    sell_gold: int
    buy_gold: int
    max_trades: int


class Prices(_Base, frozen=True, kw_only=True):
    rice: Trade
    weapons: Trade
    harvest_rice: int = 5
    tax_gold: int = 4
    han_gold: int = 1
    instructors_rice: int = 1


class Office(_Base, frozen=True, kw_only=True):
    name: str
    vp: int


class TribeVp(_Base, frozen=True, kw_only=True):
    level: int
    vp: int


class TribeAction(_Base, frozen=True, kw_only=True):
    suppress_gain: int
    bribe_gold: int
    bribe_gain: int
    provisional: bool = False


class DeficitToken(_Base, frozen=True, kw_only=True):
    """``count`` face-down deficit tokens worth ``value`` (negative) points each."""

    value: int
    count: int
    provisional: bool = False


class Tracks(_Base, frozen=True, kw_only=True):
    offices: tuple[Office, ...]
    tribe_min: int = 1
    tribe_max: int = 12
    tribe_vp: tuple[TribeVp, ...]
    development_max: int = 5
    rank_vp: tuple[int, int, int, int, int] = (5, 3, 2, 1, 0)
    """sole 1st, shared 1st, sole 2nd, shared 2nd, 3rd."""
    border_vp: tuple[int, int, int, int, int] = (5, 3, 2, 1, 0)
    """2 wins, win+draw, win+loss or 2 draws, draw+loss, 2 losses."""
    han_token_vp: int = 2
    deficit_vp: int = -1
    """What a deficit token is worth when the pack has no valued pool (``deficit_tokens``
    empty), and for a token taken after the pool ran out."""
    deficit_tokens: tuple[DeficitToken, ...] = ()
    """The face-down pool of valued deficit tokens, shuffled at set-up and drawn in order;
    empty: every deficit token is worth ``deficit_vp`` (no hidden values)."""


class Pack(_Base, frozen=True, kw_only=True):
    name: str
    version: str
    notes: str = ""
    rounds: int = 12
    kingdoms: tuple[Kingdom, ...]
    generals: tuple[General, ...]
    developments: tuple[Development, ...]
    borders: tuple[Border, ...]
    prices: Prices
    tracks: Tracks
    tribe_action: TribeAction
