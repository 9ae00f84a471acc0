"""Player routes: register a player (its token shown once), its public profile, rotate its
token (the player), revoke it (the admin). See docs/players.md."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Annotated, Literal

from litestar import Litestar, Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody, Parameter
from psycopg import AsyncConnection

from service.api.http import (
    LINK_HEADER,
    LOCATION_HEADER,
    SEAT_ONLY,
    Cursor,
    bearer_token,
    is_admin_token,
    paged,
    problems,
)
from service.games import schemas as s
from service.games.service import GameService
from service.players import reads
from service.players import schemas as ps
from service.players.ratings import RatingProjector, projecting
from service.players.registry import PlayerRegistry, is_player_token
from service.support.config import disabled_parts
from service.support.errors import ApiError

TAGS = ["players"]
RECENT = 10
"""Games in a profile's ``recent_games`` (the rest: GET /players/{id}/games)."""
PlayerId = Annotated[uuid.UUID, Parameter(description="The player's id")]


def registry_of(request: Request) -> PlayerRegistry:
    return request.app.state.players


def _unauthorized(detail: str) -> ApiError:
    return ApiError(401, "unauthorized", detail, {"WWW-Authenticate": "Bearer"})


@post(
    "/players",
    operation_id="createPlayer",
    tags=TAGS,
    summary="Register a player: its id and its token (shown only in this answer)",
    description="The token (`gsp_...`) acts for every seat the player holds, in any game;"
    " keep it secret. `contact` is never shown to others. Limited per client address"
    " (`GAMESTATE_RATE_PLAYERS`, 30 an hour by default): 429 `too_many_requests`.",
    responses=problems(400, 413, 415, 422, 429),
    response_headers=[LOCATION_HEADER],
    opt={"body": ps.CreatePlayer, "rate_limit": "players"},
)
async def create_player(
    request: Request, data: JSONBody[ps.CreatePlayer], conn: NamedDependency[AsyncConnection]
) -> Response[ps.PlayerCreated]:
    player, token = await registry_of(request).create(conn, data.name, data.contact)
    body = ps.PlayerCreated(
        id=player.id, name=player.name, token=token, created_at=player.created_at
    )
    return Response(body, status_code=201, headers={"Location": f"/players/{player.id}"})


@get(
    "/players/{player_id:uuid}",
    operation_id="getPlayer",
    tags=TAGS,
    summary="A player's public profile: ratings per game and the latest games",
    responses=problems(400, 404),
)
async def get_player(
    request: Request,
    player_id: PlayerId,
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
) -> ps.PlayerProfile:
    player = await registry_of(request).get(conn, player_id)
    if player is None:
        raise ApiError(404, "player_not_found", "no such player")
    recent = await reads.games_of(
        conn, games, player_id, status=None, to_act_me=False, limit=RECENT, after=None
    )
    return ps.PlayerProfile(
        id=player.id,
        name=player.name,
        created_at=player.created_at,
        revoked=player.revoked_at is not None,
        ratings=await reads.ratings_of(conn, player_id),
        recent_games=recent.items,
    )


@get(
    "/players/{player_id:uuid}/games",
    operation_id="listPlayerGames",
    tags=TAGS,
    summary="The games a player holds a seat in, newest first",
    description="`status=active&to_act=me`: the games where the player is to act now (a bot's"
    " to-do list). Each finished game says the player's place and whether it was rated."
    " Pages of `limit`: follow `next` (as `after`) or the `Link` header.",
    responses=problems(400, 404),
    response_headers=[LINK_HEADER],
)
async def player_games(
    request: Request,
    player_id: PlayerId,
    conn: NamedDependency[AsyncConnection],
    games: NamedDependency[GameService],
    status: Annotated[s.GameStatus | None, Parameter(required=False)] = None,
    to_act: Annotated[
        Literal["me"] | None,
        Parameter(required=False, description="`me`: only games where the player is to act"),
    ] = None,
    limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
    after: Cursor = None,
) -> Response[ps.PlayerGamePage]:
    if await registry_of(request).get(conn, player_id) is None:
        raise ApiError(404, "player_not_found", "no such player")
    page = await reads.games_of(
        conn, games, player_id, status=status, to_act_me=to_act == "me", limit=limit, after=after
    )
    return paged(request, page)


