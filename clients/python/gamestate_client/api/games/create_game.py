from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.create_azul_game import CreateAzulGame
from ...models.create_carcassonne_game import CreateCarcassonneGame
from ...models.create_castles_game import CreateCastlesGame
from ...models.create_hearts_game import CreateHeartsGame
from ...models.create_splendor_game import CreateSplendorGame
from ...models.create_three_kingdoms_game import CreateThreeKingdomsGame
from ...models.game_created import GameCreated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CreateAzulGame
    | CreateCarcassonneGame
    | CreateCastlesGame
    | CreateHeartsGame
    | CreateSplendorGame
    | CreateThreeKingdomsGame,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games",
    }

    if isinstance(body, CreateAzulGame):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateCarcassonneGame):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateCastlesGame):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateHeartsGame):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, CreateSplendorGame):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> GameCreated | Problem | None:
    if response.status_code == 201:
        response_201 = GameCreated.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameCreated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateAzulGame
    | CreateCarcassonneGame
    | CreateCastlesGame
    | CreateHeartsGame
    | CreateSplendorGame
    | CreateThreeKingdomsGame,
) -> Response[GameCreated | Problem]:
    """Create a game

     A seat is `{name}` (anonymous: its token is in the answer) or `{player_id}` (a registered player,
    who acts with its player token: the answer has no token for it). Registered players are seated by
    the admin key (anyone) or by a player token (only its own player): 403 `player_seat_forbidden`
    otherwise; a player holds one seat of a game (422 `player_seated_twice`). A `clock` without the
    admin key: `turn_seconds` of at least GAMESTATE_MIN_TURN_SECONDS (422 `game/turn_too_short`), and at
    most GAMESTATE_CLOCKED_GAMES_PER_CALLER clocked games of the caller in play (429
    `clocked_games_limit`); docs/lifecycle.md. A seat `{"bot": "mcts", "level": 2}` is played by the
    service (policies per game in GET /games/types; 422 `bot/unknown_policy`); a game of bots alone
    needs the admin key (403 `bot/bots_only_needs_admin`); docs/bots.md.

    Args:
        body (CreateAzulGame | CreateCarcassonneGame | CreateCastlesGame | CreateHeartsGame |
            CreateSplendorGame | CreateThreeKingdomsGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CreateAzulGame
    | CreateCarcassonneGame
    | CreateCastlesGame
    | CreateHeartsGame
    | CreateSplendorGame
    | CreateThreeKingdomsGame,
) -> GameCreated | Problem | None:
    """Create a game

     A seat is `{name}` (anonymous: its token is in the answer) or `{player_id}` (a registered player,
    who acts with its player token: the answer has no token for it). Registered players are seated by
    the admin key (anyone) or by a player token (only its own player): 403 `player_seat_forbidden`
    otherwise; a player holds one seat of a game (422 `player_seated_twice`). A `clock` without the
    admin key: `turn_seconds` of at least GAMESTATE_MIN_TURN_SECONDS (422 `game/turn_too_short`), and at
    most GAMESTATE_CLOCKED_GAMES_PER_CALLER clocked games of the caller in play (429
    `clocked_games_limit`); docs/lifecycle.md. A seat `{"bot": "mcts", "level": 2}` is played by the
    service (policies per game in GET /games/types; 422 `bot/unknown_policy`); a game of bots alone
    needs the admin key (403 `bot/bots_only_needs_admin`); docs/bots.md.

    Args:
        body (CreateAzulGame | CreateCarcassonneGame | CreateCastlesGame | CreateHeartsGame |
            CreateSplendorGame | CreateThreeKingdomsGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CreateAzulGame
    | CreateCarcassonneGame
    | CreateCastlesGame
    | CreateHeartsGame
    | CreateSplendorGame
    | CreateThreeKingdomsGame,
) -> Response[GameCreated | Problem]:
    """Create a game

     A seat is `{name}` (anonymous: its token is in the answer) or `{player_id}` (a registered player,
    who acts with its player token: the answer has no token for it). Registered players are seated by
    the admin key (anyone) or by a player token (only its own player): 403 `player_seat_forbidden`
    otherwise; a player holds one seat of a game (422 `player_seated_twice`). A `clock` without the
    admin key: `turn_seconds` of at least GAMESTATE_MIN_TURN_SECONDS (422 `game/turn_too_short`), and at
    most GAMESTATE_CLOCKED_GAMES_PER_CALLER clocked games of the caller in play (429
    `clocked_games_limit`); docs/lifecycle.md. A seat `{"bot": "mcts", "level": 2}` is played by the
    service (policies per game in GET /games/types; 422 `bot/unknown_policy`); a game of bots alone
    needs the admin key (403 `bot/bots_only_needs_admin`); docs/bots.md.

    Args:
        body (CreateAzulGame | CreateCarcassonneGame | CreateCastlesGame | CreateHeartsGame |
            CreateSplendorGame | CreateThreeKingdomsGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameCreated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CreateAzulGame
    | CreateCarcassonneGame
    | CreateCastlesGame
    | CreateHeartsGame
    | CreateSplendorGame
    | CreateThreeKingdomsGame,
) -> GameCreated | Problem | None:
    """Create a game

     A seat is `{name}` (anonymous: its token is in the answer) or `{player_id}` (a registered player,
    who acts with its player token: the answer has no token for it). Registered players are seated by
    the admin key (anyone) or by a player token (only its own player): 403 `player_seat_forbidden`
    otherwise; a player holds one seat of a game (422 `player_seated_twice`). A `clock` without the
    admin key: `turn_seconds` of at least GAMESTATE_MIN_TURN_SECONDS (422 `game/turn_too_short`), and at
    most GAMESTATE_CLOCKED_GAMES_PER_CALLER clocked games of the caller in play (429
    `clocked_games_limit`); docs/lifecycle.md. A seat `{"bot": "mcts", "level": 2}` is played by the
    service (policies per game in GET /games/types; 422 `bot/unknown_policy`); a game of bots alone
    needs the admin key (403 `bot/bots_only_needs_admin`); docs/bots.md.

    Args:
        body (CreateAzulGame | CreateCarcassonneGame | CreateCastlesGame | CreateHeartsGame |
            CreateSplendorGame | CreateThreeKingdomsGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameCreated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
