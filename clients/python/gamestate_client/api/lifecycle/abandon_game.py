from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.abandon_request import AbandonRequest
from ...models.command_accepted import CommandAccepted
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: UUID,
    *,
    body: AbandonRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/abandon".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandAccepted | Problem | None:
    if response.status_code == 200:
        response_200 = CommandAccepted.from_dict(response.json())

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CommandAccepted | Problem]:
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
    body: AbandonRequest,
) -> Response[CommandAccepted | Problem]:
    """End a game now, without a result or with its provisional ranking (admin)

     `result`: `none` or `provisional` (the rules' ranking of the game as it stands, resigned and
    forfeited seats last). The reason is recorded in the event.

    Args:
        game_id (UUID): The game's id
        body (AbandonRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandAccepted | Problem]
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
    body: AbandonRequest,
) -> CommandAccepted | Problem | None:
    """End a game now, without a result or with its provisional ranking (admin)

     `result`: `none` or `provisional` (the rules' ranking of the game as it stands, resigned and
    forfeited seats last). The reason is recorded in the event.

    Args:
        game_id (UUID): The game's id
        body (AbandonRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandAccepted | Problem
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
    body: AbandonRequest,
) -> Response[CommandAccepted | Problem]:
    """End a game now, without a result or with its provisional ranking (admin)

     `result`: `none` or `provisional` (the rules' ranking of the game as it stands, resigned and
    forfeited seats last). The reason is recorded in the event.

    Args:
        game_id (UUID): The game's id
        body (AbandonRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandAccepted | Problem]
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
    body: AbandonRequest,
) -> CommandAccepted | Problem | None:
    """End a game now, without a result or with its provisional ranking (admin)

     `result`: `none` or `provisional` (the rules' ranking of the game as it stands, resigned and
    forfeited seats last). The reason is recorded in the event.

    Args:
        game_id (UUID): The game's id
        body (AbandonRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandAccepted | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
