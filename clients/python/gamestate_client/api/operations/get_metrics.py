from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/metrics",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Problem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Problem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """Prometheus metrics of this process (text exposition format)

     Requests by method/route/status, latency histograms by route, commands by game and outcome, event-
    store append latency, active games, connection pool statistics. When the service has a metrics token
    (GAMESTATE_METRICS_TOKEN), only a request bearing it is answered (401 `metrics_token_required`
    otherwise).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """Prometheus metrics of this process (text exposition format)

     Requests by method/route/status, latency histograms by route, commands by game and outcome, event-
    store append latency, active games, connection pool statistics. When the service has a metrics token
    (GAMESTATE_METRICS_TOKEN), only a request bearing it is answered (401 `metrics_token_required`
    otherwise).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Problem | str]:
    """Prometheus metrics of this process (text exposition format)

     Requests by method/route/status, latency histograms by route, commands by game and outcome, event-
    store append latency, active games, connection pool statistics. When the service has a metrics token
    (GAMESTATE_METRICS_TOKEN), only a request bearing it is answered (401 `metrics_token_required`
    otherwise).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | str]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Problem | str | None:
    """Prometheus metrics of this process (text exposition format)

     Requests by method/route/status, latency histograms by route, commands by game and outcome, event-
    store append latency, active games, connection pool statistics. When the service has a metrics token
    (GAMESTATE_METRICS_TOKEN), only a request bearing it is answered (401 `metrics_token_required`
    otherwise).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | str
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
