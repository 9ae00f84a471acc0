from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_page import GamePage
from ...models.game_slug import GameSlug
from ...models.game_status import GameStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: GameSlug | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game.value

    params["game"] = json_game

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["player"] = player

    params["limit"] = limit

    params["after"] = after

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GamePage | Problem | None:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[GamePage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GameSlug | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[GamePage | Problem]:
    """List and filter games, newest first

     Pages of `limit` games: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug | Unset):
        status (GameStatus | Unset):
        player (str | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
        status=status,
        player=player,
        limit=limit,
        after=after,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    game: GameSlug | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> GamePage | Problem | None:
    """List and filter games, newest first

     Pages of `limit` games: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug | Unset):
        status (GameStatus | Unset):
        player (str | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return sync_detailed(
        client=client,
        game=game,
        status=status,
        player=player,
        limit=limit,
        after=after,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GameSlug | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[GamePage | Problem]:
    """List and filter games, newest first

     Pages of `limit` games: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug | Unset):
        status (GameStatus | Unset):
        player (str | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamePage | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
        status=status,
        player=player,
        limit=limit,
        after=after,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    game: GameSlug | Unset = UNSET,
    status: GameStatus | Unset = UNSET,
    player: str | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> GamePage | Problem | None:
    """List and filter games, newest first

     Pages of `limit` games: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug | Unset):
        status (GameStatus | Unset):
        player (str | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamePage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
            status=status,
            player=player,
            limit=limit,
            after=after,
            offset=offset,
        )
    ).parsed
