"""Live routes: Server-Sent Events of a game's or a tournament's new events (see docs/live.md)."""

from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Callable, Collection
from typing import Annotated, Any, Literal

import msgspec
from litestar import Request, get
from litestar.openapi import ResponseSpec
from litestar.openapi.spec import Operation
from litestar.params import HeaderParameter, Parameter
from litestar.response import Stream

from domain.tournament import TOURNAMENT
from domain.tournament.events import TournamentEvent
from service.api.http import (
    SEAT_OR_SPECTATOR,
    SEED_GROUP_NOTE,
    GameId,
    bearer_token,
    problems,
    viewer_of,
)
from service.games import schemas as s
from service.games.model import decode_event, event_out, spec_for
from service.live.direct import DIRECT_WRITE
from service.live.hub import Hub, lifespan
from service.live.sse import PAGE, Batch, Item
from service.live.stream import events
from service.players.registry import PlayerRegistry, Watch, token_still_valid
from service.support.errors import not_found

SSE = "text/event-stream"
log = logging.getLogger("gamestate.live")

After = Annotated[
    int,
    Parameter(
        ge=0,
        le=2**53,
        description="Send the events after this version (ignored when Last-Event-ID is sent)",
    ),
]
# Not ``str | None``: a documented null would be sent as the text "null". Empty means none,
# as in the SSE specification.
LastEventId = Annotated[
    str,
    HeaderParameter(
        name="Last-Event-ID",
        required=False,
        pattern=r"^[0-9]{0,16}$",
        description="The last version received; a reconnecting EventSource sends it by itself",
    ),
]
UntilVersion = Annotated[
    int | None,
    Parameter(
        ge=1,
        le=2**53,
        required=False,
        description="End the stream (event `end`) once this version has been sent or passed",
    ),
]
Timeout = Annotated[
    int | None,
    Parameter(
        ge=1,
        le=86400,
        required=False,
        description="End the stream (event `end`) after this many seconds; reconnect to go on",
    ),
]

STREAM_DESCRIPTION = (
    "Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same"
    " JSON as one item of the non-live feed. Comment lines are keep-alives. The last message is"
    ' `event: end` with `data: {"reason": ..., "version": ...}`; reasons: `finished`,'
    " `until_version`, `timeout`, `shutdown`, `behind` (the client did not read fast enough),"
    " `error` (reconnect to resume with Last-Event-ID), `revoked` (the player token the stream"
    " was opened with was rotated or revoked: it ends within a second)."
)


class StreamEnd(msgspec.Struct):
    """The data of the last message, `event: end`."""

    reason: Literal[
        "finished", "until_version", "timeout", "shutdown", "behind", "error", "revoked"
    ]
    version: int
    """The last version sent (or the starting point when none was)."""


class TournamentEventOut(msgspec.Struct):
    """One tournament event as the public may see it."""

    version: int
    type: str
    data: TournamentEvent
    recorded_at: dt.datetime
    hash: str


def _stream_response(data: Any) -> dict[int, ResponseSpec]:
    # The schema Litestar generates for ``data`` (registering its components) becomes the
    # ``contentSchema`` of each event's ``data`` field in SseOperation below.
    return {
        200: ResponseSpec(
            data, description="The live event stream", media_type=SSE, generate_examples=False
        )
    }


class SseOperation(Operation):
    """Documents ``text/event-stream`` the OpenAPI 3.1 way: ``schema`` describes one event,
    whose ``data`` is JSON with the schema of one feed item (or of the final `end`)."""

    def to_schema(self) -> dict[str, Any]:
        document = super().to_schema()
        media = document["responses"]["200"]["content"][SSE]
        media["schema"] = {
            "type": "object",
            "properties": {
                "id": {"type": "string", "pattern": "^[0-9]+$", "description": "The version"},
                "event": {"type": "string", "description": "The event type, or `end`"},
                "retry": {"type": "integer", "description": "Suggested reconnect delay (ms)"},
                "data": {
                    "type": "string",
                    "contentMediaType": "application/json",
                    "contentSchema": media["schema"],
                },
            },
        }
        return document


