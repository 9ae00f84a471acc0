"""service/support/sched.py: a process's EEVDF slice, asked for through sched_setattr(2).

Each check runs in a child process: a slice or a nice value, once set, stays with the process
that set it, and the test runner must keep its own."""

from __future__ import annotations

import multiprocessing
import os
import platform
import sys

import pytest

from service.support import sched

LINUX_SLICES = sched.slice_ns() not in (None, 0)
"""This kernel has EEVDF slices (6.12 or later) and this machine's calls are known."""

needs_slices = pytest.mark.skipif(not LINUX_SLICES, reason="no EEVDF slices here")


def _in_child(function, *args):
    context = multiprocessing.get_context("fork")
    with context.Pool(1) as pool:
        return pool.apply(function, args)


def _ask(ns: int, nice: int) -> tuple[bool, int | None, int]:
    os.nice(nice)
    asked = sched.request_slice(ns)
    return asked, sched.slice_ns(), os.getpriority(os.PRIO_PROCESS, 0)


@needs_slices
def test_a_process_gets_the_slice_it_asks_for_and_keeps_its_nice_value() -> None:
    asked, got, nice = _in_child(_ask, 200_000, 7)
    assert asked
    assert got == 200_000
    assert nice == 7


@needs_slices
def test_a_slice_below_the_kernels_least_is_asked_as_the_least() -> None:
    asked, got, _ = _in_child(_ask, 1_000, 0)
    assert asked
    assert got == sched.MIN_SLICE_NS


def _policy_then_ask(policy: int) -> tuple[bool, int, int | None]:
    os.sched_setscheduler(0, policy, os.sched_param(0))
    asked = sched.request_slice(300_000)
    return asked, os.sched_getscheduler(0), sched.slice_ns()


@needs_slices
def test_the_policy_is_kept() -> None:
    asked, policy, got = _in_child(_policy_then_ask, os.SCHED_BATCH)
    assert asked
    assert policy == os.SCHED_BATCH
    assert got == 300_000


@needs_slices
def test_an_idle_process_asks_for_nothing() -> None:
    # SCHED_IDLE has no slice: such a process gives way to any other at once.
    asked, policy, got = _in_child(_policy_then_ask, os.SCHED_IDLE)
    assert not asked
    assert policy == os.SCHED_IDLE
    assert got is None


@needs_slices
def test_another_process_slice_can_be_read() -> None:
    # The parent's slice as seen from a child: the kernel's default, not the child's.
    parent = os.getpid()
    mine, seen = _in_child(_ask_and_read, parent)
    assert mine == 150_000
    assert seen == sched.slice_ns()
    assert seen != 150_000


def _ask_and_read(pid: int) -> tuple[int | None, int | None]:
    sched.request_slice(150_000)
    return sched.slice_ns(), sched.slice_ns(pid)


def test_nothing_is_asked_where_the_call_is_unknown(monkeypatch) -> None:
    monkeypatch.setattr(platform, "machine", lambda: "sparc64")
    assert sched.request_slice(100_000) is False
    assert sched.slice_ns() is None
    monkeypatch.setattr(sys, "platform", "darwin")
    assert sched.request_slice(100_000) is False


def test_a_missing_process_has_no_slice() -> None:
    if sched.slice_ns() is None:
        pytest.skip("no sched_getattr here")
    assert sched.slice_ns(2**22 + 12345) is None
    assert sched.request_slice(100_000, pid=2**22 + 12345) is False
