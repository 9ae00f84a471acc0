from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.tournament_page import TournamentPage
from ...models.tournament_status import TournamentStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: TournamentStatus | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    params["limit"] = limit

    params["after"] = after

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/tournaments",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TournamentPage | None:
    if response.status_code == 200:
        response_200 = TournamentPage.from_dict(response.json())

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
) -> Response[Problem | TournamentPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: TournamentStatus | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[Problem | TournamentPage]:
    """List tournaments, newest first

     Pages of `limit` tournaments: follow `next` (as `after`) or the `Link` header.

    Args:
        status (TournamentStatus | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentPage]
    """

    kwargs = _get_kwargs(
        status=status,
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
    status: TournamentStatus | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Problem | TournamentPage | None:
    """List tournaments, newest first

     Pages of `limit` tournaments: follow `next` (as `after`) or the `Link` header.

    Args:
        status (TournamentStatus | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentPage
    """

    return sync_detailed(
        client=client,
        status=status,
        limit=limit,
        after=after,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    status: TournamentStatus | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Response[Problem | TournamentPage]:
    """List tournaments, newest first

     Pages of `limit` tournaments: follow `next` (as `after`) or the `Link` header.

    Args:
        status (TournamentStatus | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TournamentPage]
    """

    kwargs = _get_kwargs(
        status=status,
        limit=limit,
        after=after,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    status: TournamentStatus | Unset = UNSET,
    limit: int | Unset = 50,
    after: str | Unset = UNSET,
    offset: int | Unset = 0,
) -> Problem | TournamentPage | None:
    """List tournaments, newest first

     Pages of `limit` tournaments: follow `next` (as `after`) or the `Link` header.

    Args:
        status (TournamentStatus | Unset):
        limit (int | Unset):  Default: 50.
        after (str | Unset): The cursor of a page's last item: the page's `next` (also its `Link`
            header). Stable while new items are created, unlike `offset`
        offset (int | Unset): Deprecated: use `after` (an offset shifts when items are created)
            Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TournamentPage
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            limit=limit,
            after=after,
            offset=offset,
        )
    ).parsed
