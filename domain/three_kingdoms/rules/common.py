"""Shared helpers: the decision context, spaces, general stats, metrics."""

from __future__ import annotations

from collections.abc import Iterator

from domain._kernel import DomainError
from domain.three_kingdoms.content import Ability, Effect
from domain.three_kingdoms.data import Catalog, catalog
from domain.three_kingdoms.events import DeficitTokensDrawn, PlayerChanged
from domain.three_kingdoms.evolve import evolve
from domain.three_kingdoms.state import Delta, GameState, Placement, PlayerState

ADMIN_SPACES = ("farm", "market", "trade", "build", "instructors")
COMBAT_SPACES = ("spears_horses", "crossbows_boats", "recruit", "train", "tribute")
VARIABLE_SPACES = ("support", "han")
CENTRAL_SPACES = ADMIN_SPACES + COMBAT_SPACES + VARIABLE_SPACES
WEAPONS = ("spear", "horse", "crossbow", "boat")


def err(reason: str, detail: str = "") -> DomainError:
    return DomainError(f"three_kingdoms/{reason}", detail)


class Ctx:
    """A decision in progress: events emitted so far and the state they lead to."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list = []

    def emit(self, event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)

    def change(self, seat: int, reason: str, **amounts: int) -> None:
        if any(amounts.values()):
            self.emit(PlayerChanged(seat=seat, reason=reason, delta=Delta(**amounts)))

    def take_deficits(self, seat: int, count: int) -> None:
        """The seat takes ``count`` deficit tokens (already counted in a ``PlayerChanged``):
        the top ones of the face-down pool, as far as it goes."""
        values = self.state.deficit_pool[: max(count, 0)]
        if values:
            self.emit(DeficitTokensDrawn(seat=seat, values=values))

    @property
    def cat(self) -> Catalog:
        return catalog(self.state.pack)


def cat_of(state: GameState) -> Catalog:
    return catalog(state.pack)


def battle_space(border: str) -> str:
    return f"battle_{border}"


def tribe_space(kingdom: str) -> str:
    return f"tribe_{kingdom}"


def all_spaces(cat: Catalog) -> tuple[str, ...]:
    return (
        CENTRAL_SPACES
        + tuple(battle_space(b.id) for b in cat.pack.borders)
        + tuple(tribe_space(k) for k in cat.kingdom_ids)
    )


def space_border(space: str) -> str:
    return space[len("battle_") :] if space.startswith("battle_") else ""


def criterion(state: GameState, space: str) -> str:
    if space in ADMIN_SPACES or space.startswith("tribe_"):
        return "administration"
    if space == "support":
        return "combat" if state.criteria_flipped else "administration"
    if space == "han":
        return "administration" if state.criteria_flipped else "combat"
    return "combat"


def passive_effects(
    state: GameState, seat: int, generals: tuple[str, ...] = ()
) -> Iterator[Effect]:
    """Passive effects of the seat's built developments and of the given generals."""
    cat = cat_of(state)
    abilities: list[Ability] = []
    for card in state.players[seat].built:
        abilities.extend(cat.developments[card].abilities)
    for general in generals:
        abilities.extend(cat.generals[general].abilities)
    for ability in abilities:
        if ability.trigger == "passive":
            yield from ability.effects


def stat(state: GameState, general: str, name: str) -> int:
    card = cat_of(state).generals[general]
    value = getattr(card, name)
    for ability in card.abilities:
        if ability.trigger != "passive":
            continue
        for effect in ability.effects:
            if effect.op == "set_stat" and effect.stat == name and state.round >= effect.from_round:
                value = effect.value
    return value


def placement_value(state: GameState, p: Placement) -> int:
    return (
        stat(state, p.general, criterion(state, p.space))
        + p.bid_tokens
        + p.support
        + p.han
        + len(p.units)
    )


def available_generals(state: GameState, seat: int) -> tuple[str, ...]:
    player = state.players[seat]
    busy = set(player.occupying) | set(player.flipped)
    busy |= {p.general for p in state.placements if p.seat == seat}
    return tuple(g for g in player.generals if g not in busy)


def occupied_units(state: GameState, seat: int, weapon: str = "") -> int:
    return sum(
        o.units for o in state.occupations if o.seat == seat and (not weapon or o.weapon == weapon)
    )


def metric(state: GameState, seat: int, name: str) -> int:
    p: PlayerState = state.players[seat]
    match name:
        case "occupied_regions":
            return sum(1 for o in state.occupations if o.seat == seat)
        case "occupied_units":
            return occupied_units(state, seat)
        case "occupied_spear" | "occupied_horse" | "occupied_crossbow" | "occupied_boat":
            return occupied_units(state, seat, name[len("occupied_") :])
        case "farm_level":
            return p.farm_level
        case "market_level":
            return p.market_level
        case "development":
            return p.farm_level + p.market_level
        case "tribe":
            return p.tribe
        case "office":
            return p.office
        case "support":
            return p.support
        case "military":
            return p.military
        case "built_developments":
            return len(p.built)
        case "generals":
            return len(p.generals)
        case "border_tokens":
            return len(p.granary_borders) + len(p.treasury_borders)
    raise AssertionError(name)
