"""Game routes: catalogue, creation, views, legal commands, commands, events, time travel."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Annotated, Literal

import msgspec
from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool

from domain.bots import policies_for
from domain.registry import GAMES
from service.api.callers import caller_key, leaser
from service.api.http import (
    ETAG_HEADER,
    LINK_HEADER,
    LOCATION_HEADER,
    NOT_MODIFIED,
    SEAT_ONLY,
    SEAT_OR_SPECTATOR,
    SEED_GROUP_NOTE,
    Cursor,
    GameId,
    IdempotencyKey,
    IfNoneMatch,
    JsonAnswer,
    Offset,
    conditional,
    header,
    paged,
    problems,
    seater_of,
    viewer_from_pool,
    viewer_of,
)
from service.api.limits import client_address
from service.games import clocked
from service.games import schemas as s
from service.games.creation import has_open_seats
from service.games.model import Viewer
from service.games.service import GameService
from service.live.waits import MAX_WAIT_SECONDS, TurnWaits
from service.lobby.service import LobbyService
from service.players.seating import Seater, seat_players
from service.support.errors import ApiError

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


Wait = Annotated[
    float | None,
    Parameter(
        required=False,
        ge=0,
        le=MAX_WAIT_SECONDS,
        # Litestar leaves a bound of 0 out of the document (it tests the bound for truth):
        # stated here, or clients and schemathesis would think negative waits are valid.
        schema_extra={"minimum": 0},
        description="Seconds to wait, at most, for the calling seat's turn: the answer comes as"
        " soon as the seat has a legal command or no seat may act any more (the game ended),"
        " else when the time is up, with the current (then empty) list. One request instead of"
        " asking again and again; it holds no database connection while it waits."
        " 429 `too_many_waiters` past the process's or the caller's limit of waiting requests"
        " (docs/live.md)",
    ),
]


@get(
    "/games/types",
    operation_id="listGameTypes",
    tags=["games"],
    summary="The games this service hosts",
)
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
            content=spec.content_status,
            content_note=spec.content_note,
            policies=list(policies_for(spec)),
        )
        for spec in GAMES.values()
    ]


@post(
    "/games",
    operation_id="createGame",
    tags=["games"],
    summary="Create a game",
    description="A seat is `{name}` (anonymous: its token is in the answer) or `{player_id}`"
    " (a registered player, who acts with its player token: the answer has no token for"
    " it). Registered players are seated by the admin key (anyone) or by a player token"
    " (only its own player): 403 `player_seat_forbidden` otherwise; a player holds one seat"
    " of a game (422 `player_seated_twice`). A `clock` without the admin key: `turn_seconds`"
    " of at least GAMESTATE_MIN_TURN_SECONDS (422 `game/turn_too_short`), and at most"
    " GAMESTATE_CLOCKED_GAMES_PER_CALLER clocked games of the caller in play (429"
    ' `clocked_games_limit`); docs/lifecycle.md. A seat `{"bot": "mcts", "level": 2}`'
    " is played by the service (policies per game in GET /games/types; 422"
    " `bot/unknown_policy`); a game of bots alone needs the admin key (403"
    " `bot/bots_only_needs_admin`); docs/bots.md.",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 409, 413, 415, 422, 429),
    response_headers=[LOCATION_HEADER],
    opt={"body": s.CreateGame, "rate_limit": "create"},
)
async def create_game(
    request: Request,
    data: JSONBody[s.CreateGame],
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> Response[s.GameCreated]:
    seater = await seater_of(request, conn)
    identity = creator_identity(request, seater)
    bots_only = not isinstance(data.seats, int) and all(seat.bot for seat in data.seats)
    if bots_only and not seater.admin:
        # A game of bots alone plays itself as fast as the bots think: the organiser's.
        raise ApiError(403, "bot/bots_only_needs_admin", "a game of bots alone needs the admin key")
    # A clock makes the service act by itself: the caller's limits (service/games/clocked.py).
    owner = None
    if data.clock is not None and not seater.admin:
        games.commands.clock_limits.check_turn(data.clock)
        owner = clocked.owner_key(identity)
    async with conn.transaction() if owner else contextlib.nullcontext():
        if owner:
            await clocked.admit(conn, owner, games.commands.clock_limits)
        if has_open_seats(data):
            lobby: LobbyService = request.app.state.lobby
            created = await lobby.tables.create(conn, data, creator=identity, seater=seater)
            if owner:
                # Kept with the table's set-up, which dealing it keeps (as GameCreation does).
                await clocked.record_owner(conn, created.id, owner)
        else:
            players = None
            if any(seat.player_id is not None for seat in data.seats):
                players = await seat_players(
                    request.app.state.players,
                    conn,
                    [seat.player_id for seat in data.seats],
                    seater,
                )
            created = await games.commands.create(conn, data, players=players, creator=owner)
    if owner and created.status == "active":
        # Created inside the transaction above: the committed hooks (its first deadline) are
        # told now that it has committed.
        await games.commands.created(conn, created.id)
    return Response(created, status_code=201, headers={"Location": f"/games/{created.id}"})


@get(
    "/games",
    operation_id="listGames",
    tags=["games"],
    summary="List and filter games, newest first",
    description="Pages of `limit` games: follow `next` (as `after`) or the `Link` header.",
    responses=problems(400),
    opt={"text_params": ("player",)},
    response_headers=[LINK_HEADER],
)
async def list_games(
    request: Request,
    read_conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
    game: Annotated[s.GameSlug | None, Parameter(required=False)] = None,
    status: Annotated[s.GameStatus | None, Parameter(required=False)] = None,
    player: Annotated[
        str | None, Parameter(max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$", required=False)
    ] = None,
    limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
    after: Cursor = None,
    offset: Offset = 0,
) -> Response[s.GamePage]:
    if status in ("waiting", "cancelled"):
        # Expiry writes, so it runs on the primary; the list then reads past it (the read
        # connection waits for the primary's position when it is a replica).
        lobby: LobbyService = request.app.state.lobby
        async with request.app.state.pool.connection() as conn:
            await lobby.tables.expire_due(conn)
    page = await games.reads.list(
        read_conn, game=game, status=status, player=player, limit=limit, offset=offset, after=after
    )
    return paged(request, page)


@get(
    "/games/{game_id:uuid}",
    operation_id="getGame",
    tags=["games"],
    summary="The caller's view of a game (seat token: that seat; none: spectator)",
    description='ETag: the version for a spectator (`"12"`), the version and the seat for a'
    ' seat (`"12-0"`); 304 with If-None-Match. ' + SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    responses={**NOT_MODIFIED, **problems(400, 401, 403, 404, 409)},
    response_headers=[ETAG_HEADER],
)
async def get_game(
    request: Request,
    game_id: GameId,
    min_version: MinVersion = None,
    if_none_match: IfNoneMatch = None,
) -> Response[s.GameResource]:
    # The hot routes take the service and the pool from the app's state: Litestar's
    # dependency injection resolves them anew on every request (a few % of a worker's CPU).
    pool: AsyncConnectionPool = request.app.state.pool
    games: GameService = request.app.state.games
    viewer = await viewer_from_pool(request, pool)
    resource = None
    if min_version is not None:
        resource = games.reads.resource_from_cache(game_id, viewer, min_version)
    if resource is None:
        # The hot read routes (this one and legal commands, asked every turn) check their one
        # connection out themselves, and only when the cache cannot answer: the generic
        # `conn` dependency is a generator, whose cleanup machinery costs more per request
        # than the rest of a cached read.
        async with read_connection(request, game_id, min_version) as conn:
            resource = await games.reads.resource(conn, game_id, viewer)
    # Each view its own tag: a cache may revalidate with another viewer's stored tag.
    seat = "" if resource.viewer is None else f"-{resource.viewer}"
    return conditional(resource, f"{resource.version}{seat}", if_none_match)


@get(
    "/games/{game_id:uuid}/legal-commands",
    operation_id="getLegalCommands",
    tags=["games"],
    summary="The calling seat's legal commands now",
    description='ETag: the version and the seat (`"12-0"`); 304 with If-None-Match.',
    security=SEAT_ONLY,
    responses={**NOT_MODIFIED, **problems(400, 401, 403, 404, 409)},
    response_headers=[ETAG_HEADER],
)
async def legal_commands(
    request: Request,
    game_id: GameId,
    min_version: MinVersion = None,
    if_none_match: IfNoneMatch = None,
    wait: Wait = None,
) -> Response[s.LegalCommands]:
    # The hot routes take the service and the pool from the app's state: Litestar's
    # dependency injection resolves them anew on every request (a few % of a worker's CPU).
    pool: AsyncConnectionPool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    if wait:
        answer = await legal_when_turn(request, game_id, viewer, min_version, wait)
    else:
        answer = await legal_now(request, game_id, viewer, min_version)
    return conditional(answer, f"{answer.version}-{answer.seat}", if_none_match)


async def legal_now(
    request: Request, game_id: uuid.UUID, viewer: Viewer, min_version: int | None
) -> s.LegalCommands:
    games: GameService = request.app.state.games
    answer = None
    if min_version is not None:
        answer = games.reads.legal_from_cache(game_id, viewer, min_version)
    if answer is None:
        async with read_connection(request, game_id, min_version) as conn:
            answer = await games.reads.legal(conn, game_id, viewer)
    return answer


async def legal_when_turn(
    request: Request, game_id: uuid.UUID, viewer: Viewer, min_version: int | None, wait: float
) -> s.LegalCommands:
    """``?wait=``: the seat's legal commands once it may act (or nobody may), woken by the
    commits of the game that the process's live listener hears (service/live/waits.py); read
    again after each, from the cache at the notified version when it has it. Watched, and the
    game's commits asked for, before the first read, so that a commit between the read and the
    wait is not missed."""
    waits: TurnWaits = request.app.state.turn_waits
    hub = request.app.state.live
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    with waits.watch(game_id, request.headers.get("authorization", "")) as watch:
        known = min_version
        # The game's commits from now on are announced (service/live/interest.py); the first
        # read sees at least the version it stood at then.
        listened = await request.app.state.interest.listen(game_id)
        if listened is not None:
            known = max(known or 0, listened)
        while True:
            watch.event.clear()
            answer = await legal_now(request, game_id, viewer, known)
            if answer.commands or not answer.to_act or hub.closing:
                return answer
            remaining = deadline - loop.time()
            if remaining <= 0:
                return answer
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watch.event.wait(), remaining)
            if not watch.event.is_set():
                return answer  # the time is up; nothing was committed meanwhile
            # A commit past the answer: read at least its version; a wake-up without one (the
            # listener reconnected), everything committed before.
            known = watch.version if watch.version > answer.version else None


@post(
    "/games/{game_id:uuid}/commands",
    operation_id="submitCommand",
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
    # The hot routes take the service and the pool from the app's state: Litestar's
    # dependency injection resolves them anew on every request (a few % of a worker's CPU).
    pool: AsyncConnectionPool = request.app.state.pool
    games: GameService = request.app.state.games
    viewer = await viewer_from_pool(request, pool)
    answer = await games.commands.submit(
        pool,
        game_id,
        viewer,
        data,
        idempotency_key=idempotency_key,
        request_id=header(request, b"x-request-id"),
        include_legal=include == "legal_commands",
    )
    # Sent as Litestar would send the CommandAccepted, without its general response building.
    return JsonAnswer(answer)  # type: ignore[return-value]


@get(
    "/games/{game_id:uuid}/events",
    operation_id="listEvents",
    tags=["games"],
    summary="Events after a version, as the caller may see them",
    description=SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409),
)
async def game_events(
    request: Request,
    game_id: GameId,
    read_conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
    after: Annotated[int, Parameter(ge=0, le=2**53)] = 0,
    limit: Annotated[int, Parameter(ge=1, le=1000)] = 1000,
) -> s.EventPage:
    viewer = await viewer_of(request, read_conn)
    return await games.reads.events(read_conn, game_id, viewer, after, limit)


@get(
    "/games/{game_id:uuid}/views/{version:int}",
    operation_id="getViewAt",
    tags=["records"],
    summary="Time travel: the caller's view as it was at a version",
    description=SEED_GROUP_NOTE
    + " A view that must be folded from more than 64 events back (a long game without its"
    " snapshots) is a heavy read: 429 `too_many_heavy_reads` (with Retry-After) when the"
    " caller or the server has as many running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER,"
    " GAMESTATE_HEAVY_READS).",
    security=SEAT_OR_SPECTATOR,
    responses=problems(400, 401, 403, 404, 409, 429),
)
async def view_at(
    request: Request,
    game_id: GameId,
    version: Annotated[int, Parameter(ge=0, le=2**53)],
    games: NamedDependency[GameService],
) -> s.VersionedView:
    # No connection for the whole request: a long fold checks one out per page it reads.
    viewer = await viewer_from_pool(request, request.app.state.pool)
    lease = leaser(request, caller_key(request, viewer), "time travel")
    reads = request.app.state.reads
    return await games.reads.view_at_connecting(reads.connection, game_id, viewer, version, lease)


def read_connection(
    request: Request, game_id: uuid.UUID, min_version: int | None
) -> contextlib.AbstractAsyncContextManager[AsyncConnection]:
    """The connection of a view or legal-commands read that the cache could not answer: one
    on which the game is at ``min_version`` (when given) or that reflects every command
    accepted before the request; the read replica's when it has caught up
    (service/store/replica.py)."""
    reads = request.app.state.reads
    if min_version is not None:
        return reads.at_version(game_id, min_version)
    return reads.connection()


def creator_identity(request: Request, seater: Seater) -> str:
    """Who creates a game, for the lobby's and the clocks' per-caller limits: the player of a
    player token, else the client address."""
    if seater.player_id is not None:
        return f"player:{seater.player_id}"
    return f"address:{client_address(request)}"


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
