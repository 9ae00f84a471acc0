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
