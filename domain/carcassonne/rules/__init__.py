"""The Decider: set-up, decide, evolve and the questions asked of a state."""

from __future__ import annotations

import msgspec

from domain._kernel import DomainError, Result, Rng, Setup, rank
from domain.carcassonne.commands import PlaceTile
from domain.carcassonne.data import BASE_CODES, LAKE, RIVER_CODES, SPRING, START_TILE, TILES
from domain.carcassonne.events import (
    CarcassonneEvent,
    DeckShuffled,
    FarmScored,
    FeatureScored,
    FollowerPlaced,
    GameEnded,
    StartTilePlaced,
    TileDiscarded,
    TileDrawn,
    TilePlaced,
)
from domain.carcassonne.rules.features import place_tile
from domain.carcassonne.rules.placement import (
    fits_somewhere,
    fitting_cells,
    free_after,
    free_segments,
    placement_error,
    touching,
)
from domain.carcassonne.rules.scoring import completed_by, final_scoring
from domain.carcassonne.state import (
    FOLLOWERS,
    RULES_VERSION,
    CarcassonneOptions,
    CarcassonneState,
    Follower,
)


class _Log:
    """Events decided so far and the state they lead to, so later checks see earlier effects."""

    def __init__(self, state: CarcassonneState) -> None:
        self.state = state
        self.events: list[CarcassonneEvent] = []

    def add(self, event: CarcassonneEvent) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def initial_state(setup: Setup) -> CarcassonneState:
    options = (
        setup.options if isinstance(setup.options, CarcassonneOptions) else CarcassonneOptions()
    )
    return CarcassonneState(
        players=setup.players,
        rules_version=setup.rules_version or RULES_VERSION,
        river=options.river,
        farmers=options.farmers,
        supply=(FOLLOWERS,) * setup.players,
        scores=(0,) * setup.players,
    )


def _draw_pile(river: bool, rules_version: str, rng: Rng) -> tuple[str, ...]:
    """The tiles in draw order: without the river, the 71 land tiles (the start tile lies face
    up on the table); with it, the 10 river tiles in random order, the lake, then the 71 land
    tiles: the spring is placed instead of the start tile, which is set aside (RULES.md; in
    rules version 1 the start tile was shuffled into the land tiles)."""
    land = [code for code in BASE_CODES for _ in range(TILES[code].count)]
    if not river or rules_version != "1":
        land.remove(START_TILE)
    deck = rng.shuffled(land)
    if river:
        middle = [code for code in RIVER_CODES if code not in (SPRING, LAKE)]
        deck = [*rng.shuffled(middle), LAKE, *deck]
    return tuple(deck)


def start(setup: Setup, rng: Rng) -> tuple[CarcassonneEvent, ...]:
    log = _Log(initial_state(setup))
    log.add(DeckShuffled(tiles=_draw_pile(log.state.river, log.state.rules_version, rng)))
    log.add(StartTilePlaced(tile=SPRING if log.state.river else START_TILE))
    _draw_next(log, seat=0)
    return tuple(log.events)


def _draw_next(log: _Log, seat: int) -> None:
    """Reveal tiles until one fits (discarding the others); past the last tile, end the game."""
    while log.state.deck:
        tile = log.state.deck[0]
        if fits_somewhere(log.state, tile):
            log.add(TileDrawn(seat=seat, tile=tile))
            return
        log.add(TileDiscarded(tile=tile))
    for event in final_scoring(log.state):
        log.add(event)
    log.add(GameEnded(scores=log.state.scores))


def decide(
    state: CarcassonneState, seat: int, command: PlaceTile, rng: Rng
) -> tuple[CarcassonneEvent, ...]:
    match command:
        case PlaceTile():
            return _place(state, seat, command)
        case _:
            raise DomainError("carcassonne/unknown_command", type(command).__name__)


def _place(state: CarcassonneState, seat: int, command: PlaceTile) -> tuple[CarcassonneEvent, ...]:
    code = state.current
    assert code is not None  # someone is to act only while a tile is drawn
    error = placement_error(state, code, command.x, command.y, command.rotation)
    if error:
        raise DomainError(
            error, f"{code} may not go at ({command.x}, {command.y}) turned {command.rotation}"
        )
    log = _Log(state)
    log.add(TilePlaced(seat=seat, tile=code, x=command.x, y=command.y, rotation=command.rotation))
    if command.follower is not None:
        log.add(_follower(state, seat, command, code))
    for event in completed_by(log.state, len(state.tiles)):
        log.add(event)
    _draw_next(log, (seat + 1) % state.players)
    return tuple(log.events)


