"""Notifications of registered players: their live stream (Server-Sent Events) and their
webhooks, with the tournament's webhooks for the admin; the lifespan that runs the deriver and
the delivery worker in this process (docs/notifications.md)."""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Collection
from typing import Annotated, Any

from litestar import Litestar, Request, delete, get, post
from litestar.params import JSONBody, Parameter

from service.api.http import SEAT_ONLY, problems, viewer_of
from service.api.routes.live import (
    LastEventId,
    SseOperation,
    StreamEnd,
    Timeout,
    TokenGuard,
    _response,
    _stream_response,
)
from service.api.routes.tournament_access import require_admin
from service.live.sse import PAGE, Batch, Item
from service.live.stream import events
from service.notify import schemas as ns
from service.notify import store as notify_store
from service.notify.delivery import Deliveries
from service.notify.deriver import Deriver
from service.notify.sealing import box
from service.notify.settings import NotifySettings
from service.notify.targets import BadTarget, check_target
from service.support.config import disabled_parts
from service.support.errors import ApiError, not_found
from service.support.tasks import stop

PlayerPath = Annotated[uuid.UUID, Parameter(description="The player's id")]
HookPath = Annotated[uuid.UUID, Parameter(description="The webhook's id")]
TournamentPath = Annotated[uuid.UUID, Parameter(description="The tournament's id")]
After = Annotated[
    int,
    Parameter(
        ge=0,
        le=2**53,
        description="Send the notifications after this id (ignored when Last-Event-ID is sent)",
    ),
]
Limit = Annotated[int, Parameter(ge=1, le=100, description="Deliveries per page")]
Before = Annotated[
    int | None,
    Parameter(ge=1, le=2**53, required=False, description="The `next` of the previous page"),
]


def settings_of(request: Request) -> NotifySettings:
    return request.app.state.notify_settings


async def _the_player(request: Request, conn, player_id: uuid.UUID) -> None:
    """Only the player's own token: anything else is refused (the admin key too: a
    player's notifications are the player's)."""
    viewer = await viewer_of(request, conn)
    if viewer.player_id is None:
        raise ApiError(
            401,
            "player_token_required",
            "send this player's token as a bearer token",
            {"WWW-Authenticate": "Bearer"},
        )
    if viewer.player_id != player_id:
        raise ApiError(403, "another_player", "this token belongs to another player")


@get(
    "/players/{player_id:uuid}/events/stream",
    operation_id="streamPlayerNotifications",
    tags=["notifications", "live"],
    summary="Every notification for a player (Server-Sent Events)",
    description="Server-Sent Events: `id:` the notification's id (send it back as"
    " `Last-Event-ID` to resume), `event:` its kind (`your_turn`, `game_started`, `game_ended`,"
    " `round_paired`), `data:` the notification as a webhook carries it. Comment lines are"
    " keep-alives. The stream does not end by itself; its last message is `event: end` with"
    ' `data: {"reason": ..., "version": ...}` (`version`: the last id sent) when `timeout`'
    " passed, the server stops, or the token was rotated or revoked (`revoked`, within a"
    " second). Only the player's own token may read it.",
    security=SEAT_ONLY,
    media_type="text/event-stream",
    operation_class=SseOperation,
    responses={**_stream_response(ns.Notification | StreamEnd), **problems(400, 401, 403, 404)},
)
async def player_stream(
    request: Request,
    player_id: PlayerPath,
    after: After = 0,
    timeout: Timeout = None,
    last_event_id: LastEventId = "",
) -> object:
    pool = request.app.state.pool
    async with pool.connection() as conn:
        await _the_player(request, conn, player_id)
    guard = TokenGuard(request, player_id)

    async def read(last: int, keys: Collection[Any]) -> Batch:
        async with pool.connection() as conn:
            found = await notify_store.notifications_after(conn, player_id, last, PAGE)
        items = [Item(id_, kind, body) for id_, kind, body in found]
        # A full page: there may be more at once (the hub reads again when version > last).
        version = found[-1][0] + (1 if len(found) >= PAGE else 0) if found else last
        # One visibility class: a player's stream is its own.
        return Batch({key: items for key in keys}, len(found), version, False)

    async def still_valid() -> bool:
        # The token is checked again only when the registry heard of a change to it.
        if guard.watch is not None and not guard.watch.stale:
            return True
        async with pool.connection() as conn:
            return await guard.valid(conn)

    start = int(last_event_id) if last_event_id else after
    return _response(
        events(
            request.app.state.live,
            player_id,
            read,
            after=start,
            until_version=None,
            timeout=timeout,
            kind="player",
            on_subscribe=guard.subscribed,
            still_valid=still_valid,
        )
    )


