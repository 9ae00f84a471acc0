"""Lifecycle routes of games: a seat resigns or rejoins (after its timeouts made it a zombie),
an organiser abandons a game; and the lifespan that runs this process's clock scheduler
(service/clocks/), which times out seats whose deadlines passed. See docs/lifecycle.md."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

from litestar import Litestar, Request, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from service.api.http import SEAT_ONLY, GameId, problems, viewer_from_pool
from service.clocks.scheduler import CATCH_UP, GRACE_MS, Scheduler
from service.games import schemas as s
from service.games.creation import MAX_GAME_EVENTS
from service.games.service import GameService
from service.support.errors import ApiError

TAGS = ["lifecycle"]
MAX_GAME_EVENTS_ENV = "GAMESTATE_MAX_GAME_EVENTS"


@post(
    "/games/{game_id:uuid}/resign",
    operation_id="resignSeat",
    tags=TAGS,
    summary="The calling seat resigns (it ranks below every seat that did not)",
    description="With two seats the other wins at once; with more the game goes on and the"
    ' resigned seat is auto-played when it is to act. Body `{}` or `{"reason": ...}`.',
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": s.ResignRequest},
)
async def resign(
    request: Request,
    game_id: GameId,
    data: JSONBody[s.ResignRequest],
    games: NamedDependency[GameService],
) -> s.CommandAccepted:
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    return await games.lifecycle.resign(
        pool, game_id, viewer, data.reason, request.headers.get("x-request-id")
    )


@post(
    "/games/{game_id:uuid}/join",
    operation_id="rejoinSeat",
    tags=TAGS,
    summary="A zombie seat (timed out too often in a row) decides for itself again",
    description="422 `game/not_a_zombie` when the seat decides for itself already.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
)
async def join(
    request: Request, game_id: GameId, games: NamedDependency[GameService]
) -> s.CommandAccepted:
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    return await games.lifecycle.rejoin(pool, game_id, viewer, request.headers.get("x-request-id"))


@post(
    "/games/{game_id:uuid}/abandon",
    operation_id="abandonGame",
    tags=TAGS,
    summary="End a game now, without a result or with its provisional ranking (admin)",
    description="`result`: `none` or `provisional` (the rules' ranking of the game as it"
    " stands, resigned and forfeited seats last). The reason is recorded in the event.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": s.AbandonRequest},
)
async def abandon(
    request: Request,
    game_id: GameId,
    data: JSONBody[s.AbandonRequest],
    games: NamedDependency[GameService],
) -> s.CommandAccepted:
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    if not viewer.admin:
        if viewer.game_id is None and viewer.player_id is None:
            raise ApiError(
                401, "unauthorized", "send the admin key as a bearer token",
                {"WWW-Authenticate": "Bearer"},
            )  # fmt: skip
        raise ApiError(403, "admin_required", "only the organiser (admin key) may do this")
    return await games.lifecycle.abandon(
        pool,
        game_id,
        data.reason,
        data.result == "provisional",
        request_id=request.headers.get("x-request-id"),
    )


@contextlib.asynccontextmanager
async def run_clocks(app: Litestar) -> AsyncIterator[None]:
    """This process's clock scheduler, fed by the game service's commits."""
    games: GameService = app.state.games
    games.commands.max_game_events = int(os.environ.get(MAX_GAME_EVENTS_ENV) or MAX_GAME_EVENTS)
    scheduler = Scheduler(
        app.state.pool,
        games,
        games.store.announcer,
        catch_up=float(os.environ.get("GAMESTATE_CLOCK_CATCH_UP") or CATCH_UP),
        grace_ms=int(os.environ.get("GAMESTATE_CLOCK_GRACE_MS") or GRACE_MS),
        # The live routes' listener, when they are served (their lifespan runs first).
        hub=getattr(app.state, "live", None),
    )
    app.state.clocks = scheduler
    games.commands.committed_hooks.append(scheduler.committed)
    task = asyncio.create_task(scheduler.run(), name="clocks")
    try:
        yield
    finally:
        games.commands.committed_hooks.remove(scheduler.committed)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


LIFESPANS = [run_clocks]

ROUTES = [resign, join, abandon]