class TokenGuard:
    """Ends a stream opened with a player token once that token is rotated or revoked: the
    registry pokes the stream (in every process, on the NOTIFY), which checks the token
    again before anything else."""

    def __init__(self, request: Request, player_id: uuid.UUID) -> None:
        self.registry: PlayerRegistry = request.app.state.players
        self.token = bearer_token(request) or ""
        self.player_id = player_id
        self.watch: Watch | None = None
        self.poke: Callable[[], None] = lambda: None

    def subscribed(self, poke: Callable[[], None]) -> None:
        self.poke = poke
        self.watch = self.registry.watch(self.player_id, poke)
        # A revocation between the token's first check and this watch would go unheard:
        # the first check asks again.
        self.watch.stale = True

    async def valid(self, conn: Any) -> bool:
        if self.watch is None or not self.watch.stale:
            return True
        # Watch again before asking: a change during the check pokes the new watch.
        self.watch = self.registry.watch(self.watch.player_id, self.poke)
        return await token_still_valid(self.registry, conn, self.token)


def _start(request: Request, last_event_id: str, after: int) -> tuple[Hub, int]:
    return request.app.state.live, int(last_event_id) if last_event_id else after


def _direct(request: Request) -> Any:
    """The connection's direct write path when the server offers one (our uvicorn protocol;
    not the in-process test client or another server): see service/live/direct.py."""
    return (request.scope.get("extensions") or {}).get(DIRECT_WRITE)


def _response(body: Any) -> Stream:
    # The hub yields ready-made event-stream bytes (encoded once per visibility class), so
    # a plain Stream: Litestar's ServerSentEvent would wrap each chunk as a message again.
    # Proxies must neither buffer nor cache a live feed.
    return Stream(
        body,
        media_type=SSE,
        headers={
            "Cache-Control": "no-store",
            "Connection": "keep-alive",
            "X-Accel-Buffering": "no",
        },
    )


