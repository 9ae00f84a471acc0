from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_status import GameStatus
from ...models.list_player_games_to_act import ListPlayerGamesToAct
from ...models.player_game_page import PlayerGamePage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: UUID,
    *,
    status: GameStatus | Unset = UNSET,
    to_act: ListPlayerGamesToAct | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_to_act: str | Unset = UNSET
    if not isinstance(to_act, Unset):
        json_to_act = to_act.value

    params["to_act"] = json_to_act

    params["limit"] = limit

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/{player_id}/games".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerGamePage | Problem | None:
    if response.status_code == 200:
        response_200 = PlayerGamePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerGamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    to_act: ListPlayerGamesToAct | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Response[PlayerGamePage | Problem]:
    """The games a player holds a seat in, newest first

     `status=active&to_act=me`: the games where the player is to act now (a bot's to-do list). Each
    finished game says the player's place and whether it was rated. Pages of `limit`: follow `next` (as
    `after`) or the `Link` header.

    Args:
        player_id (UUID): The player's id
        status (GameStatus | Unset):
        to_act (ListPlayerGamesToAct | Unset): `me`: only games where the player is to act
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamePage | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        status=status,
        to_act=to_act,
        limit=limit,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    to_act: ListPlayerGamesToAct | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> PlayerGamePage | Problem | None:
    """The games a player holds a seat in, newest first

     `status=active&to_act=me`: the games where the player is to act now (a bot's to-do list). Each
    finished game says the player's place and whether it was rated. Pages of `limit`: follow `next` (as
    `after`) or the `Link` header.

    Args:
        player_id (UUID): The player's id
        status (GameStatus | Unset):
        to_act (ListPlayerGamesToAct | Unset): `me`: only games where the player is to act
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamePage | Problem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        status=status,
        to_act=to_act,
        limit=limit,
        after=after,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    to_act: ListPlayerGamesToAct | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Response[PlayerGamePage | Problem]:
    """The games a player holds a seat in, newest first

     `status=active&to_act=me`: the games where the player is to act now (a bot's to-do list). Each
    finished game says the player's place and whether it was rated. Pages of `limit`: follow `next` (as
    `after`) or the `Link` header.

    Args:
        player_id (UUID): The player's id
        status (GameStatus | Unset):
        to_act (ListPlayerGamesToAct | Unset): `me`: only games where the player is to act
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamePage | Problem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        status=status,
        to_act=to_act,
        limit=limit,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    status: GameStatus | Unset = UNSET,
    to_act: ListPlayerGamesToAct | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> PlayerGamePage | Problem | None:
    """The games a player holds a seat in, newest first

     `status=active&to_act=me`: the games where the player is to act now (a bot's to-do list). Each
    finished game says the player's place and whether it was rated. Pages of `limit`: follow `next` (as
    `after`) or the `Link` header.

    Args:
        player_id (UUID): The player's id
        status (GameStatus | Unset):
        to_act (ListPlayerGamesToAct | Unset): `me`: only games where the player is to act
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamePage | Problem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            status=status,
            to_act=to_act,
            limit=limit,
            after=after,
        )
    ).parsed
