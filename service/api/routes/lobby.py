"""Lobby routes (docs/lobby.md): the lobby view of a game created with open seats, and
rematches of finished games. Creating a game with open seats is ``POST /games`` (it hands such
a body to the lobby); taking a seat is ``POST /games/{id}/join`` (service/api/routes/lifecycle.py,
which also serves a zombie seat's rejoin)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from litestar import Litestar, Request, get, post
from litestar.di import NamedDependency
from psycopg import AsyncConnection

from service.api.http import SEAT_ONLY, GameId, bearer_token, problems, viewer_from_pool
from service.lobby import schemas as ls
from service.lobby.service import LobbyService

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
    " in it; the rematch is dealt when every seat has asked. 409 `lobby/game_not_finished`.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404, 409),
)
async def rematch(request: Request, game_id: GameId) -> ls.Rematch:
    lobby: LobbyService = request.app.state.lobby
    pool = request.app.state.pool
    viewer = await viewer_from_pool(request, pool)
    return await lobby.rematches.rematch(pool, game_id, viewer, bearer_token(request))


@contextlib.asynccontextmanager
async def run_lobby(app: Litestar) -> AsyncIterator[None]:
    app.state.lobby = LobbyService(app.state.games, app.state.lobby_limits)
    yield


LIFESPANS = [run_lobby]

ROUTES = [lobby_table, rematch]