@get(
    "/games/{game_id:uuid}/events/stream",
    operation_id="streamEvents",
    tags=["live"],
    summary="Live events of a game as the caller may see them (Server-Sent Events)",
    description=STREAM_DESCRIPTION
    + " A game's stream ends once it is finished and every event was sent; its events are"
    " redacted for the caller while it is active and shown in full once it is finished. "
    + SEED_GROUP_NOTE,
    security=SEAT_OR_SPECTATOR,
    media_type=SSE,
    operation_class=SseOperation,
    responses={
        **_stream_response(s.EventOut | StreamEnd),
        **problems(400, 401, 403, 404, 409),
    },
)
async def game_stream(
    request: Request,
    game_id: GameId,
    after: After = 0,
    until_version: UntilVersion = None,
    timeout: Timeout = None,
    last_event_id: LastEventId = "",
) -> Stream:
    pool = request.app.state.pool
    games = request.app.state.games
    async with pool.connection() as conn:
        viewer = await viewer_of(request, conn)
        seat = viewer.seat_in(game_id)
        guard = TokenGuard(request, viewer.player_id) if viewer.player_id is not None else None
        stream = await games.store.get_stream(conn, game_id)
        if stream is None or stream.kind != "game":
            raise not_found()
        # A game whose seed group is in play is its own seats' only (seed_groups.py).
        await games.reads.exposed(conn, stream, seat)
    spec = spec_for(stream.game)
    store = games.store

    async def read(last: int, seats: Collection[int | None]) -> Batch:
        """One store read, shaped once per seat asked (None: spectators). The channel's
        pump asks for every seat its live subscribers have, so the same function serves
        every subscriber of this game whatever its seat."""
        async with pool.connection() as conn:
            current = await store.get_stream(conn, game_id)
            assert current is not None
            # Only up to the version read with the status: events past it could belong to
            # a finish this read does not know about yet, and would be shown redacted.
            stored = await store.read(conn, game_id, after=last, upto=current.version, limit=PAGE)
            finished = current.status == "finished"
            shown: dict[int | None, bool | None] = {}
            for viewer_seat in seats:
                try:
                    shown[viewer_seat] = finished and await games.reads.exposed(
                        conn, current, viewer_seat
                    )
                except Exception:
                    # This seat's streams end with `error` (they reconnect and are answered
                    # as a new stream would be); the other seats' go on.
                    log.exception("live stream %s: no view for seat %s", game_id, viewer_seat)
                    shown[viewer_seat] = None
        decoded = [(e, decode_event(spec, e)) for e in stored]
        views: dict[Any, list[Item] | None] = {}
        for viewer_seat, full in shown.items():
            views[viewer_seat] = (
                None
                if full is None
                else [
                    Item(e.version, e.type, event_out(spec, e, event, viewer_seat, full))
                    for e, event in decoded
                ]
            )
        return Batch(views, len(stored), current.version, finished)

    still_valid = None
    if guard is not None:
        token_guard = guard

        async def still_valid() -> bool:
            if token_guard.watch is not None and not token_guard.watch.stale:
                return True  # no change heard: no connection needed
            async with pool.connection() as conn:
                return await token_guard.valid(conn)

    # Before the stream's first read: every commit after it is announced (interest.py).
    await request.app.state.interest.listen(game_id)
    hub, start = _start(request, last_event_id, after)
    return _response(
        events(
            hub,
            game_id,
            read,
            on_subscribe=guard.subscribed if guard is not None else None,
            still_valid=still_valid,
            key=seat,
            after=start,
            until_version=until_version,
            timeout=timeout,
            direct=_direct(request),
        )
    )


@get(
    "/tournaments/{tournament_id:uuid}/events/stream",
    operation_id="streamTournamentEvents",
    tags=["live"],
    summary="Live events of a tournament, public view (Server-Sent Events)",
    description=STREAM_DESCRIPTION
    + " A tournament's stream does not end when it finishes (results can still be corrected).",
    media_type=SSE,
    operation_class=SseOperation,
    responses={**_stream_response(TournamentEventOut | StreamEnd), **problems(400, 404)},
)
async def tournament_stream(
    request: Request,
    tournament_id: Annotated[uuid.UUID, Parameter(description="The tournament's id")],
    after: After = 0,
    until_version: UntilVersion = None,
    timeout: Timeout = None,
    last_event_id: LastEventId = "",
) -> Stream:
    pool = request.app.state.pool
    store = request.app.state.games.store
    async with pool.connection() as conn:
        stream = await store.get_stream(conn, tournament_id)
    if stream is None or stream.kind != "tournament":
        raise not_found()

    async def read(last: int, _public: Collection[None]) -> Batch:
        async with pool.connection() as conn:
            current = await store.get_stream(conn, tournament_id)
            assert current is not None
            stored = await store.read(
                conn, tournament_id, after=last, upto=current.version, limit=PAGE
            )
        items = []
        for e in stored:
            event = TOURNAMENT.redact(msgspec.convert(e.data, TOURNAMENT.event_type))
            body = TournamentEventOut(e.version, e.type, event, e.recorded_at, e.hash)
            items.append(Item(e.version, e.type, body))
        return Batch({None: items}, len(stored), current.version, False)

    await request.app.state.interest.listen(tournament_id)
    hub, start = _start(request, last_event_id, after)
    return _response(
        events(
            hub,
            tournament_id,
            read,
            after=start,
            until_version=until_version,
            timeout=timeout,
            kind="tournament",
            direct=_direct(request),
        )
    )


ROUTES = [game_stream, tournament_stream]
LIFESPANS = [lifespan]
