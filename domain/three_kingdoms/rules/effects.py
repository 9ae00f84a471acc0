"""The effect vocabulary interpreter: triggered abilities of generals and developments.

Triggers: ``after_action`` (the seat performed the named sub-action; a general's ability
fires only if that general was in the winning bid), ``end_of_round`` (every general in play
and every built card), ``on_build`` (the card just built). Ops: ``gain``, ``train``,
``choose``. Passive ops are read where they matter (``common.stat``, bidding, upkeep)."""

from __future__ import annotations

from domain.three_kingdoms.content import Ability, Effect
from domain.three_kingdoms.events import BenefitResolved, BenefitsOffered, ChoiceOffered
from domain.three_kingdoms.rules.common import Ctx, metric
from domain.three_kingdoms.state import Benefit, GameState

GAIN_FIELDS = (
    "rice",
    "gold",
    "support",
    "armies",
    "trained",
    "spear",
    "horse",
    "crossbow",
    "boat",
    "military",
    "tribe",
)


def _times(ctx: Ctx, seat: int, effect: Effect) -> int:
    times = metric(ctx.state, seat, effect.per) if effect.per else 1
    if effect.cap:
        times = min(times, effect.cap)
    return max(times, 0)


def gain(ctx: Ctx, seat: int, reason: str, amounts: dict[str, int]) -> None:
    """Apply gains (or losses, never below zero; tribe stays on its track)."""
    player = ctx.state.players[seat]
    tracks = ctx.cat.pack.tracks
    delta: dict[str, int] = {}
    for name, amount in amounts.items():
        if not amount:
            continue
        current = getattr(player, name)
        target = max(current + amount, 0)
        if name == "tribe":
            target = min(max(current + amount, tracks.tribe_min), tracks.tribe_max)
        if target != current:
            delta[name] = target - current
    ctx.change(seat, reason, **delta)


def apply_effect(ctx: Ctx, seat: int, effect: Effect, reason: str) -> None:
    times = _times(ctx, seat, effect)
    if not times:
        return
    match effect.op:
        case "gain":
            amounts = {f: getattr(effect.gain, f) * times for f in GAIN_FIELDS}
            if effect.target == "opponents":
                for other in range(len(ctx.state.players)):
                    if other != seat:
                        gain(ctx, other, reason, amounts)
            else:
                gain(ctx, seat, reason, amounts)
        case "train":
            if ctx.state.players[seat].choices:
                # A pending choice may still bring an army: train once it is made.
                ctx.change(seat, reason, train_later=effect.amount * times)
                return
            n = min(effect.amount * times, ctx.state.players[seat].armies)
            ctx.change(seat, reason, armies=-n, trained=n)
        case "choose":
            for _ in range(times):
                ctx.emit(ChoiceOffered(seat=seat, options=effect.options))
        case _:
            pass  # passive ops are read elsewhere


ORDER = {"gain": 0, "choose": 1, "train": 2}


def _run(ctx: Ctx, seat: int, abilities: list[tuple[str, int, Ability]]) -> None:
    """Effects triggered together (``(source, ability index, ability)``): when their order
    matters (``order_matters``), they become pending decisions the player takes in the order
    it likes (Compendium principle 1; rules version 2); otherwise they apply in the most
    favourable order, gains, then choices, then training (RULES.md)."""
    batch = [
        (Benefit(source=source, ability=a_index, effect=e_index), effect)
        for source, a_index, ability in abilities
        for e_index, effect in enumerate(ability.effects)
    ]
    effects = [effect for _, effect in batch]
    if ctx.state.rules_version != "1" and order_matters(effects, ctx.state.rules_version):
        ctx.emit(BenefitsOffered(seat=seat, benefits=tuple(b for b, _ in batch)))
        return
    batch.sort(key=lambda item: ORDER.get(item[1].op, 3))
    for benefit, effect in batch:
        apply_effect(ctx, seat, effect, f"effect:{benefit.source}")


def choice_made(ctx: Ctx, seat: int, item: str) -> None:
    """A pending "+1 of one of these" is resolved; owed training follows the last choice."""
    gain(ctx, seat, "choice", {item: 1})
    player = ctx.state.players[seat]
    if not player.choices and player.train_later:
        n = min(player.train_later, player.armies)
        ctx.change(seat, "deferred_training", train_later=-player.train_later, armies=-n, trained=n)


