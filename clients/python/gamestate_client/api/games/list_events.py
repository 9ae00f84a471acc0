from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_page import EventPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["after"] = after

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EventPage | Problem | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EventPage | Problem]:
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
    limit: int | Unset = 1000,
) -> Response[EventPage | Problem]:
    """Events after a version, as the caller may see them

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
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
    limit: int | Unset = 1000,
) -> EventPage | Problem | None:
    """Events after a version, as the caller may see them

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> Response[EventPage | Problem]:
    """Events after a version, as the caller may see them

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EventPage | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = 0,
    limit: int | Unset = 1000,
) -> EventPage | Problem | None:
    """Events after a version, as the caller may see them

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md).

    Args:
        game_id (UUID): The game's id
        after (int | Unset):  Default: 0.
        limit (int | Unset):  Default: 1000.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EventPage | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            limit=limit,
        )
    ).parsed
