from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_player import CreatePlayer
from ...models.player_created import PlayerCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreatePlayer,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerCreated | Problem | None:
    if response.status_code == 201:
        response_201 = PlayerCreated.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,
) -> Response[PlayerCreated | Problem]:
    """Register a player: its id and its token (shown only in this answer)

     The token (`gsp_...`) acts for every seat the player holds, in any game; keep it secret. `contact`
    is never shown to others. Limited per client address (`GAMESTATE_RATE_PLAYERS`, 30 an hour by
    default): 429 `too_many_requests`.

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,
) -> PlayerCreated | Problem | None:
    """Register a player: its id and its token (shown only in this answer)

     The token (`gsp_...`) acts for every seat the player holds, in any game; keep it secret. `contact`
    is never shown to others. Limited per client address (`GAMESTATE_RATE_PLAYERS`, 30 an hour by
    default): 429 `too_many_requests`.

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,
) -> Response[PlayerCreated | Problem]:
    """Register a player: its id and its token (shown only in this answer)

     The token (`gsp_...`) acts for every seat the player holds, in any game; keep it secret. `contact`
    is never shown to others. Limited per client address (`GAMESTATE_RATE_PLAYERS`, 30 an hour by
    default): 429 `too_many_requests`.

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CreatePlayer,
) -> PlayerCreated | Problem | None:
    """Register a player: its id and its token (shown only in this answer)

     The token (`gsp_...`) acts for every seat the player holds, in any game; keep it secret. `contact`
    is never shown to others. Limited per client address (`GAMESTATE_RATE_PLAYERS`, 30 an hour by
    default): 429 `too_many_requests`.

    Args:
        body (CreatePlayer):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
