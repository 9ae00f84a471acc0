from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.legal_commands import LegalCommands
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    min_version: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["min_version"] = min_version

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/legal-commands".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | LegalCommands | Problem | None:
    if response.status_code == 200:
        response_200 = LegalCommands.from_dict(response.json())

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
) -> Response[Any | LegalCommands | Problem]:
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
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | LegalCommands | Problem]:
    """The calling seat's legal commands now

     ETag: the version and the seat (`"12-0"`); 304 with If-None-Match.

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        wait (float | Unset): Seconds to wait, at most, for the calling seat's turn: the answer
            comes as soon as the seat has a legal command or no seat may act any more (the game
            ended), else when the time is up, with the current (then empty) list. One request instead
            of asking again and again; it holds no database connection while it waits. 429
            `too_many_waiters` past the process's or the caller's limit of waiting requests
            (docs/live.md)
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LegalCommands | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        min_version=min_version,
        wait=wait,
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
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | LegalCommands | Problem | None:
    """The calling seat's legal commands now

     ETag: the version and the seat (`"12-0"`); 304 with If-None-Match.

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        wait (float | Unset): Seconds to wait, at most, for the calling seat's turn: the answer
            comes as soon as the seat has a legal command or no seat may act any more (the game
            ended), else when the time is up, with the current (then empty) list. One request instead
            of asking again and again; it holds no database connection while it waits. 429
            `too_many_waiters` past the process's or the caller's limit of waiting requests
            (docs/live.md)
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LegalCommands | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        min_version=min_version,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | LegalCommands | Problem]:
    """The calling seat's legal commands now

     ETag: the version and the seat (`"12-0"`); 304 with If-None-Match.

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        wait (float | Unset): Seconds to wait, at most, for the calling seat's turn: the answer
            comes as soon as the seat has a legal command or no seat may act any more (the game
            ended), else when the time is up, with the current (then empty) list. One request instead
            of asking again and again; it holds no database connection while it waits. 429
            `too_many_waiters` past the process's or the caller's limit of waiting requests
            (docs/live.md)
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | LegalCommands | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        min_version=min_version,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    min_version: int | Unset = UNSET,
    wait: float | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | LegalCommands | Problem | None:
    """The calling seat's legal commands now

     ETag: the version and the seat (`"12-0"`); 304 with If-None-Match.

    Args:
        game_id (UUID): The game's id
        min_version (int | Unset): A version the caller already knows (e.g. its last command's
            answer): if this process has the game cached at that version or later, the answer comes
            from that cache without asking the database, and may then be behind a command accepted
            through another process since (`version` says which state it is of; a command sent with it
            as `expected_version` is refused with 409 if the game moved on). Without it the answer
            reflects every command accepted before the request
        wait (float | Unset): Seconds to wait, at most, for the calling seat's turn: the answer
            comes as soon as the seat has a legal command or no seat may act any more (the game
            ended), else when the time is up, with the current (then empty) list. One request instead
            of asking again and again; it holds no database connection while it waits. 429
            `too_many_waiters` past the process's or the caller's limit of waiting requests
            (docs/live.md)
        if_none_match (str | Unset): An ETag of an earlier answer: 304 with no body if it is still
            current

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | LegalCommands | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            min_version=min_version,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
