"""The deriver's pace: every commit of a game that can notify wakes it, but its steps start at
least ``GAP`` apart, so a burst of commits costs a few steps, not one each; a lone commit after a
quiet spell is read at once. Commits of games it has not read yet wake it ``UNKNOWN_WAIT``
later, once for all of them; commits of quiet games not at all."""

from __future__ import annotations

import asyncio
import contextlib
import uuid

from service.notify import deriver as deriver_module
from service.notify.deriver import Deriver

LOUD = uuid.uuid4()
"""A game the deriver has found able to notify."""


class Counting(Deriver):
    def __init__(self) -> None:
        super().__init__(pool=None, games=None, poll=1.0)  # type: ignore[arg-type]
        self.steps: list[float] = []
        self.loud.add_all([LOUD])

    async def step(self) -> bool:
        self.steps.append(asyncio.get_running_loop().time())
        return False


async def _burst(seconds: float, every: float) -> tuple[Counting, float]:
    deriver = Counting()
    task = asyncio.create_task(deriver.run())
    loop = asyncio.get_running_loop()
    start = loop.time()
    while loop.time() - start < seconds:
        deriver.committed(LOUD, None)
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
    """The step comes from the commit's wake, not the poll: with a poll of a minute, the
    commit after a quiet spell still gets its step (the gap is long past)."""

    async def scenario() -> int:
        deriver = Counting()
        deriver.poll = 60.0
        task = asyncio.create_task(deriver.run())
        await asyncio.sleep(deriver_module.GAP * 3)  # the first step ran; quiet since
        before = len(deriver.steps)
        deriver.committed(LOUD, None)
        for _ in range(500):  # up to 5 s: a stalled CI box, not a poll of 60 s
            if len(deriver.steps) > before:
                break
            await asyncio.sleep(0.01)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return len(deriver.steps) - before

    assert asyncio.run(scenario()) == 1


def test_commits_of_quiet_games_do_not_wake_the_deriver() -> None:
    """Issue #32 item 1: a game found unable to notify (no registered player, no tournament)
    costs the deriver no step per commit; a game found able to notify wakes it at once; games
    not read yet wake it once, ``UNKNOWN_WAIT`` later, however many of them commit."""

    async def scenario() -> list[bool]:
        deriver = Deriver(pool=None, games=None)  # type: ignore[arg-type]
        quiet, loud = uuid.uuid4(), uuid.uuid4()
        deriver.quiet.add_all([quiet])
        deriver.loud.add_all([loud])
        seen = []
        deriver.committed(quiet, None)
        deriver.notify(f"{quiet}:7\n{quiet}:8")
        seen.append(deriver._wake.is_set())  # False: quiet
        deriver.notify(f"{quiet}:9\n{loud}:1")
        seen.append(deriver._wake.is_set())  # True: loud, at once
        deriver._wake.clear()
        for _ in range(50):  # fifty new games' first commits, here and elsewhere
            deriver.committed(uuid.uuid4(), None)
            deriver.notify(f"{uuid.uuid4()}:1")
        seen.append(deriver._wake.is_set())  # False: not yet
        await asyncio.sleep(deriver_module.UNKNOWN_WAIT + 0.05)
        seen.append(deriver._wake.is_set())  # True: once, later
        deriver._wake.clear()
        deriver.notify("not-a-game-line")  # unknown shapes wake it at once, as before
        seen.append(deriver._wake.is_set())
        return seen

    assert asyncio.run(scenario()) == [False, True, False, True, True]


def test_a_follower_steps_at_its_poll_not_per_commit() -> None:
    """When another process held the lock at the last step, commits do not wake this one:
    that process is woken by the same commits; this one takes over at its poll."""
    deriver = Deriver(pool=None, games=None)  # type: ignore[arg-type]
    deriver.follower = True
    game = LOUD
    deriver.loud.add_all([game])
    deriver.committed(game, None)
    deriver.notify(f"{game}:1")
    assert not deriver._wake.is_set()
    deriver.follower = False
    deriver.notify(f"{game}:2")
    assert deriver._wake.is_set()
