from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.my_seat import MySeat
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    tournament_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/me".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> MySeat | Problem | None:
    if response.status_code == 200:
        response_200 = MySeat.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[MySeat | Problem]:
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
) -> Response[MySeat | Problem]:
    """The participant's current table, game, seat and seat token

     403 `participant_withdrawn` once the participant withdrew.

    Args:
        tournament_id (UUID): The tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MySeat | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> MySeat | Problem | None:
    """The participant's current table, game, seat and seat token

     403 `participant_withdrawn` once the participant withdrew.

    Args:
        tournament_id (UUID): The tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MySeat | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[MySeat | Problem]:
    """The participant's current table, game, seat and seat token

     403 `participant_withdrawn` once the participant withdrew.

    Args:
        tournament_id (UUID): The tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[MySeat | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    *,
    client: AuthenticatedClient,
) -> MySeat | Problem | None:
    """The participant's current table, game, seat and seat token

     403 `participant_withdrawn` once the participant withdrew.

    Args:
        tournament_id (UUID): The tournament's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        MySeat | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
        )
    ).parsed