def after_action(ctx: Ctx, seat: int, action: str, generals: tuple[str, ...]) -> None:
    cat = ctx.cat
    sources = [(g, cat.generals[g].abilities) for g in generals]
    sources += [(c, cat.developments[c].abilities) for c in ctx.state.players[seat].built]
    found = [
        (source, index, ability)
        for source, abilities in sources
        for index, ability in enumerate(abilities)
        if ability.trigger == "after_action" and ability.action == action
    ]
    _run(ctx, seat, found)


def _end_of_round_benefits(ctx: Ctx, seat: int) -> list[tuple[Benefit, Effect]]:
    """The seat's end-of-round effects: generals in play, then built cards (pack order of
    their abilities and effects)."""
    cat = ctx.cat
    player = ctx.state.players[seat]
    sources = [(g, cat.generals[g].abilities) for g in player.generals]
    sources += [(c, cat.developments[c].abilities) for c in player.built]
    found = []
    for source, abilities in sources:
        for a_index, ability in enumerate(abilities):
            if ability.trigger != "end_of_round":
                continue
            for e_index, effect in enumerate(ability.effects):
                benefit = Benefit(
                    source=source, ability=a_index, effect=e_index, optional=effect.optional
                )
                found.append((benefit, effect))
    return found


METRIC_GAINS = ("support", "military", "tribe")
"""Gain fields that are also metrics a ``per`` multiplier may read (``common.metric``)."""


def _metrics_changed(effect: Effect) -> set[str]:
    """The metrics (of its own kingdom) an effect may change."""
    if effect.op == "gain" and effect.target == "self":
        return {f for f in METRIC_GAINS if getattr(effect.gain, f)}
    if effect.op == "choose":
        return {item for item in effect.options if item in METRIC_GAINS}
    return set()


def order_matters(effects: list[Effect], rules_version: str = "2") -> bool:
    """Whether effects triggered together could end differently in another order. Only two
    things in the vocabulary make it so: a ``per`` multiplier whose metric another of the
    effects may change (rules version 1: any ``per`` among two or more effects), and a loss
    of the kingdom's own resources (losses stop at zero, so whether a gain comes first
    decides what is lost). Otherwise gains only add (caps at the track end are the same in
    any order), choices are made after the gains are known, and training comes last (owed
    training waits for pending choices), which is the best order the player could pick;
    see RULES.md."""
    if len(effects) < 2:
        return False
    for index, effect in enumerate(effects):
        if effect.per:
            others = effects[:index] + effects[index + 1 :]
            if rules_version == "1" or any(effect.per in _metrics_changed(o) for o in others):
                return True
        losses = any(getattr(effect.gain, f) < 0 for f in GAIN_FIELDS)
        if effect.op == "gain" and effect.target == "self" and losses:
            return True
    return False


def end_of_round(ctx: Ctx, seat: int) -> bool:
    """The seat's end-of-round benefits. With an optional ("may") effect among them, or when
    their order matters, they become pending decisions (``BenefitsOffered``; True is
    returned); otherwise they apply now in the fixed order (gains, choices, training)."""
    found = _end_of_round_benefits(ctx, seat)
    effects = [effect for _, effect in found]
    if any(e.optional for e in effects) or order_matters(effects, ctx.state.rules_version):
        ctx.emit(BenefitsOffered(seat=seat, benefits=tuple(b for b, _ in found)))
        return True
    batch = sorted(found, key=lambda item: ORDER.get(item[1].op, 3))
    for benefit, effect in batch:
        apply_effect(ctx, seat, effect, f"effect:{benefit.source}")
    return False


def benefit_seat(state: GameState) -> int:
    """The first kingdom in action order with pending benefits (end-of-round ones, or effects
    of an action or build whose order the player picks), or -1."""
    for seat in state.action_order:
        if state.players[seat].benefits:
            return seat
    return -1


def benefit_effect(ctx: Ctx, benefit: Benefit) -> Effect:
    cat = ctx.cat
    card = cat.generals.get(benefit.source) or cat.developments[benefit.source]
    return card.abilities[benefit.ability].effects[benefit.effect]


def resolve_benefit(ctx: Ctx, seat: int, benefit: Benefit, taken: bool) -> None:
    """Take (apply now) or decline one pending end-of-round benefit."""
    ctx.emit(BenefitResolved(seat=seat, benefit=benefit, taken=taken))
    if taken:
        apply_effect(ctx, seat, benefit_effect(ctx, benefit), f"effect:{benefit.source}")


def on_build(ctx: Ctx, seat: int, card: str) -> None:
    abilities = ctx.cat.developments[card].abilities
    found = [(card, i, a) for i, a in enumerate(abilities) if a.trigger == "on_build"]
    _run(ctx, seat, found)
