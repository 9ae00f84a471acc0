from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_resource import GameResource
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    min_version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["min_version"] = min_version

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameResource | Problem | None:
    if response.status_code == 200:
        response_200 = GameResource.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GameResource | Problem]:
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
    min_version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameResource | Problem]:
    """The caller's view of a game (seat token: that seat; none: spectator)

     ETag: the version for a spectator (`"12"`), the version and the seat for a seat (`"12-0"`); 304 with
    If-None-Match. A table of a duplicate-seed tournament round is its own seats' only while any table
    of the round plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play
    until then (docs/security.md).

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameResource | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        min_version=min_version,
        if_none_match=if_none_match,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameResource | Problem | None:
    """The caller's view of a game (seat token: that seat; none: spectator)

     ETag: the version for a spectator (`"12"`), the version and the seat for a seat (`"12-0"`); 304 with
    If-None-Match. A table of a duplicate-seed tournament round is its own seats' only while any table
    of the round plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play
    until then (docs/security.md).

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameResource | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        min_version=min_version,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameResource | Problem]:
    """The caller's view of a game (seat token: that seat; none: spectator)

     ETag: the version for a spectator (`"12"`), the version and the seat for a seat (`"12-0"`); 304 with
    If-None-Match. A table of a duplicate-seed tournament round is its own seats' only while any table
    of the round plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play
    until then (docs/security.md).

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameResource | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        min_version=min_version,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | GameResource | Problem | None:
    """The caller's view of a game (seat token: that seat; none: spectator)

     ETag: the version for a spectator (`"12"`), the version and the seat for a seat (`"12-0"`); 304 with
    If-None-Match. A table of a duplicate-seed tournament round is its own seats' only while any table
    of the round plays (409 `seed_group_in_play` for everyone else), and its seats see it as during play
    until then (docs/security.md).

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameResource | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            min_version=min_version,
            if_none_match=if_none_match,
        )
    ).parsed
