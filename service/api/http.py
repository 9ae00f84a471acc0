"""What every route module shares: problem details, the exception mapping, dependencies,
bearer-token viewers and strict body checks."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import Annotated, Any

import msgspec
from litestar import Request, Response
from litestar.datastructures import ResponseHeader, State
from litestar.enums import MediaType
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi import ResponseSpec
from litestar.params import HeaderParameter, Parameter
from psycopg import AsyncConnection

from domain._kernel import DomainError
from service.api.observability import CLIENT_GONE
from service.games import schemas as s
from service.games.model import Viewer
from service.games.service import GameService
from service.support.errors import ApiError

log = logging.getLogger("gamestate.http")

PROBLEM = "application/problem+json"
SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, {"bearer": []}]
SEAT_ONLY: list[dict[str, list[str]]] = [{"bearer": []}]


NOT_MODIFIED = {
    304: ResponseSpec(
        None, description="Not Modified: the ETag sent in If-None-Match is still current"
    )
}
ETAG_HEADER = ResponseHeader(
    name="ETag",
    description="The version the answer is of; send it back in If-None-Match",
    documentation_only=True,
)

LOCATION_HEADER = ResponseHeader(
    name="Location", description="The created resource's path", documentation_only=True
)


def conditional(content: Any, tag: str, if_none_match: str | None) -> Response:
    """An answer with ``ETag: "tag"`` (and ``Vary: Authorization``: what a seat sees depends
    on its token), or 304 with no body when ``If-None-Match`` names that tag (weak comparison,
    ``*`` matches anything; RFC 9110 13.1.2)."""
    etag = f'"{tag}"'
    headers = {"ETag": etag, "Vary": "Authorization"}
    if if_none_match is not None and (
        if_none_match.strip() == "*"
        or etag in (item.strip().removeprefix("W/") for item in if_none_match.split(","))
    ):
        return Response(content=None, status_code=304, headers=headers)
    return Response(content, headers=headers)


def problems(*statuses: int) -> dict[int, ResponseSpec]:
    return {
        status: ResponseSpec(
            s.Problem,
            description=HTTPStatus(status).phrase,
            media_type=PROBLEM,
            generate_examples=False,
        )
        for status in statuses
    }


def problem_response(
    status: int,
    code: str,
    detail: str,
    path: str | None = None,
    headers: dict[str, str] | None = None,
) -> Response:
    body = s.Problem(
        type="about:blank",
        title=HTTPStatus(status).phrase,
        status=status,
        code=code,
        detail=detail,
        instance=path,
    )
    return Response(
        content=msgspec.json.encode(body), status_code=status, media_type=PROBLEM, headers=headers
    )


def handle_api_error(request: Request, exc: ApiError) -> Response:
    return problem_response(exc.status, exc.code, exc.detail, request.url.path, exc.headers)


def handle_domain_error(request: Request, exc: DomainError) -> Response:
    return problem_response(422, exc.code, exc.detail, request.url.path)


def handle_validation(request: Request, exc: ValidationException) -> Response:
    detail = exc.detail or "malformed request"
    extra = exc.extra
    if extra:
        detail = f"{detail}: {msgspec.json.encode(extra).decode()[:500]}"
    return problem_response(400, "malformed_request", detail, request.url.path)


HTTP_CODES = {
    400: "malformed_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "request_too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


def handle_http(request: Request, exc: HTTPException) -> Response:
    status = exc.status_code
    if request.scope.get(CLIENT_GONE):  # type: ignore[misc]
        return client_gone(request)
    if status >= 500:
        return handle_unexpected(request, exc)
    code = HTTP_CODES.get(status, "client_error")
    return problem_response(
        status, code, str(exc.detail), request.url.path, dict(exc.headers or {})
    )


def handle_database(request: Request, exc: Exception) -> Response:
    log.warning("database unavailable: %s", exc)
    return problem_response(
        503,
        "database_unavailable",
        "the database is unavailable; retry shortly",
        request.url.path,
        {"Retry-After": "1"},
    )


def handle_interface_error(request: Request, exc: Exception) -> Response:
    """psycopg raises InterfaceError both for a connection in a state it cannot use (lost
    mid-way: the database's fault, 503) and for programming errors (ours: 500)."""
    message = str(exc).lower()
    if "connection" in message or "closed" in message:
        return handle_database(request, exc)
    return handle_unexpected(request, exc)


def client_gone(request: Request) -> Response:
    """The client went away before its request was read (Litestar raises a 500 for it): its
    doing, not ours. Nothing can be answered; the access log says 499."""
    log.info(
        "client disconnected before its request was read: %s %s", request.method, request.url.path
    )
    return problem_response(400, "client_disconnected", "the client went away", request.url.path)


def handle_unexpected(request: Request, exc: Exception) -> Response:
    if request.scope.get(CLIENT_GONE):  # type: ignore[misc]
        return client_gone(request)
    log.exception("unhandled error on %s %s", request.method, request.url.path)
    return problem_response(500, "internal_error", "internal error", request.url.path)


# -- dependencies -------------------------------------------------------------------------


async def provide_conn(state: State) -> AsyncIterator[AsyncConnection]:
    async with state.pool.connection() as conn:
        yield conn


def provide_games(state: State) -> GameService:
    return state.games


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401,
            "invalid_token",
            "use 'Authorization: Bearer <token>'",
            {"WWW-Authenticate": "Bearer"},
        )
    return token.strip()


