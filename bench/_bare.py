"""A bare ASGI app behind the service's own HTTP server: uvicorn with the service's protocol
(``service.ops.transport``: one write per response, the capped request head), uvloop, N
worker processes sharing the port (SO_REUSEPORT), as ``gamestate serve`` runs them, but no
Litestar, no middleware and no database. ``bench.turn_budget`` measures what a request costs
the server alone with it.

    python -m bench._bare serve --port P [--workers N]

Every request is answered 200 with a small JSON body, as ``GET /health`` is.
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
import socket
import sys

BODY = b'{"status":"ok"}'
HEADERS = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(BODY))]


async def app(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": BODY})


def _worker(port: int) -> None:
    import uvicorn

    from service.ops.transport import protocol_with_head_limit

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(2048)
    config = uvicorn.Config(
        app,
        log_config=None,
        access_log=False,
        lifespan="on",
        http=protocol_with_head_limit(16 * 1024, None),
    )
    uvicorn.Server(config).run(sockets=[sock])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench._bare")
    parser.add_argument("command", choices=["serve"])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_worker, args=(args.port,)) for _ in range(args.workers)]
    for worker in workers:
        worker.start()

    def stop(*_: object) -> None:
        for worker in workers:
            worker.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for worker in workers:
        worker.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
