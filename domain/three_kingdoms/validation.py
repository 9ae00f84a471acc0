"""Reading a content pack: decode it into the schema (``content``) and check what the types
cannot say (unique ids, references that resolve, counts per kingdom, known actions, metrics
and stats, prices without arbitrage; RULES.md, "Content packs").

The checks run in a fixed order, section by section, and the first failure is reported, as
``DomainError("three_kingdoms/content_pack_invalid", <what is wrong>)``."""

from __future__ import annotations

from fnmatch import fnmatchcase
from typing import Any

import msgspec

from domain._kernel import DomainError
from domain.three_kingdoms.content import (
    CHOICE_ITEMS,
    DECKS,
    KINGDOMS,
    METRICS,
    TRIGGER_ACTIONS,
    WEAPONS,
    Ability,
    Pack,
)


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


RANGES: tuple[tuple[str, int, int], ...] = (
    ("rounds", 1, 30),
    ("kingdoms/tribe_start", 1, 30),
    ("kingdoms/start/*", 0, 99),
    ("kingdoms/bid_tokens", 0, 99),
    ("kingdoms/start_generals", 1, 99),
    ("kingdoms/developments/*", 0, 99),
    ("kingdoms/recruits/round", 1, 30),
    ("kingdoms/recruits/count", 0, 99),
    ("kingdoms/recruits/draw", 0, 99),
    ("generals/administration", 0, 9),
    ("generals/combat", 0, 9),
    ("generals/leadership", 1, 9),
    ("*/abilities/effects/gain/*", -99, 99),
    ("*/abilities/effects/amount", 0, 99),
    ("*/abilities/effects/cap", 0, 99),
    ("*/abilities/effects/value", 0, 9),
    ("*/abilities/effects/from_round", 0, 30),
    ("developments/cost/*", 0, 99),
    ("developments/vp", -99, 99),
    ("developments/end_bonus/threshold", 0, 999),
    ("developments/end_bonus/vp", -99, 99),
    ("developments/end_bonus/cap", 0, 999),
    ("prices/*/lot", 1, 99),
    ("prices/*/sell_gold", 0, 99),
    ("prices/*/buy_gold", 0, 99),
    ("prices/*/max_trades", 0, 99),
    ("prices/*", 0, 99),
    ("tracks/offices/vp", -99, 99),
    ("tracks/tribe_min", 1, 30),
    ("tracks/tribe_max", 1, 30),
    ("tracks/tribe_vp/level", 1, 30),
    ("tracks/tribe_vp/vp", -99, 99),
    ("tracks/development_max", 1, 30),
    ("tracks/rank_vp", -99, 99),
    ("tracks/border_vp", -99, 99),
    ("tracks/han_token_vp", -99, 99),
    ("tracks/deficit_vp", -99, 0),
    ("tracks/deficit_tokens/value", -99, -1),
    ("tracks/deficit_tokens/count", 1, 200),
    ("tribe_action/*", 0, 99),
)
"""The range of every number of a pack, by its path (field names from the top, list items
unnamed; the first pattern that matches): far above the printed game's numbers, so that a
pack can be generous, and small enough that no arithmetic of the rules runs away (starting
rice of 10**18 is refused). docs/content-packs.md lists them."""


def _check_ranges(node: Any, path: str = "", shown: str = "") -> None:
    """Every number in ``node`` against :data:`RANGES`; ``path`` matches the patterns,
    ``shown`` names the number in the error (list items numbered from 0)."""
    if isinstance(node, msgspec.Struct):
        for name in node.__struct_fields__:
            value = getattr(node, name)
            _check_ranges(
                value, f"{path}/{name}" if path else name, f"{shown}.{name}" if shown else name
            )
    elif isinstance(node, tuple):
        for index, item in enumerate(node):
            _check_ranges(item, path, f"{shown}[{index}]")
    elif isinstance(node, int) and not isinstance(node, bool):
        for pattern, low, high in RANGES:
            if fnmatchcase(path, pattern):
                if not low <= node <= high:
                    raise _fail(f"{shown} is {node}, outside its range {low}..{high}")
                return
        raise _fail(f"{shown}: a number with no documented range")


def validate(pack: Pack) -> None:
    """Semantic checks of a decoded pack."""
    _check_ranges(pack)
    if tuple(k.id for k in pack.kingdoms) != KINGDOMS:
        raise _fail("kingdoms must be exactly wei, wu, shu in that order")
    if not 1 <= pack.rounds <= 30:
        raise _fail("rounds must be between 1 and 30")
    _check_ids(pack)
    _check_generals(pack)
    _check_kingdoms(pack)
    _check_developments(pack)
    _check_borders(pack)
    _check_tracks(pack)


def _check_ids(pack: Pack) -> None:
    ids = [g.id for g in pack.generals] + [d.id for d in pack.developments]
    seen: set[str] = set()
    for ident in ids:
        if ident in seen:
            raise _fail(f"duplicate id {ident!r}")
        if not ident:
            raise _fail("empty id")
        seen.add(ident)


def _check_generals(pack: Pack) -> None:
    for g in pack.generals:
        if g.kingdom not in KINGDOMS:
            raise _fail(f"general {g.id}: unknown kingdom {g.kingdom!r}")
        if g.specialty not in WEAPONS:
            raise _fail(f"general {g.id}: unknown specialty {g.specialty!r}")
        if not (0 <= g.administration <= 9 and 0 <= g.combat <= 9 and 1 <= g.leadership <= 9):
            raise _fail(f"general {g.id}: stats out of range")
        _check_abilities(f"general {g.id}", g.abilities, card=False)


def _check_kingdoms(pack: Pack) -> None:
    generals = {g.id: g for g in pack.generals}
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


def _check_developments(pack: Pack) -> None:
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


def _check_borders(pack: Pack) -> None:
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


def _check_tracks(pack: Pack) -> None:
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
