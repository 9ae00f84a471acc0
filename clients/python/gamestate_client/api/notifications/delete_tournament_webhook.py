from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: UUID,
    hook_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/tournaments/{tournament_id}/webhooks/{hook_id}".format(
            tournament_id=quote(str(tournament_id), safe=""),
            hook_id=quote(str(hook_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Delete a tournament's webhook (admin)

     As a player's: its pending deliveries are dropped and never sent.

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        hook_id=hook_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Delete a tournament's webhook (admin)

     As a player's: its pending deliveries are dropped and never sent.

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        hook_id=hook_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Delete a tournament's webhook (admin)

     As a player's: its pending deliveries are dropped and never sent.

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        hook_id=hook_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Delete a tournament's webhook (admin)

     As a player's: its pending deliveries are dropped and never sent.

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            hook_id=hook_id,
            client=client,
        )
    ).parsed
