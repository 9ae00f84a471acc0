"""The settings of notifications and webhooks (GAMESTATE_WEBHOOK_* in README.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from service.support.config import Settings


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
    """GAMESTATE_WEBHOOK_TIMEOUT: the total deadline of one attempt, in seconds: the address
    check, the connection, the request and the answer's head. At the deadline the attempt
    ends as a failed one (``timeout: ...``), retried as any other."""
    max_answer_bytes: int = 4096
    """GAMESTATE_WEBHOOK_MAX_ANSWER_BYTES: the most of an answer's body the worker reads
    (only to reuse the connection): a longer body is left unread and the connection
    closed. The status alone decides the outcome."""
    retry_base: float = 2.0
    """GAMESTATE_WEBHOOK_RETRY_BASE: the first retry's delay in seconds; doubled each time."""
    retry_cap: float = 3600.0
    """The longest delay between two attempts."""
    per_owner: int = 5
    """GAMESTATE_WEBHOOKS_PER_OWNER: endpoints a player (or a tournament) may register."""
    concurrency: int = 16
    """GAMESTATE_WEBHOOK_CONCURRENCY: attempts one process has under way at the same time;
    each runs on its own, so a slow receiver holds only its own attempts."""
    per_endpoint: int = 2
    """GAMESTATE_WEBHOOK_PER_ENDPOINT: attempts to one endpoint one process has under way at
    the same time: an endpoint with a backlog and a slow receiver takes at most these of the
    ``concurrency`` slots, and the others go on serving every other endpoint."""
    secret_keys: tuple[str, ...] = ()
    """GAMESTATE_WEBHOOK_KEYS: Fernet keys that seal webhook secrets at rest, the first
    sealing, all opening (service/notify/sealing.py). ``create_app`` adds the key derived from
    the admin key, so there is always one."""
    poll: float = 1.0
    """Seconds between two looks at the outbox and the event log when nothing woke the
    workers (a lost wake-up, another process's work)."""

    @classmethod
    def of(cls, settings: Settings) -> NotifySettings:
        """From the service's settings (environment variables)."""
        return cls(
            allow_local=settings.webhooks_allow_local,
            max_failures=settings.webhook_max_failures,
            max_attempts=settings.webhook_max_attempts,
            timeout=settings.webhook_timeout,
            retry_base=settings.webhook_retry_base,
            per_owner=settings.webhooks_per_owner,
            max_answer_bytes=settings.webhook_max_answer_bytes,
            concurrency=settings.webhook_concurrency,
            per_endpoint=settings.webhook_per_endpoint,
            secret_keys=settings.webhook_keys,
        )

    def refusal(self) -> str | None:
        """Why ``gamestate serve`` must not start with these settings (one line), or None: a
        worker with no slot or no time would deliver nothing and say nothing, and a key that
        is not a Fernet key would fail every registration."""
        for name, value, least in (
            ("GAMESTATE_WEBHOOK_TIMEOUT", self.timeout, 0.001),
            ("GAMESTATE_WEBHOOK_CONCURRENCY", self.concurrency, 1),
            ("GAMESTATE_WEBHOOK_PER_ENDPOINT", self.per_endpoint, 1),
            ("GAMESTATE_WEBHOOK_MAX_ANSWER_BYTES", self.max_answer_bytes, 0),
        ):
            if value < least:
                return f"{name} must be at least {least:g}, not {value:g}"
        from service.notify.sealing import SecretBox

        try:
            SecretBox(self.secret_keys)
        except ValueError:
            return (
                "GAMESTATE_WEBHOOK_KEYS must be Fernet keys, comma-separated (make one with:"
                " python -c 'from cryptography.fernet import Fernet;"
                " print(Fernet.generate_key().decode())')"
            )
        return None
