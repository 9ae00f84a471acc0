from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery_page import DeliveryPage
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    limit: int | Unset = 20,
    before: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["before"] = before

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments/{tournament_id}/webhooks/{hook_id}/deliveries".format(
            tournament_id=quote(str(tournament_id), safe=""),
            hook_id=quote(str(hook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeliveryPage | Problem | None:
    if response.status_code == 200:
        response_200 = DeliveryPage.from_dict(response.json())

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
) -> Response[DeliveryPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    before: int | Unset = UNSET,
) -> Response[DeliveryPage | Problem]:
    """The delivery log of a tournament's webhook (admin; newest first)

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id
        limit (int | Unset): Deliveries per page Default: 20.
        before (int | Unset): The `next` of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        hook_id=hook_id,
        limit=limit,
        before=before,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    before: int | Unset = UNSET,
) -> DeliveryPage | Problem | None:
    """The delivery log of a tournament's webhook (admin; newest first)

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id
        limit (int | Unset): Deliveries per page Default: 20.
        before (int | Unset): The `next` of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | Problem
    """

    return sync_detailed(
        tournament_id=tournament_id,
        hook_id=hook_id,
        client=client,
        limit=limit,
        before=before,
    ).parsed


async def asyncio_detailed(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    before: int | Unset = UNSET,
) -> Response[DeliveryPage | Problem]:
    """The delivery log of a tournament's webhook (admin; newest first)

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id
        limit (int | Unset): Deliveries per page Default: 20.
        before (int | Unset): The `next` of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | Problem]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        hook_id=hook_id,
        limit=limit,
        before=before,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: UUID,
    hook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 20,
    before: int | Unset = UNSET,
) -> DeliveryPage | Problem | None:
    """The delivery log of a tournament's webhook (admin; newest first)

    Args:
        tournament_id (UUID): The tournament's id
        hook_id (UUID): The webhook's id
        limit (int | Unset): Deliveries per page Default: 20.
        before (int | Unset): The `next` of the previous page

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | Problem
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            hook_id=hook_id,
            client=client,
            limit=limit,
            before=before,
        )
    ).parsed
