from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_events_response_200 import StreamEventsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["until_version"] = until_version

    params["timeout"] = timeout

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/events/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = StreamEventsResponse200.from_dict(response.text)

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

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StreamEventsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamEventsResponse200]:
    """Live events of a game as the caller may see them (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A game's stream ends once it is finished and every event was sent; its events are
    redacted for the caller while it is active and shown in full once it is finished. A table of a
    duplicate-seed tournament round is its own seats' only while any table of the round plays (409
    `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset): Send the events after this version (ignored when Last-Event-ID is
            sent) Default: 0.
        until_version (int | Unset): End the stream (event `end`) once this version has been sent
            or passed
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventsResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        until_version=until_version,
        timeout=timeout,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamEventsResponse200 | None:
    """Live events of a game as the caller may see them (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A game's stream ends once it is finished and every event was sent; its events are
    redacted for the caller while it is active and shown in full once it is finished. A table of a
    duplicate-seed tournament round is its own seats' only while any table of the round plays (409
    `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset): Send the events after this version (ignored when Last-Event-ID is
            sent) Default: 0.
        until_version (int | Unset): End the stream (event `end`) once this version has been sent
            or passed
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventsResponse200
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        until_version=until_version,
        timeout=timeout,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamEventsResponse200]:
    """Live events of a game as the caller may see them (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A game's stream ends once it is finished and every event was sent; its events are
    redacted for the caller while it is active and shown in full once it is finished. A table of a
    duplicate-seed tournament round is its own seats' only while any table of the round plays (409
    `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset): Send the events after this version (ignored when Last-Event-ID is
            sent) Default: 0.
        until_version (int | Unset): End the stream (event `end`) once this version has been sent
            or passed
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventsResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        until_version=until_version,
        timeout=timeout,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamEventsResponse200 | None:
    """Live events of a game as the caller may see them (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A game's stream ends once it is finished and every event was sent; its events are
    redacted for the caller while it is active and shown in full once it is finished. A table of a
    duplicate-seed tournament round is its own seats' only while any table of the round plays (409
    `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset): Send the events after this version (ignored when Last-Event-ID is
            sent) Default: 0.
        until_version (int | Unset): End the stream (event `end`) once this version has been sent
            or passed
        timeout (int | Unset): End the stream (event `end`) after this many seconds; reconnect to
            go on
        last_event_id (str | Unset): The last version received; a reconnecting EventSource sends
            it by itself Default: ''.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventsResponse200
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            until_version=until_version,
            timeout=timeout,
            last_event_id=last_event_id,
        )
    ).parsed
