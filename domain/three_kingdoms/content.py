"""The content-pack schema (msgspec Structs) and its validation.

A pack is one JSON document: the three kingdoms with their reference sheets, the generals,
the two state-development decks, the borders, the tracks and the prices. Card skills and
development effects are *data* in a small effect vocabulary (see ``Ability`` / ``Effect``),
interpreted by ``rules/effects.py``; no card has its own code path.

``parse_pack`` decodes bytes into a :class:`Pack` and runs the semantic checks (unique ids,
references resolve, counts per kingdom, known actions/metrics). Every failure is a
``DomainError("three_kingdoms/content_pack_invalid", <what is wrong>)``.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain._kernel import DomainError

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


def _fail(detail: str) -> DomainError:
    return DomainError("three_kingdoms/content_pack_invalid", detail)


def parse_pack(raw: bytes) -> Pack:
    """Decode and validate a pack; raises ``DomainError`` saying what is wrong."""
    try:
        pack = msgspec.json.decode(raw, type=Pack)
    except msgspec.DecodeError as exc:
        raise _fail(f"not a valid pack document: {exc}") from None
    validate(pack)
    return pack


def _check_abilities(owner: str, abilities: tuple[Ability, ...], *, card: bool) -> None:
    for ability in abilities:
        if ability.trigger == "after_action" and ability.action not in TRIGGER_ACTIONS:
            raise _fail(f"{owner}: unknown action {ability.action!r} in an after_action trigger")
        if ability.trigger != "after_action" and ability.action:
            raise _fail(f"{owner}: only after_action triggers name an action")
        if ability.trigger == "on_build" and not card:
            raise _fail(f"{owner}: generals have no on_build trigger")
        for effect in ability.effects:
            passive = effect.op in ("set_stat", "win_ties", "battle_bonus", "upkeep_discount")
            if passive != (ability.trigger == "passive"):
                raise _fail(f"{owner}: op {effect.op!r} does not fit trigger {ability.trigger!r}")
            if effect.per and effect.per not in METRICS:
                raise _fail(f"{owner}: unknown metric {effect.per!r}")
            if effect.op == "choose" and (
                not effect.options or any(o not in CHOICE_ITEMS for o in effect.options)
            ):
                raise _fail(f"{owner}: choose needs options among {', '.join(CHOICE_ITEMS)}")
            if effect.op == "set_stat" and effect.stat not in (
                "administration",
                "combat",
                "leadership",
            ):
                raise _fail(f"{owner}: unknown stat {effect.stat!r}")
            if effect.op == "train" and effect.amount < 1:
                raise _fail(f"{owner}: train needs a positive amount")
            if effect.target == "opponents" and effect.op != "gain":
                raise _fail(f"{owner}: only gain may target opponents")
            if effect.optional and ability.trigger != "end_of_round":
                raise _fail(f"{owner}: only end_of_round effects may be optional")


def validate(pack: Pack) -> None:
    """Semantic checks of a decoded pack."""
    if tuple(k.id for k in pack.kingdoms) != KINGDOMS:
        raise _fail("kingdoms must be exactly wei, wu, shu in that order")
    if not 1 <= pack.rounds <= 30:
        raise _fail("rounds must be between 1 and 30")
    ids = [g.id for g in pack.generals] + [d.id for d in pack.developments]
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise _fail(f"duplicate id {ident!r}")
        if not ident:
            raise _fail("empty id")
        seen.add(ident)
    generals = {g.id: g for g in pack.generals}
    for g in pack.generals:
        if g.kingdom not in KINGDOMS:
            raise _fail(f"general {g.id}: unknown kingdom {g.kingdom!r}")
        if g.specialty not in WEAPONS:
            raise _fail(f"general {g.id}: unknown specialty {g.specialty!r}")
        if not (0 <= g.administration <= 9 and 0 <= g.combat <= 9 and 1 <= g.leadership <= 9):
            raise _fail(f"general {g.id}: stats out of range")
        _check_abilities(f"general {g.id}", g.abilities, card=False)
    for kingdom in pack.kingdoms:
        leader = generals.get(kingdom.leader)
        if leader is None:
            raise _fail(f"kingdom {kingdom.id}: leader {kingdom.leader!r} is not a general")
        if leader.kingdom != kingdom.id or not leader.leader:
            raise _fail(f"kingdom {kingdom.id}: leader {kingdom.leader!r} is not its leader card")
        own = [g for g in pack.generals if g.kingdom == kingdom.id]
        if sum(g.leader for g in own) != 1:
            raise _fail(f"kingdom {kingdom.id}: needs exactly one leader general")
        needed = kingdom.start_generals + sum(r.count for r in kingdom.recruits)
        if kingdom.start_generals < 1 or needed > len(own):
            raise _fail(
                f"kingdom {kingdom.id}: {len(own)} generals, but the reference sheet needs "
                f"{needed} (start {kingdom.start_generals} + recruits)"
            )
        if any(not 1 <= r.round <= pack.rounds or r.count < 0 for r in kingdom.recruits):
            raise _fail(f"kingdom {kingdom.id}: recruit rounds must lie within the game")
        if any(r.draw and r.draw < r.count for r in kingdom.recruits):
            raise _fail(f"kingdom {kingdom.id}: a recruitment cannot keep more than it draws")
        if len({r.round for r in kingdom.recruits}) != len(kingdom.recruits):
            raise _fail(f"kingdom {kingdom.id}: one recruitment per round")
        if not pack.tracks.tribe_min <= kingdom.tribe_start <= pack.tracks.tribe_max:
            raise _fail(f"kingdom {kingdom.id}: tribe start outside the track")
        if kingdom.bid_tokens < 0 or any(v < 0 for v in msgspec.structs.astuple(kingdom.start)):
            raise _fail(f"kingdom {kingdom.id}: negative starting amounts")
    for deck in DECKS:
        cards = [d for d in pack.developments if d.deck == deck]
        dealt = sum(getattr(k.developments, deck) for k in pack.kingdoms)
        if len(cards) < dealt + 3:
            raise _fail(f"{deck} deck: {len(cards)} cards, need at least {dealt + 3}")
    for d in pack.developments:
        if d.deck not in DECKS:
            raise _fail(f"development {d.id}: unknown deck {d.deck!r}")
        if d.cost.rice < 0 or d.cost.gold < 0:
            raise _fail(f"development {d.id}: negative cost")
        _check_abilities(f"development {d.id}", d.abilities, card=True)
        if d.end_bonus is not None and d.end_bonus.metric not in METRICS:
            raise _fail(f"development {d.id}: unknown metric {d.end_bonus.metric!r}")
    pairs = set()
    for border in pack.borders:
        a, b = border.kingdoms
        if a not in KINGDOMS or b not in KINGDOMS or a == b:
            raise _fail(f"border {border.id}: must join two different kingdoms")
        pairs.add(frozenset((a, b)))
        if not border.regions or any(r not in WEAPONS for r in border.regions):
            raise _fail(f"border {border.id}: regions must be weapon types")
    if len(pack.borders) != 3 or len(pairs) != 3:
        raise _fail("there must be exactly three borders, one per pair of kingdoms")
    if len({b.id for b in pack.borders}) != 3:
        raise _fail("duplicate border id")
    for trade in (pack.prices.rice, pack.prices.weapons):
        if trade.lot < 1 or trade.max_trades < 0 or trade.sell_gold < 0:
            raise _fail("trade lots must be positive")
        if trade.buy_gold <= trade.sell_gold:
            raise _fail(
                "trade prices allow a risk-free loop: buying a lot must cost more gold than "
                "selling it brings"
            )
    if len(pack.tracks.offices) < 2:
        raise _fail("the office track needs at least two offices")
    if pack.tracks.tribe_min < 1 or pack.tracks.tribe_max <= pack.tracks.tribe_min:
        raise _fail("the tribe track must run from at least 1 upwards")
    if pack.tracks.deficit_vp > 0:
        raise _fail("deficit_vp cannot be positive")
    tokens = pack.tracks.deficit_tokens
    if any(t.value >= 0 for t in tokens):
        raise _fail("deficit token values must be negative")
    if any(not 1 <= t.count <= 200 for t in tokens):
        raise _fail("deficit token counts must be between 1 and 200")
    if len({t.value for t in tokens}) != len(tokens):
        raise _fail("deficit token values must be listed once each")
