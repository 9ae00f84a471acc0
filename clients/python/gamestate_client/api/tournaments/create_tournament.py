from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_azul_tournament import CreateAzulTournament
from ...models.create_carcassonne_tournament import CreateCarcassonneTournament
from ...models.create_castles_tournament import CreateCastlesTournament
from ...models.create_hearts_tournament import CreateHeartsTournament
from ...models.create_splendor_tournament import CreateSplendorTournament
from ...models.create_three_kingdoms_tournament import CreateThreeKingdomsTournament
from ...models.problem import Problem
from ...models.tournament_resource import TournamentResource
from ...types import Response


def _get_kwargs(
    *,
    body: CreateAzulTournament
    | CreateCarcassonneTournament
    | CreateCastlesTournament
    | CreateHeartsTournament
    | CreateSplendorTournament
    | CreateThreeKingdomsTournament,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments",
    }

    if isinstance(body, CreateAzulTournament):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateCarcassonneTournament):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateCastlesTournament):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateHeartsTournament):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateSplendorTournament):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentResource | None:
    if response.status_code == 201:
        response_201 = TournamentResource.from_dict(response.json())

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

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

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
    *,
    client: AuthenticatedClient,
    body: CreateAzulTournament
    | CreateCarcassonneTournament
    | CreateCastlesTournament
    | CreateHeartsTournament
    | CreateSplendorTournament
    | CreateThreeKingdomsTournament,
) -> Response[Problem | TournamentResource]:
    """Create a tournament (admin)

    Args:
        body (CreateAzulTournament | CreateCarcassonneTournament | CreateCastlesTournament |
            CreateHeartsTournament | CreateSplendorTournament | CreateThreeKingdomsTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentResource]
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
    client: AuthenticatedClient,
    body: CreateAzulTournament
    | CreateCarcassonneTournament
    | CreateCastlesTournament
    | CreateHeartsTournament
    | CreateSplendorTournament
    | CreateThreeKingdomsTournament,
) -> Problem | TournamentResource | None:
    """Create a tournament (admin)

    Args:
        body (CreateAzulTournament | CreateCarcassonneTournament | CreateCastlesTournament |
            CreateHeartsTournament | CreateSplendorTournament | CreateThreeKingdomsTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentResource
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateAzulTournament
    | CreateCarcassonneTournament
    | CreateCastlesTournament
    | CreateHeartsTournament
    | CreateSplendorTournament
    | CreateThreeKingdomsTournament,
) -> Response[Problem | TournamentResource]:
    """Create a tournament (admin)

    Args:
        body (CreateAzulTournament | CreateCarcassonneTournament | CreateCastlesTournament |
            CreateHeartsTournament | CreateSplendorTournament | CreateThreeKingdomsTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentResource]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateAzulTournament
    | CreateCarcassonneTournament
    | CreateCastlesTournament
    | CreateHeartsTournament
    | CreateSplendorTournament
    | CreateThreeKingdomsTournament,
) -> Problem | TournamentResource | None:
    """Create a tournament (admin)

    Args:
        body (CreateAzulTournament | CreateCarcassonneTournament | CreateCastlesTournament |
            CreateHeartsTournament | CreateSplendorTournament | CreateThreeKingdomsTournament):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentResource
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
