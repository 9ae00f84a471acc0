"""A webhook receiver on 127.0.0.1 for the tests: records every request, answers with a
status the test chooses, and can be started late (a receiver that was down)."""

from __future__ import annotations

import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Receiver:
    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/hook"
        self.received: list[dict[str, Any]] = []
        self.status = 204
        self._server: ThreadingHTTPServer | None = None
        self._lock = threading.Lock()

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                with receiver._lock:
                    receiver.received.append(
                        {"headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}
                    )
                self.send_response(receiver.status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def ids(self) -> list[str]:
        with self._lock:
            return [r["headers"]["webhook-id"] for r in self.received]


class RawReceiver:
    """A hostile receiver on a raw socket, one thread per connection: ``flood`` answers 200
    with a ``size``-byte body sent lazily (one 64 KiB chunk, again and again) and counts what
    it managed to send before the connection closed; ``trickle`` sends its status line and
    then one header byte every ``every`` seconds, for ``seconds`` at most."""

    def __init__(self, mode: str, size: int = 0, every: float = 0.3, seconds: float = 30.0):
        self.mode, self.size, self.every, self.seconds = mode, size, every, seconds
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}/hook"
        self.connections = 0
        self.sent: list[int] = []  # bytes of answer sent, per finished connection
        self._stop = threading.Event()
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with self._lock:
                self.connections += 1
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _read_request(self, conn: socket.socket) -> None:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return
            data += chunk
        head, body = data.split(b"\r\n\r\n", 1)
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk:
                return
            body += chunk

    def _serve(self, conn: socket.socket) -> None:
        # A small send buffer: what the receiver "sent" is close to what the client read.
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16384)
        sent = 0
        try:
            self._read_request(conn)
            if self.mode == "flood":
                conn.sendall(f"HTTP/1.1 200 OK\r\ncontent-length: {self.size}\r\n\r\n".encode())
                chunk = b"x" * 65536
                while sent < self.size and not self._stop.is_set():
                    sent += conn.send(chunk[: self.size - sent])
            else:
                conn.sendall(b"HTTP/1.1 200 OK\r\n")
                end = time.monotonic() + self.seconds
                while time.monotonic() < end and not self._stop.is_set():
                    sent += conn.send(b"x-slow: a\r\n"[sent % 11 : sent % 11 + 1])
                    time.sleep(self.every)
        except OSError:
            pass
        finally:
            with self._lock:
                self.sent.append(sent)
            conn.close()

    def stop(self) -> None:
        self._stop.set()
        self.sock.close()
