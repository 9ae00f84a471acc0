"""Who may act on a tournament and the small reads the tournament routes share: the
organiser is the admin key, a participant the token they got at registration (or their
registered player's token). Split from ``tournaments`` (the routes themselves)."""

from __future__ import annotations

import secrets
import uuid

from litestar import Request
from psycopg import AsyncConnection

from domain.tournament import commands as tc
from domain.tournament.events import Placement
from service.api.http import bearer_token
from service.players.registry import is_player_token
from service.support.errors import ApiError
from service.tournaments import schemas as ts
from service.tournaments.service import TournamentService


def service_of(request: Request) -> TournamentService:
    return request.app.state.tournaments


def unauthorized(detail: str) -> ApiError:
    return ApiError(401, "unauthorized", detail, {"WWW-Authenticate": "Bearer"})


def is_admin(request: Request) -> bool:
    token = bearer_token(request)
    return token is not None and secrets.compare_digest(token, request.app.state.admin_key)


def require_admin(request: Request) -> None:
    token = bearer_token(request)
    if token is None:
        raise unauthorized("send the admin key as a bearer token")
    if not secrets.compare_digest(token, request.app.state.admin_key):
        raise ApiError(403, "admin_required", "only the organiser (admin key) may do this")


async def participant_of(
    request: Request, conn: AsyncConnection, tournament_id: uuid.UUID
) -> int | None:
    """The caller's player id in this tournament; None for the admin."""
    token = bearer_token(request)
    if token is None:
        raise unauthorized("send your tournament token as a bearer token")
    if secrets.compare_digest(token, request.app.state.admin_key):
        return None
    if is_player_token(token):
        player = await request.app.state.players.by_token(conn, token)
        found_id = await service_of(request).participant_by_player(conn, tournament_id, player.id)
        if found_id is None:
            raise ApiError(403, "not_a_participant", "this player is not in this tournament")
        return found_id
    found = await service_of(request).participant(conn, token)
    if found is None:
        raise ApiError(401, "invalid_token", "unknown bearer token", {"WWW-Authenticate": "Bearer"})
    if found[0] != tournament_id:
        raise ApiError(403, "token_for_another_tournament", "this token is for another one")
    return found[1]


def placements(items: list[ts.PlacementIn]) -> tuple[Placement, ...]:
    return tuple(Placement(player_id=p.player_id, place=p.place, score=p.score) for p in items)


async def resource_of(request: Request, tournament_id: uuid.UUID) -> ts.TournamentResource:
    async with request.app.state.pool.connection() as conn:
        return await service_of(request).resource(conn, tournament_id)


async def exists(request: Request, tournament_id: uuid.UUID) -> dict:
    async with request.app.state.pool.connection() as conn:
        return await service_of(request).setup(conn, tournament_id)


async def admin_command(
    request: Request, tournament_id: uuid.UUID, command: tc.Command
) -> ts.TournamentResource:
    await exists(request, tournament_id)
    require_admin(request)
    await service_of(request).execute(tournament_id, command, actor="admin")
    return await resource_of(request, tournament_id)