async def viewer_of(request: Request, conn: AsyncConnection) -> Viewer:
    token = bearer_token(request)
    if token is None:
        return Viewer()
    cache: dict[str, Viewer] = request.app.state.token_cache
    viewer = cache.get(token)
    if viewer is None:
        viewer = await request.app.state.games.repo.viewer_for_token(
            conn, token, request.app.state.admin_key
        )
        if len(cache) > 100_000:
            cache.clear()
        cache[token] = viewer
    return viewer


async def viewer_from_pool(request: Request, pool: Any) -> Viewer:
    """:func:`viewer_of` for handlers that manage their own connections: a known token (or
    none) costs no pool checkout."""
    token = bearer_token(request)
    if token is None:
        return Viewer()
    viewer = request.app.state.token_cache.get(token)
    if viewer is not None:
        return viewer
    async with pool.connection() as conn:
        return await viewer_of(request, conn)


async def check_body(request: Request) -> None:
    """Bodies are validated strictly, as documented, before Litestar's lax conversion (which
    would take ``0`` for ``false``); and PostgreSQL cannot store NUL in text or jsonb, so NUL
    is refused at the door with a 400 rather than failing deep in the store."""
    for name in request.route_handler.opt.get("not_null", ()):
        # Litestar takes the text "null" for None in an optional parameter; the document says
        # a parameter is absent or has a value.
        if request.query_params.get(name) == "null":
            raise ApiError(400, "malformed_request", f"invalid query parameter {name}: null")
    body_type = request.route_handler.opt.get("body")
    if body_type is None:
        return
    media_type = request.headers.get("content-type", MediaType.JSON).split(";")[0].strip().lower()
    if media_type != MediaType.JSON and not media_type.endswith("+json"):
        raise ApiError(415, "unsupported_media_type", "send the body as application/json")
    body = await request.body()
    if b"\\u0000" in body or b"\x00" in body:
        raise ApiError(400, "malformed_request", "NUL characters are not accepted")
    try:
        # Most bodies pass this one typed, strict decode; the rest (3.0 for an integer, or
        # something wrong) take the walk below, which accepts or names the problem.
        msgspec.json.decode(body, type=body_type, strict=True)
        return
    except (msgspec.MsgspecError, UnicodeDecodeError, RecursionError):
        pass
    try:
        msgspec.convert(
            _integral_floats_as_ints(msgspec.json.decode(body)), type=body_type, strict=True
        )
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ApiError(400, "malformed_request", f"invalid body: {exc}") from None
    except UnicodeDecodeError:
        raise ApiError(400, "malformed_request", "invalid body: not UTF-8") from None
    except RecursionError:
        # Absurdly nested JSON exhausts the decoder's (and the walk's) recursion limit.
        raise ApiError(400, "malformed_request", "invalid body: nested too deeply") from None


def _integral_floats_as_ints(value: Any) -> Any:
    # JSON Schema counts 3.0 as an integer; msgspec's strict mode would not.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_integral_floats_as_ints(v) for v in value]
    if isinstance(value, dict):
        return {k: _integral_floats_as_ints(v) for k, v in value.items()}
    return value


# -- routes -------------------------------------------------------------------------------

IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match",
        required=False,
        max_length=1000,
        description="An ETag of an earlier answer: 304 with no body if it is still current",
    ),
]

GameId = Annotated[uuid.UUID, Parameter(description="The game's id")]
IdempotencyKey = Annotated[
    str | None,
    HeaderParameter(
        name="Idempotency-Key",
        required=False,
        max_length=200,
        pattern=r"^[\x21-\x7e]+$",
        description="Repeat a command safely: the same key and body return the first answer",
    ),
]
