"""Bot seats (docs/bots.md, "Bot seats"): no routes of their own (a bot seat is asked for
when a game is created, a lobby seat is joined or a tournament entrant registered); the
lifespan runs this process's bot player (service/clocks/bots.py)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

from litestar import Litestar

from service.clocks.bots import CPU_MS, LEASE_SECONDS, POLL_SECONDS, BotPlayer
from service.games.service import GameService
from service.support.tasks import stop


@contextlib.asynccontextmanager
async def run_bots(app: Litestar) -> AsyncIterator[None]:
    """This process's bot player (none in a stream worker: the command workers play)."""
    games: GameService = app.state.games
    player = BotPlayer(
        app.state.pool,
        games,
        workers=int(os.environ.get("GAMESTATE_BOT_WORKERS") or 1),
        cpu_ms=float(os.environ.get("GAMESTATE_BOT_CPU_MS") or CPU_MS),
        poll=float(os.environ.get("GAMESTATE_BOT_POLL_SECONDS") or POLL_SECONDS),
        lease=float(os.environ.get("GAMESTATE_BOT_LEASE_SECONDS") or LEASE_SECONDS),
    )
    app.state.bots = player
    if not app.state.get("background", True):
        yield
        return
    games.commands.committed_hooks.append(player.committed)
    task = asyncio.create_task(player.run(), name="bots")
    try:
        yield
    finally:
        games.commands.committed_hooks.remove(player.committed)
        await stop(task)


ROUTES: list[object] = []
LIFESPANS = [run_bots]
