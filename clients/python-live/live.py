"""Live events of a game or a tournament, and a registered player's notifications, typed,
resumed after any interruption.

Hand-written (kept in clients/python-live/ and copied in by ``make clients``); the rest of the
package is generated from the OpenAPI document. Built on ``httpx-sse``::

    from gamestate_client import AuthenticatedClient, Client
    from gamestate_client.live import game_events, tournament_events

    client = AuthenticatedClient(base_url="http://127.0.0.1:8000", token=seat_token)
    for event in game_events(client, game_id):  # EventOut, in version order
        print(event.version, event.type)  # event.data is the typed event (AzulTilesTaken, ...)

A game's stream ends when the game is finished and every event was sent (or at
``until_version``). Any other end (``timeout``, ``shutdown``, ``behind``, ``error``, a dropped
connection) is followed by a reconnection that sends ``Last-Event-ID``, so the server resumes
after the last event received: no event is lost or repeated. A seat token sees that seat's view
of events (the others' hidden information redacted while the game is on); no token, the
spectator's.

A registered player follows every game it sits in with one stream and its player token::

    client = AuthenticatedClient(base_url="http://127.0.0.1:8000", token=player_token)
    for note in player_notifications(client, player_id):  # Notification, in id order
        if note.type_ == "your_turn":
            act(note.data.game_id, note.data.version)

It does not end by itself; a rotated or revoked token ends it (``on_end`` is told
``revoked``), any other end is resumed with ``Last-Event-ID``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar
from uuid import UUID

import httpx
from httpx_sse import SSEError, connect_sse

from .client import AuthenticatedClient, Client
from .errors import UnexpectedStatus
from .models.event_out import EventOut
from .models.notification import Notification
from .models.stream_end import StreamEnd
from .models.tournament_event_out import TournamentEventOut

T = TypeVar("T")

FINAL = ("finished", "until_version")
"""End reasons after which the stream is complete; after the others, reconnect to resume."""


def game_events(
    client: Client | AuthenticatedClient,
    game_id: UUID | str,
    *,
    after: int = 0,
    until_version: int | None = None,
    timeout: int | None = None,
    retries: int = 10,
    retry_delay: float = 0.5,
    on_end: Callable[[StreamEnd], None] | None = None,
) -> Iterator[EventOut]:
    """The game's events after version ``after``, as the client's token may see them, until
    the game is finished (or ``until_version`` is reached).

    ``timeout`` asks the server to end each connection after that many seconds (the helper
    then reconnects); ``retries`` consecutive failed connections raise the last error.
    ``on_end`` is called with every ``end`` message the server sends."""
    return _follow(
        client,
        f"/games/{game_id}/events/stream",
        EventOut.from_dict,
        after=after,
        until_version=until_version,
        timeout=timeout,
        retries=retries,
        retry_delay=retry_delay,
        on_end=on_end,
    )


def tournament_events(
    client: Client | AuthenticatedClient,
    tournament_id: UUID | str,
    *,
    after: int = 0,
    until_version: int | None = None,
    timeout: int | None = None,
    retries: int = 10,
    retry_delay: float = 0.5,
    on_end: Callable[[StreamEnd], None] | None = None,
) -> Iterator[TournamentEventOut]:
    """A tournament's public events after version ``after``. A tournament's stream does not end
    when it finishes (results can still be corrected): pass ``until_version``, or stop
    iterating when you have what you need."""
    return _follow(
        client,
        f"/tournaments/{tournament_id}/events/stream",
        TournamentEventOut.from_dict,
        after=after,
        until_version=until_version,
        timeout=timeout,
        retries=retries,
        retry_delay=retry_delay,
        on_end=on_end,
    )


def player_notifications(
    client: AuthenticatedClient,
    player_id: UUID | str,
    *,
    after: int = 0,
    timeout: int | None = None,
    retries: int = 10,
    retry_delay: float = 0.5,
    on_end: Callable[[StreamEnd], None] | None = None,
) -> Iterator[Notification]:
    """The player's notifications (``your_turn``, ``game_started``, ``game_ended``,
    ``round_paired``) after notification id ``after``; the client's token must be the
    player's own. Ends only when the token is rotated or revoked."""
    return _follow(
        client,
        f"/players/{player_id}/events/stream",
        Notification.from_dict,
        after=after,
        until_version=None,
        timeout=timeout,
        retries=retries,
        retry_delay=retry_delay,
        on_end=on_end,
        final=("revoked",),
    )


def _follow(
    client: Client | AuthenticatedClient,
    path: str,
    parse: Callable[[dict[str, Any]], T],
    *,
    after: int,
    until_version: int | None,
    timeout: int | None,
    retries: int,
    retry_delay: float,
    on_end: Callable[[StreamEnd], None] | None,
    final: tuple[str, ...] = FINAL,
) -> Iterator[T]:
    last = after
    failures = 0
    params: dict[str, Any] = {}
    if until_version is not None:
        params["until_version"] = until_version
    if timeout is not None:
        params["timeout"] = timeout
    http = client.get_httpx_client()
    while True:
        headers = {"Accept": "text/event-stream", "Last-Event-ID": str(last)}
        try:
            with connect_sse(
                http,
                "GET",
                path,
                params={**params, "after": last},
                headers=headers,
                # The server sends a keep-alive comment every 15 s by default.
                timeout=httpx.Timeout(10.0, read=60.0),
            ) as source:
                response = source.response
                if response.status_code != 200:
                    response.read()
                    raise UnexpectedStatus(response.status_code, response.content)
                for message in source.iter_sse():
                    if not message.data:  # the opening `retry:` advice, no event
                        continue
                    if message.event == "end":
                        end = StreamEnd.from_dict(message.json())
                        if on_end is not None:
                            on_end(end)
                        if end.reason in final:
                            return
                        if end.reason not in ("timeout", "behind"):  # shutdown, error: wait
                            failures += 1
                            if failures > retries:
                                raise UnexpectedStatus(200, message.data.encode())
                            time.sleep(retry_delay)
                        break
                    item = parse(message.json())
                    last = int(message.id) if message.id else last
                    failures = 0
                    yield item
        except (httpx.TransportError, SSEError):
            failures += 1
            if failures > retries:
                raise
            time.sleep(retry_delay)
