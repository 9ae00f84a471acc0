from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.webhook_out import WebhookOut
from ...models.webhook_request import WebhookRequest
from ...types import Response


def _get_kwargs(
    player_id: UUID,
    *,
    body: WebhookRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/players/{player_id}/webhooks".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | WebhookOut | None:
    if response.status_code == 201:
        response_201 = WebhookOut.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | WebhookOut]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookOut]:
    """Register an HTTPS endpoint for the player's notifications

     The service posts every notification of the player to it, signed per Standard Webhooks with the
    `secret` shown only in this answer (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`),
    retried with back-off; an endpoint failing too often in a row is disabled. https only, on a public
    address (422 `webhook_https_required`, `webhook_target_forbidden`); a few per player (422
    `too_many_webhooks`).

    Args:
        player_id (UUID): The player's id
        body (WebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Problem | WebhookOut | None:
    """Register an HTTPS endpoint for the player's notifications

     The service posts every notification of the player to it, signed per Standard Webhooks with the
    `secret` shown only in this answer (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`),
    retried with back-off; an endpoint failing too often in a row is disabled. https only, on a public
    address (422 `webhook_https_required`, `webhook_target_forbidden`); a few per player (422
    `too_many_webhooks`).

    Args:
        player_id (UUID): The player's id
        body (WebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Response[Problem | WebhookOut]:
    """Register an HTTPS endpoint for the player's notifications

     The service posts every notification of the player to it, signed per Standard Webhooks with the
    `secret` shown only in this answer (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`),
    retried with back-off; an endpoint failing too often in a row is disabled. https only, on a public
    address (422 `webhook_https_required`, `webhook_target_forbidden`); a few per player (422
    `too_many_webhooks`).

    Args:
        player_id (UUID): The player's id
        body (WebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | WebhookOut]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    body: WebhookRequest,
) -> Problem | WebhookOut | None:
    """Register an HTTPS endpoint for the player's notifications

     The service posts every notification of the player to it, signed per Standard Webhooks with the
    `secret` shown only in this answer (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`),
    retried with back-off; an endpoint failing too often in a row is disabled. https only, on a public
    address (422 `webhook_https_required`, `webhook_target_forbidden`); a few per player (422
    `too_many_webhooks`).

    Args:
        player_id (UUID): The player's id
        body (WebhookRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | WebhookOut
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            body=body,
        )
    ).parsed
