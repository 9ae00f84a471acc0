from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.audit_report import AuditReport
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/games/{game_id}/audit".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuditReport | Problem | None:
    if response.status_code == 200:
        response_200 = AuditReport.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AuditReport | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AuditReport | Problem]:
    """Verify a game: hash chain, seed against its commitment, re-decided events

     While a game is active its seed is secret: only the hash chain is checked and the seed and replay
    checks are reported as skipped. 409 `seed_group_in_play` while any table of its duplicate-seed
    tournament round plays. A finished game's report is worked out once and kept. 429
    `too_many_heavy_reads` (with Retry-After) when the caller or the server has as many heavy reads
    (audits, records, time travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER,
    GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditReport | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> AuditReport | Problem | None:
    """Verify a game: hash chain, seed against its commitment, re-decided events

     While a game is active its seed is secret: only the hash chain is checked and the seed and replay
    checks are reported as skipped. 409 `seed_group_in_play` while any table of its duplicate-seed
    tournament round plays. A finished game's report is worked out once and kept. 429
    `too_many_heavy_reads` (with Retry-After) when the caller or the server has as many heavy reads
    (audits, records, time travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER,
    GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditReport | Problem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[AuditReport | Problem]:
    """Verify a game: hash chain, seed against its commitment, re-decided events

     While a game is active its seed is secret: only the hash chain is checked and the seed and replay
    checks are reported as skipped. 409 `seed_group_in_play` while any table of its duplicate-seed
    tournament round plays. A finished game's report is worked out once and kept. 429
    `too_many_heavy_reads` (with Retry-After) when the caller or the server has as many heavy reads
    (audits, records, time travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER,
    GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuditReport | Problem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> AuditReport | Problem | None:
    """Verify a game: hash chain, seed against its commitment, re-decided events

     While a game is active its seed is secret: only the hash chain is checked and the seed and replay
    checks are reported as skipped. 409 `seed_group_in_play` while any table of its duplicate-seed
    tournament round plays. A finished game's report is worked out once and kept. 429
    `too_many_heavy_reads` (with Retry-After) when the caller or the server has as many heavy reads
    (audits, records, time travel of long games) running as allowed (GAMESTATE_HEAVY_READS_PER_CALLER,
    GAMESTATE_HEAVY_READS).

    Args:
        game_id (UUID): The game's id

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuditReport | Problem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
