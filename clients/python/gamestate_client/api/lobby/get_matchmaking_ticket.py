from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_slug import GameSlug
from ...models.problem import Problem
from ...models.ticket import Ticket
from ...types import Response


def _get_kwargs(
    game: GameSlug,
    ticket_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matchmaking/{game}/{ticket_id}".format(
            game=quote(str(game), safe=""),
            ticket_id=quote(str(ticket_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Ticket | None:
    if response.status_code == 200:
        response_200 = Ticket.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Ticket]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GameSlug,
    ticket_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Ticket]:
    """The calling player's ticket: waiting, or matched with its game and seat

    Args:
        game (GameSlug):
        ticket_id (UUID): The ticket's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ticket]
    """

    kwargs = _get_kwargs(
        game=game,
        ticket_id=ticket_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game: GameSlug,
    ticket_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | Ticket | None:
    """The calling player's ticket: waiting, or matched with its game and seat

    Args:
        game (GameSlug):
        ticket_id (UUID): The ticket's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ticket
    """

    return sync_detailed(
        game=game,
        ticket_id=ticket_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game: GameSlug,
    ticket_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Ticket]:
    """The calling player's ticket: waiting, or matched with its game and seat

    Args:
        game (GameSlug):
        ticket_id (UUID): The ticket's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ticket]
    """

    kwargs = _get_kwargs(
        game=game,
        ticket_id=ticket_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game: GameSlug,
    ticket_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | Ticket | None:
    """The calling player's ticket: waiting, or matched with its game and seat

    Args:
        game (GameSlug):
        ticket_id (UUID): The ticket's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ticket
    """

    return (
        await asyncio_detailed(
            game=game,
            ticket_id=ticket_id,
            client=client,
        )
    ).parsed
