"""The fast placement test (packed forms, no per-candidate objects) against the straightforward
one it replaced: ``reference_check`` builds the piece's ``Laid`` and checks it rule by rule.
Both must give the same reason for every placement, and ``candidates`` must list exactly the
placements the reference accepts, in (rotation, y, x) order."""

from __future__ import annotations

import random

import pytest

from domain._kernel import playout
from domain.castles import SPEC, data
from domain.castles.rules.placement import Castle, candidates, castle_of, check, lay
from domain.castles.state import Placed


def _compatible(new_piece: int, new_floor: str, old_piece: int, old_floor: str) -> bool:
    if new_piece == data.STAIRS and old_piece == data.STAIRS:
        return False
    return new_floor == old_floor


def reference_check(castle: Castle, placed: Placed) -> str | None:
    laid = lay(placed)
    for c in laid.cells:
        if c in castle.full or c in castle.corner:
            return "overlap"
    for c, (corner, depth) in laid.corners.items():
        if c in castle.full:
            return "overlap"
        other = castle.corner.get(c)
        if other is not None and not (
            data.opposite_corners(corner, other[1]) and depth + other[2] <= 14143
        ):
            return "overlap"
    if not castle.fence.isdisjoint(laid.walls):
        return "fence"
    if laid.fence and any(f in castle.walls for f in laid.fence):
        return "fence"
    joined = 0
    light_joined = False
    for seg, _, floor in laid.doors:
        for other, other_floor in castle.doors.get(seg, ()):
            if not _compatible(placed.piece, floor, castle.laid[other].piece.id, other_floor):
                return "floor_mismatch"
            joined += 1
            light_joined = light_joined or floor == data.UP
    if not joined:
        return "not_connected"
    if placed.piece == data.STAIRS and not light_joined:
        return "stairs_light_end"
    for seg, outside, _ in laid.doors:
        if seg not in castle.doors and not castle.occupied(outside):
            return None
    covered = laid.cells | laid.corners.keys()
    for other in castle.laid:
        for seg, outside, _ in other.doors:
            if (
                len(castle.doors.get(seg, ())) < 2
                and seg not in laid.walls
                and not castle.occupied(outside)
                and outside not in covered
            ):
                return None
    return "no_exit"


def _played_castles(players: int, seed: str) -> list[tuple[Placed, ...]]:
    """Every castle prefix of every seat at the end of a random game."""
    final, _ = playout(SPEC, SPEC.new_setup(players), seed)
    return [s.castle[:n] for s in final.seats for n in range(1, len(s.castle) + 1)]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_fast_check_and_candidates_match_the_reference(players: int) -> None:
    rng = random.Random(players)
    placed_castles = _played_castles(players, f"fast-placement-{players}")
    for placed in rng.sample(placed_castles, min(3, len(placed_castles))):
        c = castle_of(placed)
        xs = [p.x for p in placed]
        ys = [p.y for p in placed]
        for piece in (*rng.sample(data.ROOM_IDS, 3), *data.CORRIDOR_PIECES):
            accepted = []
            for rot in range(4):
                for y in range(min(ys) - 8, max(ys) + 9):
                    for x in range(min(xs) - 8, max(xs) + 9):
                        p = Placed(piece, x, y, rot)
                        reason = reference_check(c, p)
                        assert check(c, p) == reason, p
                        if reason is None:
                            accepted.append(p)
            assert candidates(c, piece) == accepted, piece


def test_a_castles_tables_are_not_tracked_by_the_garbage_collector() -> None:
    """A worker keeps hundreds of castles' tables (``castle_of`` is cached): built from numbers,
    strings and tuples of them, the collector does not walk them (lists would be walked by
    every full collection, and ``walls`` by every young one too)."""
    import gc

    placed = max(_played_castles(3, "untracked"), key=len)
    castle = castle_of(placed)
    # Numbers only: never tracked, not even before its first collection.
    assert castle.walls and not gc.is_tracked(castle.walls)
    # A tuple is untracked once its items are: a tuple of pairs, at the collection after.
    gc.collect()
    gc.collect()
    tables = [
        *castle.doors.values(),
        *castle.door_floors.values(),
        *(rests for pair in castle.open_rests.values() for rests in pair),
        castle.exits,
    ]
    assert len(tables) > 10
    assert [t for t in tables if gc.is_tracked(t)] == []
    # The entrance tables' values are shared: a castle built later makes no new ones.
    from domain.castles.rules import placement

    for value in [*castle.doors.values(), *castle.door_floors.values()]:
        assert placement._SHARED[value] is value
        assert all(placement._SHARED[pair] is pair for pair in value)


def test_neighbours_are_the_pieces_sharing_a_wall_in_the_order_they_were_laid() -> None:
    placed = max(_played_castles(4, "neighbours"), key=len)
    castle = castle_of(placed)
    for index, laid in enumerate(castle.laid):
        expected = []
        for seg in laid.walls:
            for other, other_laid in enumerate(castle.laid):
                if other != index and seg in other_laid.walls and other not in expected:
                    expected.append(other)
        assert castle.neighbours(index) == expected, index
