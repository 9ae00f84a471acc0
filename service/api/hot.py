"""The hot routes' parameters without Litestar's general parameter machinery (issue #32 item 2).

A bot's turn is a command (``POST /games/{id}/commands``) and, now and then, a legal-commands
read (``GET /games/{id}/legal-commands``). For each, Litestar runs one extractor per
parameter (the query string parsed into a multi-dict, every header into a case-insensitive
one, the body decoded a second time after :func:`service.api.http.check_body` decoded it
strictly) and then validates them all again through the handler's signature model: measured
by ``bench.asgi_path`` as about a fifth of such a request's CPU in the service.

:func:`install` gives those two routes a parameter model of their own that reads a request
of the plain shape every bot sends (the parameters below, nothing else) straight from the
ASGI scope, and hands anything else (another query parameter, a value with another
spelling, a header such as ``If-None-Match`` or ``Idempotency-Key``, a body the strict
decoder did not take on its first try) to Litestar's own models, unchanged. So a request
that the short path takes is one that Litestar would have parsed to the same arguments
(tests/api/test_hot_params.py compares the two on both kinds), and every other request is
answered exactly as before, errors included. The handlers and their signatures stay as they
are: the OpenAPI document does not change.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from litestar import Litestar, Request
from litestar.routes import HTTPRoute

DECODED_BODY = "gamestate.decoded_body"
"""Scope key: the body as :func:`service.api.http.check_body`'s first, strict decode gave it."""

_MIN_VERSION = re.compile(rb"min_version=([1-9][0-9]{0,15})")
MAX_VERSION = 2**53
"""The ``min_version`` parameter's bound (``MinVersion`` in routes/games.py)."""


class _Parsed(dict):
    """Arguments the short path read: the signature model passes them on as they are."""


def header(request: Request, name: bytes) -> str | None:
    """A request header's first value, as ``request.headers.get`` gives it, read from the
    scope (``name`` in lower case, as ASGI servers give names): the hot routes need one or
    two headers, and Litestar's header mapping is built from all of them."""
    for key, value in request.scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def legal_arguments(request: Request) -> dict[str, Any] | None:
    """``getLegalCommands`` with no query, or only ``min_version`` in its plain spelling."""
    scope = request.scope
    query = scope["query_string"]
    min_version = None
    if query:
        found = _MIN_VERSION.fullmatch(query)
        if found is None:
            return None
        min_version = int(found[1])
        if min_version > MAX_VERSION:
            return None
    if header(request, b"if-none-match") is not None:
        return None
    return _Parsed(
        request=request,
        game_id=scope["path_params"]["game_id"],
        min_version=min_version,
        if_none_match=None,
        wait=None,
    )


def command_arguments(request: Request) -> dict[str, Any] | None:
    """``submitCommand`` with no query or ``include=legal_commands``, no Idempotency-Key, and
    a body that the strict decoder took as it is."""
    scope = request.scope
    data = scope.get(DECODED_BODY)
    if data is None:
        return None
    query = scope["query_string"]
    if query == b"":
        include = None
    elif query == b"include=legal_commands":
        include = "legal_commands"
    else:
        return None
    if header(request, b"idempotency-key") is not None:
        return None
    return _Parsed(
        request=request,
        game_id=scope["path_params"]["game_id"],
        data=data,
        idempotency_key=None,
        include=include,
    )


SHORT_PATHS: dict[str, Callable[[Request], dict[str, Any] | None]] = {
    "getLegalCommands": legal_arguments,
    "submitCommand": command_arguments,
}
"""By operation id: the routes that get a short path, and how it reads their arguments."""


class ShortParameters:
    """A route's parameter model: :attr:`read`'s arguments when it can, else Litestar's."""

    def __init__(self, litestar_model: Any, read: Callable[[Request], dict[str, Any] | None]):
        self.litestar_model = litestar_model
        self.read = read
        self.has_kwargs = True
        self.dependency_batches = litestar_model.dependency_batches

    async def to_kwargs(self, connection: Request) -> dict[str, Any]:
        found = self.read(connection)
        if found is not None:
            return found
        return await self.litestar_model.to_kwargs(connection)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.litestar_model, name)


class ShortSignature:
    """A route's signature model: arguments the short path read are already what the handler
    takes; the rest Litestar's model validates, as before."""

    def __init__(self, litestar_model: Any) -> None:
        self.litestar_model = litestar_model

    def parse_values_from_connection_kwargs(self, connection: Any, kwargs: Any) -> Any:
        if type(kwargs) is _Parsed:
            return kwargs
        return self.litestar_model.parse_values_from_connection_kwargs(
            connection=connection, kwargs=kwargs
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.litestar_model, name)


def install(app: Litestar) -> list[str]:
    """Give the hot routes their short path; the operation ids it was given to."""
    installed = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for method, (handler, model) in list(route.route_handler_map.items()):
            operation = handler.operation_id
            read = SHORT_PATHS.get(operation) if isinstance(operation, str) else None
            if read is None or isinstance(model, ShortParameters):
                continue
            if not isinstance(handler.signature_model, ShortSignature):
                handler._signature_model = ShortSignature(handler.signature_model)
            route.route_handler_map[method] = (handler, ShortParameters(model, read))
            installed.append(handler.operation_id)
    return installed
