from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.join_game import JoinGame
from ...models.joined import Joined
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: JoinGame | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/join".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Joined | Problem | None:
    if response.status_code == 200:
        response_200 = Joined.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Joined | Problem]:
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
    body: JoinGame | Unset = UNSET,
) -> Response[Joined | Problem]:
    """Take an open seat of a waiting game, or a zombie seat decides for itself again

     Without a token (body `{name, seat?}`: the answer holds the seat's token) or with a player token:
    take an open seat of a game created with open seats (docs/lobby.md); the join that takes the last
    seat deals the game (`status` `active`). 409 `lobby/table_full` when every seat is taken (of two
    joiners for the last seat, one wins), `lobby/seat_taken`, `lobby/game_cancelled` (expired while
    waiting), `lobby/not_open`. With the token of one of the game's seats: a zombie seat (timed out too
    often in a row) decides for itself again, answered as a command (422 `game/not_a_zombie` when it
    decides for itself already). `{"bot": "greedy", "level": 1, "seat"?}` fills an open seat with a bot
    the service plays, asked by a seat of the table or the admin key (403 `lobby/bot_by_outsider`);
    docs/bots.md.

    Args:
        game_id (UUID): The game's id
        body (JoinGame | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: JoinGame | Unset = UNSET,
) -> Joined | Problem | None:
    """Take an open seat of a waiting game, or a zombie seat decides for itself again

     Without a token (body `{name, seat?}`: the answer holds the seat's token) or with a player token:
    take an open seat of a game created with open seats (docs/lobby.md); the join that takes the last
    seat deals the game (`status` `active`). 409 `lobby/table_full` when every seat is taken (of two
    joiners for the last seat, one wins), `lobby/seat_taken`, `lobby/game_cancelled` (expired while
    waiting), `lobby/not_open`. With the token of one of the game's seats: a zombie seat (timed out too
    often in a row) decides for itself again, answered as a command (422 `game/not_a_zombie` when it
    decides for itself already). `{"bot": "greedy", "level": 1, "seat"?}` fills an open seat with a bot
    the service plays, asked by a seat of the table or the admin key (403 `lobby/bot_by_outsider`);
    docs/bots.md.

    Args:
        game_id (UUID): The game's id
        body (JoinGame | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: JoinGame | Unset = UNSET,
) -> Response[Joined | Problem]:
    """Take an open seat of a waiting game, or a zombie seat decides for itself again

     Without a token (body `{name, seat?}`: the answer holds the seat's token) or with a player token:
    take an open seat of a game created with open seats (docs/lobby.md); the join that takes the last
    seat deals the game (`status` `active`). 409 `lobby/table_full` when every seat is taken (of two
    joiners for the last seat, one wins), `lobby/seat_taken`, `lobby/game_cancelled` (expired while
    waiting), `lobby/not_open`. With the token of one of the game's seats: a zombie seat (timed out too
    often in a row) decides for itself again, answered as a command (422 `game/not_a_zombie` when it
    decides for itself already). `{"bot": "greedy", "level": 1, "seat"?}` fills an open seat with a bot
    the service plays, asked by a seat of the table or the admin key (403 `lobby/bot_by_outsider`);
    docs/bots.md.

    Args:
        game_id (UUID): The game's id
        body (JoinGame | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Joined | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: JoinGame | Unset = UNSET,
) -> Joined | Problem | None:
    """Take an open seat of a waiting game, or a zombie seat decides for itself again

     Without a token (body `{name, seat?}`: the answer holds the seat's token) or with a player token:
    take an open seat of a game created with open seats (docs/lobby.md); the join that takes the last
    seat deals the game (`status` `active`). 409 `lobby/table_full` when every seat is taken (of two
    joiners for the last seat, one wins), `lobby/seat_taken`, `lobby/game_cancelled` (expired while
    waiting), `lobby/not_open`. With the token of one of the game's seats: a zombie seat (timed out too
    often in a row) decides for itself again, answered as a command (422 `game/not_a_zombie` when it
    decides for itself already). `{"bot": "greedy", "level": 1, "seat"?}` fills an open seat with a bot
    the service plays, asked by a seat of the table or the admin key (403 `lobby/bot_by_outsider`);
    docs/bots.md.

    Args:
        game_id (UUID): The game's id
        body (JoinGame | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Joined | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
