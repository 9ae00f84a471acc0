"""Background loops that stop when told to, on every Python this project supports.

Python 3.11's ``asyncio.wait_for`` loses a cancellation that arrives in the same loop turn as
the awaited event is set (CPython gh-86296, fixed in 3.12 by building it on
``asyncio.timeout``): a background loop that waits on an event with ``wait_for`` then goes
round again, and the lifespan that cancelled it and awaits it waits forever (seen: a test
app's shutdown hanging for minutes while commits kept waking the loops). ``wait_event`` uses
``asyncio.timeout``, which counts cancellations; ``stop`` cancels again while a task keeps
running, so even a loop that swallows one cancellation cannot hang a shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import logging

log = logging.getLogger("gamestate.tasks")


async def wait_event(event: asyncio.Event, seconds: float | None) -> bool:
    """Wait until ``event`` is set or ``seconds`` pass (None: no limit); True when it was set.
    A cancellation of the caller always propagates."""
    try:
        async with asyncio.timeout(seconds):
            await event.wait()
    except TimeoutError:
        return False
    return True


async def stop(task: asyncio.Task, *, grace: float = 10.0) -> None:
    """Cancel ``task`` and wait for it to end, cancelling again every half second while it
    keeps running; after ``grace`` seconds give up with a warning rather than hang."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    while not task.done():
        task.cancel()
        left = deadline - loop.time()
        if left <= 0:
            log.warning("background task %s did not stop within %.0fs", task.get_name(), grace)
            return
        await asyncio.wait({task}, timeout=min(0.5, left))
    with contextlib.suppress(asyncio.CancelledError, Exception):
        task.result()
