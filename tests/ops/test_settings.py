"""Settings from the environment (service/support/config.py): a malformed number is refused
with one line naming the variable and exit status 2, before anything starts, instead of a
Python traceback from deep in start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.support.config import ConfigError, Settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("variable", "value", "kind"),
    [
        ("GAMESTATE_POOL_MAX", "ten", "an integer"),
        ("GAMESTATE_STREAM_WORKERS", "1.5", "an integer"),
        ("GAMESTATE_MATCH_WINDOW", "wide", "a number"),
        ("GAMESTATE_WEBHOOK_TIMEOUT", "5s", "a number"),
        ("GAMESTATE_SSE_KEEPALIVE", "soon", "a number"),
        ("GAMESTATE_LIVE_BATCH_MS", "fast", "a number"),
    ],
)
def test_a_malformed_number_names_its_variable(monkeypatch, variable, value, kind) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env()
    assert str(refused.value) == f"{variable} must be {kind}, not {value!r}"


def test_well_formed_numbers_are_read(monkeypatch) -> None:
    monkeypatch.setenv("GAMESTATE_POOL_MAX", " 12 ")
    monkeypatch.setenv("GAMESTATE_LIVE_BATCH_MS", "0")
    monkeypatch.setenv("GAMESTATE_SSE_KEEPALIVE", "2.5")
    settings = Settings.from_env()
    assert settings.pool_max == 12
    assert settings.live_batch_ms == 0.0
    assert settings.sse_keepalive == 2.5


def test_unset_live_settings_leave_the_hubs_defaults(monkeypatch) -> None:
    monkeypatch.delenv("GAMESTATE_LIVE_BATCH_MS", raising=False)
    monkeypatch.delenv("GAMESTATE_SSE_KEEPALIVE", raising=False)
    settings = Settings.from_env()
    assert settings.live_batch_ms is None and settings.sse_keepalive is None


def test_serve_refuses_a_malformed_setting_in_one_line(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "serve"],
        cwd=ROOT,
        env={
            **environment,
            "PYTHONPATH": str(ROOT),
            "GAMESTATE_DATA_DIR": str(tmp_path),
            "GAMESTATE_WORKERS": "two",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip() == "gamestate: GAMESTATE_WORKERS must be an integer, not 'two'"
    assert not (tmp_path / "pg").exists(), "refused before starting any database"


def test_background_parts_are_switched_off_by_name_and_a_typo_refuses_to_start(
    monkeypatch,
) -> None:
    from service.support.config import disabled_parts

    assert disabled_parts({}) == frozenset()
    assert disabled_parts({"GAMESTATE_DISABLE": " notifications, clocks "}) == {
        "notifications",
        "clocks",
    }
    monkeypatch.setenv("GAMESTATE_DISABLE", "notifications,ratngs")
    with pytest.raises(ConfigError, match="GAMESTATE_DISABLE"):
        Settings.from_env()
