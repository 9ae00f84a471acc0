from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.enqueue import Enqueue
from ...models.game_slug import GameSlug
from ...models.problem import Problem
from ...models.ticket import Ticket
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game: GameSlug,
    *,
    body: Enqueue | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/matchmaking/{game}".format(
            game=quote(str(game), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | Ticket | None:
    if response.status_code == 201:
        response_201 = Ticket.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | Ticket]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GameSlug,
    *,
    client: AuthenticatedClient,
    body: Enqueue | Unset = UNSET,
) -> Response[Problem | Ticket]:
    """Queue the calling player for a table of players of similar rating

     201 with a new ticket, 200 with the waiting ticket the player has in this queue already. Poll the
    ticket until `status` is `matched` (then `game_id`, `seat`). A player waits in one queue at a time:
    409 `matchmaking/already_queued` while its ticket waits in another (leave that one first).

    Args:
        game (GameSlug):
        body (Enqueue | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ticket]
    """

    kwargs = _get_kwargs(
        game=game,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game: GameSlug,
    *,
    client: AuthenticatedClient,
    body: Enqueue | Unset = UNSET,
) -> Problem | Ticket | None:
    """Queue the calling player for a table of players of similar rating

     201 with a new ticket, 200 with the waiting ticket the player has in this queue already. Poll the
    ticket until `status` is `matched` (then `game_id`, `seat`). A player waits in one queue at a time:
    409 `matchmaking/already_queued` while its ticket waits in another (leave that one first).

    Args:
        game (GameSlug):
        body (Enqueue | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ticket
    """

    return sync_detailed(
        game=game,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game: GameSlug,
    *,
    client: AuthenticatedClient,
    body: Enqueue | Unset = UNSET,
) -> Response[Problem | Ticket]:
    """Queue the calling player for a table of players of similar rating

     201 with a new ticket, 200 with the waiting ticket the player has in this queue already. Poll the
    ticket until `status` is `matched` (then `game_id`, `seat`). A player waits in one queue at a time:
    409 `matchmaking/already_queued` while its ticket waits in another (leave that one first).

    Args:
        game (GameSlug):
        body (Enqueue | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Ticket]
    """

    kwargs = _get_kwargs(
        game=game,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game: GameSlug,
    *,
    client: AuthenticatedClient,
    body: Enqueue | Unset = UNSET,
) -> Problem | Ticket | None:
    """Queue the calling player for a table of players of similar rating

     201 with a new ticket, 200 with the waiting ticket the player has in this queue already. Poll the
    ticket until `status` is `matched` (then `game_id`, `seat`). A player waits in one queue at a time:
    409 `matchmaking/already_queued` while its ticket waits in another (leave that one first).

    Args:
        game (GameSlug):
        body (Enqueue | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Ticket
    """

    return (
        await asyncio_detailed(
            game=game,
            client=client,
            body=body,
        )
    ).parsed
