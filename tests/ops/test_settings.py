"""Settings from the environment (service/support/config.py): a malformed number is refused
with one line naming the variable and exit status 2, before anything starts, instead of a
Python traceback from deep in start-up."""

from __future__ import annotations

import dataclasses
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


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("GAMESTATE_BOT_WORKERS", "two", "must be an integer, not 'two'"),
        ("GAMESTATE_BOT_WORKERS", "0", "must be from 1 to 64, not 0"),
        ("GAMESTATE_BOT_CPU_MS", "fast", "must be a number, not 'fast'"),
        ("GAMESTATE_BOT_CPU_MS", "0", "must be from 1 to 60000, not 0"),
        ("GAMESTATE_BOT_POLL_SECONDS", "nan", "must be from 0.01 to 60, not nan"),
        ("GAMESTATE_BOT_LEASE_SECONDS", "-5", "must be from 1 to 3600, not -5"),
        ("GAMESTATE_BOT_PLAYERS", "one", "must be an integer, not 'one'"),
        ("GAMESTATE_BOT_PLAYERS", "9", "must be from 0 to 8, not 9"),
        ("GAMESTATE_TURN_WAITERS", "many", "must be an integer, not 'many'"),
        ("GAMESTATE_TURN_WAITERS", "-1", "must be at least 0, not -1"),
        ("GAMESTATE_TURN_WAITERS_PER_CALLER", "2.5", "must be an integer, not '2.5'"),
    ],
)
def test_a_bot_or_waiter_setting_out_of_its_range_is_refused(
    monkeypatch, variable, value, message
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env()
    assert str(refused.value) == f"{variable} {message}"


def test_a_bot_lease_must_outlast_a_move(monkeypatch) -> None:
    monkeypatch.setenv("GAMESTATE_BOT_CPU_MS", "5000")
    monkeypatch.setenv("GAMESTATE_BOT_LEASE_SECONDS", "2")
    with pytest.raises(ConfigError, match=r"^GAMESTATE_BOT_LEASE_SECONDS \(2\) must be longer"):
        Settings.from_env()


def test_bot_settings_reach_the_bot_player_and_their_defaults_agree(monkeypatch) -> None:
    from service.clocks.bots import BotSettings
    from service.ops.commands.server import build_app

    for variable in ("WORKERS", "CPU_MS", "POLL_SECONDS", "LEASE_SECONDS"):
        monkeypatch.delenv(f"GAMESTATE_BOT_{variable}", raising=False)
    defaults = Settings.from_env()
    assert (
        defaults.bot_workers,
        defaults.bot_cpu_ms,
        defaults.bot_poll_seconds,
        defaults.bot_lease_seconds,
    ) == dataclasses.astuple(BotSettings())
    monkeypatch.setenv("GAMESTATE_BOT_WORKERS", "3")
    monkeypatch.setenv("GAMESTATE_BOT_CPU_MS", "120.5")
    monkeypatch.setenv("GAMESTATE_BOT_POLL_SECONDS", "0.25")
    monkeypatch.setenv("GAMESTATE_BOT_LEASE_SECONDS", "12")
    # build_app configures the process's logging as serve does: not for the tests after this.
    monkeypatch.setattr("service.support.logs.configure_logging", lambda *_: None)
    app = build_app("postgresql://unused", "key", Settings.from_env())
    assert app.state.bot_settings == BotSettings(workers=3, cpu_ms=120.5, poll=0.25, lease=12)


def test_serve_refuses_a_bad_bot_setting_in_one_line(tmp_path: Path) -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "serve"],
        cwd=ROOT,
        env={
            **environment,
            "PYTHONPATH": str(ROOT),
            "GAMESTATE_DATA_DIR": str(tmp_path),
            "GAMESTATE_BOT_CPU_MS": "0",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip() == "gamestate: GAMESTATE_BOT_CPU_MS must be from 1 to 60000, not 0"
    assert not (tmp_path / "pg").exists(), "refused before starting any database"


def test_the_hub_reads_turn_waiter_settings_as_settings_checks_them(monkeypatch) -> None:
    """They were read only when the live hub started, as floats, and a bad value failed deep
    in a worker's start-up; Settings refuses it at start-up (above) and the hub the same way."""
    from service.live.waits import TurnWaits

    monkeypatch.setenv("GAMESTATE_TURN_WAITERS_PER_CALLER", "2.5")
    with pytest.raises(ConfigError, match="GAMESTATE_TURN_WAITERS_PER_CALLER"):
        TurnWaits.from_env()


def test_turn_waiter_settings_reach_the_hub(monkeypatch) -> None:
    from service.live.waits import DEFAULT_MAX_WAITERS, DEFAULT_PER_CALLER, TurnWaits

    defaults = Settings.from_env()
    assert (defaults.turn_waiters, defaults.turn_waiters_per_caller) == (
        DEFAULT_MAX_WAITERS,
        DEFAULT_PER_CALLER,
    )
    monkeypatch.setenv("GAMESTATE_TURN_WAITERS", "7")
    monkeypatch.setenv("GAMESTATE_TURN_WAITERS_PER_CALLER", "0")
    waits = TurnWaits.from_env()
    assert (waits.max_waiters, waits.per_caller) == (7, 0)


@pytest.mark.parametrize(
    ("value", "message"),
    [("0.1ms", "must be an integer, not '0.1ms'"), ("-1", "must be from 0 to 100000, not -1")],
)
def test_a_stream_worker_slice_out_of_its_range_is_refused(monkeypatch, value, message) -> None:
    monkeypatch.setenv("GAMESTATE_STREAM_WORKER_SLICE_US", value)
    with pytest.raises(ConfigError) as refused:
        Settings.from_env()
    assert str(refused.value) == f"GAMESTATE_STREAM_WORKER_SLICE_US {message}"


def test_a_stream_worker_asks_for_a_short_slice_unless_told_not_to(monkeypatch) -> None:
    monkeypatch.delenv("GAMESTATE_STREAM_WORKER_SLICE_US", raising=False)
    assert Settings.from_env().stream_worker_slice_us == 100
    monkeypatch.setenv("GAMESTATE_STREAM_WORKER_SLICE_US", "0")
    assert Settings.from_env().stream_worker_slice_us == 0
