"""Live streams handed over to dedicated stream worker processes.

Why: every event of a watched game costs one loopback ``send`` per open stream (~10 us of
kernel time each, plus the pump's Python). With the streams in the processes that also serve
the commands, a command on a game with 1,000 streams waits for its own worker's loop and, on a
saturated box, for a core (bench/README.md@48c9c2f, "SSE fan-out" and "Stream workers"). ``gamestate
serve --workers N`` therefore also runs ``--stream-workers M`` processes
(GAMESTATE_STREAM_WORKERS) that serve nothing but live streams, at a lower OS priority and
with a short CPU slice (:data:`STREAM_WORKER_NICE`): when cores are short the kernel runs the
command workers and PostgreSQL first, and a stream worker that falls behind coalesces events
(the hub reads what is new in one go) instead of slowing the writers.

How a stream gets there. A stream worker does not listen on the public port. A command
worker's protocol (service/ops/transport.py) looks at the first data of each fresh
connection: when that chunk holds a complete request head and it is ``GET`` or ``HEAD`` of a
live stream path (:data:`STREAM_PATH`), it stops reading, passes the socket's file descriptor
(SCM_RIGHTS) and the bytes already read to one stream worker over a Unix socket, and closes
its own descriptor. Closing one descriptor of a socket another process also holds neither
sends a FIN nor resets: the TCP connection lives on in the stream worker (asyncio's and
uvloop's ``close`` call ``close(2)``, never ``shutdown(2)``, and unregister the descriptor from
epoll first, so the command worker's loop hears nothing more of it). The stream worker wraps
the descriptor in a socket, makes a connection of the same protocol class on it, feeds the
handed-over bytes to it before anything newly read, and from then on the connection is an
ordinary one of that process (graceful shutdown, the streams' early end on SIGTERM).

The hand-off is an optimisation only: anything else is served where it arrived, exactly as
without stream workers: a later request on a kept-alive connection, a head split over two
reads, a first chunk over :data:`MAX_HANDOFF_BYTES`, no stream worker reachable (not started
yet, restarting), a full socket buffer (EAGAIN) or any other send failure. One game's streams
go to one stream worker (a stable hash of the id in the path), so each event costs one store
read in one process.

Sockets: the supervisor makes a private directory (mode 0700); stream worker ``i`` binds
``stream-i.sock`` in it, SOCK_SEQPACKET (one message per hand-off: the bytes and the
descriptor arrive together or not at all). Command workers connect lazily, and after a
failure retry at most every :data:`RECONNECT_SECONDS` (a restarted stream worker binds the
path again). A hand-off sent to a stream worker that then dies before reading it is lost with
its connection (the kernel closes descriptors in flight with the socket); one already read
belongs to that process like any connection it accepted.

Behind a proxy that keeps upstream connections alive (deploy/nginx.conf), a stream only comes
on a fresh connection if the proxy opens one for it: the nginx configuration sends the stream
routes through an upstream without keep-alive. A connection handed over stays in the stream
worker when its stream ends, and any later request on it is answered there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import socket
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

log = logging.getLogger("gamestate.handoff")

STREAM_WORKER_NICE = 19
"""Added to a stream worker's nice value (os.nice), once it takes hand-offs. Measured
(bench/README.md@48c9c2f, "Stream workers"): with 2,000 streams, commands' p99 7.7-8.4 ms at 19
against 9.0-13.7 ms at 10 and 7.6-16.4 ms under SCHED_IDLE; at 10 a waking worker still
waited for the stream worker's slice more often. Nice weighs the stream worker's share of a
core; its slice (GAMESTATE_STREAM_WORKER_SLICE_US, 0.1 ms by default, service/support/sched.py)
bounds how long a woken worker waits for it once it has a core. Over 9 interleaved pairs
(bench.fanout, 2f5ecc3), the commands' p99 beside 2,000 streams was 7.26 ms (5.76-7.80) with
it against 7.46 (6.74-8.97) with the kernel's 1.4 ms, lower in 7 of the 9 pairs."""

MAX_HANDOFF_BYTES = 64 * 1024
"""A first chunk larger than this is served locally (the receiver's buffer; a stream request
is a few hundred bytes)."""

RECONNECT_SECONDS = 0.5
"""After a failed connect or send, how long a command worker serves streams itself before
it tries that stream worker again."""

STREAM_PATH = re.compile(
    rb"/(?:games|players|tournaments)/([0-9A-Fa-f-]{32,36})/events/stream(?:\?[^ ]*)?"
)
"""The live stream routes (service/api/routes/live.py, notifications.py): a request target
in origin form, the id as a UUID."""


def socket_path(directory: str, index: int) -> str:
    return os.path.join(directory, f"stream-{index}.sock")


