"""Bot seats (docs/bots.md, "Bot seats"): no routes of their own (a bot seat is asked for
when a game is created, a lobby seat is joined or a tournament entrant registered); the
lifespan runs this process's bot player (service/clocks/bots.py)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from litestar import Litestar

from service.clocks.bots import BotPlayer, BotSettings
from service.games.service import GameService
from service.support.tasks import stop


@contextlib.asynccontextmanager
async def run_bots(app: Litestar) -> AsyncIterator[None]:
    """This process's bot player (none in a stream worker: the command workers play)."""
    games: GameService = app.state.games
    # Read from the environment and checked by Settings (``gamestate serve``), given to
    # create_app; an app made without them has the defaults.
    settings: BotSettings = app.state.get("bot_settings") or BotSettings()
    player = BotPlayer(
        app.state.pool,
        games,
        workers=settings.workers,
        cpu_ms=settings.cpu_ms,
        poll=settings.poll,
        lease=settings.lease,
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
