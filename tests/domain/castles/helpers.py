"""Given/when/then helpers: build states from events, run commands, look at the events."""

from __future__ import annotations

from domain._kernel import Rng, decide, fold
from domain.castles import SPEC, data
from domain.castles.events import (
    BonusCardDiscarded,
    BuyingStarted,
    GameSetUp,
    PriceSet,
    RoomBought,
    TilesRevealed,
    TurnStarted,
)
from domain.castles.rules.placement import candidates, castle_of
from domain.castles.state import CastlesState, Placed


def full_stacks(players: int = 4) -> tuple[tuple[int, ...], ...]:
    return tuple(data.ROOMS_BY_SIZE[size][: data.stack_size(players, size)] for size in data.SIZES)


def setup_event(
    players: int = 2,
    *,
    builder: int = 0,
    deck: tuple[int, ...] = (100,) * 20,
    stacks: tuple[tuple[int, ...], ...] | None = None,
    stairs: int = 4,
    hallways: int = 5,
    bonus_deck: tuple[int, ...] | None = None,
    hands: tuple[tuple[int, ...], ...] | None = None,
    favors: tuple[int, ...] = (),
    money: int = 15000,
) -> GameSetUp:
    if hands is None:
        hands = tuple(tuple(range(3 * i, 3 * i + 3)) for i in range(players))
    if bonus_deck is None:
        dealt = {c for h in hands for c in h}
        bonus_deck = tuple(c for c in range(27) if c not in dealt)
    return GameSetUp(
        players=players,
        builder=builder,
        prices=data.prices(players),
        scores=tuple((s - builder) % players for s in range(players)),
        money=money,
        deck=deck,
        stacks=stacks if stacks is not None else full_stacks(),
        stairs=stairs,
        hallways=hallways,
        bonus_deck=bonus_deck,
        hands=hands,
        favors=favors,
    )


def build(seat: int, piece: int, x: int, y: int, rot: int) -> RoomBought:
    """A given: a piece already in a castle (bought for nothing)."""
    return RoomBought(
        seat=seat,
        slot=0,
        room=piece,
        price=0,
        paid_to=-1,
        money_taken=0,
        x=x,
        y=y,
        rotation=rot,
    )


def reveal(
    tiles: tuple[int, ...], *, round: int = 1, builder: int = 0, deck=(100,) * 20, last=False
):
    return TilesRevealed(
        round=round,
        builder=builder,
        tiles=tiles,
        cards=(),
        from_deck_top=0,
        reshuffled=False,
        deck_after=deck,
        deck_count_after=len(deck),
        used_after=(),
        last_round=last,
    )


def given(*events, players: int | None = None) -> CastlesState:
    if players is None:
        players = next(e.players for e in events if isinstance(e, GameSetUp))
    return fold(SPEC, SPEC.new_setup(players), events)


def buying_events(
    players: int = 2,
    board: tuple[int, ...] = (4, 5, 6, 7, 8),
    *,
    builder: int = 0,
    castles: tuple = (),
    last: bool = False,
    **setup_kw,
) -> list:
    """Events up to the first buying turn: set-up, reveal of ``board``, bonus choices, the
    castles given (``build`` events), prices in board order, buying started."""
    setup = setup_event(players, builder=builder, **setup_kw)
    events: list = [setup, reveal(board, builder=builder, deck=setup.deck, last=last)]
    events += [
        BonusCardDiscarded(seat=s, card=setup.hands[s][-1])
        for s in range(players)
        if len(setup.hands[s]) > 2
    ]
    events += list(castles)
    events += [PriceSet(seat=builder, room=room, slot=i) for i, room in enumerate(board)]
    order = tuple((builder + i) % players for i in range(1, players + 1))
    events += [BuyingStarted(order=order), TurnStarted(seat=order[0], extra=False)]
    return events


def at_buying(players: int = 2, board=(4, 5, 6, 7, 8), **kw) -> CastlesState:
    return given(*buying_events(players, board, **kw))


def when(state: CastlesState, seat: int, command, seed: str = "test") -> list:
    return list(decide(SPEC, state, seat, command, Rng(seed, 1)))


def then_state(state: CastlesState, events) -> CastlesState:
    for e in events:
        state = SPEC.evolve(state, e)
    return state


def of_type(events, cls) -> list:
    return [e for e in events if isinstance(e, cls)]


def joining(state: CastlesState, seat: int, piece: int, target: int) -> list[Placed]:
    """Legal placements of ``piece`` in ``seat``'s castle joined to castle piece ``target``."""
    placed = state.seats[seat].castle
    out = []
    for p in candidates(castle_of(placed), piece):
        after = castle_of((*placed, p))
        if target in after.connections(len(placed)):
            out.append(p)
    return out


def castle(*pieces: tuple[int, int, int, int]):
    """A castle from (piece, x, y, rot) tuples, foyer first."""
    return castle_of((Placed(data.FOYER, 0, 0, 0), *(Placed(*p) for p in pieces)))


def grow(seat: int, plan, players: int = 2, **kw) -> tuple:
    """Build events for a castle grown piece by piece: ``plan`` is a list of (piece, target
    castle index); each piece goes to the first legal placement joined to its target."""
    builds: list = []
    for piece, target in plan:
        state = at_buying(players, castles=tuple(builds), **kw)
        options = joining(state, seat, piece, target)
        assert options, (piece, target)
        p = options[0]
        builds.append(build(seat, piece, p.x, p.y, p.rot))
    return tuple(builds)


def buy(state: CastlesState, seat: int, slot: int, placement: Placed):
    from domain.castles.commands import BuyRoom

    return when(
        state, seat, BuyRoom(slot=slot, x=placement.x, y=placement.y, rotation=placement.rot)
    )