@get(
    "/leaderboards/{game:str}",
    operation_id="getLeaderboard",
    tags=TAGS,
    summary="A game's leaderboard: best rating (ordinal) first",
    description="Only players with at least `min_games` rated games"
    " (GAMESTATE_LEADERBOARD_MIN_GAMES) and not revoked. Pages of `limit`: follow `next`"
    " (as `after`) or the `Link` header.",
    responses=problems(400),
    response_headers=[LINK_HEADER],
)
async def get_leaderboard(
    request: Request,
    game: Annotated[s.GameSlug, Parameter(description="The game's slug")],
    conn: NamedDependency[AsyncConnection],
    limit: Annotated[int, Parameter(ge=1, le=200)] = 50,
    after: Annotated[
        str | None,
        Parameter(
            required=False,
            pattern=reads.LEADER_CURSOR,
            description="The cursor of a page's last row: the page's `next`",
        ),
    ] = None,
) -> Response[ps.Leaderboard]:
    board = await reads.leaderboard(
        conn,
        game,
        request.app.state.leaderboard_min_games,
        limit,
        after,
        max_sigma=request.app.state.rating_rules.provisional_sigma,
    )
    return paged(request, board)


@post(
    "/players/{player_id:uuid}/token",
    operation_id="rotatePlayerToken",
    tags=TAGS,
    summary="A new token for the calling player; the old one is refused from now on",
    description="With the player's current token. Live streams opened with the old token"
    " end (`event: end`, reason `revoked`) within a second, in every process.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def rotate_token(
    request: Request, player_id: PlayerId, conn: NamedDependency[AsyncConnection]
) -> ps.PlayerTokenRotated:
    token = bearer_token(request)
    if token is None:
        raise _unauthorized("send the player's token as a bearer token")
    registry = registry_of(request)
    if not is_player_token(token):
        raise ApiError(403, "player_token_required", "only the player itself rotates its token")
    player = await registry.by_token(conn, token)
    if player.id != player_id:
        raise ApiError(403, "token_for_another_player", "this token is another player's")
    player, new = await registry.rotate(conn, player)
    assert player.rotated_at is not None
    return ps.PlayerTokenRotated(id=player.id, token=new, rotated_at=player.rotated_at)


@post(
    "/players/{player_id:uuid}/revoke",
    operation_id="revokePlayer",
    tags=TAGS,
    summary="Revoke a player's token for good (admin)",
    description="The token is refused everywhere from now on (401 `invalid_token`), and live"
    " streams opened with it end within a second. Idempotent.",
    status_code=200,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def revoke_player(
    request: Request, player_id: PlayerId, conn: NamedDependency[AsyncConnection]
) -> ps.PlayerRevoked:
    token = bearer_token(request)
    if token is None:
        raise _unauthorized("send the admin key as a bearer token")
    if not is_admin_token(request, token):
        raise ApiError(403, "admin_required", "only the organiser (admin key) may do this")
    player = await registry_of(request).revoke(conn, player_id)
    assert player.revoked_at is not None
    return ps.PlayerRevoked(id=player.id, revoked_at=player.revoked_at)


@contextlib.asynccontextmanager
async def run_ratings(app: Litestar) -> AsyncIterator[None]:
    """This process's rating projector, poked by the games it finishes (and polling for
    the others'); one process projects at a time."""
    projector = RatingProjector(app.state.pool, rules=app.state.rating_rules)
    app.state.ratings = projector
    if not app.state.get("background", True) or "ratings" in disabled_parts():
        yield  # a stream worker: the command workers project (create_app's `background`)
        return
    app.state.games.commands.finished_hooks.append(projector.finished)
    async with projecting(projector):
        yield


ROUTES = [create_player, get_player, player_games, get_leaderboard, rotate_token, revoke_player]
LIFESPANS = [run_ratings]
