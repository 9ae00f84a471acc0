"""The hand-off's decisions (service/ops/handoff.py): which first chunks are live stream
requests, and that every failure to pass one on leaves the connection to the caller."""

from __future__ import annotations

import socket
import uuid
from pathlib import Path

import pytest

from service.ops.handoff import MAX_HANDOFF_BYTES, Handoff, socket_path, stream_target

ID = uuid.UUID("2a561841-1111-4222-8333-444455556666")


@pytest.mark.parametrize(
    "data",
    [
        f"GET /games/{ID}/events/stream HTTP/1.1\r\nHost: x\r\n\r\n",
        f"GET /games/{ID}/events/stream?after=3&timeout=5 HTTP/1.1\r\nHost: x\r\n\r\n",
        f"HEAD /games/{ID}/events/stream HTTP/1.1\r\n\r\n",
        f"GET /players/{ID}/events/stream HTTP/1.1\r\nAuthorization: Bearer t\r\n\r\n",
        f"GET /tournaments/{ID.hex}/events/stream HTTP/1.0\r\n\r\n",
    ],
)
def test_a_whole_stream_request_is_handed_off(data: str) -> None:
    assert stream_target(data.encode()) == ID


@pytest.mark.parametrize(
    "data",
    [
        f"GET /games/{ID}/events/stream HTTP/1.1\r\nHost: x\r\n",  # head not complete
        f"GET /games/{ID}/events/stream HTTP/1.1",
        f"POST /games/{ID}/events/stream HTTP/1.1\r\n\r\n",
        f"GET /games/{ID}/events HTTP/1.1\r\n\r\n",
        f"GET /games/{ID}/events/stream/ HTTP/1.1\r\n\r\n",
        f"GET /games/{ID}/events/streams HTTP/1.1\r\n\r\n",
        f"GET http://x/games/{ID}/events/stream HTTP/1.1\r\n\r\n",
        "GET /games/not-a-uuid-but-long-enough-to-match-xx/events/stream HTTP/1.1\r\n\r\n",
        f"GET /games/{ID}/events/stream HTTP/2\r\n\r\n",
        f"GET  /games/{ID}/events/stream HTTP/1.1\r\n\r\n",
        "GET /health HTTP/1.1\r\n\r\n",
    ],
)
def test_anything_else_is_served_where_it_arrived(data: str) -> None:
    assert stream_target(data.encode()) is None


def test_no_stream_worker_listening_means_serve_locally(tmp_path: Path) -> None:
    handoff = Handoff(str(tmp_path), 2)
    with socket.socket() as conn:
        assert handoff.send(ID, conn.fileno(), b"GET ...") is False
    handoff.close()


def test_a_full_socket_or_a_gone_stream_worker_means_serve_locally(tmp_path: Path) -> None:
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    listener.bind(socket_path(str(tmp_path), 0))
    listener.listen(1)
    handoff = Handoff(str(tmp_path), 1)
    sent = 0
    with socket.socket() as conn:
        # Nobody reads: the socket fills, and the send that would block is refused.
        while handoff.send(ID, conn.fileno(), b"x" * 4096):
            sent += 1
            assert sent < 10_000
        assert sent > 0
        assert handoff.send(ID, conn.fileno(), b"x" * (MAX_HANDOFF_BYTES + 1)) is False
        # The stream worker dies: its queued descriptors are closed, the next send fails.
        accepted, _ = listener.accept()
        accepted.close()
        listener.close()
        assert handoff.send(ID, conn.fileno(), b"GET ...") is False
    handoff.close()
