"""Serving with several worker processes on one port.

One Python process serves requests on one core at most (and, on a loaded machine, spends part
of its time runnable but waiting for a core while its database round trips are in flight), so
``gamestate serve --workers N`` runs N identical processes. The workers are stateless apart
from their per-process caches, which are only ever used optimistically (see service/games/service.py),
so any worker may answer any request.

Each worker listens on its own socket bound to the same port with SO_REUSEPORT, and the kernel
(Linux) spreads new connections evenly among them. (With one shared socket, whichever worker woke
first took most of a burst of connections: 41 of 50 keep-alive clients on one worker and 9 on
the other, measured, and that worker's clients waited while the other idled.) The supervisor
(the process the user started) binds the port first without listening, so that a port in use
fails at once and port 0 is resolved to one port for every worker; it owns nothing else: the
database (embedded or not) and the migrations are set up before it starts the workers. A
worker that dies is started again; SIGTERM or SIGINT is passed on to every worker, which
finishes its requests (uvicorn's graceful shutdown), and the supervisor returns once all have
exited, so that the caller can stop the embedded database after them. A worker whose
supervisor died without telling it (kill -9, out of memory) shuts itself down gracefully
within a second, instead of serving on unsupervised.

Stream workers (``--stream-workers M``, service/ops/handoff.py) and bot processes
(``--bot-players B``, service/clocks/bots.py) are supervised the same way: restarted when
they die, stopped with the others. They do not share the port.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.process import BaseProcess
from typing import Any

from service.support import busy

log = logging.getLogger("gamestate.workers")

RESTART_BACKOFF = 1.0
"""Seconds between restarts of a worker that keeps dying (a crash loop must not spin)."""

PARENT_CHECK = 0.5
"""Seconds between a worker's checks that its supervisor is still alive."""


def _socket(host: str, port: int) -> socket.socket:
    if not hasattr(socket, "SO_REUSEPORT"):
        raise SystemExit("gamestate: --workers above 1 needs SO_REUSEPORT (Linux)")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def reserve(host: str, port: int) -> socket.socket:
    """In the supervisor: the port, bound but not listening (so it is given no connections).
    Raises OSError at once if another program holds the port."""
    return _socket(host, port)


def listen(host: str, port: int) -> socket.socket:
    """In a worker: its own listening socket on the supervisor's port."""
    sock = _socket(host, port)
    sock.listen(2048)
    return sock


def supervise(
    count: int,
    reserved: socket.socket,
    target: Callable[..., None],
    args: tuple[Any, ...],
    *,
    shutdown_timeout: float,
    others: Sequence[tuple[Callable[..., None], tuple[Any, ...]]] = (),
) -> int:
    """Run ``target(*args)`` in ``count`` spawned processes, and each ``(target, args)`` of
    ``others`` (the stream workers, the bot processes) in one more, until SIGTERM or SIGINT;
    the ``reserved`` socket is closed when they are all gone.

    Returns 0 after a requested stop (every worker exited), or 1 if a worker could not be
    stopped in time and was killed."""
    context = multiprocessing.get_context("spawn")
    stopping = False
    processes = [(target, args)] * count + list(others)

    board = os.environ[busy.BOARD_ENV] = busy.make_board()

    def start(index: int) -> BaseProcess:
        run, run_args = processes[index]
        # Each process's counter on the busy board (service/support/busy.py): a spawned
        # process starts with the environment as it is now.
        os.environ[busy.SLOT_ENV] = str(index)
        process = context.Process(target=run, args=run_args, daemon=False)
        process.start()
        return process

    def request_stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True

    previous = {
        signum: signal.signal(signum, request_stop) for signum in (signal.SIGTERM, signal.SIGINT)
    }
    workers = [start(index) for index in range(len(processes))]
    last_restart = 0.0
    try:
        while not stopping:
            for index, process in enumerate(workers):
                if process.is_alive() or stopping:
                    continue
                wait = last_restart + RESTART_BACKOFF - time.monotonic()
                if wait > 0:
                    continue
                log.warning(
                    "worker %s exited with %s; starting another", process.pid, process.exitcode
                )
                workers[index] = start(index)
                last_restart = time.monotonic()
            time.sleep(0.1)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        clean = _stop_all(workers, shutdown_timeout)
        reserved.close()
        with contextlib.suppress(OSError):
            os.unlink(board)
    return 0 if clean else 1


def _stop_all(workers: list[BaseProcess], timeout: float) -> bool:
    for process in workers:
        if process.is_alive():
            process.terminate()  # SIGTERM: uvicorn's graceful shutdown
    deadline = time.monotonic() + timeout
    clean = True
    for process in workers:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            log.error("worker %s did not stop in %.0f s; killing it", process.pid, timeout)
            process.kill()
            process.join()
            clean = False
    return clean


def exit_with_parent() -> None:
    """In a worker: SIGTERM ourselves (uvicorn's graceful shutdown) once the supervisor is
    gone. A spawned child holds the read end of a pipe its parent keeps open while alive
    (``multiprocessing.parent_process()``'s sentinel): waiting on it sees a parent that died
    even before this call, which comparing ``os.getppid()`` with its value now would not (a
    supervisor killed while its worker was starting went unnoticed). Elsewhere, re-parenting
    changes the parent pid."""
    parent = multiprocessing.parent_process()
    sentinel = getattr(parent, "sentinel", None)
    ppid = os.getppid()

    def watch() -> None:
        if sentinel is not None:
            from multiprocessing.connection import wait

            wait([sentinel])
        else:
            while os.getppid() == ppid:
                time.sleep(PARENT_CHECK)
        log.warning("the supervisor (pid %s) is gone; stopping this worker", ppid)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="supervisor-watch", daemon=True).start()


PR_SET_NAME = 15
"""prctl(2) option: the calling thread's name, as ps, top and /proc/PID/comm show it."""


def name_process(name: str) -> None:
    """Give this process a name of its role (Linux; at most 15 bytes; best effort), so that an
    operator, and a test, can tell the bot process from the workers beside it."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None).prctl(PR_SET_NAME, name.encode()[:15], 0, 0, 0)
