"""Tournament routes. Organisers act with the admin key; participants with the token they
got at registration; everything else (the bracket, standings) is public."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from typing import Annotated

from litestar import Litestar, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection

from domain.tournament import commands as tc
from service.api.http import (
    ETAG_HEADER,
    LINK_HEADER,
    LOCATION_HEADER,
    NOT_MODIFIED,
    SEAT_ONLY,
    SEAT_OR_SPECTATOR,
    Cursor,
    IfNoneMatch,
    Offset,
    bearer_token,
    conditional,
    paged,
    problems,
    seater_of,
)
from service.api.routes.tournament_access import (
    admin_command,
    exists,
    participant_of,
    placements,
    require_admin,
    resource_of,
    service_of,
)
from service.players.registry import is_player_token
from service.players.seating import seat_players
from service.support.errors import ApiError
from service.support.tasks import stop
from service.tournaments import schemas as ts
from service.tournaments.service import TournamentService

log = logging.getLogger("gamestate.tournaments")

TournamentId = Annotated[uuid.UUID, Parameter(description="The tournament's id")]
TableIdParam = Annotated[str, Parameter(pattern=r"^[A-Za-z0-9_-]{1,32}$")]
PlayerIdParam = Annotated[int, Parameter(ge=1, le=1_000_000)]
TAGS = ["tournaments"]


# -- organiser -----------------------------------------------------------------------------


@post(
    "/tournaments",
    operation_id="createTournament",
    tags=TAGS,
    summary="Create a tournament (admin)",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 422),
    response_headers=[LOCATION_HEADER],
    opt={"body": ts.CreateTournament},
)
async def create_tournament(
    request: Request, data: JSONBody[ts.CreateTournament]
) -> Response[ts.TournamentResource]:
    require_admin(request)
    tournament_id = await service_of(request).create(data)
    resource = await resource_of(request, tournament_id)
    return Response(
        resource, status_code=201, headers={"Location": f"/tournaments/{tournament_id}"}
    )


@post(
    "/tournaments/{tournament_id:uuid}/players",
    operation_id="registerPlayer",
    tags=TAGS,
    summary="Register a player (admin; anybody when registration is open); returns their token",
    description="409 `tournament_full` once the tournament has GAMESTATE_MAX_TOURNAMENT_PLAYERS"
    ' participants. `{name, bot: "mcts", level?}` (admin) registers a bot entrant, whose'
    " seats the service plays (docs/bots.md).",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409, 422, 429),
    opt={"body": ts.PlayerSignUp, "rate_limit": "register"},
)
async def register_player(
    request: Request, tournament_id: TournamentId, data: JSONBody[ts.PlayerSignUp]
) -> ts.Registration:
    setup = await exists(request, tournament_id)
    token = bearer_token(request)
    player_token = token is not None and is_player_token(token)
    if (
        not setup.get("open_registration")
        or (token is not None and not player_token)
        or data.bot is not None  # a bot entrant makes the service play: the organiser's
    ):
        require_admin(request)
    if data.registered_player_id is not None or player_token:
        async with request.app.state.pool.connection() as conn:
            seater = await seater_of(request, conn)
            if data.registered_player_id is not None:
                # The rule of POST /games: the admin registers anyone, a player itself.
                await seat_players(
                    request.app.state.players, conn, [data.registered_player_id], seater
                )
    return await service_of(request).register(tournament_id, data)


@post(
    "/tournaments/{tournament_id:uuid}/players/{player_id:int}/withdraw",
    operation_id="withdrawPlayer",
    tags=TAGS,
    summary="Withdraw a player (admin, or the player with their token)",
    description="The player plays no later round, their seats in games still going are"
    " resigned at once (they rank last there; a two-seat game is won by the opponent), and"
    " GET /me no longer hands them a seat (403 `participant_withdrawn`).",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
)
async def withdraw_player(
    request: Request, tournament_id: TournamentId, player_id: PlayerIdParam
) -> ts.TournamentResource:
    await exists(request, tournament_id)
    async with request.app.state.pool.connection() as conn:
        caller = await participant_of(request, conn, tournament_id)
    if caller is not None and caller != player_id:
        raise ApiError(403, "not_your_registration", "players may withdraw only themselves")
    actor = "admin" if caller is None else f"player:{caller}"
    await service_of(request).withdraw(tournament_id, player_id, actor)
    return await resource_of(request, tournament_id)


async def _clocks(
    request: Request, tournament_id: uuid.UUID, pause: bool, reason: str
) -> ts.TournamentResource:
    await exists(request, tournament_id)
    require_admin(request)
    await service_of(request).set_clocks(tournament_id, pause, reason)
    return await resource_of(request, tournament_id)


@post(
    "/tournaments/{tournament_id:uuid}/clocks/pause",
    operation_id="pauseTournamentClocks",
    tags=TAGS,
    summary="Pause the clock of every table's game (admin: the tournament director)",
    description="Recorded in the tournament (`tournament.clocks_paused`) and in each open game"
    " (`game.clocks_paused`); games created while paused start paused. 422"
    " `tournament/no_clock` for a tournament without a clock.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": ts.ClocksRequest},
)
async def pause_clocks(
    request: Request, tournament_id: TournamentId, data: JSONBody[ts.ClocksRequest]
) -> ts.TournamentResource:
    return await _clocks(request, tournament_id, True, data.reason)


@post(
    "/tournaments/{tournament_id:uuid}/clocks/resume",
    operation_id="resumeTournamentClocks",
    tags=TAGS,
    summary="Resume the clocks of every table's game (admin: the tournament director)",
    description="Every seat to act starts a fresh decision, its bank as it was.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
)
async def resume_clocks(request: Request, tournament_id: TournamentId) -> ts.TournamentResource:
    return await _clocks(request, tournament_id, False, "")


@post(
    "/tournaments/{tournament_id:uuid}/start",
    operation_id="startTournament",
    tags=TAGS,
    summary="Close registration, seed, open the first round and create its games (admin)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
)
async def start_tournament(request: Request, tournament_id: TournamentId) -> ts.TournamentResource:
    return await admin_command(request, tournament_id, tc.StartTournament())


@post(
    "/tournaments/{tournament_id:uuid}/results",
    operation_id="recordResult",
    tags=TAGS,
    summary="Record a table's result by hand (admin)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": ts.ManualResult},
)
async def record_result(
    request: Request, tournament_id: TournamentId, data: JSONBody[ts.ManualResult]
) -> ts.TournamentResource:
    command = tc.RecordResult(
        table_id=data.table_id, placements=placements(data.placements), source="manual"
    )
    return await admin_command(request, tournament_id, command)


@post(
    "/tournaments/{tournament_id:uuid}/results/correct",
    operation_id="correctResult",
    tags=TAGS,
    summary="Correct a recorded result; dependent matches are voided and re-created (admin)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": ts.Correction},
)
async def correct_result(
    request: Request, tournament_id: TournamentId, data: JSONBody[ts.Correction]
) -> ts.TournamentResource:
    command = tc.CorrectResult(
        table_id=data.table_id, placements=placements(data.placements), reason=data.reason
    )
    return await admin_command(request, tournament_id, command)


@post(
    "/tournaments/{tournament_id:uuid}/tables/{table_id:str}/resolve",
    operation_id="resolveTable",
    tags=TAGS,
    summary="Decide a table that cannot finish, e.g. after a withdrawal (admin)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": ts.Resolution},
)
async def resolve_table(
    request: Request,
    tournament_id: TournamentId,
    table_id: TableIdParam,
    data: JSONBody[ts.Resolution],
) -> ts.TournamentResource:
    command = tc.ResolveTable(
        table_id=table_id, placements=placements(data.placements), reason=data.reason
    )
    return await admin_command(request, tournament_id, command)


@post(
    "/tournaments/{tournament_id:uuid}/reconcile",
    operation_id="reconcileTournament",
    tags=TAGS,
    summary="Create missing games and record unrecorded results (admin; also run at start-up)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409),
)
async def reconcile(request: Request, tournament_id: TournamentId) -> ts.Reconciled:
    await exists(request, tournament_id)
    require_admin(request)
    return await service_of(request).tables.reconcile(tournament_id)


# -- public and participants ---------------------------------------------------------------


@get(
    "/tournaments",
    operation_id="listTournaments",
    tags=TAGS,
    summary="List tournaments, newest first",
    description="Pages of `limit` tournaments: follow `next` (as `after`) or the `Link` header.",
    responses=problems(400),
    response_headers=[LINK_HEADER],
)
async def list_tournaments(
    request: Request,
    conn: NamedDependency[AsyncConnection],
    status: Annotated[ts.TournamentStatus | None, Parameter(required=False)] = None,
    limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
    after: Cursor = None,
    offset: Offset = 0,
) -> Response[ts.TournamentPage]:
    page = await service_of(request).list(
        conn, status=status, limit=limit, offset=offset, after=after
    )
    return paged(request, page)


@get(
    "/tournaments/{tournament_id:uuid}",
    operation_id="getTournament",
    tags=TAGS,
    summary="Rounds, tables, games and standings",
    responses=problems(400, 404),
)
async def get_tournament(
    request: Request, tournament_id: TournamentId, conn: NamedDependency[AsyncConnection]
) -> ts.TournamentResource:
    return await service_of(request).resource(conn, tournament_id)


@get(
    "/tournaments/{tournament_id:uuid}/standings",
    operation_id="getStandings",
    tags=TAGS,
    summary="Standings now, and the final ranking once finished",
    responses={**NOT_MODIFIED, **problems(400, 404)},
    response_headers=[ETAG_HEADER],
)
async def standings(
    request: Request,
    tournament_id: TournamentId,
    conn: NamedDependency[AsyncConnection],
    if_none_match: IfNoneMatch = None,
) -> Response[ts.Standings]:
    resource = await service_of(request).resource(conn, tournament_id)
    answer = ts.Standings(
        version=resource.version,
        status=resource.view.status,
        standings=ts.named_rows(resource.view.standings, resource.view.players),
        ranking=ts.named_rows(resource.view.ranking, resource.view.players),
    )
    return conditional(answer, str(resource.version), if_none_match)


@get(
    "/tournaments/{tournament_id:uuid}/me",
    operation_id="getMySeat",
    tags=TAGS,
    summary="The participant's current table, game, seat and seat token",
    description="403 `participant_withdrawn` once the participant withdrew.",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def my_seat(
    request: Request, tournament_id: TournamentId, conn: NamedDependency[AsyncConnection]
) -> ts.MySeat:
    await service_of(request).setup(conn, tournament_id)
    player_id = await participant_of(request, conn, tournament_id)
    if player_id is None:
        raise ApiError(403, "participant_token_required", "the admin key is not a participant")
    return await service_of(request).my_seat(conn, tournament_id, player_id)


@contextlib.asynccontextmanager
async def run_tournaments(app: Litestar) -> AsyncIterator[None]:
    service = TournamentService(
        app.state.pool, app.state.games, max_players=app.state.max_tournament_players
    )
    app.state.tournaments = service
    app.state.games.commands.finished_hooks.append(service.tables.on_game_finished)
    if not app.state.get("background", True):
        yield  # a stream worker: the command workers repair at start-up
        return
    # In the background and retried: the service must start (and say "not ready") while the
    # database is down, and catch up on anything a crash left undone once it is back.
    task = asyncio.create_task(_reconcile_until_done(service), name="tournaments-repair")
    app.state.tournaments_repair = task  # it ends once done: the tests look here
    try:
        yield
    finally:
        await stop(task)


async def _reconcile_until_done(service: TournamentService) -> None:
    delay = 0.5
    while True:
        try:
            await service.tables.reconcile_all()
            return
        except Exception:
            log.warning(
                "tournament reconcile at start-up failed; retrying in %.1fs", delay, exc_info=True
            )
            await asyncio.sleep(delay)
            delay = min(delay * 2, 30.0)


LIFESPANS = [run_tournaments]

ROUTES = [
    create_tournament,
    list_tournaments,
    get_tournament,
    register_player,
    withdraw_player,
    pause_clocks,
    resume_clocks,
    start_tournament,
    record_result,
    correct_result,
    resolve_table,
    reconcile,
    standings,
    my_seat,
]
