"""Records and audits: export a finished game, import a record, audit a game."""

from __future__ import annotations

import hashlib
import secrets
import weakref
from collections.abc import AsyncGenerator, AsyncIterator

from litestar import Request, Response, get, post
from litestar.di import NamedDependency
from litestar.params import JSONBody
from litestar.response import Stream
from psycopg import AsyncConnection

from service.api.callers import caller_of, heavy_reads, leaser
from service.api.http import (
    ETAG_HEADER,
    LOCATION_HEADER,
    NOT_MODIFIED,
    SEAT_ONLY,
    GameId,
    IfNoneMatch,
    bearer_token,
    conditional,
    problems,
)
from service.games import records
from service.games.audit import AuditReport, Record
from service.games.audits import Audits
from service.games.imports import Importer, RecordImported
from service.support.errors import ApiError
from service.support.heavy import Lease

HEAVY_NOTE = (
    "429 `too_many_heavy_reads` (with Retry-After) when the caller or the server has as many"
    " heavy reads (audits, records, time travel of long games) running as allowed"
    " (GAMESTATE_HEAVY_READS_PER_CALLER, GAMESTATE_HEAVY_READS)."
)


async def answer_import(request: Request) -> Response:
    """The whole of POST /games/import, run as the route's ``before_request`` hook, whose
    answer Litestar sends without resolving the handler's arguments: so the body is never
    decoded on the event loop (nor a connection checked out for the handler), and the
    handler's signature still documents the body. See service/games/imports.py."""
    imported_by = importer_of(request)
    importer: Importer = request.app.state.importer
    body = await capped_body(request, importer.limits.max_bytes)
    imported = await importer.run(body, imported_by)
    return Response(imported, status_code=201, headers={"Location": f"/games/{imported.id}"})


def importer_of(request: Request) -> str:
    """Who imports: ``admin``, ``import-key:<id>``, or ``open`` when imports are open to
    anyone (GAMESTATE_IMPORTS_OPEN) and no key was sent."""
    state = request.app.state
    token = bearer_token(request)
    if token is not None:
        if secrets.compare_digest(token.encode(), state.admin_key.encode()):
            return "admin"
        for key in state.import_keys:
            if secrets.compare_digest(token.encode(), key.encode()):
                return f"import-key:{hashlib.sha256(key.encode()).hexdigest()[:12]}"
    if state.imports_open:
        return "open"
    if token is None:
        raise ApiError(
            401,
            "import_key_required",
            "imports need the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token",
            {"WWW-Authenticate": "Bearer"},
        )
    raise ApiError(403, "import_forbidden", "this token may not import records")


async def capped_body(request: Request, limit: int) -> bytes:
    too_large = ApiError(
        413,
        "request_too_large",
        f"a record is imported up to {limit} bytes (GAMESTATE_MAX_RECORD_BYTES)",
    )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


@get(
    "/games/{game_id:uuid}/record",
    operation_id="getRecord",
    tags=["records"],
    summary="The portable record of a finished game (events, hashes, revealed seed)",
    description="Format: docs/record-format.md. 409 `game_not_finished` while the game is on;"
    " 409 `seed_group_in_play` while other tables of its duplicate-seed round play. " + HEAVY_NOTE,
    responses={**NOT_MODIFIED, **problems(400, 404, 409, 429)},
    response_headers=[ETAG_HEADER],
)
async def game_record(
    request: Request,
    game_id: GameId,
    read_conn: NamedDependency[AsyncConnection],
    if_none_match: IfNoneMatch = None,
) -> Response[Record]:
    store = request.app.state.games.store
    version = await records.exportable(store, read_conn, game_id)
    answer = conditional(None, str(version), if_none_match)
    if answer.status_code == 304:
        return answer
    place = heavy_reads(request).lease(await caller_of(request), "record")
    # Written as it is read, a page of events at a time: a long game's record is never
    # built in memory. Same bytes as the Record the route is documented with.
    return Stream(  # type: ignore[return-value]
        held(records.export_streamed(store, request.app.state.reads, game_id), place),
        media_type="application/json",
        headers=answer.headers,
    )


def held(chunks: AsyncGenerator[bytes, None], place: Lease) -> AsyncIterator[bytes]:
    """``chunks``, holding the heavy-read ``place`` until they are all sent or dropped: the
    generator's ``finally`` when it ran, its collection when it never started (a client gone
    before the body)."""

    async def sending() -> AsyncIterator[bytes]:
        try:
            async for chunk in chunks:
                yield chunk
        finally:
            place.release()
            await chunks.aclose()  # a page being read gives its connection back now

    body = sending()
    weakref.finalize(body, place.release)
    return body


@get(
    "/games/{game_id:uuid}/audit",
    operation_id="auditGame",
    tags=["records"],
    summary="Verify a game: hash chain, seed against its commitment, re-decided events",
    description=(
        "While a game is active its seed is secret: only the hash chain is checked and the"
        " seed and replay checks are reported as skipped. 409 `seed_group_in_play` while any"
        " table of its duplicate-seed tournament round plays. A finished game's report is"
        " worked out once and kept. " + HEAVY_NOTE
    ),
    responses=problems(400, 404, 409, 429),
)
async def game_audit(request: Request, game_id: GameId) -> AuditReport:
    audits: Audits = request.app.state.audits
    caller = await caller_of(request)
    return await audits.audit(game_id, leaser(request, caller, "audit"))


@post(
    "/games/import",
    operation_id="importRecord",
    tags=["records"],
    summary="Verify a record and store it as a new finished game (admin or import key)",
    description=(
        "Needs the admin key or an import key (GAMESTATE_IMPORT_KEY) as a bearer token, unless"
        " the service opens imports to anyone (GAMESTATE_IMPORTS_OPEN): 401"
        " import_key_required, 403 import_forbidden. The record is audited exactly like"
        " GET /games/{id}/audit; any failed check refuses it with 422 and the check's code"
        " (record_hash_mismatch, record_seed_mismatch, record_command_mismatch,"
        " record_replay_mismatch, record_result_mismatch, record_unknown_game,"
        " record_rules_version); a record holding NUL characters with 422 record_malformed."
        " Records are capped (413 request_too_large over GAMESTATE_MAX_RECORD_BYTES, 413"
        " record_too_large over GAMESTATE_MAX_RECORD_EVENTS events); a record stored here"
        " already (imported, or exported from a game played here) is refused with 409"
        " record_already_imported, its game in `Location` and `game_id`; 503 imports_busy"
        " while other records are being verified."
    ),
    status_code=201,
    security=SEAT_ONLY,
    responses=problems(400, 401, 403, 409, 413, 415, 422, 429, 503),
    response_headers=[LOCATION_HEADER],
    before_request=answer_import,
    request_max_body_size=None,
    opt={"body": Record, "rate_limit": "imports"},
)
async def import_game(data: JSONBody[Record]) -> RecordImported:
    # Never called: answer_import (before_request) answers every request. The signature
    # documents the body and the answer.
    raise AssertionError("POST /games/import is answered by its before_request hook")


ROUTES = [game_record, game_audit, import_game]
