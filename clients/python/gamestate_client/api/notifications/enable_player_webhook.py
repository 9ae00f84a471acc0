from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_out import WebhookOut
from ...types import Response


def _get_kwargs(
    player_id: UUID,
    hook_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players/{player_id}/webhooks/{hook_id}/enable".format(
            player_id=quote(str(player_id), safe=""),
            hook_id=quote(str(hook_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookOut | None:
    if response.status_code == 200:
        response_200 = WebhookOut.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | WebhookOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | WebhookOut]:
    """Re-enable one of the player's webhooks (resets its failure count)

     An endpoint disabled after consecutive failures becomes active again with `failures` 0; its
    deliveries still pending go out when due, those that gave up stay `failed`. Enabling an active
    endpoint only resets the count.

    Args:
        player_id (UUID): The player's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        hook_id=hook_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | WebhookOut | None:
    """Re-enable one of the player's webhooks (resets its failure count)

     An endpoint disabled after consecutive failures becomes active again with `failures` 0; its
    deliveries still pending go out when due, those that gave up stay `failed`. Enabling an active
    endpoint only resets the count.

    Args:
        player_id (UUID): The player's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return sync_detailed(
        player_id=player_id,
        hook_id=hook_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | WebhookOut]:
    """Re-enable one of the player's webhooks (resets its failure count)

     An endpoint disabled after consecutive failures becomes active again with `failures` 0; its
    deliveries still pending go out when due, those that gave up stay `failed`. Enabling an active
    endpoint only resets the count.

    Args:
        player_id (UUID): The player's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        hook_id=hook_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Problem | WebhookOut | None:
    """Re-enable one of the player's webhooks (resets its failure count)

     An endpoint disabled after consecutive failures becomes active again with `failures` 0; its
    deliveries still pending go out when due, those that gave up stay `failed`. Enabling an active
    endpoint only resets the count.

    Args:
        player_id (UUID): The player's id
        hook_id (UUID): The webhook's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            hook_id=hook_id,
            client=client,
        )
    ).parsed
