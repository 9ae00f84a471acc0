"""The hot routes served from the ASGI scope, past Litestar's router and route machinery
(issue #32 item 2).

A bot's turn is a command (``POST /games/{id}/commands``) and, now and then, a legal-commands
read (``GET /games/{id}/legal-commands``). Before either route's own work, Litestar runs its
exception middleware twice, its router (the host check, path normalisation, the route trie),
the rate-limit middleware's group checks and its route (a request state, an exit stack, the
parameter and signature models). ``python -m bench.asgi_path --direct-ab`` measures this path
on and off in one process (bench/results/asgi_path.jsonl): about 9 us less of a legal read's
70 and 13 us less of a command's 311 on the day it came.

:class:`DirectRoutes` sits inside the service's request ids, metrics and logs
(:mod:`service.api.observability`) and before its docs headers, HEAD and OPTIONS middleware,
which act on no request it takes (docs paths, HEAD, OPTIONS) and see every other request as
before, on its way to Litestar's router. It takes a request of the plain shape every bot sends:
the path with the game id in its canonical spelling, no root path, a valid ``Host``, and, read
after the body check, the parameters that :mod:`service.api.hot` reads (its short path). For
such a request it does what Litestar's route does, in the same order and with the same parts:
it sets the scope's route keys (``route_handler``, ``path_params``, ``path_template``) and the
route's exception handlers, makes the route's request class, runs the before-request hook
(:func:`service.api.http.check_body`), calls the handler function and turns its value into the
answer with the handler's ``to_response`` (a :class:`~service.api.http.JsonAnswer` is the
answer as it is where ``to_response`` would hand it back unchanged: no return DTO, no
after-request hook; it is encoded before anything is sent). An exception in any of these is
handed to Litestar's own exception middleware, as if it had been raised inside it, so that it
is answered by the same handler with the same problem (tests/api/test_direct_routes.py sends
each request both ways and compares what comes back); the middleware is not wrapped around
every request, which cost a closure and a coroutine level for each message sent.
Any other request, including one whose parameters turn out not to be plain once its body is
read (the body stays in the scope's state), is Litestar's, unchanged.

It is not used when CORS is on, for a route that a rate-limit policy counts, or for a route
that has guards, dependencies, a response cache or after-response hooks: those are
Litestar's middleware and route machinery. The handlers keep their decorators, so the OpenAPI
document does not change.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from litestar import Litestar

# Litestar's own host check and exception middleware (internal modules: an upgrade that moves
# them fails this import, and every test with it).
from litestar._asgi.utils import is_valid_host, wrap_in_exception_handler
from litestar.routes import HTTPRoute
from litestar.types import ASGIApp, Receive, Scope, Send
from litestar.utils.scope.state import ScopeState

from service.api import hot
from service.api.http import JsonAnswer

_PATH = re.compile(
    r"/games/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/"
    r"(commands|legal-commands)"
)
ROUTES = {("POST", "commands"): "submitCommand", ("GET", "legal-commands"): "getLegalCommands"}
"""(method, last path segment): the operation served directly."""

_IDS_KEPT = 4096
"""Game ids whose UUID objects :class:`DirectRoutes` keeps (more than a process plays at once)."""
_ROUTE = "gamestate.direct_route"
"""Scope key: the :class:`_Route` a request was given to."""
_FAILURE = "gamestate.direct_failure"
"""Scope key: the exception that Litestar's exception middleware is to answer."""


class _Route:
    __slots__ = (
        "before",
        "exception_handlers",
        "handler",
        "own_answer",
        "read",
        "request_class",
        "template",
    )

    def __init__(self, handler: Any, template: str) -> None:
        self.handler = handler
        self.template = template
        self.read = hot.SHORT_PATHS[handler.operation_id]
        self.exception_handlers = handler.resolve_exception_handlers()
        self.request_class = handler.resolve_request_class()
        self.before = handler.resolve_before_request()
        # With neither a return DTO nor an after-request hook on any layer, the handler's
        # to_response hands a JsonAnswer back as it is (its to_asgi_response is itself).
        self.own_answer = handler.resolve_return_dto() is None and not any(
            layer.after_request for layer in handler.ownership_layers
        )


def _plain(handler: Any, model: Any, counted: frozenset[str]) -> bool:
    """A route with nothing on it that only Litestar's route machinery does (an
    after-request hook is run by ``to_response``, as Litestar runs it)."""
    return not (
        handler.opt.get("rate_limit") in counted
        or handler.resolve_guards()
        or model.dependency_batches
        or handler.resolve_after_response()
        or handler.cache
        or handler.has_sync_callable
    )


