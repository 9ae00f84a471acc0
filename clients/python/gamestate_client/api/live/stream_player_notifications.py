from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_player_notifications_response_200 import StreamPlayerNotificationsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: UUID,
    *,
    after: int | Unset = 0,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["timeout"] = timeout

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/{player_id}/events/stream".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamPlayerNotificationsResponse200 | None:
    if response.status_code == 200:
        response_200 = StreamPlayerNotificationsResponse200.from_dict(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StreamPlayerNotificationsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamPlayerNotificationsResponse200]:
    """Every notification for a player (Server-Sent Events)

     Server-Sent Events: `id:` the notification's id (send it back as `Last-Event-ID` to resume),
    `event:` its kind (`your_turn`, `game_started`, `game_ended`, `round_paired`), `data:` the
    notification as a webhook carries it. Comment lines are keep-alives. The stream does not end by
    itself; its last message is `event: end` with `data: {"reason": ..., "version": ...}` (`version`:
    the last id sent) when `timeout` passed, the server stops, or the token was rotated or revoked
    (`revoked`, within a second). Only the player's own token may read it.

    Args:
        player_id (UUID): The player's id
        after (int | Unset): Send the notifications after this id (ignored when Last-Event-ID is
            sent) Default: 0.
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamPlayerNotificationsResponse200]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        after=after,
        timeout=timeout,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamPlayerNotificationsResponse200 | None:
    """Every notification for a player (Server-Sent Events)

     Server-Sent Events: `id:` the notification's id (send it back as `Last-Event-ID` to resume),
    `event:` its kind (`your_turn`, `game_started`, `game_ended`, `round_paired`), `data:` the
    notification as a webhook carries it. Comment lines are keep-alives. The stream does not end by
    itself; its last message is `event: end` with `data: {"reason": ..., "version": ...}` (`version`:
    the last id sent) when `timeout` passed, the server stops, or the token was rotated or revoked
    (`revoked`, within a second). Only the player's own token may read it.

    Args:
        player_id (UUID): The player's id
        after (int | Unset): Send the notifications after this id (ignored when Last-Event-ID is
            sent) Default: 0.
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamPlayerNotificationsResponse200
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        after=after,
        timeout=timeout,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamPlayerNotificationsResponse200]:
    """Every notification for a player (Server-Sent Events)

     Server-Sent Events: `id:` the notification's id (send it back as `Last-Event-ID` to resume),
    `event:` its kind (`your_turn`, `game_started`, `game_ended`, `round_paired`), `data:` the
    notification as a webhook carries it. Comment lines are keep-alives. The stream does not end by
    itself; its last message is `event: end` with `data: {"reason": ..., "version": ...}` (`version`:
    the last id sent) when `timeout` passed, the server stops, or the token was rotated or revoked
    (`revoked`, within a second). Only the player's own token may read it.

    Args:
        player_id (UUID): The player's id
        after (int | Unset): Send the notifications after this id (ignored when Last-Event-ID is
            sent) Default: 0.
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamPlayerNotificationsResponse200]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        after=after,
        timeout=timeout,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamPlayerNotificationsResponse200 | None:
    """Every notification for a player (Server-Sent Events)

     Server-Sent Events: `id:` the notification's id (send it back as `Last-Event-ID` to resume),
    `event:` its kind (`your_turn`, `game_started`, `game_ended`, `round_paired`), `data:` the
    notification as a webhook carries it. Comment lines are keep-alives. The stream does not end by
    itself; its last message is `event: end` with `data: {"reason": ..., "version": ...}` (`version`:
    the last id sent) when `timeout` passed, the server stops, or the token was rotated or revoked
    (`revoked`, within a second). Only the player's own token may read it.

    Args:
        player_id (UUID): The player's id
        after (int | Unset): Send the notifications after this id (ignored when Last-Event-ID is
            sent) Default: 0.
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamPlayerNotificationsResponse200
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            after=after,
            timeout=timeout,
            last_event_id=last_event_id,
        )
    ).parsed
