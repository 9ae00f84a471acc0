"""Issue #18, item 9: a client that goes away in the middle of its request body is the
client's doing: logged at info without a traceback, counted in
gamestate_client_disconnects_total, and never counted as a 500."""

from __future__ import annotations

import logging
import socket
import time
from urllib.parse import urlsplit

import pytest
from prometheus_client import REGISTRY


def _sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def _send_half_a_body(live_url: str, path: str) -> None:
    address = urlsplit(live_url)
    with socket.create_connection((address.hostname, address.port), timeout=5) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Content-Length: 5000\r\n\r\n".encode()
            + b'{"game": "azul", "seats": ['
        )
        time.sleep(0.3)  # the body is being read when the client leaves


# A command's route is served past Litestar's router (service/api/direct.py): the same.
@pytest.mark.parametrize(
    ("path", "route"),
    [
        ("/games", "/games"),
        ("/games/0b7a3c52-9f3e-4d7a-8c1e-2f4b6a8d0e11/commands", "/games/{game_id}/commands"),
    ],
)
def test_a_client_leaving_mid_body_is_not_a_server_error(
    live_url: str, caplog, path: str, route: str
) -> None:
    errors = _sample("gamestate_http_requests_total", method="POST", route=route, status="500")
    gone = _sample("gamestate_client_disconnects_total")
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            _send_half_a_body(live_url, path)
        deadline = time.monotonic() + 10
        while _sample("gamestate_client_disconnects_total") < gone + 3:
            assert time.monotonic() < deadline, "the disconnects were not counted"
            time.sleep(0.05)
    assert (
        _sample("gamestate_http_requests_total", method="POST", route=route, status="500") == errors
    )
    mine = [r for r in caplog.records if "disconnect" in r.getMessage().lower()]
    assert mine and all(r.levelno == logging.INFO for r in mine), [
        (r.levelname, r.getMessage()) for r in caplog.records
    ]
    assert not any(r.exc_info for r in caplog.records if r.name.startswith("gamestate"))
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
