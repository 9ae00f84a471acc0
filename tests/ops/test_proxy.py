"""deploy/nginx.conf run by a real nginx in front of the test server (skipped where no nginx
binary is installed: `apt-get install nginx-light`): body limits line up with the API's, and
nginx's own errors are problem details like the API's."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import ADMIN_KEY

ROOT = Path(__file__).resolve().parents[2]
NGINX_CONF = ROOT / "deploy" / "nginx.conf"
PROBLEM = "application/problem+json"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def render(conf: str, upstreams: list[str], port: int, workdir: Path) -> str:
    """The deploy config with the compose service names replaced by local addresses, its port
    and every path nginx writes moved into ``workdir``."""
    servers = "\n".join(
        f"        server {address} max_fails=3 fail_timeout=5s;" for address in upstreams
    )
    conf, count = re.subn(
        r"(?m)^\s*server api\d:8000[^\n]*\n(?:\s*server api\d:8000[^\n]*\n)*", servers + "\n", conf
    )
    assert count == 2, "the upstream blocks (commands, live streams) name api1 and api2"
    conf = conf.replace("listen 8080;", f"listen 127.0.0.1:{port};")
    conf = conf.replace("pid /tmp/nginx.pid;", f"pid {workdir}/nginx.pid;")
    temp = "".join(
        f"    {kind}_temp_path {workdir}/{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return conf.replace("http {\n", "http {\n" + temp, 1).replace(
        "worker_processes auto;", "worker_processes 1;"
    )


@contextlib.contextmanager
def nginx(upstreams: list[str], workdir: Path) -> Iterator[str]:
    binary = shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if Path(p).exists()), None
    )
    if binary is None:
        pytest.skip("no nginx binary here (apt-get install nginx-light to run the proxy tests)")
    port = _free_port()
    conf = workdir / "nginx.conf"
    conf.write_text(render(NGINX_CONF.read_text(), upstreams, port, workdir))
    (workdir / "logs").mkdir(exist_ok=True)
    base = [binary, "-p", str(workdir), "-e", str(workdir / "error.log"), "-c", str(conf)]
    check = subprocess.run([*base, "-t"], capture_output=True, text=True, timeout=30)
    assert check.returncode == 0, check.stderr
    # As root, nginx's workers would run as nobody, who cannot write into pytest's tmp_path.
    directives = "daemon off;" + (" user root root;" if os.geteuid() == 0 else "")
    process = subprocess.Popen([*base, "-g", directives], stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                assert time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.05)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


def _problem(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text[:300]
    assert response.headers["content-type"].startswith(PROBLEM), response.headers
    body = response.json()
    assert body["status"] == status and body["code"] == code, body
    return body


@pytest.fixture
def proxy(live_url: str, tmp_path: Path) -> Iterator[str]:
    with nginx([live_url.removeprefix("http://")], tmp_path) as url:
        yield url


def test_requests_pass_through_and_api_errors_are_untouched(proxy: str) -> None:
    assert httpx.get(f"{proxy}/health").json()["status"] == "ok"
    answer = httpx.get(f"{proxy}/games/00000000-0000-4000-8000-000000000000")
    _problem(answer, 404, "game_not_found")
    _problem(httpx.get(f"{proxy}/metrics"), 404, "not_found")


def test_body_limits_match_the_api(proxy: str) -> None:
    # Over the API's 64 KiB command limit but under nginx's 1 MiB: the API's own 413.
    _problem(httpx.post(f"{proxy}/games", content=b"x" * 100_000), 413, "request_too_large")
    # Over nginx's 1 MiB on an ordinary route: nginx's 413, as a problem.
    _problem(httpx.post(f"{proxy}/games", content=b"x" * 2_000_000), 413, "request_too_large")
    # A 2 MB record reaches the API (4 MiB on /games/import): refused there as malformed.
    junk = b'{"format": "' + b"x" * 2_000_000 + b'"}'
    imported = httpx.post(
        f"{proxy}/games/import",
        content=junk,
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {ADMIN_KEY}"},
    )
    assert imported.status_code == 400, imported.text[:300]
    assert imported.json()["code"] == "malformed_request"
    # Over 4 MiB: nginx's 413, as a problem.
    too_big = httpx.post(f"{proxy}/games/import", content=b"x" * (4 * 1024 * 1024 + 1), timeout=30)
    _problem(too_big, 413, "request_too_large")


def test_no_reachable_instance_is_a_502_problem(tmp_path: Path) -> None:
    dead = f"127.0.0.1:{_free_port()}"
    with nginx([dead], tmp_path) as url:
        answer = httpx.get(f"{url}/games")
        body = _problem(answer, 502, "upstream_unavailable")
        assert answer.headers["retry-after"] == "1"
        assert body["title"] == "Bad Gateway"


def test_every_error_page_is_a_problem_document() -> None:
    conf = NGINX_CONF.read_text()
    for status in (413, 502, 503, 504):
        match = re.search(rf"error_page {status} (@\w+);", conf)
        assert match, f"no error_page for {status}"
        block = conf.split(f"location {match.group(1)} {{", 1)[1].split("}", 1)[0]
        assert f"default_type {PROBLEM};" in block
        assert re.search(rf"return {status} '\{{.*\"code\":\"\w+\"", block), block
    import_limit = re.search(r"location = /games/import \{[^}]*client_max_body_size (\d+)m;", conf)
    assert import_limit and int(import_limit.group(1)) * 1024 * 1024 == 4 * 1024 * 1024
    stream_routes = r"\(games\|players\|tournaments\)/\[\^/\]\+/events/stream"
    assert re.search(stream_routes, conf), "SSE of games, players and tournaments"
    # Without keep-alive upstream: each stream can be handed over to a stream worker.
    live = conf.split("upstream gamestate_live {", 1)[1].split("}", 1)[0]
    assert "keepalive" not in live
    assert "proxy_pass http://gamestate_live;" in conf.split("events/stream$ {", 1)[1]


def test_a_client_cannot_name_its_own_address_through_the_proxy(database_url, tmp_path) -> None:
    """Issue #31, item 8: the deploy example trusts its proxy (GAMESTATE_TRUSTED_PROXIES=*),
    so nginx must send the peer it saw on every route, never append what the client claims:
    a client sending a new X-Forwarded-For per request keeps one budget."""
    from tests.faults.support import Server

    server = Server(
        database_url,
        tmp_path / "api",
        env={"GAMESTATE_TRUSTED_PROXIES": "*", "GAMESTATE_RATE_IMPORT": "1/minute"},
    )
    server.start()
    try:
        with nginx([server.url.removeprefix("http://")], tmp_path) as url:
            admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
            statuses = [
                httpx.post(
                    f"{url}/games/import",
                    json={},
                    headers={**admin, "X-Forwarded-For": f"203.0.113.{i}"},
                ).status_code
                for i in range(1, 4)
            ]
            assert statuses == [400, 429, 429], statuses
    finally:
        server.stop()
