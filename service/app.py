"""The Litestar application: ``create_app`` wires the pool (owned by the lifespan), the game
service, the routes and the one mapping from exceptions to problem details."""

from __future__ import annotations

import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import Annotated, Any, Literal

import msgspec
import psycopg
from litestar import Litestar, Request, Response, get, post
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import Components, SecurityScheme
from litestar.params import HeaderParameter, JSONBody, Parameter
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from domain import GAMES
from domain._kernel import DomainError
from service import schemas as s
from service.errors import ApiError
from service.games import GameService, Viewer
from service.middleware import AllowHeader
from service.openapi import install as install_openapi
from service.store import EventStore

log = logging.getLogger("gamestate.app")

PROBLEM = "application/problem+json"
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"bearer": []}]
SEAT_ONLY: list[dict[str, list[str]]] = [{"bearer": []}]


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    return {
        status: ResponseSpec(
            s.Problem,
            description=HTTPStatus(status).phrase,
            media_type=PROBLEM,
            generate_examples=False,
        )
        for status in statuses
    }


def problem_response(
    status: int,
    code: str,
    detail: str,
    path: str | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body = s.Problem(
        type="about:blank",
        title=HTTPStatus(status).phrase,
        status=status,
        code=code,
        detail=detail,
        instance=path,
    )
    return Response(
        content=msgspec.json.encode(body), status_code=status, media_type=PROBLEM, headers=headers
    )


def handle_api_error(request: Request, exc: ApiError) -> Response:
    return problem_response(exc.status, exc.code, exc.detail, request.url.path, exc.headers)


def handle_domain_error(request: Request, exc: DomainError) -> Response:
    return problem_response(422, exc.code, exc.detail, request.url.path)


def handle_validation(request: Request, exc: ValidationException) -> Response:
    detail = exc.detail or "malformed request"
    extra = exc.extra
    if extra:
        detail = f"{detail}: {msgspec.json.encode(extra).decode()[:500]}"
    return problem_response(400, "malformed_request", detail, request.url.path)


HTTP_CODES = {
    400: "malformed_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


def handle_http(request: Request, exc: HTTPException) -> Response:
    status = exc.status_code
    if status >= 500:
        return handle_unexpected(request, exc)
    code = HTTP_CODES.get(status, "client_error")
    return problem_response(
        status, code, str(exc.detail), request.url.path, dict(exc.headers or {})
    )


def handle_database(request: Request, exc: Exception) -> Response:
    log.warning("database unavailable: %s", exc)
    return problem_response(
        503,
        "database_unavailable",
        "the database is unavailable; retry shortly",
        request.url.path,
        {"Retry-After": "1"},
    )


def handle_unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unhandled error on %s %s", request.method, request.url.path)
    return problem_response(500, "internal_error", "internal error", request.url.path)


# -- dependencies -------------------------------------------------------------------------


async def provide_conn(state: State) -> AsyncIterator[AsyncConnection]:
    async with state.pool.connection() as conn:
        yield conn


def provide_games(state: State) -> GameService:
    return state.games


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401,
            "invalid_token",
            "use 'Authorization: Bearer <token>'",
            {"WWW-Authenticate": "Bearer"},
        )
    return token.strip()


async def viewer_of(request: Request, conn: AsyncConnection) -> Viewer:
    token = bearer_token(request)
    if token is None:
        return Viewer()
    cache: dict[str, Viewer] = request.app.state.token_cache
    viewer = cache.get(token)
    if viewer is None:
        viewer = await request.app.state.games.viewer_for_token(
            conn, token, request.app.state.admin_key
        )
        if len(cache) > 100_000:
            cache.clear()
        cache[token] = viewer
    return viewer


async def check_body(request: Request) -> None:
    """Bodies are validated strictly, as documented, before Litestar's lax conversion (which
    would take ``0`` for ``false``); and PostgreSQL cannot store NUL in text or jsonb, so NUL
    is refused at the door with a 400 rather than failing deep in the store."""
    body_type = request.route_handler.opt.get("body")
    if body_type is None:
        return
    body = await request.body()
    if b"\\u0000" in body or b"\x00" in body:
        raise ApiError(400, "malformed_request", "NUL characters are not accepted")
    try:
        msgspec.convert(
            _integral_floats_as_ints(msgspec.json.decode(body)), type=body_type, strict=True
        )
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ApiError(400, "malformed_request", f"invalid body: {exc}") from None


def _integral_floats_as_ints(value: Any) -> Any:
    # JSON Schema counts 3.0 as an integer; msgspec's strict mode would not.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    return value


# -- routes -------------------------------------------------------------------------------

GameId = Annotated[uuid.UUID, Parameter(description="The game's id")]
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        max_length=200,
        pattern=r"^[\x21-\x7e]+$",
        description="Repeat a command safely: the same key and body return the first answer",
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
    responses=problems(400, 422),
    opt={"body": s.CreateGame},
)
async def create_game(
    data: JSONBody[s.CreateGame],
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> s.GameCreated:
    return await games.create(conn, data)


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
    return await games.list(
        conn, game=game, status=status, player=player, limit=limit, offset=offset
    )


@get(
    "/games/{game_id:uuid}",
    tags=["games"],
    summary="The caller's view of a game (seat token: that seat; none: spectator)",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404),
)
async def get_game(
    request: Request,
    game_id: GameId,
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> Response[s.GameResource]:
    viewer = await viewer_of(request, conn)
    resource = await games.resource(conn, game_id, viewer)
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
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> s.LegalCommands:
    viewer = await viewer_of(request, conn)
    return await games.legal(conn, game_id, viewer)


@post(
    "/games/{game_id:uuid}/commands",
    tags=["games"],
    summary="Submit a command for the calling seat",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 422),
    opt={"body": s.SubmitCommand},
)
async def submit_command(
    request: Request,
    game_id: GameId,
    data: JSONBody[s.SubmitCommand],
    games: NamedDependency[GameService],
    idempotency_key: IdempotencyKey = None,
) -> s.CommandAccepted:
    pool: AsyncConnectionPool = request.app.state.pool
    async with pool.connection() as conn:
        viewer = await viewer_of(request, conn)
    return await games.submit(
        pool,
        game_id,
        viewer,
        data,
        idempotency_key=idempotency_key,
        request_id=request.headers.get("x-request-id"),
    )


