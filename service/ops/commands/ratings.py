"""ratings: rebuild every rating from the stored games (the projection from position 0), or
catch up with the games finished since the projector last ran (docs/players.md); ``show``: one
player's ratings (service/ops/commands/boards.py, with ``gamestate leaderboard``)."""

from __future__ import annotations

import argparse
import asyncio
from typing import Any

from service.ops.commands import boards
from service.ops.commands.server import rating_rules
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
    if args.action == "show":
        from service.ops.commands.boards import run_show

        return run_show(args, settings)
    if args.player is not None or args.url is not None:
        stderr(f"gamestate ratings {args.action}: takes no player and no --url (the database)")
        return 2
    if not settings.database_url and not (settings.data_dir / "pg").exists():
        stderr("gamestate ratings: no DATABASE_URL and no embedded database in the data folder")
        return 1
    with database(settings) as url:
        # The serving processes' rules: a rebuild under other settings would re-rate by others.
        return asyncio.run(_run(url, args.action == "rebuild", rating_rules(settings)))


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "ratings",
        help="show a player's ratings; rebuild the ratings from the stored games, or catch up",
        description="`show PLAYER_ID`: the player's rating in every game it is rated in, from"
        " the database or, with --url, a running service (a game's leaderboard: `gamestate"
        " leaderboard GAME`); `rebuild`: forget every rating and project every finished game"
        " again, in one transaction (the result equals the live values); `catch-up`: project"
        " the games finished since the projector's checkpoint.",
        epilog="examples:\n"
        "  gamestate ratings show 0b6f3c2e-5d1a-4c8e-9f3a-2b7d1e4c5a6f\n"
        "  gamestate ratings show PLAYER_ID --url http://127.0.0.1:8000\n"
        "  gamestate ratings rebuild",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("action", choices=["show", "rebuild", "catch-up"])
    p.add_argument("player", nargs="?", default=None, help="with show: the player's id")
    p.add_argument("--url", default=None, help="with show: read from this server")
    p.set_defaults(run=run)
    # `gamestate leaderboard GAME`: the other way to read ratings (service/ops/cli.py lists
    # the command groups; ratings brings this one along).
    boards.register(commands)
