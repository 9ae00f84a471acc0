"""Events (past tense), tags ``castles.<noun_verbed>``. Every derived fact (points with their
breakdown, marks moved, tiles revealed, next player) is recorded so that replay never re-runs
the rules. Hidden parts are blanked by ``view.redact``."""

from __future__ import annotations

from domain._kernel import Event
from domain.castles.state import FinalScore, ScoreLine


class GameSetUp(Event, tag="castles.game_set_up"):
    players: int
    builder: int
    prices: tuple[int, ...]
    scores: tuple[int, ...]
    money: int
    deck: tuple[int, ...]
    """hidden: room-card order"""
    stacks: tuple[tuple[int, ...], ...]
    """hidden: room-tile order per size"""
    stairs: int
    hallways: int
    bonus_deck: tuple[int, ...]
    """hidden"""
    hands: tuple[tuple[int, ...], ...]
    """hidden except each seat's own"""
    favors: tuple[int, ...]


class BonusCardDiscarded(Event, tag="castles.bonus_card_discarded"):
    seat: int
    card: int
    """hidden from the other seats (-1)"""


class TilesRevealed(Event, tag="castles.tiles_revealed"):
    round: int
    builder: int
    tiles: tuple[int, ...]
    """room tiles taken, in order (from the deck top first, then for each card)"""
    cards: tuple[int, ...]
    """room cards turned (sizes), including cards whose stack was empty"""
    from_deck_top: int
    reshuffled: bool
    deck_after: tuple[int, ...]
    """hidden: the deck after the reveal (its order after a reshuffle)"""
    deck_count_after: int
    used_after: tuple[int, ...]
    last_round: bool


class PriceSet(Event, tag="castles.price_set"):
    seat: int
    room: int
    slot: int


class BuyingStarted(Event, tag="castles.buying_started"):
    order: tuple[int, ...]


class TurnStarted(Event, tag="castles.turn_started"):
    seat: int
    extra: bool


class RoomBought(Event, tag="castles.room_bought"):
    seat: int
    slot: int
    room: int
    price: int
    paid_to: int
    """seat paid, or -1 for the bank"""
    money_taken: int
    """marks lying on the tile, taken by the buyer"""
    x: int
    y: int
    rotation: int


class CorridorBought(Event, tag="castles.corridor_bought"):
    seat: int
    piece: int
    price: int
    paid_to: int
    x: int
    y: int
    rotation: int


class Passed(Event, tag="castles.passed"):
    seat: int
    income: int


class PlacementScored(Event, tag="castles.placement_scored"):
    seat: int
    index: int
    """castle index of the piece placed"""
    lines: tuple[ScoreLine, ...]
    total: int


class RoomCompleted(Event, tag="castles.room_completed"):
    seat: int
    index: int
    room_type: str
    downstairs_count: int
    """the seat's completed downstairs rooms after this one (0 for other types)"""


class PointsScored(Event, tag="castles.points_scored"):
    seat: int
    lines: tuple[ScoreLine, ...]
    total: int


class MarksReceived(Event, tag="castles.marks_received"):
    seat: int
    amount: int
    reason: str


class ExtraTurnGranted(Event, tag="castles.extra_turn_granted"):
    seat: int


class RewardQueued(Event, tag="castles.reward_queued"):
    seat: int
    kind: str
    source: int
    cards: tuple[int, ...] = ()
    """utility: the two bonus cards drawn (hidden from the other seats)"""


class RewardForfeited(Event, tag="castles.reward_forfeited"):
    seat: int
    kind: str
    source: int
    reason: str
    queued: bool
    """whether the reward was waiting in the queue (else it was never queued)"""


class BonusCardKept(Event, tag="castles.bonus_card_kept"):
    seat: int
    source: int
    kept: int
    returned: int
    """both hidden from the other seats (-1)"""


class StackInspected(Event, tag="castles.stack_inspected"):
    seat: int
    source: int
    size: int


class TilePicked(Event, tag="castles.tile_picked"):
    seat: int
    room: int
    """hidden from the other seats (0)"""


class SleepingRewardDone(Event, tag="castles.sleeping_reward_done"):
    seat: int
    size: int
    picked: tuple[int, ...]
    """hidden from the other seats (0 per tile)"""
    stack_after: tuple[int, ...]
    """hidden: the stack reshuffled"""
    discarded: bool
    """last round: the picked tiles leave the game instead of going on the deck"""


class DownstairsRewardChosen(Event, tag="castles.downstairs_reward_chosen"):
    seat: int
    source: int
    reward: str
    room: int


class FreeCorridorPlaced(Event, tag="castles.free_corridor_placed"):
    seat: int
    source: int
    piece: int
    x: int
    y: int
    rotation: int


class RoundEnded(Event, tag="castles.round_ended"):
    round: int
    unsold: tuple[int, ...]
    """rooms left on the board, each getting 1,000 more marks (solo: removed)"""
    next_builder: int


class GameEnded(Event, tag="castles.game_ended", omit_defaults=True):
    hands: tuple[tuple[int, ...], ...]
    final: tuple[FinalScore, ...]
    reason: str = "deck"
    """``"deck"`` (the round in which the room-card deck ran out is over) or ``"stalemate"`` (no
    seat can place any room on the full board nor any stairs or hallway left). Added after
    games were stored: ``omit_defaults`` keeps a deck ending's data exactly as it always was,
    and events stored without the field decode as ``"deck"``."""


CastlesEvent = (
    GameSetUp
    | BonusCardDiscarded
    | TilesRevealed
    | PriceSet
    | BuyingStarted
    | TurnStarted
    | RoomBought
    | CorridorBought
    | Passed
    | PlacementScored
    | RoomCompleted
    | PointsScored
    | MarksReceived
    | ExtraTurnGranted
    | RewardQueued
    | RewardForfeited
    | BonusCardKept
    | StackInspected
    | TilePicked
    | SleepingRewardDone
    | DownstairsRewardChosen
    | FreeCorridorPlaced
    | RoundEnded
    | GameEnded
)
