"""Settings, all from environment variables (docs/configuration.md has the table of defaults)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """A setting that cannot be read; its message is one line naming the variable."""


def _parsed(name: str, default: Any, parse: Callable[[str], Any], kind: str) -> Any:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return parse(raw)
    except ValueError:
        raise ConfigError(f"{name} must be {kind}, not {raw!r}") from None


def _int(name: str, default: int) -> int:
    return _parsed(name, default, int, "an integer")


def _int_at_least(name: str, default: int, low: int) -> int:
    value = _int(name, default)
    if value < low:
        raise ConfigError(f"{name} must be at least {low}, not {value}")
    return value


def env_int_at_least(name: str, default: int, low: int) -> int:
    """An integer setting of at least ``low`` (``default`` when unset); ConfigError when it is
    not one. What Settings checks at start-up, for the parts that read a setting later."""
    return _int_at_least(name, default, low)


def _int_within(name: str, default: int, low: int, high: int) -> int:
    value = _int(name, default)
    if not low <= value <= high:
        raise ConfigError(f"{name} must be from {low} to {high}, not {value}")
    return value


def env_float(name: str, default: float | None) -> float | None:
    """A number from the environment (``default`` when unset or empty); ConfigError when it
    is not one."""
    return _parsed(name, default, float, "a number")


def _float_within(name: str, default: float, low: float, high: float) -> float:
    value = _parsed(name, default, float, "a number")
    # ``not`` of the range, so that nan (which float() reads) is refused too.
    if not low <= value <= high:
        raise ConfigError(f"{name} must be from {low:g} to {high:g}, not {value:g}")
    return value


def tracing_enabled(environ: Mapping[str, str]) -> bool:
    """OpenTelemetry tracing: GAMESTATE_TRACING=1, or an OTLP endpoint set (unless
    GAMESTATE_TRACING=0)."""
    flag = environ.get("GAMESTATE_TRACING", "").strip().lower()
    if flag in ("0", "false", "no", "off"):
        return False
    endpoint = environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or environ.get(
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"
    )
    return flag in ("1", "true", "yes", "on") or bool(endpoint)


def _list(name: str) -> tuple[str, ...]:
    """A comma-separated list (``https://a.example, https://b.example``); unset: empty."""
    return tuple(item.strip() for item in os.environ.get(name, "").split(",") if item.strip())


RATE_PLAYERS = "30/hour"


def _rate(name: str, default: str) -> str | None:
    """A rate with a default (``off``, ``none`` or ``0``: no limit)."""
    raw = os.environ.get(name, "").strip()
    if raw.lower() in ("off", "none", "0"):
        return None
    return raw or default


def _path(name: str) -> Path | None:
    raw = os.environ.get(name)
    return Path(raw).resolve() if raw else None


BACKGROUND_PARTS = ("notifications", "webhooks", "ratings", "clocks")
"""The background parts GAMESTATE_DISABLE may switch off (bench/idle_parts.py measures each
on and off). Snapshots have their own switch: GAMESTATE_SNAPSHOT_EVERY=0."""


def disabled_parts(environ: Mapping[str, str] = os.environ) -> frozenset[str]:
    """GAMESTATE_DISABLE: a comma-separated list of BACKGROUND_PARTS this process does not
    run (for measurements and diagnosis: what a part guarantees lapses while it is off, and
    catches up from the database once it runs again). Unset: every part runs."""
    raw = environ.get("GAMESTATE_DISABLE", "")
    parts = frozenset(p.strip() for p in raw.split(",") if p.strip())
    unknown = sorted(parts - set(BACKGROUND_PARTS))
    if unknown:
        raise ConfigError(
            f"GAMESTATE_DISABLE names unknown parts {unknown}; known: {', '.join(BACKGROUND_PARTS)}"
        )
    return parts


def _flag(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if not raw:
        return default
    return raw.strip().lower() not in ("0", "false", "no", "off")


@dataclass(frozen=True)
class Settings:
    database_url: str | None
    data_dir: Path
    host: str
    port: int
    workers: int
    admin_key: str | None
    require_admin_key: bool
    """Refuse to serve without GAMESTATE_ADMIN_KEY (set by deploy/compose.yaml), instead of
    making a key in the data folder."""
    pool_min: int
    pool_max: int
    max_body_bytes: int
    max_header_bytes: int
    state_cache_size: int
    log_level: str
    log_json: bool
    metrics_token: str | None
    max_record_bytes: int
    max_record_events: int
    import_keys: tuple[str, ...]
    imports_open: bool
    import_concurrency: int
    rate_create: str | None
    rate_import: str | None
    rate_register: str | None
    rate_commands: str | None
    rate_commands_per_token: str | None
    max_tournament_players: int
    snapshot_every: int
    trusted_proxies: str
    """GAMESTATE_TRUSTED_PROXIES: addresses or networks (comma-separated, ``*``: any) whose
    X-Forwarded-For names the client; empty (the default): none, the peer is the client."""
    stream_workers: int | None = None
    """GAMESTATE_STREAM_WORKERS: processes of ``serve`` that serve the live streams handed
    over by the workers (service/ops/handoff.py); unset: 1 with two workers or more, else 0."""
    stream_worker_slice_us: int = 100
    """GAMESTATE_STREAM_WORKER_SLICE_US: the CPU slice a stream worker asks Linux for
    (service/support/sched.py), so that a command worker woken while it writes a fan-out waits
    for it at most this long; 0: the kernel's default slice."""
    leaderboard_min_games: int = 5
    """GAMESTATE_LEADERBOARD_MIN_GAMES: rated games a player needs to be on a leaderboard."""
    rated_min_moves: int = 3
    """GAMESTATE_RATED_MIN_MOVES: moves of its own each seat must make for a rated game."""
    rating_repeat_window_hours: float = 24.0
    """GAMESTATE_RATING_REPEAT_WINDOW_HOURS: the window of the repeated-opponent rule."""
    rating_repeat_max: int = 3
    """GAMESTATE_RATING_REPEAT_MAX: rated games against one opponent within the window."""
    rating_provisional_sigma: float = 7.0
    """GAMESTATE_RATING_PROVISIONAL_SIGMA: a rating's sigma above this is provisional."""
    rate_players: str | None = RATE_PLAYERS
    """GAMESTATE_RATE_PLAYERS: new players (POST /players) per client address; on by default,
    unlike the other rates: every registration is a free identity with its own lobby quota
    (docs/lobby.md). ``off`` turns it off."""
    content_packs: Path | None = None
    """GAMESTATE_CONTENT_PACKS: a folder of content packs, one sub-folder per game
    (``three_kingdoms/*.json``), loaded at start-up (docs/content-packs.md)."""
    games: tuple[str, ...] = ()
    """GAMESTATE_GAMES: the installed games to serve, by slug, comma-separated; none: every
    installed game (domain/registry.py, docs/writing-a-game.md)."""
    content_pack_max_bytes: int = 1024 * 1024
    """GAMESTATE_CONTENT_PACK_MAX_BYTES: the largest content-pack file read."""
    tracing: bool = False
    """OpenTelemetry tracing (GAMESTATE_TRACING=1, or an OTEL_EXPORTER_OTLP_ENDPOINT)."""
    cors_origins: tuple[str, ...] = ()
    """Origins whose browser pages may call the API (CORS); none by default."""
    read_database_url: str | None = None
    """GAMESTATE_READ_DATABASE_URL: a streaming replica of DATABASE_URL that reads go to when
    it has what they must see (service/store/replica.py); unset, everything on the primary."""
    read_wait_ms: int = 50
    """GAMESTATE_READ_WAIT_MS: how long a read waits for a replica that is behind before it
    goes to the primary."""
    lobby_wait_seconds: int = 3600
    """GAMESTATE_LOBBY_WAIT_SECONDS: how long a game with open seats waits (default and
    most) before it is cancelled (docs/lobby.md)."""
    lobby_max_waiting: int = 10_000
    """GAMESTATE_LOBBY_MAX_WAITING: waiting games in the whole service."""
    lobby_max_waiting_per_caller: int = 20
    """GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER: waiting games one caller may have created."""
    min_turn_seconds: float = 5.0
    """GAMESTATE_MIN_TURN_SECONDS: the shortest turn a clock may have, but with the admin key
    (a bot ladder sets it lower); service/games/clocked.py."""
    clocked_games_per_caller: int = 10
    """GAMESTATE_CLOCKED_GAMES_PER_CALLER: clocked games a caller may have in play (0: no
    cap)."""
    timeout_events_per_minute: int = 600
    """GAMESTATE_TIMEOUT_EVENTS_PER_MINUTE: events timeouts may append per game creator and
    minute (0: no budget)."""
    match_window: float = 5.0
    """GAMESTATE_MATCH_WINDOW: the rating difference matchmaking accepts at once."""
    match_window_growth: float = 0.1
    """GAMESTATE_MATCH_WINDOW_GROWTH: how much the window widens per second of waiting."""
    match_window_cap: float = 25.0
    """GAMESTATE_MATCH_WINDOW_CAP: the widest window."""
    match_ticket_seconds: int = 600
    """GAMESTATE_MATCH_TICKET_SECONDS: how long a matchmaking ticket waits before it expires."""
    webhooks_allow_local: bool = False
    """GAMESTATE_WEBHOOKS_ALLOW_LOCAL: webhooks may target http:// loopback and private
    addresses (development, tests); off: https and public addresses only (SSRF)."""
    webhook_max_failures: int = 20
    webhook_max_attempts: int = 12
    webhook_timeout: float = 5.0
    webhook_retry_base: float = 2.0
    webhooks_per_owner: int = 5
    webhook_max_answer_bytes: int = 4096
    webhook_concurrency: int = 16
    webhook_per_endpoint: int = 2
    webhook_keys: tuple[str, ...] = ()
    """GAMESTATE_WEBHOOK_KEYS: Fernet keys sealing webhook secrets, comma-separated, the first
    sealing (docs/security.md, "Webhook secrets"); unset, a key derived from the admin key."""
    sse_keepalive: float | None = None
    """GAMESTATE_SSE_KEEPALIVE: seconds of silence before a live stream's keep-alive; unset,
    the live hub's default (service/live/hub.py)."""
    disabled: frozenset[str] = frozenset()
    """GAMESTATE_DISABLE: background parts this process does not run (checked at start-up)."""
    live_batch_ms: float | None = None
    """GAMESTATE_LIVE_BATCH_MS: the live batching window of crowded games (docs/live.md);
    unset, the live hub's default."""
    heavy_reads: int = 4
    """GAMESTATE_HEAVY_READS: audits, record exports and long time-travel folds running at
    once in a process (service/support/heavy.py)."""
    heavy_reads_per_caller: int = 2
    """GAMESTATE_HEAVY_READS_PER_CALLER: heavy reads one caller may have running at once."""
    audit_cache: int = 1000
    """GAMESTATE_AUDIT_CACHE: finished games' audit reports kept in memory per process."""
    bot_workers: int = 1
    """GAMESTATE_BOT_WORKERS: processes bots think in (1 to 64; service/clocks/thinking.py)."""
    bot_cpu_ms: float = 250.0
    """GAMESTATE_BOT_CPU_MS: the most CPU time one bot move may take (1 to 60000 ms)."""
    bot_poll_seconds: float = 0.5
    """GAMESTATE_BOT_POLL_SECONDS: seconds between looks for other processes' bot turns
    (0.01 to 60)."""
    bot_lease_seconds: float = 30.0
    """GAMESTATE_BOT_LEASE_SECONDS: how long a claimed bot turn stays the claimer's (1 to
    3600); it must outlast a move's thinking (service/clocks/bots.py)."""
    bot_players: int | None = None
    """GAMESTATE_BOT_PLAYERS: bot processes of ``serve`` that play the bot seats' turns
    instead of the command workers (0 to 8); unset: 1 with two workers or more, else 0."""

    turn_waiters: int = 2000
    """GAMESTATE_TURN_WAITERS: ``legal-commands?wait=`` requests waiting at once per process
    (0: waits are refused; service/live/waits.py)."""
    turn_waiters_per_caller: int = 4
    """GAMESTATE_TURN_WAITERS_PER_CALLER: such waits one caller may have at once (0: no cap)."""

    wal_archive: Path | None = None
    """GAMESTATE_WAL_ARCHIVE: a folder the embedded PostgreSQL archives its WAL into, for
    point-in-time restore (docs/operations.md); unset, no archiving."""
    wal_archive_timeout: int = 60
    """GAMESTATE_WAL_ARCHIVE_TIMEOUT: seconds after which a WAL segment with changes is
    archived even if not full: the most a restore can lose."""
    backup_dir: Path | None = None
    """GAMESTATE_BACKUP_DIR: where ``gamestate backup`` puts base backups; unset, the data
    folder's ``backups``."""
    backup_keep: int = 7
    """GAMESTATE_BACKUP_KEEP: base backups ``gamestate backup`` keeps (older ones and the
    archived WAL only they need are deleted); 0 keeps all."""

    retain_idempotency_days: float = 7
    """GAMESTATE_RETAIN_IDEMPOTENCY_DAYS: idempotency keys are kept this long (0: forever)."""
    retain_deliveries_days: float = 30
    """GAMESTATE_RETAIN_DELIVERIES_DAYS: finished webhook deliveries and their attempts."""
    retain_notifications_days: float = 90
    """GAMESTATE_RETAIN_NOTIFICATIONS_DAYS: notifications with no delivery left."""
    retain_snapshots_days: float = 7
    """GAMESTATE_RETAIN_SNAPSHOTS_DAYS: snapshots of games that ended this long ago."""
    retain_lobby_days: float = 30
    """GAMESTATE_RETAIN_LOBBY_DAYS: closed lobby tables (not rematches)."""
    retain_tickets_days: float = 30
    """GAMESTATE_RETAIN_TICKETS_DAYS: matchmaking tickets that no longer wait."""
    retention_interval: float = 3600
    """GAMESTATE_RETENTION_INTERVAL: seconds between two pruning sweeps."""
    retention_batch: int = 1000
    """GAMESTATE_RETENTION_BATCH: rows one delete of a sweep removes at most."""

    @classmethod
    def from_env(cls) -> Settings:
        settings = cls._read_env()
        if settings.bot_lease_seconds * 1000 <= settings.bot_cpu_ms:
            # A lease that runs out while its claimer thinks lets a second process think
            # about the same turn (only one move is appended, but the CPU is spent twice).
            raise ConfigError(
                f"GAMESTATE_BOT_LEASE_SECONDS ({settings.bot_lease_seconds:g}) must be longer"
                f" than a bot move's CPU cap, GAMESTATE_BOT_CPU_MS ({settings.bot_cpu_ms:g} ms)"
            )
        return settings

    @classmethod
    def _read_env(cls) -> Settings:
        return cls(
            database_url=os.environ.get("DATABASE_URL") or None,
            data_dir=Path(os.environ.get("GAMESTATE_DATA_DIR", ".data")).resolve(),
            host=os.environ.get("GAMESTATE_HOST", "127.0.0.1"),
            port=_int("GAMESTATE_PORT", 8000),
            workers=_int("GAMESTATE_WORKERS", 1),
            stream_workers=(
                _int("GAMESTATE_STREAM_WORKERS", 0)
                if os.environ.get("GAMESTATE_STREAM_WORKERS")
                else None
            ),
            stream_worker_slice_us=_int_within("GAMESTATE_STREAM_WORKER_SLICE_US", 100, 0, 100_000),
            admin_key=os.environ.get("GAMESTATE_ADMIN_KEY") or None,
            require_admin_key=_flag("GAMESTATE_REQUIRE_ADMIN_KEY", False),
            pool_min=_int("GAMESTATE_POOL_MIN", 2),
            pool_max=_int("GAMESTATE_POOL_MAX", 10),
            max_body_bytes=_int("GAMESTATE_MAX_BODY_BYTES", 65536),
            max_header_bytes=_int("GAMESTATE_MAX_HEADER_BYTES", 16 * 1024),
            state_cache_size=_int("GAMESTATE_STATE_CACHE", 2048),
            log_level=os.environ.get("GAMESTATE_LOG_LEVEL", "info"),
            log_json=os.environ.get("GAMESTATE_LOG_JSON", "1") not in ("0", "false", "no"),
            content_packs=(
                Path(os.environ["GAMESTATE_CONTENT_PACKS"]).resolve()
                if os.environ.get("GAMESTATE_CONTENT_PACKS")
                else None
            ),
            games=_list("GAMESTATE_GAMES"),
            content_pack_max_bytes=_int_at_least(
                "GAMESTATE_CONTENT_PACK_MAX_BYTES", 1024 * 1024, 1
            ),
            cors_origins=_list("GAMESTATE_CORS_ORIGINS"),
            metrics_token=os.environ.get("GAMESTATE_METRICS_TOKEN") or None,
            max_record_bytes=_int("GAMESTATE_MAX_RECORD_BYTES", 4 * 1024 * 1024),
            max_record_events=_int("GAMESTATE_MAX_RECORD_EVENTS", 20_000),
            # Comma-separated, so that a key can be replaced without a moment with none.
            import_keys=tuple(
                key.strip()
                for key in os.environ.get("GAMESTATE_IMPORT_KEY", "").split(",")
                if key.strip()
            ),
            imports_open=_flag("GAMESTATE_IMPORTS_OPEN"),
            import_concurrency=_int("GAMESTATE_IMPORT_CONCURRENCY", 1),
            # Rates like "30/minute"; unset: no limit (bots on a local server would trip them).
            rate_create=os.environ.get("GAMESTATE_RATE_CREATE") or None,
            rate_import=os.environ.get("GAMESTATE_RATE_IMPORT") or None,
            rate_register=os.environ.get("GAMESTATE_RATE_REGISTER") or None,
            rate_commands=os.environ.get("GAMESTATE_RATE_COMMANDS") or None,
            rate_players=_rate("GAMESTATE_RATE_PLAYERS", RATE_PLAYERS),
            rate_commands_per_token=os.environ.get("GAMESTATE_RATE_COMMANDS_PER_TOKEN") or None,
            max_tournament_players=_int("GAMESTATE_MAX_TOURNAMENT_PLAYERS", 256),
            snapshot_every=_int("GAMESTATE_SNAPSHOT_EVERY", 64),
            leaderboard_min_games=_int("GAMESTATE_LEADERBOARD_MIN_GAMES", 5),
            rated_min_moves=_int("GAMESTATE_RATED_MIN_MOVES", 3),
            rating_repeat_window_hours=env_float("GAMESTATE_RATING_REPEAT_WINDOW_HOURS", 24.0),
            rating_repeat_max=_int("GAMESTATE_RATING_REPEAT_MAX", 3),
            rating_provisional_sigma=env_float("GAMESTATE_RATING_PROVISIONAL_SIGMA", 7.0),
            # None by default: a forwarded address is believed only from a proxy named here.
            trusted_proxies=os.environ.get("GAMESTATE_TRUSTED_PROXIES", "").strip(),
            tracing=tracing_enabled(os.environ),
            read_database_url=os.environ.get("GAMESTATE_READ_DATABASE_URL") or None,
            read_wait_ms=_int("GAMESTATE_READ_WAIT_MS", 50),
            lobby_wait_seconds=_int("GAMESTATE_LOBBY_WAIT_SECONDS", 3600),
            lobby_max_waiting=_int("GAMESTATE_LOBBY_MAX_WAITING", 10_000),
            lobby_max_waiting_per_caller=_int("GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER", 20),
            min_turn_seconds=env_float("GAMESTATE_MIN_TURN_SECONDS", 5.0),
            clocked_games_per_caller=_int("GAMESTATE_CLOCKED_GAMES_PER_CALLER", 10),
            timeout_events_per_minute=_int("GAMESTATE_TIMEOUT_EVENTS_PER_MINUTE", 600),
            match_window=env_float("GAMESTATE_MATCH_WINDOW", 5.0),
            match_window_growth=env_float("GAMESTATE_MATCH_WINDOW_GROWTH", 0.1),
            match_window_cap=env_float("GAMESTATE_MATCH_WINDOW_CAP", 25.0),
            match_ticket_seconds=_int("GAMESTATE_MATCH_TICKET_SECONDS", 600),
            webhooks_allow_local=_flag("GAMESTATE_WEBHOOKS_ALLOW_LOCAL", False),
            webhook_max_failures=_int("GAMESTATE_WEBHOOK_MAX_FAILURES", 20),
            webhook_max_attempts=_int("GAMESTATE_WEBHOOK_MAX_ATTEMPTS", 12),
            webhook_timeout=env_float("GAMESTATE_WEBHOOK_TIMEOUT", 5.0),
            webhook_retry_base=env_float("GAMESTATE_WEBHOOK_RETRY_BASE", 2.0),
            webhooks_per_owner=_int("GAMESTATE_WEBHOOKS_PER_OWNER", 5),
            webhook_max_answer_bytes=_int("GAMESTATE_WEBHOOK_MAX_ANSWER_BYTES", 4096),
            webhook_concurrency=_int("GAMESTATE_WEBHOOK_CONCURRENCY", 16),
            webhook_per_endpoint=_int("GAMESTATE_WEBHOOK_PER_ENDPOINT", 2),
            webhook_keys=_list("GAMESTATE_WEBHOOK_KEYS"),
            sse_keepalive=env_float("GAMESTATE_SSE_KEEPALIVE", None),
            live_batch_ms=env_float("GAMESTATE_LIVE_BATCH_MS", None),
            heavy_reads=_int_at_least("GAMESTATE_HEAVY_READS", 4, 1),
            heavy_reads_per_caller=_int_at_least("GAMESTATE_HEAVY_READS_PER_CALLER", 2, 1),
            audit_cache=_int_at_least("GAMESTATE_AUDIT_CACHE", 1000, 0),
            bot_workers=_int_within("GAMESTATE_BOT_WORKERS", 1, 1, 64),
            bot_cpu_ms=_float_within("GAMESTATE_BOT_CPU_MS", 250.0, 1, 60_000),
            bot_poll_seconds=_float_within("GAMESTATE_BOT_POLL_SECONDS", 0.5, 0.01, 60),
            bot_lease_seconds=_float_within("GAMESTATE_BOT_LEASE_SECONDS", 30.0, 1, 3600),
            bot_players=(
                _int_within("GAMESTATE_BOT_PLAYERS", 0, 0, 8)
                if os.environ.get("GAMESTATE_BOT_PLAYERS")
                else None
            ),
            turn_waiters=_int_at_least("GAMESTATE_TURN_WAITERS", 2000, 0),
            turn_waiters_per_caller=_int_at_least("GAMESTATE_TURN_WAITERS_PER_CALLER", 4, 0),
            wal_archive=_path("GAMESTATE_WAL_ARCHIVE"),
            wal_archive_timeout=_int("GAMESTATE_WAL_ARCHIVE_TIMEOUT", 60),
            backup_dir=_path("GAMESTATE_BACKUP_DIR"),
            backup_keep=_int("GAMESTATE_BACKUP_KEEP", 7),
            retain_idempotency_days=env_float("GAMESTATE_RETAIN_IDEMPOTENCY_DAYS", 7),
            retain_deliveries_days=env_float("GAMESTATE_RETAIN_DELIVERIES_DAYS", 30),
            retain_notifications_days=env_float("GAMESTATE_RETAIN_NOTIFICATIONS_DAYS", 90),
            retain_snapshots_days=env_float("GAMESTATE_RETAIN_SNAPSHOTS_DAYS", 7),
            retain_lobby_days=env_float("GAMESTATE_RETAIN_LOBBY_DAYS", 30),
            retain_tickets_days=env_float("GAMESTATE_RETAIN_TICKETS_DAYS", 30),
            retention_interval=env_float("GAMESTATE_RETENTION_INTERVAL", 3600),
            retention_batch=_int("GAMESTATE_RETENTION_BATCH", 1000),
            disabled=disabled_parts(),
        )
