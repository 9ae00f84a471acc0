"""Records and audits: export a finished game, import a record, audit a game."""

from __future__ import annotations

import os

from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from psycopg import AsyncConnection

from service.api.http import (
    ETAG_HEADER,
    LOCATION_HEADER,
    NOT_MODIFIED,
    GameId,
    IfNoneMatch,
    check_body,
    conditional,
    problems,
)
from service.games import records
from service.games.audit import AuditReport, Record
from service.support.errors import ApiError

# A record holds every event with its metadata and hashes: a long Three Kingdoms game is a few
# hundred KiB, far above the default body limit, which stays small for every other route.
MAX_RECORD_BYTES = int(os.environ.get("GAMESTATE_MAX_RECORD_BYTES") or 16 * 1024 * 1024)


async def check_record_body(request: Request) -> None:
    """The record's free-form parts (event data, metadata, options) cannot say "no NUL" in
    the schema, so a record with NUL is well-formed JSON the service cannot hold: 422, where
    other routes, whose every string says so, answer 400."""
    body = await request.body()
    if b"\\u0000" in body or b"\x00" in body:
        raise ApiError(
            422, "record_malformed", "the record holds NUL characters, which no game can contain"
        )
    await check_body(request)


@get(
    "/games/{game_id:uuid}/record",
    operation_id="getRecord",
    tags=["records"],
    summary="The portable record of a finished game (events, hashes, revealed seed)",
    description="Format: docs/record-format.md. 409 `game_not_finished` while the game is on.",
    responses={**NOT_MODIFIED, **problems(400, 404, 409)},
    response_headers=[ETAG_HEADER],
)
async def game_record(
    request: Request,
    game_id: GameId,
    conn: NamedDependency[AsyncConnection],
    if_none_match: IfNoneMatch = None,
) -> Response[Record]:
    record = await records.export(request.app.state.games.store, conn, game_id)
    return conditional(record, str(record.version), if_none_match)


@get(
    "/games/{game_id:uuid}/audit",
    operation_id="auditGame",
    tags=["records"],
    summary="Verify a game: hash chain, seed against its commitment, re-decided events",
    description=(
        "While a game is active its seed is secret: only the hash chain is checked and the"
        " seed and replay checks are reported as skipped."
    ),
    responses=problems(400, 404),
)
async def game_audit(
    request: Request, game_id: GameId, conn: NamedDependency[AsyncConnection]
) -> AuditReport:
    return await records.audit_stored(request.app.state.games.store, conn, game_id)


@post(
    "/games/import",
    operation_id="importRecord",
    tags=["records"],
    summary="Verify a record and store it as a new finished game",
    description=(
        "The record is audited exactly like GET /games/{id}/audit; any failed check refuses it"
        " with 422 and the check's code (record_hash_mismatch, record_seed_mismatch,"
        " record_command_mismatch, record_replay_mismatch, record_result_mismatch,"
        " record_unknown_game, record_rules_version); a record holding NUL characters with"
        " 422 record_malformed."
    ),
    status_code=201,
    responses=problems(400, 413, 415, 422),
    response_headers=[LOCATION_HEADER],
    opt={"body": Record},
    before_request=check_record_body,
    request_max_body_size=MAX_RECORD_BYTES,
)
async def import_game(
    request: Request, data: JSONBody[Record], conn: NamedDependency[AsyncConnection]
) -> Response[records.RecordImported]:
    imported = await records.import_record(request.app.state.games.store, conn, data)
    return Response(imported, status_code=201, headers={"Location": f"/games/{imported.id}"})


ROUTES = [game_record, game_audit, import_game]
