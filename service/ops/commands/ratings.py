"""ratings: rebuild every rating from the stored games (the projection from position 0), or
catch up with the games finished since the projector last ran (docs/players.md)."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from service.ops.commands.core import rating_rules
from service.ops.environment import database, stderr
from service.support.config import Settings


async def _run(url: str, rebuild: bool, rules: Any) -> int:
    from psycopg_pool import AsyncConnectionPool

    from service.players.ratings import RatingProjector

    async with AsyncConnectionPool(
        url, min_size=1, max_size=2, kwargs={"autocommit": True}, open=False
    ) as pool:
        projector = RatingProjector(pool, rules=rules)
        counted = await (projector.rebuild() if rebuild else projector.catch_up())
        async with pool.connection() as conn:
            cur = await conn.execute(
                "SELECT count(*), count(*) FILTER (WHERE rated) FROM rated_games"
            )
            seen, rated = await cur.fetchone()  # type: ignore[misc]
    print(f"rated games counted now: {counted}; games seen: {seen}, rated: {rated}")
    return 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    if not settings.database_url and not (settings.data_dir / "pg").exists():
        stderr("gamestate ratings: no DATABASE_URL and no embedded database in the data folder")
        return 1
    with database(settings) as url:
        # The serving processes' rules: a rebuild under other settings would re-rate by others.
        return asyncio.run(_run(url, args.action == "rebuild", rating_rules(settings)))


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "ratings",
        help="rebuild the ratings from the stored games, or catch up",
        description="`rebuild`: forget every rating and project every finished game again,"
        " in one transaction (the result equals the live values); `catch-up`: project the"
        " games finished since the projector's checkpoint.",
    )
    p.add_argument("action", choices=["rebuild", "catch-up"])
    p.set_defaults(run=run)
