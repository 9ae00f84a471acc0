from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.rematch import Rematch
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/rematch".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Rematch | None:
    if response.status_code == 200:
        response_200 = Rematch.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Rematch]:
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
) -> Response[Problem | Rematch]:
    """Ask for a rematch of a finished game (the same table, fresh seed, seats rotated)

     Every seat's request answers with the same rematch and the seat's own token in it; the rematch is
    dealt when every seat has asked. 409 `lobby/game_not_finished`; 409 `lobby/player_revoked` when a
    registered player of the game was revoked. Each request counts as a game creation of the caller's
    address (GAMESTATE_RATE_CREATE: 429 `too_many_requests` beyond it).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rematch]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | Rematch | None:
    """Ask for a rematch of a finished game (the same table, fresh seed, seats rotated)

     Every seat's request answers with the same rematch and the seat's own token in it; the rematch is
    dealt when every seat has asked. 409 `lobby/game_not_finished`; 409 `lobby/player_revoked` when a
    registered player of the game was revoked. Each request counts as a game creation of the caller's
    address (GAMESTATE_RATE_CREATE: 429 `too_many_requests` beyond it).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rematch
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Rematch]:
    """Ask for a rematch of a finished game (the same table, fresh seed, seats rotated)

     Every seat's request answers with the same rematch and the seat's own token in it; the rematch is
    dealt when every seat has asked. 409 `lobby/game_not_finished`; 409 `lobby/player_revoked` when a
    registered player of the game was revoked. Each request counts as a game creation of the caller's
    address (GAMESTATE_RATE_CREATE: 429 `too_many_requests` beyond it).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Rematch]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | Rematch | None:
    """Ask for a rematch of a finished game (the same table, fresh seed, seats rotated)

     Every seat's request answers with the same rematch and the seat's own token in it; the rematch is
    dealt when every seat has asked. 409 `lobby/game_not_finished`; 409 `lobby/player_revoked` when a
    registered player of the game was revoked. Each request counts as a game creation of the caller's
    address (GAMESTATE_RATE_CREATE: 429 `too_many_requests` beyond it).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Rematch
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
