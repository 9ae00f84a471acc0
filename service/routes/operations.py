"""Operational routes: health (and metrics)."""

from __future__ import annotations

import psycopg
from litestar import Response, get
from litestar.datastructures import State
from psycopg_pool import PoolTimeout

from service import schemas as s
from service.http import problems


@get(
    "/health",
    tags=["operations"],
    summary="Liveness and database reachability",
    responses=problems(503),
)
async def health(state: State) -> Response[s.Health]:
    try:
        async with state.pool.connection(timeout=2) as conn:
            await conn.execute("SELECT 1")
    except (psycopg.Error, PoolTimeout):
        return Response(s.Health(status="degraded", database="unavailable"), status_code=503)
    return Response(s.Health(status="ok", database="ok"))


ROUTES = [health]