async def _register(
    request: Request,
    conn,
    data: ns.WebhookRequest,
    player_id: uuid.UUID | None,
    tournament_id: uuid.UUID | None,
) -> ns.WebhookOut:
    settings = settings_of(request)
    try:
        await check_target(data.url, settings.allow_local)
    except BadTarget as exc:
        raise ApiError(422, exc.code, exc.detail) from None
    async with conn.transaction():
        # One registration at a time per owner, so the limit holds under concurrency.
        await conn.execute(
            "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
            (f"webhooks:{player_id or tournament_id}",),
        )
        if await notify_store.count_webhooks(conn, player_id, tournament_id) >= settings.per_owner:
            raise ApiError(
                422,
                "too_many_webhooks",
                f"at most {settings.per_owner} webhooks per player or tournament"
                " (GAMESTATE_WEBHOOKS_PER_OWNER)",
            )
        return await notify_store.create_webhook(
            conn, data.url, player_id, tournament_id, box(settings.secret_keys)
        )


@post(
    "/players/{player_id:uuid}/webhooks",
    operation_id="registerPlayerWebhook",
    tags=["notifications"],
    summary="Register an HTTPS endpoint for the player's notifications",
    description="The service posts every notification of the player to it, signed per"
    " Standard Webhooks with the `secret` shown only in this answer (headers `webhook-id`,"
    " `webhook-timestamp`, `webhook-signature`), retried with back-off; an endpoint failing"
    " too often in a row is disabled. https only, on a public address (422"
    " `webhook_https_required`, `webhook_target_forbidden`); a few per player (422"
    " `too_many_webhooks`).",
    security=SEAT_ONLY,
    status_code=201,
    responses=problems(400, 401, 403, 404, 415, 422),
    opt={"body": ns.WebhookRequest},
)
async def register_player_webhook(
    request: Request, player_id: PlayerPath, data: JSONBody[ns.WebhookRequest]
) -> ns.WebhookOut:
    async with request.app.state.pool.connection() as conn:
        await _the_player(request, conn, player_id)
        return await _register(request, conn, data, player_id, None)


