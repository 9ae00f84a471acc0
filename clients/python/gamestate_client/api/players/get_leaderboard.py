from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_slug import GameSlug
from ...models.leaderboard import Leaderboard
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game: GameSlug,
    *,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["after"] = after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/leaderboards/{game}".format(
            game=quote(str(game), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Leaderboard | Problem | None:
    if response.status_code == 200:
        response_200 = Leaderboard.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Leaderboard | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GameSlug,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """A game's leaderboard: best rating (ordinal) first

     Only players with at least `min_games` rated games (GAMESTATE_LEADERBOARD_MIN_GAMES) and not
    revoked. Pages of `limit`: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last row: the page's `next`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
        limit=limit,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game: GameSlug,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """A game's leaderboard: best rating (ordinal) first

     Only players with at least `min_games` rated games (GAMESTATE_LEADERBOARD_MIN_GAMES) and not
    revoked. Pages of `limit`: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last row: the page's `next`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return sync_detailed(
        game=game,
        client=client,
        limit=limit,
        after=after,
    ).parsed


async def asyncio_detailed(
    game: GameSlug,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Response[Leaderboard | Problem]:
    """A game's leaderboard: best rating (ordinal) first

     Only players with at least `min_games` rated games (GAMESTATE_LEADERBOARD_MIN_GAMES) and not
    revoked. Pages of `limit`: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last row: the page's `next`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Leaderboard | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
        limit=limit,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game: GameSlug,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
) -> Leaderboard | Problem | None:
    """A game's leaderboard: best rating (ordinal) first

     Only players with at least `min_games` rated games (GAMESTATE_LEADERBOARD_MIN_GAMES) and not
    revoked. Pages of `limit`: follow `next` (as `after`) or the `Link` header.

    Args:
        game (GameSlug):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last row: the page's `next`

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Leaderboard | Problem
    """

    return (
        await asyncio_detailed(
            game=game,
            client=client,
            limit=limit,
            after=after,
        )
    ).parsed
