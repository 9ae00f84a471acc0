"""`gamestate audit` against a real database, as an operator would run it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.conftest import ADMIN_KEY, fresh_database
from tests.recordkit import play_finished

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def games(pg_server: str) -> Iterator[tuple[str, list[str], str]]:
    """Its own database (the tampering here must not reach other tests): two finished games
    and an active one."""
    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.store.database import migrate

    with fresh_database(pg_server) as url:
        migrate(url)
        with TestClient(create_app(url, admin_key=ADMIN_KEY), raise_server_exceptions=False) as c:
            finished = [
                play_finished(c, "azul", "cli-azul")["id"],
                play_finished(c, "splendor", "cli-splendor")["id"],
            ]
            active = c.post(
                "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
            ).json()["id"]
        yield url, finished, active


def audit(url: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "audit", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_audit_passes_on_good_data_then_fails_after_tampering(games) -> None:
    url, finished, active = games
    run = audit(url, "--all")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 2
    assert all(" ok" in line for line in lines)
    assert {line.split()[0] for line in lines} == set(finished)

    one = audit(url, active)
    assert one.returncode == 0, one.stdout + one.stderr
    assert "active ok (skipped: seed_commitment, replay)" in one.stdout

    with psycopg.connect(url) as conn, conn.transaction():
        conn.execute("ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete")
        conn.execute(
            "UPDATE events SET data = jsonb_set(data, '{forged}', '1')"
            " WHERE stream_id = %s AND version = 5",
            (finished[1],),
        )
        conn.execute("ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete")

    run = audit(url, "--all")
    assert run.returncode == 1
    bad = next(line for line in run.stdout.splitlines() if line.startswith(finished[1]))
    assert "FAILED" in bad and "hash_chain: version 5" in bad
    good = next(line for line in run.stdout.splitlines() if line.startswith(finished[0]))
    assert "FAILED" not in good
    assert audit(url, finished[0]).returncode == 0
    assert audit(url, finished[1]).returncode == 1


def test_audit_usage_and_unknown_games(games) -> None:
    url, _, _ = games
    assert audit(url).returncode == 2
    missing = audit(url, "00000000-0000-4000-8000-000000000000")
    assert missing.returncode == 1
    assert "no such game" in missing.stdout


def test_audit_outside_the_data_folder_says_what_to_do(tmp_path: Path) -> None:
    """No DATABASE_URL and no embedded database here: a message, not a traceback, and no
    empty embedded database made to be audited."""
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "audit", "--all"],
        cwd=tmp_path,
        env={**environment, "PYTHONPATH": str(ROOT), "GAMESTATE_DATA_DIR": str(tmp_path / "d")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert "no embedded database in" in run.stderr and "--url" in run.stderr
    assert not (tmp_path / "d").exists()


def test_audit_of_a_database_without_the_schema_says_so(pg_server: str) -> None:
    with fresh_database(pg_server) as url:
        run = audit(url, "--all")
    assert run.returncode == 1
    assert "Traceback" not in run.stderr
    assert "no gamestate tables" in run.stderr


def test_audit_over_http_verifies_the_record_here(live_url: str) -> None:
    import httpx

    with httpx.Client(base_url=live_url) as http:
        finished = play_finished(http, "azul", "cli-remote")["id"]
        active = http.post(
            "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
        ).json()["id"]
    run = audit("postgresql://unused@127.0.0.1:9/none", finished, "--url", live_url)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"{finished} azul v") and " finished ok" in run.stdout
    one = audit("postgresql://unused@127.0.0.1:9/none", active, "--url", live_url)
    assert one.returncode == 0, one.stdout + one.stderr
    assert "active ok" in one.stdout and "checked by the server" in one.stdout
    missing = audit("", "00000000-0000-4000-8000-000000000000", "--url", live_url)
    assert missing.returncode == 1 and "no such game" in missing.stdout
    unreachable = audit("", finished, "--url", "http://127.0.0.1:9")
    assert unreachable.returncode == 1 and "cannot talk to" in unreachable.stderr


def test_a_tampered_remote_record_fails_here(live_url: str) -> None:
    """The verification is local: a record changed on its way (or by the server) fails."""
    import uuid

    import httpx

    from service.ops.commands.audit import audit_remote

    with httpx.Client(base_url=live_url) as http:
        finished = play_finished(http, "splendor", "cli-tamper")["id"]
        record = http.get(f"/games/{finished}/record").json()
    record["events"][4]["data"]["forged"] = 1

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=record)

    with httpx.Client(base_url="http://server", transport=httpx.MockTransport(handler)) as http:
        line, ok = audit_remote(http, uuid.UUID(finished))
    assert not ok
    assert "FAILED" in line and "hash_chain: version 5" in line
