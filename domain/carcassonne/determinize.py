"""A full Carcassonne state from one seat's view (for bots, ``domain/bots``).

Only the order of the face-down pile is hidden (its contents are in the view). The board's
derived structure (segments, features, which are complete) is rebuilt by laying the visible
tiles again in their placement order, with the followers still on the board put down with
their tile and completed features scored as they close; then the view's scores, supplies and
discards are taken as they are, and the pile is shuffled with its structure (river tiles
first, the lake, then land tiles).

Not in the view, so assumed: the current rules version (``RULES_VERSION``; version 1 differs
only in the River's bend rule)."""

from __future__ import annotations

import msgspec

from domain._kernel import Rng
from domain.carcassonne.data import LAKE, TILES
from domain.carcassonne.events import FollowerPlaced, StartTilePlaced, TilePlaced
from domain.carcassonne.rules import evolve
from domain.carcassonne.rules.scoring import completed_by
from domain.carcassonne.state import FOLLOWERS, RULES_VERSION, CarcassonneState
from domain.carcassonne.view import CarcassonneView


def determinize(view: CarcassonneView, seat: int, rng: Rng) -> CarcassonneState:
    state = CarcassonneState(
        players=view.players,
        river=view.river,
        farmers=view.farmers,
        supply=(FOLLOWERS,) * view.players,
        scores=(0,) * view.players,
        rules_version=RULES_VERSION,
    )
    on_tile: dict[tuple[int, int], list] = {}
    for follower in view.followers:
        on_tile.setdefault((follower.x, follower.y), []).append(follower)
    for index, tile in enumerate(view.tiles):
        if index == 0:
            state = evolve(state, StartTilePlaced(tile.tile, tile.x, tile.y, tile.rotation))
            continue
        state = evolve(state, TilePlaced(0, tile.tile, tile.x, tile.y, tile.rotation))
        first = state.tiles[index].node
        for follower in on_tile.get((tile.x, tile.y), ()):
            node = first + TILES[tile.tile].names[follower.segment]
            placed = FollowerPlaced(follower.seat, tile.x, tile.y, follower.segment, node)
            state = evolve(state, placed)
        for event in completed_by(state, index):
            state = evolve(state, event)
    pile = [code for code, count in view.pile_contents for _ in range(count)]
    river = [c for c in pile if TILES[c].is_river and c != LAKE]
    lake = [c for c in pile if c == LAKE]
    land = [c for c in pile if not TILES[c].is_river]
    return msgspec.structs.replace(
        state,
        deck=(*rng.shuffled(river), *lake, *rng.shuffled(land)),
        current=view.current,
        turn=view.turn if view.turn is not None else 0,
        supply=view.supply,
        scores=view.scores,
        discarded=view.discarded,
        over=view.over,
    )
