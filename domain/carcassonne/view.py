"""What a seat (or a spectator) sees. Everything is public except the order of the pile."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng, View
from domain.carcassonne.data import LAKE, TILES
from domain.carcassonne.events import CarcassonneEvent, DeckShuffled
from domain.carcassonne.state import CarcassonneState


class PlacedTileView(msgspec.Struct, frozen=True):
    x: int
    y: int
    tile: str
    rotation: int


class FollowerView(msgspec.Struct, frozen=True):
    seat: int
    x: int
    y: int
    segment: str
    kind: str


class CarcassonneView(View, tag="carcassonne"):
    """Coordinates: x grows east, y grows south; the start tile is at (0, 0)."""

    players: int
    river: bool
    farmers: bool
    turn: int | None
    current: str | None
    """The tile the seat to act must place."""
    pile: int
    """Tiles still face down."""
    pile_contents: tuple[tuple[str, int], ...]
    """How many of each tile type are still face down (public: every draw is revealed)."""
    tiles: tuple[PlacedTileView, ...]
    followers: tuple[FollowerView, ...]
    supply: tuple[int, ...]
    scores: tuple[int, ...]
    discarded: tuple[str, ...]
    over: bool


def _followers(state: CarcassonneState) -> tuple[FollowerView, ...]:
    out = []
    for feature in state.features:
        if feature is None:
            continue
        for follower in feature.followers:
            tile = state.tiles[state.node_tile[follower.node]]
            segment = TILES[tile.code].rotations[0].segments[follower.node - tile.node]
            out.append(FollowerView(follower.seat, tile.x, tile.y, segment.name, segment.kind))
    return tuple(sorted(out, key=lambda f: (f.y, f.x, f.segment)))


def view(state: CarcassonneState, viewer: int | None) -> CarcassonneView:
    counts: dict[str, int] = {}
    for code in state.deck:
        counts[code] = counts.get(code, 0) + 1
    return CarcassonneView(
        players=state.players,
        river=state.river,
        farmers=state.farmers,
        turn=None if state.over else state.turn,
        current=state.current,
        pile=len(state.deck),
        pile_contents=tuple(sorted(counts.items())),
        tiles=tuple(PlacedTileView(t.x, t.y, t.code, t.rotation) for t in state.tiles),
        followers=_followers(state),
        supply=state.supply,
        scores=state.scores,
        discarded=state.discarded,
        over=state.over,
    )


def redact(event: CarcassonneEvent, viewer: int | None) -> CarcassonneEvent:
    if isinstance(event, DeckShuffled):
        return DeckShuffled(tiles=())
    return event


def resample_hidden(state: CarcassonneState, viewer: int | None, rng: Rng) -> CarcassonneState:
    """Re-shuffle the face-down pile, keeping its structure: river tiles, the lake, land."""
    if state.over:
        return state
    river = [c for c in state.deck if TILES[c].is_river and c != LAKE]
    lake = [c for c in state.deck if c == LAKE]
    land = [c for c in state.deck if not TILES[c].is_river]
    deck = (*rng.shuffled(river), *lake, *rng.shuffled(land))
    return msgspec.structs.replace(state, deck=deck)