def _follower(state: CarcassonneState, seat: int, command: PlaceTile, code: str) -> FollowerPlaced:
    """The follower placement, checked against the state before the tile lands."""
    tile_type = TILES[code]
    index = tile_type.names.get(command.follower or "")
    if index is None:
        raise DomainError(
            "carcassonne/unknown_segment", f"{code} has no segment {command.follower!r}"
        )
    if tile_type.rotations[0].segments[index].kind == "field" and not state.farmers:
        raise DomainError("carcassonne/farmers_disabled", "this game is played without farmers")
    if state.supply[seat] == 0:
        raise DomainError("carcassonne/no_follower_left", "all your followers are on the board")
    if not free_segments(state, code, command.x, command.y, command.rotation)[index]:
        raise DomainError(
            "carcassonne/feature_occupied", f"{command.follower} joins a feature with a follower"
        )
    return FollowerPlaced(
        seat=seat,
        x=command.x,
        y=command.y,
        segment=command.follower or "",
        node=len(state.root) + index,
    )


def _add(values: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(values, more, strict=True))


def evolve(state: CarcassonneState, event: CarcassonneEvent) -> CarcassonneState:
    replace = msgspec.structs.replace
    match event:
        case DeckShuffled(tiles=tiles):
            return replace(state, deck=tiles)
        case StartTilePlaced(tile=tile, x=x, y=y, rotation=rotation):
            return place_tile(state, tile, x, y, rotation)
        case TileDrawn(seat=seat, tile=tile):
            return replace(state, deck=state.deck[1:], current=tile, turn=seat)
        case TileDiscarded(tile=tile):
            return replace(state, deck=state.deck[1:], discarded=(*state.discarded, tile))
        case TilePlaced(tile=tile, x=x, y=y, rotation=rotation):
            return place_tile(state, tile, x, y, rotation)
        case FollowerPlaced(seat=seat, node=node):
            return _with_follower(state, seat, node)
        case FeatureScored():
            return _with_score(state, event)
        case FarmScored(points=points):
            return replace(state, scores=_add(state.scores, points))
        case GameEnded():
            return replace(state, over=True, current=None)
    raise AssertionError(f"unknown event {event!r}")


def _with_follower(state: CarcassonneState, seat: int, node: int) -> CarcassonneState:
    root = state.root[node]
    feature = state.features[root]
    assert feature is not None
    features = list(state.features)
    features[root] = msgspec.structs.replace(
        feature, followers=(*feature.followers, Follower(seat=seat, node=node))
    )
    supply = list(state.supply)
    supply[seat] -= 1
    return msgspec.structs.replace(state, features=tuple(features), supply=tuple(supply))


def _with_score(state: CarcassonneState, event: FeatureScored) -> CarcassonneState:
    scores = _add(state.scores, event.points)
    if not event.complete:
        return msgspec.structs.replace(state, scores=scores)
    feature = state.features[event.feature]
    assert feature is not None
    features = list(state.features)
    features[event.feature] = msgspec.structs.replace(feature, followers=(), done=True)
    return msgspec.structs.replace(
        state,
        scores=scores,
        supply=_add(state.supply, event.returned),
        features=tuple(features),
    )


def to_act(state: CarcassonneState) -> tuple[int, ...]:
    return () if state.over or state.current is None else (state.turn,)


def legal_commands(state: CarcassonneState, seat: int) -> list[PlaceTile]:
    if seat not in to_act(state) or state.current is None:
        return []
    code = state.current
    out: list[PlaceTile] = []
    with_followers = state.supply[seat] != 0
    spots = _SPOTS[code] if state.farmers else _SPOTS_NO_FARMERS[code]
    for x, y, rotations, around in fitting_cells(state, code):
        near = touching(state, around) if with_followers else None
        for rotation in rotations:
            out.append(PlaceTile(x=x, y=y, rotation=rotation))
            if near is None:
                continue
            free = free_after(code, rotation, near)
            for index, name in spots:
                if free[index]:
                    out.append(PlaceTile(x=x, y=y, rotation=rotation, follower=name))
    return out


def _follower_spots(farmers: bool) -> dict[str, tuple[tuple[int, str], ...]]:
    """Per tile type, (index, name) of the segments a follower may stand on if free."""
    return {
        code: tuple(
            (index, seg.name)
            for index, seg in enumerate(tile_type.rotations[0].segments)
            if farmers or seg.kind != "field"
        )
        for code, tile_type in TILES.items()
    }


_SPOTS = _follower_spots(farmers=True)
_SPOTS_NO_FARMERS = _follower_spots(farmers=False)


def result(state: CarcassonneState) -> Result | None:
    if not state.over:
        return None
    ranking = rank((seat, score, ()) for seat, score in enumerate(state.scores))
    winners = ", ".join(f"seat {s.seat}" for s in ranking if s.place == 1)
    return Result(ranking=ranking, summary=f"won by {winners} with {ranking[0].score} points")
