"""service/support/tasks.py: background loops stop when told to (unit tests, no database)."""

from __future__ import annotations

import asyncio
import contextlib

from service.support.tasks import stop, wait_event


async def _loop(event: asyncio.Event, wait) -> None:
    while True:
        await wait(event)
        event.clear()


async def _cancelled_as_it_is_woken(wait) -> bool:
    """True when the loop ended: cancelled in the same turn as its event was set."""
    event = asyncio.Event()
    task = asyncio.create_task(_loop(event, wait))
    await asyncio.sleep(0.01)  # the loop waits on the event
    event.set()
    await asyncio.sleep(0)  # the event's waiter is now done, the wait not yet resumed
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=0.5)
    if not done:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    return bool(done)


def test_a_cancellation_arriving_as_the_event_is_set_is_not_lost() -> None:
    assert asyncio.run(_cancelled_as_it_is_woken(lambda e: wait_event(e, 10)))


def test_wait_event_says_whether_the_event_was_set() -> None:
    async def scenario() -> tuple[bool, bool]:
        event = asyncio.Event()
        timed_out = await wait_event(event, 0.01)
        event.set()
        return timed_out, await wait_event(event, 0.01)

    assert asyncio.run(scenario()) == (False, True)


def test_stop_ends_a_task_that_swallows_one_cancellation() -> None:
    async def stubborn() -> None:
        # A loop that goes round once more, as one that lost a cancellation does.
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.sleep(60)
        await asyncio.sleep(60)

    async def scenario() -> bool:
        task = asyncio.create_task(stubborn())
        await asyncio.sleep(0.01)
        await asyncio.wait_for(stop(task, grace=5), 3)
        return task.done()

    assert asyncio.run(scenario())