class DirectRoutes:
    """The hot routes' plain requests, served directly; every other request to ``app``
    (Litestar's router)."""

    def __init__(
        self, app: ASGIApp, litestar: Litestar, *, counted: frozenset[str], cors: bool
    ) -> None:
        self.app = app
        self.litestar = litestar
        self.routes: dict[tuple[str, str], _Route] = {}
        self.served = 0
        """Requests served directly so far (tests check that the path is taken)."""
        self._ids: dict[str, uuid.UUID] = {}
        # Litestar's exception middleware, asked only when something failed: wrapped around
        # every request it costs a closure and a coroutine level per message sent.
        self._failed = wrap_in_exception_handler(_raise_failure)
        if cors:
            return
        by_operation = {operation: key for key, operation in ROUTES.items()}
        for route in litestar.routes:
            if not isinstance(route, HTTPRoute):
                continue
            for handler, model in route.route_handler_map.values():
                key = by_operation.get(handler.operation_id)
                if key is not None and _plain(handler, model, counted):
                    self.routes[key] = _Route(handler, route.path_format)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not scope.get("root_path"):
            found = _PATH.fullmatch(scope["path"])
            if found is not None:
                route = self.routes.get((scope["method"], found[2]))
                if route is not None and _host_ok(scope):
                    self.served += 1
                    scope["path_params"] = {"game_id": self._game_id(found[1])}
                    scope["route_handler"] = route.handler
                    scope["path_template"] = route.template
                    scope[_ROUTE] = route  # type: ignore[typeddict-unknown-key]
                    ScopeState.from_scope(scope).exception_handlers = route.exception_handlers
                    await self._answer(scope, receive, send)
                    return
        await self.app(scope, receive, send)

    def _game_id(self, text: str) -> uuid.UUID:
        """One UUID object per game id while it is asked for: parsing one costs 0.76 us,
        and with the same object every later lookup keyed by it (the state cache) is found by
        identity, without ``UUID.__eq__``.
        Bounded: a stranger's made-up ids can only make it start again."""
        found = self._ids.get(text)
        if found is None:
            if len(self._ids) >= _IDS_KEPT:
                self._ids.clear()
            found = self._ids[text] = uuid.UUID(text)
        return found

    async def _answer(self, scope: Any, receive: Receive, send: Send) -> None:
        """As Litestar's ``HTTPRoute.handle`` and ``_call_handler_function`` for this route."""
        route: _Route = scope[_ROUTE]
        try:
            request = route.request_class(scope=scope, receive=receive, send=send)
            if route.before is not None:
                await route.before(request)
            arguments = route.read(request)
            if arguments is not None:
                data = await route.handler.fn(**arguments)
                if route.own_answer and type(data) is JsonAnswer:
                    response = data  # what to_response would give back
                else:
                    response = await route.handler.to_response(
                        app=self.litestar, data=data, request=request
                    )
                # Encoded here, so that a failure to encode is answered as Litestar would.
                messages = response.messages() if isinstance(response, JsonAnswer) else None
        except Exception as exc:
            # As Litestar's exception middleware around the route: nothing was sent yet.
            scope[_FAILURE] = exc  # type: ignore[typeddict-unknown-key]
            await self._failed(scope, receive, send)
            return
        if arguments is None:
            self.served -= 1
            await self.app(scope, receive, send)
        elif messages is not None:
            # Once the answer starts, Litestar's middleware would only wrap a failure in
            # another exception: it goes up to the server as it is.
            await send(messages[0])
            await send(messages[1])
        else:
            await wrap_in_exception_handler(response)(scope, receive, send)


async def _raise_failure(scope: Scope, receive: Receive, send: Send) -> None:
    raise scope.pop(_FAILURE)  # type: ignore[misc]


def _host_ok(scope: Scope) -> bool:
    """The host check of Litestar's router: a request it would refuse is left to it."""
    for name, value in scope["headers"]:
        if name == b"host":
            return is_valid_host(value)
    return True


def find(app: Any) -> DirectRoutes | None:
    """The app's :class:`DirectRoutes`, through the middleware that wraps it (``.app``)."""
    handler = getattr(app, "asgi_handler", app)
    while handler is not None and not isinstance(handler, DirectRoutes):
        handler = getattr(handler, "app", None)
    return handler
