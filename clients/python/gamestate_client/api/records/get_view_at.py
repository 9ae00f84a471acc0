from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.versioned_view import VersionedView
from ...types import Response


def _get_kwargs(
    game_id: UUID,
    version: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/views/{version}".format(
            game_id=quote(str(game_id), safe=""),
            version=quote(str(version), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | VersionedView | None:
    if response.status_code == 200:
        response_200 = VersionedView.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | VersionedView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | VersionedView]:
    """Time travel: the caller's view as it was at a version

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md). A view that must be folded from more than 64 events back (a long game without
    its snapshots) is a heavy read: 429 `too_many_heavy_reads` (with Retry-After) when the caller or the
    server has as many running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VersionedView]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        version=version,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient,
) -> Problem | VersionedView | None:
    """Time travel: the caller's view as it was at a version

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md). A view that must be folded from more than 64 events back (a long game without
    its snapshots) is a heavy read: 429 `too_many_heavy_reads` (with Retry-After) when the caller or the
    server has as many running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VersionedView
    """

    return sync_detailed(
        game_id=game_id,
        version=version,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | VersionedView]:
    """Time travel: the caller's view as it was at a version

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md). A view that must be folded from more than 64 events back (a long game without
    its snapshots) is a heavy read: 429 `too_many_heavy_reads` (with Retry-After) when the caller or the
    server has as many running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | VersionedView]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        version=version,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    version: int,
    *,
    client: AuthenticatedClient,
) -> Problem | VersionedView | None:
    """Time travel: the caller's view as it was at a version

     A table of a duplicate-seed tournament round is its own seats' only while any table of the round
    plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play until then
    (docs/security.md). A view that must be folded from more than 64 events back (a long game without
    its snapshots) is a heavy read: 429 `too_many_heavy_reads` (with Retry-After) when the caller or the
    server has as many running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        version (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | VersionedView
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            version=version,
            client=client,
        )
    ).parsed
