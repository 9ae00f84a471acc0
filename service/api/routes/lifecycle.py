"""Lifecycle routes of games: a seat resigns or rejoins (after its timeouts made it a zombie),
or a newcomer joins a waiting game's open seat (service/lobby/tables.py),
an organiser abandons a game; and the lifespan that runs this process's clock scheduler
(service/clocks/), which times out seats whose deadlines passed. See docs/lifecycle.md."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

import msgspec
from litestar import Litestar, Request, post
from litestar.di import NamedDependency
from litestar.params import JSONBody

from service.api.http import SEAT_ONLY, GameId, problems, viewer_from_pool
from service.clocks.scheduler import CATCH_UP, GRACE_MS, Scheduler
from service.games import schemas as s
from service.games.clocked import ClockLimits, TimeoutBudget
from service.games.creation import MAX_GAME_EVENTS
from service.games.model import seat_required
from service.games.service import GameService
from service.lobby.schemas import Joined, JoinGame
from service.support.bodies import strict_decode
from service.support.config import disabled_parts
from service.support.errors import ApiError
from service.support.tasks import stop

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
    summary="Take an open seat of a waiting game, or a zombie seat decides for itself again",
    description="Without a token (body `{name, seat?}`: the answer holds the seat's token) or"
    " with a player token: take an open seat of a game created with open seats"
    " (docs/lobby.md); the join that takes the last seat deals the game (`status` `active`)."
    " 409 `lobby/table_full` when every seat is taken (of two joiners for the last seat, one"
    " wins), `lobby/seat_taken`, `lobby/game_cancelled` (expired while waiting),"
    " `lobby/not_open`. With the token of one of the game's seats: a zombie seat (timed out"
    " too often in a row) decides for itself again, answered as a command (422"
    ' `game/not_a_zombie` when it decides for itself already). `{"bot": "greedy",'
    ' "level": 1, "seat"?}` fills an open seat with a bot the service plays, asked by a'
    " seat of the table or the admin key (403 `lobby/bot_by_outsider`); docs/bots.md.",
    status_code=200,
    security=[{}, {"bearer": []}],
    responses=problems(400, 401, 403, 404, 409, 415, 422),
    opt={"body": JoinGame, "body_optional": True},
)
async def join(
    request: Request,
    game_id: GameId,
    games: NamedDependency[GameService],
    data: JSONBody[JoinGame | None] = None,
) -> Joined:
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    if data is not None and data.bot is not None:
        # A seat of the table (or the organiser) fills an open seat with a bot.
        if not (viewer.admin or viewer.game_id == game_id or viewer.player_id is not None):
            raise ApiError(403, "lobby/bot_by_outsider", "only a seat of the table adds a bot")
        return await request.app.state.lobby.tables.join(
            pool, game_id, data, bot_by=viewer.player_id
        )
    if viewer.game_id == game_id:
        try:
            answer = await games.lifecycle.rejoin(
                pool, game_id, viewer, request.headers.get("x-request-id")
            )
        except ApiError as error:
            if error.code == "lobby/game_waiting":
                raise ApiError(
                    409, "lobby/already_seated", "the caller holds a seat of this game already"
                ) from None
            raise
        return Joined(**msgspec.structs.asdict(answer), seat=viewer.seat)
    lobby = request.app.state.lobby
    if viewer.player_id is not None:
        return await lobby.tables.join(pool, game_id, JoinGame(), player_id=viewer.player_id)
    if viewer.game_id is not None or viewer.admin:
        raise ApiError(
            403,
            "lobby/join_without_seat_token",
            "join with no token (and a name) or with a player token",
        )
    # Checked strictly by check_body already (service/api/http.py); absent: no name.
    body = await request.body()
    wanted = strict_decode(body, JoinGame) if body.strip() else JoinGame()
    try:
        return await lobby.tables.join(pool, game_id, wanted)
    except ApiError as error:
        if error.code == "lobby/not_open" and not body.strip():
            # No body, no token, a game with no open seat: the rejoin's answer, as before.
            seat_required(viewer, game_id)
        raise


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
    limits: ClockLimits = app.state.clock_limits
    games.commands.clock_limits = limits
    scheduler = Scheduler(
        app.state.pool,
        games,
        games.store.announcer,
        catch_up=float(os.environ.get("GAMESTATE_CLOCK_CATCH_UP") or CATCH_UP),
        grace_ms=int(os.environ.get("GAMESTATE_CLOCK_GRACE_MS") or GRACE_MS),
        # The live routes' listener, when they are served (their lifespan runs first).
        hub=getattr(app.state, "live", None),
        budget=(
            TimeoutBudget(limits.timeout_events_per_minute)
            if limits.timeout_events_per_minute > 0
            else None
        ),
    )
    app.state.clocks = scheduler
    if "clocks" in disabled_parts():
        yield
        return
    if not app.state.get("background", True):
        # A stream worker or the bot process: the command workers' schedulers fire every
        # deadline (each catches up from the database, and fires the others' as a backup);
        # this process's commits tell them their deadlines, as a worker's would.
        games.commands.committed_hooks.append(scheduler.announce)
        try:
            yield
        finally:
            games.commands.committed_hooks.remove(scheduler.announce)
        return
    games.commands.committed_hooks.append(scheduler.committed)
    task = asyncio.create_task(scheduler.run(), name="clocks")
    try:
        yield
    finally:
        games.commands.committed_hooks.remove(scheduler.committed)
        await stop(task)


LIFESPANS = [run_clocks]

ROUTES = [resign, join, abandon]
