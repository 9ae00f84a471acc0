"""Lobby routes (docs/lobby.md): the lobby view of a game created with open seats, and
rematches of finished games. Creating a game with open seats is ``POST /games`` (it hands such
a body to the lobby); taking a seat is ``POST /games/{id}/join`` (service/api/routes/lifecycle.py,
which also serves a zombie seat's rejoin)."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Annotated

from litestar import Litestar, Request, Response, delete, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection

from service.api.http import SEAT_ONLY, GameId, bearer_token, problems, viewer_from_pool
from service.games.schemas import GameSlug
from service.lobby import schemas as ls
from service.lobby.service import LobbyService
from service.support.bodies import strict_decode
from service.support.errors import ApiError

TAGS = ["lobby"]


@get(
    "/games/{game_id:uuid}/lobby",
    operation_id="getLobbyTable",
    tags=TAGS,
    summary="A game created with open seats: its seats, open seats and expiry",
    description="409 `lobby/not_open` for a game created with every seat named.",
    responses=problems(400, 404, 409),
)
async def lobby_table(
    request: Request, game_id: GameId, conn: NamedDependency[AsyncConnection]
) -> ls.LobbyTable:
    lobby: LobbyService = request.app.state.lobby
    return await lobby.tables.lobby_view(conn, game_id)


@post(
    "/games/{game_id:uuid}/rematch",
    operation_id="rematchGame",
    tags=TAGS,
    summary="Ask for a rematch of a finished game (the same table, fresh seed, seats rotated)",
    description="Every seat's request answers with the same rematch and the seat's own token"
    " in it; the rematch is dealt when every seat has asked. 409 `lobby/game_not_finished`;"
    " 409 `lobby/player_revoked` when a registered player of the game was revoked. Each request counts as a game creation of the caller's address (GAMESTATE_RATE_CREATE:"
    " 429 `too_many_requests` beyond it).",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409, 429),
    # A rematch is a new game: counted with the creations, or rematches would be a way
    # around the creation limit.
    opt={"rate_limit": "create"},
)
async def rematch(request: Request, game_id: GameId) -> ls.Rematch:
    lobby: LobbyService = request.app.state.lobby
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    return await lobby.rematches.rematch(pool, game_id, viewer, bearer_token(request))


MatchGame = Annotated[GameSlug, Parameter(description="The game to be matched for")]
TicketId = Annotated[uuid.UUID, Parameter(description="The ticket's id")]


async def player_of(request: Request) -> uuid.UUID:
    """The registered player a request's token names (401 without a player token)."""
    viewer = await viewer_from_pool(request, request.app.state.pool)
    player_id = viewer.player_id
    if player_id is None:
        raise ApiError(
            401,
            "player_token_required",
            "matchmaking needs a registered player's token (POST /players)",
            {"WWW-Authenticate": "Bearer"},
        )
    return player_id


@post(
    "/matchmaking/{game:str}",
    operation_id="enqueueMatchmaking",
    tags=TAGS,
    summary="Queue the calling player for a table of players of similar rating",
    description="201 with a new ticket, 200 with the waiting ticket the player has in this"
    " queue already. Poll the ticket until `status` is `matched` (then `game_id`, `seat`)."
    " A player waits in one queue at a time: 409 `matchmaking/already_queued` while its"
    " ticket waits in another (leave that one first).",
    status_code=201,
    security=SEAT_ONLY,
    responses=problems(400, 401, 404, 409, 415, 422),
    opt={"body": ls.Enqueue, "body_optional": True},
)
async def enqueue(
    request: Request, game: MatchGame, data: JSONBody[ls.Enqueue | None] = None
) -> Response[ls.Ticket]:
    lobby: LobbyService = request.app.state.lobby
    player_id = await player_of(request)
    body = await request.body()
    wanted = strict_decode(body, ls.Enqueue) if body.strip() else ls.Enqueue()
    ticket, created = await lobby.matchmaking.enqueue(
        request.app.state.pool, game, player_id, wanted
    )
    return Response(ticket, status_code=201 if created else 200)


@get(
    "/matchmaking/{game:str}/{ticket_id:uuid}",
    operation_id="getMatchmakingTicket",
    tags=TAGS,
    summary="The calling player's ticket: waiting, or matched with its game and seat",
    security=SEAT_ONLY,
    responses=problems(400, 401, 404),
)
async def poll_ticket(request: Request, game: MatchGame, ticket_id: TicketId) -> ls.Ticket:
    lobby: LobbyService = request.app.state.lobby
    player_id = await player_of(request)
    return await lobby.matchmaking.poll(request.app.state.pool, game, ticket_id, player_id)


@delete(
    "/matchmaking/{game:str}/{ticket_id:uuid}",
    operation_id="leaveMatchmaking",
    tags=TAGS,
    summary="Leave the queue (409 once the ticket was matched)",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 404, 409),
)
async def leave_queue(request: Request, game: MatchGame, ticket_id: TicketId) -> ls.Ticket:
    lobby: LobbyService = request.app.state.lobby
    player_id = await player_of(request)
    return await lobby.matchmaking.leave(request.app.state.pool, game, ticket_id, player_id)


@contextlib.asynccontextmanager
async def run_lobby(app: Litestar) -> AsyncIterator[None]:
    app.state.lobby = LobbyService(
        app.state.games, app.state.players, app.state.lobby_limits, app.state.match_limits
    )
    yield


LIFESPANS = [run_lobby]

ROUTES = [lobby_table, rematch, enqueue, poll_ticket, leave_queue]
