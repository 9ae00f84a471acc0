"""Game routes: catalogue, creation, views, legal commands, commands, events, time travel."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from domain import GAMES
from service.api.http import (
    SEAT_ONLY,
    SEAT_OR_SPECTATOR,
    SEED_GROUP_NOTE,
    GameId,
    IdempotencyKey,
    problems,
    viewer_from_pool,
    viewer_of,
)
from service.games import schemas as s
from service.games.service import GameService

MinVersion = Annotated[
    int | None,
    Parameter(
        required=False,
        ge=1,
        le=2**53,
        description="A version the caller already knows (e.g. its last command's answer): if"
        " this process has the game cached at that version or later, the answer comes from"
        " that cache without asking the database, and may then be behind a command accepted"
        " through another process since (`version` says which state it is of; a command sent"
        " with it as `expected_version` is refused with 409 if the game moved on). Without it"
        " the answer reflects every command accepted before the request",
    ),
]


@get("/games/types", tags=["games"], summary="The games this service hosts")
async def game_types() -> list[s.GameType]:
    return [
        s.GameType(
            game=spec.slug,
            title=spec.title,
            min_players=spec.min_players,
            max_players=spec.max_players,
            rules_version=spec.rules_version,
            options_schema=msgspec.json.schema(spec.options_type),
            description=spec.description,
            notes=spec.notes,
        )
        for spec in GAMES.values()
    ]


@post(
    "/games",
    tags=["games"],
    summary="Create a game",
    responses=problems(400, 422, 429),
    opt={"body": s.CreateGame, "rate_limit": "create"},
)
async def create_game(
    data: JSONBody[s.CreateGame],
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> s.GameCreated:
    return await games.commands.create(conn, data)


@get("/games", tags=["games"], summary="List and filter games", responses=problems(400))
async def list_games(
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
    game: Annotated[str | None, Parameter(pattern="^[a-z_]{1,32}$", required=False)] = None,
    status: Annotated[Literal["active", "finished"] | None, Parameter(required=False)] = None,
    player: Annotated[
        str | None, Parameter(max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$", required=False)
    ] = None,
    limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
    offset: Annotated[int, Parameter(ge=0, le=1_000_000)] = 0,
) -> s.GamePage:
    return await games.reads.list(
        conn, game=game, status=status, player=player, limit=limit, offset=offset
    )


@get(
    "/games/{game_id:uuid}",
    tags=["games"],
    summary="The caller's view of a game (seat token: that seat; none: spectator)",
    description=SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409),
)
async def get_game(
    request: Request,
    game_id: GameId,
    games: NamedDependency[GameService],
    min_version: MinVersion = None,
) -> Response[s.GameResource]:
    pool: AsyncConnectionPool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    resource = None
    if min_version is not None:
        resource = games.reads.resource_from_cache(game_id, viewer, min_version)
    if resource is None:
        # The hot read routes (this one and legal commands, asked every turn) check their one
        # connection out themselves, and only when the cache cannot answer: the generic
        # `conn` dependency is a generator, whose cleanup machinery costs more per request
        # than the rest of a cached read.
        async with pool.connection() as conn:
            resource = await games.reads.resource(conn, game_id, viewer)
    return Response(resource, headers={"ETag": f'"{resource.version}"', "Vary": "Authorization"})


@get(
    "/games/{game_id:uuid}/legal-commands",
    tags=["games"],
    summary="The calling seat's legal commands now",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def legal_commands(
    request: Request,
    game_id: GameId,
    games: NamedDependency[GameService],
    min_version: MinVersion = None,
) -> s.LegalCommands:
    pool: AsyncConnectionPool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    if min_version is not None:
        cached = games.reads.legal_from_cache(game_id, viewer, min_version)
        if cached is not None:
            return cached
    async with pool.connection() as conn:
        return await games.reads.legal(conn, game_id, viewer)


@post(
    "/games/{game_id:uuid}/commands",
    tags=["games"],
    summary="Submit a command for the calling seat",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422, 429),
    opt={"body": s.SubmitCommand, "rate_limit": "commands"},
)
async def submit_command(
    request: Request,
    game_id: GameId,
    data: JSONBody[s.SubmitCommand],
    games: NamedDependency[GameService],
    idempotency_key: IdempotencyKey = None,
    include: Annotated[
        Literal["legal_commands"] | None,
        Parameter(
            required=False,
            description="`legal_commands`: the answer also lists the calling seat's legal"
            " commands after this command (empty when it may not act), so that a seat that"
            " acts again needs no legal-commands request",
        ),
    ] = None,
) -> s.CommandAccepted:
    pool: AsyncConnectionPool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    return await games.commands.submit(
        pool,
        game_id,
        viewer,
        data,
        idempotency_key=idempotency_key,
        request_id=request.headers.get("x-request-id"),
        include_legal=include == "legal_commands",
    )


@get(
    "/games/{game_id:uuid}/events",
    tags=["games"],
    summary="Events after a version, as the caller may see them",
    description=SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409),
)
async def game_events(
    request: Request,
    game_id: GameId,
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
    after: Annotated[int, Parameter(ge=0, le=2**53)] = 0,
    limit: Annotated[int, Parameter(ge=1, le=1000)] = 1000,
) -> s.EventPage:
    viewer = await viewer_of(request, conn)
    return await games.reads.events(conn, game_id, viewer, after, limit)


@get(
    "/games/{game_id:uuid}/views/{version:int}",
    tags=["replay"],
    summary="Time travel: the caller's view as it was at a version",
    description=SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409),
)
async def view_at(
    request: Request,
    game_id: GameId,
    version: Annotated[int, Parameter(ge=0, le=2**53)],
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> s.VersionedView:
    viewer = await viewer_of(request, conn)
    return await games.reads.view_at(conn, game_id, viewer, version)


ROUTES = [
    game_types,
    create_game,
    list_games,
    get_game,
    legal_commands,
    submit_command,
    game_events,
    view_at,
]
