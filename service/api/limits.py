"""Rate limits: Litestar's own ``RateLimitConfig`` middleware, one instance per policy.

Routes name their group in ``opt["rate_limit"]`` (``create``, ``imports``, ``register``,
``players``, ``commands``); a policy counts the requests of one group per client address, or per
authenticated identity (``commands_per_token``): a seat (game and seat) for a seat token, the
player for a player token (one budget across all its games), the admin for the admin key. The
token is resolved first (as the handler does, from the same caches), so spellings of the header
(``bearer``, ``BEARER``, extra spaces) are one caller; an unknown token is answered 401 before
it is counted. A request over a limit is answered 429 problem+json
(``too_many_requests``) with ``Retry-After`` (seconds until the window ends) and the
``RateLimit-*`` headers; the others carry the ``RateLimit-*`` headers too.

Why Litestar's: it is part of the framework the service already runs on (no new dependency,
maintained with it), it keys requests by any function of the request, and its counts live in
a Litestar store: in memory per process by default, or a shared one (Litestar's Redis store)
to count across processes. Its windows are fixed (a window opens with the first request of a
key and lasts its unit), coarser than a token bucket, which is fine against floods. Counts are
per process: with N workers or replicas, a client may make up to N times the limit.

The client address is the peer's, or the address a trusted proxy forwarded (uvicorn's proxy
headers, GAMESTATE_TRUSTED_PROXIES, none by default: a client that may reach the service
directly could otherwise name a fresh address per request): behind nginx, the client's own."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, fields
from typing import Any, Literal, cast

from litestar import Litestar, Request
from litestar.exceptions import TooManyRequestsException
from litestar.middleware.base import DefineMiddleware
from litestar.middleware.rate_limit import DURATION_VALUES, RateLimitConfig, RateLimitMiddleware
from litestar.stores.memory import MemoryStore

from service.api.http import viewer_from_pool
from service.support.tasks import stop

Unit = Literal["second", "minute", "hour", "day"]
STORE = "rate_limit"
IDENTITY = "rate_limit_identity"
"""Where a per-identity policy keeps the caller's identity in the request's scope state."""
SWEEP_SECONDS = 60.0
"""How often expired counts are dropped from the in-memory store (it keeps them otherwise)."""


@dataclass(frozen=True)
class RateLimits:
    """Each a rate like ``"30/minute"`` (units: second, minute, hour, day), or None: off."""

    create: str | None = None
    """POST /games, per client address (GAMESTATE_RATE_CREATE)."""
    imports: str | None = None
    """POST /games/import, per client address (GAMESTATE_RATE_IMPORT)."""
    register: str | None = None
    """Tournament registrations, per client address (GAMESTATE_RATE_REGISTER)."""
    players: str | None = None
    """POST /players (new players), per client address (GAMESTATE_RATE_PLAYERS)."""
    commands: str | None = None
    """Game commands, per client address (GAMESTATE_RATE_COMMANDS)."""
    commands_per_token: str | None = None
    """Game commands, per authenticated identity: seat, player or admin
    (GAMESTATE_RATE_COMMANDS_PER_TOKEN)."""

    @staticmethod
    def setting(group: str, per: str) -> str:
        """The environment variable of a policy, named in its 429 so an operator knows what
        to raise."""
        name = {"imports": "import"}.get(group, group)
        return f"GAMESTATE_RATE_{name.upper()}" + ("_PER_TOKEN" if per == "token" else "")

    def policies(self) -> list[tuple[str, str, tuple[Unit, int]]]:
        """(route group, what is counted: ``ip`` or ``token``, (unit, requests))."""
        found = []
        for field in fields(self):
            rate = getattr(self, field.name)
            if rate:
                group, _, per = field.name.partition("_per_")
                found.append((group, per or "ip", parse_rate(rate)))
        return found


def parse_rate(rate: str) -> tuple[Unit, int]:
    count, _, unit = rate.strip().partition("/")
    if unit not in DURATION_VALUES or not count.isdigit() or int(count) < 1:
        raise ValueError(f"a rate is N/second, N/minute, N/hour or N/day, not {rate!r}")
    return cast(Unit, unit), int(count)


class LimitWithRetryAfter(RateLimitMiddleware):
    """Litestar's middleware, with ``Retry-After`` on its 429 (it sends only the RateLimit
    headers, which clients know less well), and the setting that sets the limit in its detail."""

    setting = ""
    """The policy's environment variable (a subclass per policy: see :func:`middleware`)."""
    group = ""
    """The route group the policy counts (``opt["rate_limit"]``)."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.outside(scope):
            await self.app(scope, receive, send)
            return
        try:
            await super().__call__(scope, receive, send)
        except TooManyRequestsException as exc:
            headers = dict(exc.headers or {})
            reset = headers.get(self.config.rate_limit_reset_header_key, "1")
            wait = max(1, int(reset)) if reset.lstrip("-").isdigit() else 1
            headers["Retry-After"] = str(wait)
            raise TooManyRequestsException(
                detail=f"too many requests; retry in {wait} s (limit: {self.setting})",
                headers=headers,
            ) from None

    def outside(self, scope: Any) -> bool:
        """A request of another route group: most requests belong to no policy, and one policy
        is on by default, so they skip it before Litestar builds a Request and asks the check
        (issue #32: that was every command's cost)."""
        handler = scope.get("route_handler")
        return handler is not None and handler.opt.get("rate_limit") != self.group


class LimitPerIdentity(LimitWithRetryAfter):
    """A per-identity policy: the caller's token is resolved to whom it authenticates before
    the count (Litestar asks for the key synchronously, so it is resolved here)."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.outside(scope):
            await self.app(scope, receive, send)
            return
        request: Request = scope["litestar_app"].request_class(scope)
        if await self.should_check_request(request):
            scope.setdefault("state", {})[IDENTITY] = await identity_of(request)
        await super().__call__(scope, receive, send)


async def identity_of(request: Request) -> str:
    """Whom the request's bearer token authenticates: ``admin``, ``player:<id>`` or
    ``seat:<game>:<seat>`` (401 for an unknown or malformed token, as the handler would)."""
    viewer = await viewer_from_pool(request, request.app.state.pool)
    if viewer.admin:
        return "admin"
    if viewer.player_id is not None:
        return f"player:{viewer.player_id}"
    if viewer.game_id is not None:
        return f"seat:{viewer.game_id}:{viewer.seat}"
    return "nobody"


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _identifier(group: str, per: str) -> Callable[[Request], str]:
    def identify(request: Request) -> str:
        if per == "token":
            return f"{group}:who:{request.scope['state'][IDENTITY]}"
        return f"{group}:ip:{client_address(request)}"

    return identify


def _in_group(group: str, per: str) -> Callable[[Request], Awaitable[bool]]:
    # A coroutine: Litestar runs a synchronous check in a worker thread, a hop per request.
    async def check(request: Request) -> bool:
        if request.route_handler.opt.get("rate_limit") != group:
            return False
        return per != "token" or "authorization" in request.headers

    return check


def middleware(limits: RateLimits | None) -> list[DefineMiddleware]:
    return [
        RateLimitConfig(
            rate_limit=rate,
            identifier_for_request=_identifier(group, per),
            check_throttle_handler=_in_group(group, per),
            middleware_class=_named(
                LimitPerIdentity if per == "token" else LimitWithRetryAfter,
                RateLimits.setting(group, per),
                group,
            ),
            store=STORE,
        ).middleware
        for group, per, rate in (limits.policies() if limits else [])
    ]


def _named(base: type[LimitWithRetryAfter], setting: str, group: str) -> type[LimitWithRetryAfter]:
    return type(base.__name__, (base,), {"setting": setting, "group": group})


@contextlib.asynccontextmanager
async def sweep_expired(app: Litestar) -> AsyncIterator[None]:
    """Lifespan: drop expired counts now and then, so that a flood of addresses does not
    stay in memory."""
    store = app.stores.get(STORE)

    async def sweep() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            if isinstance(store, MemoryStore):
                await store.delete_expired()

    task = asyncio.create_task(sweep(), name="rate-limit-sweep")
    try:
        yield
    finally:
        await stop(task)