@get(
    "/games/{game_id:uuid}/events",
    tags=["games"],
    summary="Events after a version, as the caller may see them",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404),
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
    return await games.events(conn, game_id, viewer, after, limit)


@get(
    "/games/{game_id:uuid}/views/{version:int}",
    tags=["replay"],
    summary="Time travel: the caller's view as it was at a version",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404),
)
async def view_at(
    request: Request,
    game_id: GameId,
    version: Annotated[int, Parameter(ge=0, le=2**53)],
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> s.VersionedView:
    viewer = await viewer_of(request, conn)
    return await games.view_at(conn, game_id, viewer, version)


@get(
    "/health",
    tags=["operations"],
    summary="Liveness and database reachability",
    responses=problems(503),
)
async def health(state: State) -> Response[s.Health]:
    try:
        async with state.pool.connection(timeout=2) as conn:
            await conn.execute("SELECT 1")
    except (psycopg.Error, PoolTimeout):
        return Response(s.Health(status="degraded", database="unavailable"), status_code=503)
    return Response(s.Health(status="ok", database="ok"))


ROUTES = [
    game_types,
    create_game,
    list_games,
    get_game,
    legal_commands,
    submit_command,
    game_events,
    view_at,
    health,
]


def create_app(
    database_url: str,
    *,
    admin_key: str,
    pool_min: int = 2,
    pool_max: int = 10,
    max_body_bytes: int = 65536,
    state_cache_size: int = 2048,
) -> Litestar:
    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        pool = AsyncConnectionPool(
            database_url,
            min_size=pool_min,
            max_size=pool_max,
            timeout=5,
            open=False,
            kwargs={"autocommit": True},
        )
        await pool.open(wait=False)
        app.state.pool = pool
        app.state.games = GameService(EventStore(pool), state_cache_size)
        try:
            yield
        finally:
            await pool.close()

    app = Litestar(
        route_handlers=ROUTES,
        lifespan=[lifespan],
        dependencies={
            "conn": Provide(provide_conn),
            "games": Provide(provide_games, sync_to_thread=False),
        },
        exception_handlers={
            ApiError: handle_api_error,
            DomainError: handle_domain_error,
            ValidationException: handle_validation,
            HTTPException: handle_http,
            psycopg.OperationalError: handle_database,
            PoolTimeout: handle_database,
            Exception: handle_unexpected,
        },
        before_request=check_body,
        request_max_body_size=max_body_bytes,
        state=State({"admin_key": admin_key, "token_cache": {}}),
        openapi_config=OpenAPIConfig(
            title="gamestate",
            version="0.1.0",
            description="Headless, event-sourced board-game state service. Errors are RFC 9457 problem details with a stable `code`.",
            path="/schema",
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(
                        type="http",
                        scheme="bearer",
                        description="A seat token from POST /games, or the admin key",
                    )
                }
            ),
        ),
    )
    install_openapi(app)
    app.asgi_handler = AllowHeader(app.asgi_handler, app.routes)
    return app
