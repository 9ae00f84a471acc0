"""The deriver's pace: every commit wakes it, but its steps start at least ``GAP`` apart, so a
burst of commits costs a few steps, not one each; a lone commit after a quiet spell is read at
once."""

from __future__ import annotations

import asyncio
import contextlib

from service.notify import deriver as deriver_module
from service.notify.deriver import Deriver


class Counting(Deriver):
    def __init__(self) -> None:
        super().__init__(pool=None, games=None, poll=1.0)  # type: ignore[arg-type]
        self.steps: list[float] = []

    async def step(self) -> bool:
        self.steps.append(asyncio.get_running_loop().time())
        return False


async def _burst(seconds: float, every: float) -> tuple[Counting, float]:
    deriver = Counting()
    task = asyncio.create_task(deriver.run())
    loop = asyncio.get_running_loop()
    start = loop.time()
    while loop.time() - start < seconds:
        deriver.committed(None, None)  # type: ignore[arg-type]
        await asyncio.sleep(every)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    return deriver, start


def test_a_burst_of_commits_costs_a_step_per_gap_not_one_each() -> None:
    deriver, _ = asyncio.run(_burst(0.6, 0.002))  # about 300 wakes
    gap = deriver_module.GAP
    assert 3 <= len(deriver.steps) <= 0.6 / gap + 2
    apart = [b - a for a, b in zip(deriver.steps, deriver.steps[1:], strict=False)]
    assert min(apart) >= gap * 0.95


def test_a_commit_after_a_quiet_spell_is_read_at_once() -> None:
    async def scenario() -> float:
        deriver = Counting()
        task = asyncio.create_task(deriver.run())
        await asyncio.sleep(0.3)  # the first step ran; quiet since
        woken = asyncio.get_running_loop().time()
        deriver.committed(None, None)  # type: ignore[arg-type]
        await asyncio.sleep(0.05)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return deriver.steps[-1] - woken

    assert 0 <= asyncio.run(scenario()) < 0.04


def test_commits_of_quiet_games_do_not_wake_the_deriver() -> None:
    """Issue #32 item 1: a game found unable to notify (no registered player, no tournament)
    costs the deriver no step per commit; a game it has not seen yet, or one that can notify,
    still wakes it at once."""
    import uuid

    deriver = Deriver(pool=None, games=None)  # type: ignore[arg-type]
    quiet, fresh = uuid.uuid4(), uuid.uuid4()
    deriver.quiet.add_all([quiet])
    deriver.committed(quiet, None)
    deriver.notify(f"{quiet}:7\n{quiet}:8")
    assert not deriver._wake.is_set()
    deriver.notify(f"{quiet}:9\n{fresh}:1")
    assert deriver._wake.is_set()
    deriver._wake.clear()
    deriver.committed(fresh, None)
    assert deriver._wake.is_set()
    deriver._wake.clear()
    deriver.notify("not-a-game-line")  # unknown shapes wake it, as before
    assert deriver._wake.is_set()


def test_a_follower_steps_at_its_poll_not_per_commit() -> None:
    """When another process held the lock at the last step, commits do not wake this one:
    that process is woken by the same commits; this one takes over at its poll."""
    import uuid

    deriver = Deriver(pool=None, games=None)  # type: ignore[arg-type]
    deriver.follower = True
    game = uuid.uuid4()
    deriver.committed(game, None)
    deriver.notify(f"{game}:1")
    assert not deriver._wake.is_set()
    deriver.follower = False
    deriver.notify(f"{game}:2")
    assert deriver._wake.is_set()
