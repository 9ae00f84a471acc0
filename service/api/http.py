"""What every route module shares: problem details, the exception mapping, dependencies,
bearer-token viewers and strict body checks."""

from __future__ import annotations

import logging
import secrets
import uuid
from collections.abc import AsyncIterator
from http import HTTPStatus
from typing import Annotated, Any
from urllib.parse import urlencode

import msgspec
from litestar import Request, Response
from litestar.datastructures import ResponseHeader, State
from litestar.enums import MediaType
from litestar.exceptions import HTTPException, ValidationException
from litestar.openapi import ResponseSpec
from litestar.params import HeaderParameter, Parameter
from litestar.serialization import default_serializer
from psycopg import AsyncConnection

from domain._kernel import DomainError
from service.api.hot import DECODED_BODY, header
from service.api.observability import CLIENT_GONE
from service.games import schemas as s
from service.games.model import Viewer
from service.games.service import GameService
from service.players.registry import PlayerRegistry, is_player_token
from service.players.seating import Seater
from service.support import cursor
from service.support.bodies import decode_strictly
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

LINK_HEADER = ResponseHeader(
    name="Link",
    description='The next page, `<...>; rel="next"`, when there is one',
    documentation_only=True,
)
LOCATION_HEADER = ResponseHeader(
    name="Location", description="The created resource's path", documentation_only=True
)


class JsonAnswer(Response):
    """A 200 JSON answer of the hot routes (a view, legal commands, a command's answer) that is
    its own ASGI app, without Litestar's general response building (merging route headers,
    cookies and type encoders, re-checking the status, a header container per answer): a
    cached legal-commands read costs about a tenth less (bench/README.md@48c9c2f, "What Litestar costs
    a hot request"). It
    sends exactly what ``Response(content, headers=headers)`` sends (the same status, headers
    in the same order and body: tests/api/test_json_answer.py), and the routes keep their
    annotations, so the OpenAPI document does not change. Only for routes with no cookies,
    background tasks or route-level headers."""

    def __init__(self, content: Any, *, headers: dict[str, str] | None = None) -> None:
        # Response.__init__ for what a JsonAnswer is made with: every attribute it sets, none
        # of its conversions (cookies, headers, type encoders) run.
        self.content = content
        self.headers = dict(headers) if headers else {}
        self.background = None
        self.cookies = []
        self.encoding = "utf-8"
        self.media_type = None
        self.status_code = None
        self.response_type_encoders = {}

    def to_asgi_response(self, app: Any, request: Any, **_: Any) -> Any:
        return self

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        start, body = self.messages()
        await send(start)
        await send(body)

    def messages(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The answer's two ASGI messages (its start and its body), encoded."""
        content = self.content
        # As Litestar renders: bytes and text are sent as they are, anything else as JSON.
        if isinstance(content, bytes):
            body = content
        elif isinstance(content, str):
            body = content.encode(self.encoding)
        else:
            body = _ANSWER_ENCODER.encode(content)
        raw = [
            (name.lower().encode("latin-1"), value.encode("latin-1"))
            for name, value in self.headers.items()
        ]
        raw.append((b"content-type", b"application/json"))
        raw.append((b"content-length", b"%d" % len(body)))
        return (
            {"type": "http.response.start", "status": 200, "headers": raw},
            {"type": "http.response.body", "body": body, "more_body": False},
        )


_ANSWER_ENCODER = msgspec.json.Encoder(enc_hook=default_serializer)
"""As Litestar encodes a JSON answer with no type encoders of its own (``encode_json``)."""


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
    return JsonAnswer(content, headers=headers)


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
    game_id: str | None = None,
) -> Response:
    body = s.Problem(
        type="about:blank",
        title=HTTPStatus(status).phrase,
        status=status,
        code=code,
        detail=detail,
        instance=path,
        game_id=game_id,
    )
    return Response(
        content=msgspec.json.encode(body), status_code=status, media_type=PROBLEM, headers=headers
    )


def handle_api_error(request: Request, exc: ApiError) -> Response:
    return problem_response(
        exc.status, exc.code, exc.detail, request.url.path, exc.headers, exc.game_id
    )


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
    suspect = getattr(request.app.state.get("pool"), "suspect", None)
    if suspect is not None:
        suspect()  # broken idle connections are dropped now, not one per request
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


async def provide_read_conn(state: State) -> AsyncIterator[AsyncConnection]:
    """A connection for a read that must reflect every command accepted before the request:
    the read replica's when it has caught up with them, else the primary's
    (service/store/replica.py)."""
    async with state.reads.connection() as conn:
        yield conn


def provide_games(state: State) -> GameService:
    return state.games


def bearer_token(request: Request) -> str | None:
    authorization = header(request, b"authorization")
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(
            401,
            "invalid_token",
            "use 'Authorization: Bearer <token>'",
            {"WWW-Authenticate": "Bearer"},
        )
    return token.strip()


