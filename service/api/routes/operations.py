"""Operational routes: liveness, readiness and Prometheus metrics."""

from __future__ import annotations

import secrets

import psycopg
from litestar import Request, Response, get
from litestar.datastructures import State
from psycopg_pool import PoolTimeout

from service.api.http import problem_response, problems
from service.games import schemas as s
from service.support import metrics as observability
from service.support.errors import ApiError


@get(
    "/health",
    operation_id="getHealth",
    tags=["operations"],
    summary="Liveness: the process is up (cheap, does not touch the database)",
)
async def health() -> s.Health:
    return s.Health(status="ok")


@get(
    "/health/ready",
    operation_id="getReadiness",
    tags=["operations"],
    summary="Readiness: the process can serve, the database answers",
    description="503 (problem details, code `database_unavailable`) while the database "
    "cannot be reached: a load balancer should send no traffic to this instance then.",
    responses=problems(503),
)
async def ready(state: State) -> Response[s.Health]:
    try:
        async with state.pool.connection(timeout=2) as conn:
            await conn.execute("SELECT 1")
    except (psycopg.Error, PoolTimeout, OSError):
        return problem_response(
            503,
            "database_unavailable",
            "the database is unavailable; retry shortly",
            "/health/ready",
            {"Retry-After": "1"},
        )
    return Response(s.Health(status="ok", database="ok"))


@get(
    "/metrics",
    operation_id="getMetrics",
    tags=["operations"],
    summary="Prometheus metrics of this process (text exposition format)",
    description="Requests by method/route/status, latency histograms by route, commands by "
    "game and outcome, event-store append latency, active games, connection pool statistics. "
    "When the service has a metrics token (GAMESTATE_METRICS_TOKEN), only a request bearing it "
    "is answered (401 `metrics_token_required` otherwise).",
    media_type="text/plain",
    response_description="Prometheus text exposition format 0.0.4",
    responses=problems(401),
)
async def metrics(request: Request, state: State) -> Response[str]:
    check_metrics_token(request, state.get("metrics_token"))
    if "active_games" not in state:
        state.active_games = observability.ActiveGames()
    reads = state.get("reads")
    body = await observability.render(
        state.get("pool"), state.active_games, reads.replica if reads is not None else None
    )
    return Response(body.decode(), media_type=observability.METRICS_CONTENT_TYPE)


def check_metrics_token(request: Request, expected: str | None) -> None:
    """Metrics show traffic per route and game: a deployment may keep them to its scraper."""
    if not expected:
        return
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not secrets.compare_digest(
        token.strip().encode(), expected.encode()
    ):
        raise ApiError(
            401,
            "metrics_token_required",
            "send the metrics token (GAMESTATE_METRICS_TOKEN) as a bearer token",
            {"WWW-Authenticate": "Bearer"},
        )


ROUTES = [health, ready, metrics]
