from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_sign_up import PlayerSignUp
from ...models.problem import Problem
from ...models.registration import Registration
from ...types import Response


def _get_kwargs(
    tournament_id: UUID,
    *,
    body: PlayerSignUp,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments/{tournament_id}/players".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Registration | None:
    if response.status_code == 201:
        response_201 = Registration.from_dict(response.json())

        return response_201

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
) -> Response[Problem | Registration]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PlayerSignUp,
) -> Response[Problem | Registration]:
    """Register a player (admin; anybody when registration is open); returns their token

     409 `tournament_full` once the tournament has GAMESTATE_MAX_TOURNAMENT_PLAYERS participants. `{name,
    bot: "mcts", level?}` (admin) registers a bot entrant, whose seats the service plays (docs/bots.md).

    Args:
        tournament_id (UUID): The tournament's id
        body (PlayerSignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Registration]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PlayerSignUp,
) -> Problem | Registration | None:
    """Register a player (admin; anybody when registration is open); returns their token

     409 `tournament_full` once the tournament has GAMESTATE_MAX_TOURNAMENT_PLAYERS participants. `{name,
    bot: "mcts", level?}` (admin) registers a bot entrant, whose seats the service plays (docs/bots.md).

    Args:
        tournament_id (UUID): The tournament's id
        body (PlayerSignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Registration
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PlayerSignUp,
) -> Response[Problem | Registration]:
    """Register a player (admin; anybody when registration is open); returns their token

     409 `tournament_full` once the tournament has GAMESTATE_MAX_TOURNAMENT_PLAYERS participants. `{name,
    bot: "mcts", level?}` (admin) registers a bot entrant, whose seats the service plays (docs/bots.md).

    Args:
        tournament_id (UUID): The tournament's id
        body (PlayerSignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Registration]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PlayerSignUp,
) -> Problem | Registration | None:
    """Register a player (admin; anybody when registration is open); returns their token

     409 `tournament_full` once the tournament has GAMESTATE_MAX_TOURNAMENT_PLAYERS participants. `{name,
    bot: "mcts", level?}` (admin) registers a bot entrant, whose seats the service plays (docs/bots.md).

    Args:
        tournament_id (UUID): The tournament's id
        body (PlayerSignUp):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Registration
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            body=body,
        )
    ).parsed