def _path_game(request: Request) -> uuid.UUID | None:
    game_id = request.path_params.get("game_id")
    return game_id if isinstance(game_id, uuid.UUID) else None


async def viewer_of(request: Request, conn: AsyncConnection) -> Viewer:
    token = bearer_token(request)
    if token is None:
        return Viewer()
    if is_player_token(token):
        # A player token is a seat per game: resolved for the game of the route (cached by
        # the registry, which forgets a rotated or revoked token in every process).
        registry: PlayerRegistry = request.app.state.players
        return await registry.viewer(conn, token, _path_game(request))
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
    if is_player_token(token):
        viewer = request.app.state.players.cached_viewer(token, _path_game(request))
    else:
        viewer = request.app.state.token_cache.get(token)
    if viewer is not None:
        return viewer
    async with pool.connection() as conn:
        return await viewer_of(request, conn)


def is_admin_token(request: Request, token: str) -> bool:
    return secrets.compare_digest(token.encode(), request.app.state.admin_key.encode())


async def seater_of(request: Request, conn: AsyncConnection) -> Seater:
    """Who creates a game or tournament, as far as seating registered players goes: the
    admin key, a (valid) player token, or nobody (any other token, or none)."""
    token = bearer_token(request)
    if token is None:
        return Seater()
    if is_admin_token(request, token):
        return Seater(admin=True)
    if is_player_token(token):
        player = await request.app.state.players.by_token(conn, token)
        return Seater(player_id=player.id)
    return Seater()


async def check_body(request: Request) -> None:
    """Bodies are validated strictly, as documented, before Litestar's lax conversion (which
    would take ``0`` for ``false``); and PostgreSQL cannot store NUL in text or jsonb, so NUL
    is refused at the door with a 400 rather than failing deep in the store."""
    opt = request.route_handler.opt
    query = request.scope["query_string"]
    # Only a query string with the word (or a %-escape, which might spell it) can hold one.
    if query and (b"null" in query or b"%" in query):
        text = opt.get("text_params", ())
        for name, value in request.query_params.items():
            # Litestar takes the text "null" for None in an optional parameter; the document
            # says a parameter is absent or has a value. Only a free-text parameter (a
            # player's name) may be the word itself.
            if value == "null" and name not in text:
                raise ApiError(400, "malformed_request", f"invalid query parameter {name}: null")
    body_type = opt.get("body")
    if body_type is None:
        return
    # Litestar reads Content-Length through a mapping of every header, built for it alone;
    # a plain length is read here instead, any other spelling as Litestar reads it.
    length = header(request, b"content-length")
    if length is not None and length.isascii() and length.isdigit():
        request._content_length = int(length)
    if opt.get("body_optional") and not (await request.body()).strip():
        return  # a route whose body may be left out (POST /games/{id}/join)
    media_type = (header(request, b"content-type") or MediaType.JSON).split(";")[0].strip().lower()
    if media_type != MediaType.JSON and not media_type.endswith("+json"):
        raise ApiError(415, "unsupported_media_type", "send the body as application/json")
    body = await request.body()
    if b"\\u0000" in body or b"\x00" in body:
        raise ApiError(400, "malformed_request", "NUL characters are not accepted")
    value, as_sent = decode_strictly(body, body_type)
    if as_sent:
        # The hot routes take it as their argument (service/api/hot.py): Litestar's own,
        # laxer decode of a body taken as it was sent gives the same value.
        request.scope[DECODED_BODY] = value  # type: ignore[literal-required]


# -- routes -------------------------------------------------------------------------------

Cursor = Annotated[
    str | None,
    Parameter(
        required=False,
        pattern=cursor.PATTERN,
        description="The cursor of a page's last item: the page's `next` (also its `Link`"
        " header). Stable while new items are created, unlike `offset`",
    ),
]
Offset = Annotated[
    int,
    Parameter(
        ge=0,
        le=1_000_000,
        description="Deprecated: use `after` (an offset shifts when items are created)",
    ),
]


def paged(request: Request, page: Any) -> Response:
    """A list page with ``Link: <...>; rel="next"`` when there is one (the same query with
    ``after`` set to the page's ``next``; a deprecated ``offset``, which counts from the
    cursor's position when both are sent, is not carried over)."""
    headers = {}
    if page.next is not None:
        query = [
            (k, v) for k, v in request.query_params.multi_items() if k not in ("after", "offset")
        ]
        query.append(("after", page.next))
        headers["Link"] = f'<{request.url.path}?{urlencode(query)}>; rel="next"'
    return Response(page, headers=headers)


IfNoneMatch = Annotated[
    str | None,
    HeaderParameter(
        name="If-None-Match",
        required=False,
        max_length=1000,
        description="An ETag of an earlier answer: 304 with no body if it is still current",
    ),
]
SEED_GROUP_NOTE = (
    "A table of a duplicate-seed tournament round is its own seats' only while any table of"
    " the round plays (409 `seed_group_in_play` for everyone else), and its seats see it as"
    " during play until then (docs/security.md)."
)

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