@contextlib.contextmanager
def private_directory() -> Iterator[str]:
    """The supervisor's directory of stream worker sockets: made private (mkdtemp: 0700),
    removed with whatever is left in it."""
    directory = tempfile.mkdtemp(prefix="gamestate-streams-")
    try:
        yield directory
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def stream_target(data: bytes) -> uuid.UUID | None:
    """The id of a live stream requested by the head at the start of ``data``, if ``data``
    holds that whole head and it is ``GET`` or ``HEAD`` of a stream path; else None."""
    if not (data.startswith(b"GET /") or data.startswith(b"HEAD /")):
        return None
    line_end = data.find(b"\r\n")
    if line_end < 0 or data.find(b"\r\n\r\n", line_end) < 0:
        return None
    parts = data[:line_end].split(b" ")
    if len(parts) != 3 or not parts[2].startswith(b"HTTP/1."):
        return None
    match = STREAM_PATH.fullmatch(parts[1])
    if match is None:
        return None
    try:
        return uuid.UUID(match.group(1).decode("ascii"))
    except ValueError:
        return None


class Handoff:
    """A command worker's side: its (lazily connected) sockets to the stream workers."""

    def __init__(self, directory: str, count: int) -> None:
        self._paths = [socket_path(directory, i) for i in range(count)]
        self._sockets: list[socket.socket | None] = [None] * count
        self._retry_at = [0.0] * count

    def send(self, stream: uuid.UUID, fd: int, data: bytes) -> bool:
        """Pass the connection on to the stream worker of ``stream``; False: serve it here
        (nothing was sent, the caller still owns the connection)."""
        if len(data) > MAX_HANDOFF_BYTES:
            return False
        index = stream.int % len(self._paths)
        sock = self._sockets[index]
        if sock is None:
            sock = self._connect(index)
            if sock is None:
                return False
        try:
            socket.send_fds(sock, [data], [fd])
        except BlockingIOError:
            return False  # the stream worker is behind: this one is served here
        except OSError as exc:
            log.info("stream worker %d unreachable (%s); serving streams locally", index, exc)
            self._drop(index)
            return False
        return True

    def _connect(self, index: int) -> socket.socket | None:
        if time.monotonic() < self._retry_at[index]:
            return None
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        sock.setblocking(False)
        try:
            sock.connect(self._paths[index])
        except OSError:
            sock.close()
            self._retry_at[index] = time.monotonic() + RECONNECT_SECONDS
            return None
        self._sockets[index] = sock
        return sock

    def _drop(self, index: int) -> None:
        sock = self._sockets[index]
        self._sockets[index] = None
        self._retry_at[index] = time.monotonic() + RECONNECT_SECONDS
        if sock is not None:
            sock.close()

    def close(self) -> None:
        for index in range(len(self._sockets)):
            sock = self._sockets[index]
            self._sockets[index] = None
            if sock is not None:
                sock.close()


class Receiver:
    """A stream worker's side: accepts the command workers' Unix connections and makes an
    HTTP connection of every descriptor they send."""

    def __init__(self, path: str, protocol_factory: Callable[[], Any]) -> None:
        self._path = path
        self._factory = protocol_factory
        self._loop = asyncio.get_running_loop()
        self._peers: set[socket.socket] = set()
        self._pending: set[asyncio.Task[Any]] = set()
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)  # left by a stream worker that died
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        listener.setblocking(False)
        listener.bind(path)
        listener.listen(64)
        self._listener: socket.socket | None = listener
        self._loop.add_reader(listener.fileno(), self._accept)

    def _accept(self) -> None:
        assert self._listener is not None
        while True:
            try:
                peer, _ = self._listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("stream hand-off: accept failed (%s)", exc)
                return
            peer.setblocking(False)
            self._peers.add(peer)
            self._loop.add_reader(peer.fileno(), self._receive, peer)

    def _receive(self, peer: socket.socket) -> None:
        while True:
            try:
                data, fds, flags, _ = socket.recv_fds(peer, MAX_HANDOFF_BYTES, 1)
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.warning("stream hand-off: receive failed (%s)", exc)
                self._forget(peer)
                return
            if not data and not fds:
                self._forget(peer)  # that command worker is gone
                return
            if flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC) or len(fds) != 1 or not data:
                # Cannot happen with our sender; such a connection cannot be served.
                log.warning("stream hand-off: malformed message dropped")
                for fd in fds:
                    os.close(fd)
                continue
            self._serve(fds[0], data)

    def _serve(self, fd: int, data: bytes) -> None:
        try:
            sock = socket.socket(fileno=fd)
        except OSError:
            os.close(fd)
            return
        sock.setblocking(False)
        factory = self._factory

        def protocol() -> Any:
            made = factory()
            made.handed_over = data  # fed to it before anything read (transport.py)
            return made

        task = self._loop.create_task(self._loop.connect_accepted_socket(protocol, sock))
        self._pending.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._pending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("stream hand-off: connection not made (%s)", task.exception())

    def _forget(self, peer: socket.socket) -> None:
        if peer in self._peers:
            self._peers.discard(peer)
            self._loop.remove_reader(peer.fileno())
            peer.close()

    async def close(self) -> None:
        """Stop receiving: what the command workers sent already is taken in first (its
        connections then end with the graceful shutdown), and the socket path removed."""
        listener, self._listener = self._listener, None
        if listener is not None:
            self._loop.remove_reader(listener.fileno())
            listener.close()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self._path)
        for peer in list(self._peers):
            self._receive(peer)
            self._forget(peer)
        if self._pending:
            await asyncio.wait(list(self._pending), timeout=5)
