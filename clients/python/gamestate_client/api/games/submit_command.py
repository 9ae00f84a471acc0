from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_accepted import CommandAccepted
from ...models.problem import Problem
from ...models.submit_command import SubmitCommand
from ...models.submit_command_include import SubmitCommandInclude
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    body: SubmitCommand,
    include: SubmitCommandInclude | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    json_include: str | Unset = UNSET
    if not isinstance(include, Unset):
        json_include = include.value

    params["include"] = json_include

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/{game_id}/commands".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
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

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

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
    body: SubmitCommand,
    include: SubmitCommandInclude | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommandAccepted | Problem]:
    """Submit a command for the calling seat

    Args:
        game_id (UUID): The game's id
        include (SubmitCommandInclude | Unset): `legal_commands`: the answer also lists the
            calling seat's legal commands after this command (empty when it may not act), so that a
            seat that acts again needs no legal-commands request
        idempotency_key (str | Unset): Repeat a command safely: the same key and body return the
            first answer
        body (SubmitCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandAccepted | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        include=include,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SubmitCommand,
    include: SubmitCommandInclude | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CommandAccepted | Problem | None:
    """Submit a command for the calling seat

    Args:
        game_id (UUID): The game's id
        include (SubmitCommandInclude | Unset): `legal_commands`: the answer also lists the
            calling seat's legal commands after this command (empty when it may not act), so that a
            seat that acts again needs no legal-commands request
        idempotency_key (str | Unset): Repeat a command safely: the same key and body return the
            first answer
        body (SubmitCommand):

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
        include=include,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SubmitCommand,
    include: SubmitCommandInclude | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[CommandAccepted | Problem]:
    """Submit a command for the calling seat

    Args:
        game_id (UUID): The game's id
        include (SubmitCommandInclude | Unset): `legal_commands`: the answer also lists the
            calling seat's legal commands after this command (empty when it may not act), so that a
            seat that acts again needs no legal-commands request
        idempotency_key (str | Unset): Repeat a command safely: the same key and body return the
            first answer
        body (SubmitCommand):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandAccepted | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
        include=include,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SubmitCommand,
    include: SubmitCommandInclude | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> CommandAccepted | Problem | None:
    """Submit a command for the calling seat

    Args:
        game_id (UUID): The game's id
        include (SubmitCommandInclude | Unset): `legal_commands`: the answer also lists the
            calling seat's legal commands after this command (empty when it may not act), so that a
            seat that acts again needs no legal-commands request
        idempotency_key (str | Unset): Repeat a command safely: the same key and body return the
            first answer
        body (SubmitCommand):

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
            include=include,
            idempotency_key=idempotency_key,
        )
    ).parsed