@get(
    "/players/{player_id:uuid}/webhooks",
    operation_id="listPlayerWebhooks",
    tags=["notifications"],
    summary="The player's webhooks, with their status",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def list_player_webhooks(request: Request, player_id: PlayerPath) -> ns.WebhookList:
    async with request.app.state.pool.connection() as conn:
        await _the_player(request, conn, player_id)
        return ns.WebhookList(await notify_store.list_webhooks(conn, player_id, None))


@get(
    "/players/{player_id:uuid}/webhooks/{hook_id:uuid}/deliveries",
    operation_id="listPlayerWebhookDeliveries",
    tags=["notifications"],
    summary="The delivery log of one of the player's webhooks (newest first)",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def player_webhook_deliveries(
    request: Request,
    player_id: PlayerPath,
    hook_id: HookPath,
    limit: Limit = 20,
    before: Before = None,
) -> ns.DeliveryPage:
    async with request.app.state.pool.connection() as conn:
        await _the_player(request, conn, player_id)
        if await notify_store.webhook_owner(conn, hook_id) != (player_id, None):
            raise not_found("webhook")
        return await notify_store.deliveries(conn, hook_id, before, limit)


async def _owned(conn, hook_id: uuid.UUID, owner: tuple[uuid.UUID | None, uuid.UUID | None]):
    """Another owner's endpoint is answered as a missing one: its id tells nothing."""
    if await notify_store.webhook_owner(conn, hook_id) != owner:
        raise not_found("webhook")


@delete(
    "/players/{player_id:uuid}/webhooks/{hook_id:uuid}",
    operation_id="deletePlayerWebhook",
    tags=["notifications"],
    summary="Delete one of the player's webhooks",
    description="Its pending deliveries are dropped and never sent (an attempt already under"
    " way may still arrive, with the same `webhook-id`); its delivery log goes with it.",
    security=SEAT_ONLY,
    status_code=204,
    responses=problems(400, 401, 403, 404),
)
async def delete_player_webhook(request: Request, player_id: PlayerPath, hook_id: HookPath) -> None:
    async with request.app.state.pool.connection() as conn:
        await _the_player(request, conn, player_id)
        await _owned(conn, hook_id, (player_id, None))
        if not await notify_store.delete_webhook(conn, hook_id):
            raise not_found("webhook")


@post(
    "/players/{player_id:uuid}/webhooks/{hook_id:uuid}/enable",
    operation_id="enablePlayerWebhook",
    tags=["notifications"],
    summary="Re-enable one of the player's webhooks (resets its failure count)",
    description="An endpoint disabled after consecutive failures becomes active again with"
    " `failures` 0; its deliveries still pending go out when due, those that gave up stay"
    " `failed`. Enabling an active endpoint only resets the count.",
    security=SEAT_ONLY,
    status_code=200,
    responses=problems(400, 401, 403, 404),
)
async def enable_player_webhook(
    request: Request, player_id: PlayerPath, hook_id: HookPath
) -> ns.WebhookOut:
    async with request.app.state.pool.connection() as conn:
        await _the_player(request, conn, player_id)
        await _owned(conn, hook_id, (player_id, None))
        hook = await notify_store.enable_webhook(conn, hook_id)
    if hook is None:
        raise not_found("webhook")
    return hook


async def _tournament(request: Request, conn, tournament_id: uuid.UUID) -> None:
    require_admin(request)
    stream = await request.app.state.games.store.get_stream(conn, tournament_id)
    if stream is None or stream.kind != "tournament":
        raise not_found("tournament")


@post(
    "/tournaments/{tournament_id:uuid}/webhooks",
    operation_id="registerTournamentWebhook",
    tags=["notifications", "tournaments"],
    summary="Register an HTTPS endpoint for a tournament's notifications (admin)",
    description="Round paired (a table's game created) and game ended, for every table of"
    " the tournament; signed and retried as a player's webhooks.",
    security=SEAT_ONLY,
    status_code=201,
    responses=problems(400, 401, 403, 404, 415, 422),
    opt={"body": ns.WebhookRequest},
)
async def register_tournament_webhook(
    request: Request, tournament_id: TournamentPath, data: JSONBody[ns.WebhookRequest]
) -> ns.WebhookOut:
    async with request.app.state.pool.connection() as conn:
        await _tournament(request, conn, tournament_id)
        return await _register(request, conn, data, None, tournament_id)


@get(
    "/tournaments/{tournament_id:uuid}/webhooks/{hook_id:uuid}/deliveries",
    operation_id="listTournamentWebhookDeliveries",
    tags=["notifications", "tournaments"],
    summary="The delivery log of a tournament's webhook (admin; newest first)",
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 404),
)
async def tournament_webhook_deliveries(
    request: Request,
    tournament_id: TournamentPath,
    hook_id: HookPath,
    limit: Limit = 20,
    before: Before = None,
) -> ns.DeliveryPage:
    async with request.app.state.pool.connection() as conn:
        await _tournament(request, conn, tournament_id)
        if await notify_store.webhook_owner(conn, hook_id) != (None, tournament_id):
            raise not_found("webhook")
        return await notify_store.deliveries(conn, hook_id, before, limit)


@delete(
    "/tournaments/{tournament_id:uuid}/webhooks/{hook_id:uuid}",
    operation_id="deleteTournamentWebhook",
    tags=["notifications", "tournaments"],
    summary="Delete a tournament's webhook (admin)",
    description="As a player's: its pending deliveries are dropped and never sent.",
    security=SEAT_ONLY,
    status_code=204,
    responses=problems(400, 401, 403, 404),
)
async def delete_tournament_webhook(
    request: Request, tournament_id: TournamentPath, hook_id: HookPath
) -> None:
    async with request.app.state.pool.connection() as conn:
        await _tournament(request, conn, tournament_id)
        await _owned(conn, hook_id, (None, tournament_id))
        if not await notify_store.delete_webhook(conn, hook_id):
            raise not_found("webhook")


@post(
    "/tournaments/{tournament_id:uuid}/webhooks/{hook_id:uuid}/enable",
    operation_id="enableTournamentWebhook",
    tags=["notifications", "tournaments"],
    summary="Re-enable a tournament's webhook (admin; resets its failure count)",
    security=SEAT_ONLY,
    status_code=200,
    responses=problems(400, 401, 403, 404),
)
async def enable_tournament_webhook(
    request: Request, tournament_id: TournamentPath, hook_id: HookPath
) -> ns.WebhookOut:
    async with request.app.state.pool.connection() as conn:
        await _tournament(request, conn, tournament_id)
        await _owned(conn, hook_id, (None, tournament_id))
        hook = await notify_store.enable_webhook(conn, hook_id)
    if hook is None:
        raise not_found("webhook")
    return hook


@contextlib.asynccontextmanager
async def run_notifications(app: Litestar) -> AsyncIterator[None]:
    """This process's deriver (woken by the live hub's commit notifications) and webhook
    delivery worker."""
    settings: NotifySettings = getattr(app.state, "notify_settings", None) or NotifySettings()
    app.state.notify_settings = settings
    deliveries = Deliveries(app.state.pool, settings)
    deriver = Deriver(
        app.state.pool, app.state.games, poll=settings.poll, on_delivery=deliveries.wake
    )
    app.state.notify_deriver = deriver
    app.state.notify_deliveries = deliveries
    if not app.state.get("background", True):
        yield  # a stream worker: the command workers derive and deliver
        return
    off = disabled_parts()
    hub = getattr(app.state, "live", None)
    tasks = []
    if "notifications" not in off:
        if hub is not None:
            hub.taps.append(deriver)
        app.state.games.commands.committed_hooks.append(deriver.committed)
        tasks.append(asyncio.create_task(deriver.run(), name="notify-deriver"))
    if "webhooks" not in off:
        tasks.append(asyncio.create_task(deliveries.run(), name="webhook-deliveries"))
    try:
        yield
    finally:
        if "notifications" not in off:
            app.state.games.commands.committed_hooks.remove(deriver.committed)
            if hub is not None:
                hub.taps.remove(deriver)
        for task in tasks:
            await stop(task)


ROUTES = [
    player_stream,
    register_player_webhook,
    list_player_webhooks,
    player_webhook_deliveries,
    delete_player_webhook,
    enable_player_webhook,
    register_tournament_webhook,
    tournament_webhook_deliveries,
    delete_tournament_webhook,
    enable_tournament_webhook,
]
LIFESPANS = [run_notifications]
