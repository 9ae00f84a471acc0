from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_resource import TournamentResource
from ...types import Response


def _get_kwargs(
    tournament_id: UUID,
    player_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments/{tournament_id}/players/{player_id}/withdraw".format(
            tournament_id=quote(str(tournament_id), safe=""),
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentResource | None:
    if response.status_code == 200:
        response_200 = TournamentResource.from_dict(response.json())

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

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | TournamentResource]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TournamentResource]:
    """Withdraw a player (admin, or the player with their token)

     The player plays no later round, their seats in games still going are resigned at once (they rank
    last there; a two-seat game is won by the opponent), and GET /me no longer hands them a seat (403
    `participant_withdrawn`).

    Args:
        tournament_id (UUID): The tournament's id
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentResource]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TournamentResource | None:
    """Withdraw a player (admin, or the player with their token)

     The player plays no later round, their seats in games still going are resigned at once (they rank
    last there; a two-seat game is won by the opponent), and GET /me no longer hands them a seat (403
    `participant_withdrawn`).

    Args:
        tournament_id (UUID): The tournament's id
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentResource
    """

    return sync_detailed(
        tournament_id=tournament_id,
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TournamentResource]:
    """Withdraw a player (admin, or the player with their token)

     The player plays no later round, their seats in games still going are resigned at once (they rank
    last there; a two-seat game is won by the opponent), and GET /me no longer hands them a seat (403
    `participant_withdrawn`).

    Args:
        tournament_id (UUID): The tournament's id
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentResource]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    player_id: int,
    *,
    client: AuthenticatedClient,
) -> Problem | TournamentResource | None:
    """Withdraw a player (admin, or the player with their token)

     The player plays no later round, their seats in games still going are resigned at once (they rank
    last there; a two-seat game is won by the opponent), and GET /me no longer hands them a seat (403
    `participant_withdrawn`).

    Args:
        tournament_id (UUID): The tournament's id
        player_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentResource
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            player_id=player_id,
            client=client,
        )
    ).parsed
