from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.record import Record
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/record".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | Problem | Record | None:
    if response.status_code == 200:
        response_200 = Record.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

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
) -> Response[Any | Problem | Record]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Problem | Record]:
    """The portable record of a finished game (events, hashes, revealed seed)

     Format: docs/record-format.md. 409 `game_not_finished` while the game is on; 409
    `seed_group_in_play` while other tables of its duplicate-seed round play. 429 `too_many_heavy_reads`
    (with Retry-After) when the caller or the server has as many heavy reads (audits, records, time
    travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Record]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | Problem | Record | None:
    """The portable record of a finished game (events, hashes, revealed seed)

     Format: docs/record-format.md. 409 `game_not_finished` while the game is on; 409
    `seed_group_in_play` while other tables of its duplicate-seed round play. 429 `too_many_heavy_reads`
    (with Retry-After) when the caller or the server has as many heavy reads (audits, records, time
    travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Record
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | Problem | Record]:
    """The portable record of a finished game (events, hashes, revealed seed)

     Format: docs/record-format.md. 409 `game_not_finished` while the game is on; 409
    `seed_group_in_play` while other tables of its duplicate-seed round play. 429 `too_many_heavy_reads`
    (with Retry-After) when the caller or the server has as many heavy reads (audits, records, time
    travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | Record]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    if_none_match: str | Unset = UNSET,
) -> Any | Problem | Record | None:
    """The portable record of a finished game (events, hashes, revealed seed)

     Format: docs/record-format.md. 409 `game_not_finished` while the game is on; 409
    `seed_group_in_play` while other tables of its duplicate-seed round play. 429 `too_many_heavy_reads`
    (with Retry-After) when the caller or the server has as many heavy reads (audits, records, time
    travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | Record
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
