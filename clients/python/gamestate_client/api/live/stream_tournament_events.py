from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_tournament_events_response_200 import StreamTournamentEventsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: UUID,
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
        "url": "/tournaments/{tournament_id}/events/stream".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamTournamentEventsResponse200 | None:
    if response.status_code == 200:
        response_200 = StreamTournamentEventsResponse200.from_dict(response.text)

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StreamTournamentEventsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamTournamentEventsResponse200]:
    """Live events of a tournament, public view (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A tournament's stream does not end when it finishes (results can still be
    corrected).

    Args:
        tournament_id (UUID): The tournament's id
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
        Response[Problem | StreamTournamentEventsResponse200]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
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
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamTournamentEventsResponse200 | None:
    """Live events of a tournament, public view (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A tournament's stream does not end when it finishes (results can still be
    corrected).

    Args:
        tournament_id (UUID): The tournament's id
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
        Problem | StreamTournamentEventsResponse200
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        after=after,
        until_version=until_version,
        timeout=timeout,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Response[Problem | StreamTournamentEventsResponse200]:
    """Live events of a tournament, public view (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A tournament's stream does not end when it finishes (results can still be
    corrected).

    Args:
        tournament_id (UUID): The tournament's id
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
        Response[Problem | StreamTournamentEventsResponse200]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        after=after,
        until_version=until_version,
        timeout=timeout,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    after: int | Unset = 0,
    until_version: int | Unset = UNSET,
    timeout: int | Unset = UNSET,
    last_event_id: str | Unset = "",
) -> Problem | StreamTournamentEventsResponse200 | None:
    """Live events of a tournament, public view (Server-Sent Events)

     Server-Sent Events. Each event: `id:` the version, `event:` the event type, `data:` the same JSON as
    one item of the non-live feed. Comment lines are keep-alives. The last message is `event: end` with
    `data: {"reason": ..., "version": ...}`; reasons: `finished`, `until_version`, `timeout`,
    `shutdown`, `behind` (the client did not read fast enough), `error` (reconnect to resume with Last-
    Event-ID), `revoked` (the player token the stream was opened with was rotated or revoked: it ends
    within a second). A tournament's stream does not end when it finishes (results can still be
    corrected).

    Args:
        tournament_id (UUID): The tournament's id
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
        Problem | StreamTournamentEventsResponse200
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            after=after,
            until_version=until_version,
            timeout=timeout,
            last_event_id=last_event_id,
        )
    ).parsed
