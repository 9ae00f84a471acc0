"""Random playouts to the end, checking invariants at every step and the incremental
feature bookkeeping against a from-scratch recomputation of the final board."""

from __future__ import annotations

import pytest

from domain._kernel import playout
from domain.carcassonne import SPEC
from domain.carcassonne.data import STEP, TILES
from domain.carcassonne.events import TileDiscarded, TilePlaced
from domain.carcassonne.rules.placement import placement_error, placements
from domain.carcassonne.state import FOLLOWERS, CarcassonneOptions, CarcassonneState

CASES = [
    (players, river, farmers, seed)
    for players in (2, 3, 5)
    for river in (False, True)
    for farmers in (True, False)
    for seed in ("s1", "s2")
]


def _apply(state, events):
    for event in events:
        state = SPEC.evolve(state, event)
    return state


def _followers_on_board(state: CarcassonneState, seat: int) -> int:
    return sum(
        1
        for f in state.features
        if f is not None
        for follower in f.followers
        if follower.seat == seat
    )


def _check_placements_match_the_rules(state: CarcassonneState) -> None:
    """The fast listing equals every (x, y, rotation) the single-placement check accepts."""
    xs = [t.x for t in state.tiles]
    ys = [t.y for t in state.tiles]
    brute = {
        (x, y, r)
        for x in range(min(xs) - 1, max(xs) + 2)
        for y in range(min(ys) - 1, max(ys) + 2)
        for r in range(4)
        if not placement_error(state, state.current, x, y, r)
    }
    assert set(placements(state, state.current)) == brute


def _check_followers(state: CarcassonneState) -> None:
    for seat in range(state.players):
        assert state.supply[seat] + _followers_on_board(state, seat) == FOLLOWERS
        assert state.supply[seat] >= 0


def _shape(tile):
    return TILES[tile.code].rotations[tile.rotation]


def _check_edges(state: CarcassonneState) -> None:
    for tile in state.tiles:
        for side, (dx, dy) in enumerate(STEP):
            index = state.cells.get(f"{tile.x + dx},{tile.y + dy}")
            if index is not None:
                other = state.tiles[index]
                assert _shape(tile).edges[side] == _shape(other).edges[(side + 2) % 4]


def _recomputed_features(state: CarcassonneState) -> dict[frozenset[int], int]:
    """Connected segments (as node sets) with their open sides, found from scratch."""
    parent = list(range(len(state.root)))

    def find(n: int) -> int:
        while parent[n] != n:
            n = parent[n]
        return n

    open_sides = [0] * len(parent)
    for tile in state.tiles:
        shape = _shape(tile)
        for i, seg in enumerate(shape.segments):
            for port in seg.ports:
                side = port // 2 if seg.kind == "field" else port
                dx, dy = STEP[side]
                index = state.cells.get(f"{tile.x + dx},{tile.y + dy}")
                if index is None:
                    open_sides[tile.node + i] += seg.kind in ("city", "road")
                    continue
                other = state.tiles[index]
                theirs = _shape(other)
                if seg.kind == "field":
                    j = theirs.half_segment[2 * ((side + 2) % 4) + (1 - port % 2)]
                else:
                    j = theirs.side_segment[(side + 2) % 4]
                parent[find(tile.node + i)] = find(other.node + j)
    groups: dict[int, set[int]] = {}
    for node in range(len(parent)):
        groups.setdefault(find(node), set()).add(node)
    return {frozenset(g): sum(open_sides[n] for n in g) for g in groups.values()}


def _check_features(state: CarcassonneState) -> None:
    expected = _recomputed_features(state)
    actual = {}
    for root, feature in enumerate(state.features):
        if feature is not None:
            assert all(state.root[n] == root for n in feature.nodes)
            assert feature.tiles == tuple(sorted({state.node_tile[n] for n in feature.nodes}))
            actual[frozenset(feature.nodes)] = feature.open
    assert actual == expected
    for root, feature in enumerate(state.features):
        if feature is None:
            continue
        if feature.kind in ("city", "road"):
            complete = feature.open == 0
        elif feature.kind == "monastery":
            tile = state.tiles[state.node_tile[root]]
            around = [
                f"{tile.x + dx},{tile.y + dy}" for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
            ]
            complete = all(cell in state.cells for cell in around)
        else:
            complete = False
        assert feature.done == complete, "a completed feature was not scored, or vice versa"
        assert not (complete and feature.followers)


def _check_river(state: CarcassonneState, placed: list[str]) -> None:
    """River tiles come first, each continues the river, and no river tile bends the same
    way as the river tile just before it (no immediate U-turn, rules version 2)."""
    river = [c for c in placed if TILES[c].is_river]
    assert placed[: len(river)] == river, "a land tile came before a river tile"
    if "RL" in river:
        assert river[-1] == "RL"
    spring = state.tiles[0]
    x, y, heading = spring.x, spring.y, _shape(spring).river[0]
    last_bend = 0
    for tile in state.tiles[1 : len(river) + 1]:
        assert (tile.x, tile.y) == (x + STEP[heading][0], y + STEP[heading][1])
        ends = _shape(tile).river
        assert (heading + 2) % 4 in ends
        exits = [e for e in ends if e != (heading + 2) % 4]
        if not exits:
            break
        bend = (exits[0] - heading) % 4
        assert not (bend and bend == last_bend), "the river made an immediate U-turn"
        last_bend = bend
        x, y, heading = tile.x, tile.y, exits[0]


@pytest.mark.parametrize(("players", "river", "farmers", "seed"), CASES)
def test_random_playout_keeps_followers_edges_and_features_consistent(
    players, river, farmers, seed
):
    setup = SPEC.new_setup(players, CarcassonneOptions(river=river, farmers=farmers))
    placed: list[str] = []
    discarded: list[str] = []

    def on_step(state, seat, command, events):
        if len(placed) % 9 == 0:
            _check_placements_match_the_rules(state)
        after = _apply(state, events)
        _check_followers(after)
        placed.extend(e.tile for e in events if isinstance(e, TilePlaced))
        discarded.extend(e.tile for e in events if isinstance(e, TileDiscarded))
        if not farmers:
            assert all(f.kind != "field" or not f.followers for f in after.features if f)

    final, _ = playout(SPEC, setup, seed, on_step=on_step)
    assert final.over
    _check_edges(final)
    _check_features(final)
    # 71 land tiles (the start tile lies on the table, or is set aside for the spring), plus
    # the 10 river tiles and the lake after the spring.
    assert len(placed) + len(discarded) + 1 == (83 if river else 72)
    if river:
        _check_river(final, placed)
    assert SPEC.result(final) is not None
