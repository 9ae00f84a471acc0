from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.record import Record
from ...models.record_imported import RecordImported
from ...types import Response


def _get_kwargs(
    *,
    body: Record,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/games/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RecordImported | None:
    if response.status_code == 201:
        response_201 = RecordImported.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | RecordImported]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: Record,
) -> Response[Problem | RecordImported]:
    """Verify a record and store it as a new finished game (admin or import key)

     Needs the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token, unless the service
    opens imports to anyone (GAMESTATE_IMPORTS_OPEN): 401 import_key_required, 403 import_forbidden. The
    record is audited exactly like GET /games/{id}/audit; any failed check refuses it with 422 and the
    check's code (record_hash_mismatch, record_seed_mismatch, record_command_mismatch,
    record_replay_mismatch, record_result_mismatch, record_unknown_game, record_rules_version); a record
    holding NUL characters with 422 record_malformed. Records are capped (413 request_too_large over
    GAMESTATE_MAX_RECORD_BYTES, 413 record_too_large over GAMESTATE_MAX_RECORD_EVENTS events); a record
    stored here already (imported, or exported from a game played here) is refused with 409
    record_already_imported, its game in `Location` and `game_id`; 503 imports_busy while other records
    are being verified.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecordImported]
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
    body: Record,
) -> Problem | RecordImported | None:
    """Verify a record and store it as a new finished game (admin or import key)

     Needs the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token, unless the service
    opens imports to anyone (GAMESTATE_IMPORTS_OPEN): 401 import_key_required, 403 import_forbidden. The
    record is audited exactly like GET /games/{id}/audit; any failed check refuses it with 422 and the
    check's code (record_hash_mismatch, record_seed_mismatch, record_command_mismatch,
    record_replay_mismatch, record_result_mismatch, record_unknown_game, record_rules_version); a record
    holding NUL characters with 422 record_malformed. Records are capped (413 request_too_large over
    GAMESTATE_MAX_RECORD_BYTES, 413 record_too_large over GAMESTATE_MAX_RECORD_EVENTS events); a record
    stored here already (imported, or exported from a game played here) is refused with 409
    record_already_imported, its game in `Location` and `game_id`; 503 imports_busy while other records
    are being verified.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecordImported
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: Record,
) -> Response[Problem | RecordImported]:
    """Verify a record and store it as a new finished game (admin or import key)

     Needs the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token, unless the service
    opens imports to anyone (GAMESTATE_IMPORTS_OPEN): 401 import_key_required, 403 import_forbidden. The
    record is audited exactly like GET /games/{id}/audit; any failed check refuses it with 422 and the
    check's code (record_hash_mismatch, record_seed_mismatch, record_command_mismatch,
    record_replay_mismatch, record_result_mismatch, record_unknown_game, record_rules_version); a record
    holding NUL characters with 422 record_malformed. Records are capped (413 request_too_large over
    GAMESTATE_MAX_RECORD_BYTES, 413 record_too_large over GAMESTATE_MAX_RECORD_EVENTS events); a record
    stored here already (imported, or exported from a game played here) is refused with 409
    record_already_imported, its game in `Location` and `game_id`; 503 imports_busy while other records
    are being verified.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RecordImported]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: Record,
) -> Problem | RecordImported | None:
    """Verify a record and store it as a new finished game (admin or import key)

     Needs the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token, unless the service
    opens imports to anyone (GAMESTATE_IMPORTS_OPEN): 401 import_key_required, 403 import_forbidden. The
    record is audited exactly like GET /games/{id}/audit; any failed check refuses it with 422 and the
    check's code (record_hash_mismatch, record_seed_mismatch, record_command_mismatch,
    record_replay_mismatch, record_result_mismatch, record_unknown_game, record_rules_version); a record
    holding NUL characters with 422 record_malformed. Records are capped (413 request_too_large over
    GAMESTATE_MAX_RECORD_BYTES, 413 record_too_large over GAMESTATE_MAX_RECORD_EVENTS events); a record
    stored here already (imported, or exported from a game played here) is refused with 409
    record_already_imported, its game in `Location` and `game_id`; 503 imports_busy while other records
    are being verified.

    Args:
        body (Record):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RecordImported
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
