"""Bot seats (docs/bots.md, "Bot seats"): no routes of their own (a bot seat is asked for
when a game is created, a lobby seat is joined or a tournament entrant registered); the
lifespan runs this process's part of the bot player (service/clocks/bots.py): the player
itself, or the hook that wakes the bot process playing for it."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator

from litestar import Litestar

from service.clocks.bots import (
    BOT_PROCESS,
    PLAY_ELSEWHERE,
    BotPlayer,
    BotSettings,
    wake_bot_process,
)
from service.games.service import GameService
from service.support.tasks import stop


@contextlib.asynccontextmanager
async def run_bots(app: Litestar) -> AsyncIterator[None]:
    """This process's bot player, by ``app.state.bot_player`` (create_app's): ``here`` (with
    background work: a stream worker runs none), ``process`` (the bot process), or
    ``elsewhere`` (a command worker or stream worker beside a bot process: none, and its
    commits of games with bots wake that process)."""
    games: GameService = app.state.games
    # Read from the environment and checked by Settings (``gamestate serve``), given to
    # create_app; an app made without them has the defaults.
    settings: BotSettings = app.state.get("bot_settings") or BotSettings()
    where = app.state.get("bot_player")
    if where == PLAY_ELSEWHERE:
        app.state.bots = None
        wake = wake_bot_process(games.store.announcer)
        games.commands.committed_hooks.append(wake)
        try:
            yield
        finally:
            games.commands.committed_hooks.remove(wake)
        return
    player = BotPlayer(
        app.state.pool,
        games,
        workers=settings.workers,
        cpu_ms=settings.cpu_ms,
        poll=settings.poll,
        lease=settings.lease,
        listens=where == BOT_PROCESS,
    )
    app.state.bots = player
    if where != BOT_PROCESS and not app.state.get("background", True):
        yield
        return
    nice = app.state.get("bot_nice", 0)
    if nice:
        # The bot process's priority, lowered before its player starts (the thinkers it
        # spawns inherit it) but after its start-up, which the workers would starve.
        os.nice(nice)
    games.commands.committed_hooks.append(player.committed)
    task = asyncio.create_task(player.run(), name="bots")
    try:
        yield
    finally:
        games.commands.committed_hooks.remove(player.committed)
        await stop(task)


ROUTES: list[object] = []
LIFESPANS = [run_bots]
