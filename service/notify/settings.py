"""The settings of notifications and webhooks (GAMESTATE_WEBHOOK_* in README.md)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class NotifySettings:
    allow_local: bool = False
    """GAMESTATE_WEBHOOKS_ALLOW_LOCAL: accept http:// on loopback and private targets (tests,
    development). Off in production: https only, public addresses only (SSRF)."""
    max_failures: int = 20
    """GAMESTATE_WEBHOOK_MAX_FAILURES: consecutive failed attempts that disable an endpoint."""
    max_attempts: int = 12
    """GAMESTATE_WEBHOOK_MAX_ATTEMPTS: attempts of one delivery before it is given up."""
    timeout: float = 5.0
    """GAMESTATE_WEBHOOK_TIMEOUT: seconds for one attempt (connect to last byte)."""
    retry_base: float = 2.0
    """GAMESTATE_WEBHOOK_RETRY_BASE: the first retry's delay in seconds; doubled each time."""
    retry_cap: float = 3600.0
    """The longest delay between two attempts."""
    per_owner: int = 5
    """GAMESTATE_WEBHOOKS_PER_OWNER: endpoints a player (or a tournament) may register."""
    concurrency: int = 16
    """Deliveries one process posts at the same time."""
    poll: float = 1.0
    """Seconds between two looks at the outbox and the event log when nothing woke the
    workers (a lost wake-up, another process's work)."""
