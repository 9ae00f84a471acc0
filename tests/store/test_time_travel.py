"""Time travel from checkpoints: the view at any past version is the fold of the stream up to
that version, whether the process folds it from the start or from a kept checkpoint, and
whatever order the versions are asked in."""

from __future__ import annotations

import asyncio
import random

import msgspec
from psycopg_pool import AsyncConnectionPool

from domain._kernel import fold
from domain.registry import GAMES
from service.games import schemas as s
from service.games.cache import Checkpoints
from service.games.model import Viewer, decode_event, setup_of
from service.games.service import GameService
from service.store.events import EventStore


def test_checkpoints_give_the_nearest_kept_state_at_or_before_a_version() -> None:
    checkpoints = Checkpoints(games=2, every=10)
    game = object()
    assert checkpoints.nearest(game, 35) == (0, None)
    checkpoints._games.store(game, {10: "s10", 30: "s30"})
    assert checkpoints.nearest(game, 9) == (0, None)
    assert checkpoints.nearest(game, 10) == (10, "s10")
    assert checkpoints.nearest(game, 29) == (10, "s10")  # 20 was never kept
    assert checkpoints.nearest(game, 35) == (30, "s30")
    # Bounded: a third game pushes out the least recently stored one.
    checkpoints._games.store(object(), {})
    checkpoints._games.store(object(), {})
    assert checkpoints.nearest(game, 35) == (0, None)


async def _played(url: str, slug: str, players: int, turns: int, seed: str) -> dict:
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        player, arbiter = GameService(EventStore(pool)), GameService(EventStore(pool))
        arbiter.repo.checkpoints = Checkpoints(every=8)
        body = msgspec.convert(
            {"game": slug, "seats": [{"name": f"p{i}"} for i in range(players)], "seed": seed},
            s.CreateGame,
        )
        async with pool.connection() as conn:
            gid = (await player.commands.create(conn, body)).id
        rng = random.Random(seed)
        for _ in range(turns):
            async with pool.connection() as conn:
                now = await player.reads.resource(conn, gid, Viewer())
            if now.status == "finished":
                break
            seat = Viewer(game_id=gid, seat=rng.choice(now.to_act))
            async with pool.connection() as conn:
                legal = await player.reads.legal(conn, gid, seat)
            request = s.SubmitCommand(command=rng.choice(legal.commands))
            await player.commands.submit(
                pool, gid, seat, request, idempotency_key=None, request_id=None
            )
        async with pool.connection() as conn:
            stream = await player.store.get_stream(conn, gid)
            events = await player.store.read(conn, gid)
            versions = list(range(stream.version + 1))
            rng.shuffle(versions)
            seen = {}
            for version in versions:
                for viewer in (Viewer(), Viewer(game_id=gid, seat=0)):
                    view = await arbiter.reads.view_at(conn, gid, viewer, version)
                    seen[(version, viewer.seat)] = msgspec.to_builtins(view.state)
        spec = GAMES[slug]
        setup = setup_of(spec, stream.setup, stream.rules_version)
        expected = {}
        for version in range(stream.version + 1):
            state = fold(spec, setup, (decode_event(spec, e) for e in events[:version]))
            for seat in (None, 0):
                expected[(version, seat)] = msgspec.to_builtins(spec.view(state, seat))
        kept = sorted(arbiter.repo.checkpoints._games.get(gid) or {})
        return {"seen": seen, "expected": expected, "version": stream.version, "kept": kept}
    finally:
        await pool.close()


def test_views_at_every_version_in_any_order_equal_a_fold_from_the_start(
    database_url: str,
) -> None:
    found = asyncio.run(_played(database_url, "azul", 2, 60, "time-travel"))
    assert found["version"] > 40  # several checkpoints (every 8 versions) were kept
    assert found["seen"] == found["expected"]
    # Answered from checkpoints: every 8th version was kept on the way.
    assert found["kept"] == list(range(8, found["version"] + 1, 8))
