"""Webhook secrets at rest: sealed with Fernet (``cryptography``: AES-128-CBC with an
HMAC-SHA256, the library's own recipe for this job) under keys that never enter the database.

A stored secret is ``fernet:<key id>:<token>``, where the key id is the first 12 hex digits of
the sealing key's SHA-256: which key sealed a row is read in SQL, so finding the rows still to
re-seal after a rotation needs no decryption. A stored value starting ``whsec_`` is a secret
from before sealing (every secret the service ever made starts so): it still signs, and the
delivery worker seals it at start-up (:func:`seal_stored`), as it re-seals rows sealed under
any key but the first.

The keys: ``GAMESTATE_WEBHOOK_KEYS`` (Fernet keys, comma-separated; the first seals, all
open, as ``MultiFernet`` does), then always a key derived from the admin key (HKDF-SHA256),
which opens only. With no keys set the derived key is the only one, so it seals too: secure by
default (a copy of the database does not reveal a secret), the same in every process that
shares the admin key, with nothing to set up; and moving to explicit keys later needs no step,
since the derived key still opens what it sealed. docs/security.md, "Webhook secrets".
"""

from __future__ import annotations

import base64
import functools
import hashlib
import logging
from collections.abc import Sequence
from typing import Any

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

log = logging.getLogger("gamestate.webhooks")

PREFIX = "fernet:"
CLEAR_PREFIX = "whsec_"
BATCH = 200


class UnreadableSecret(Exception):
    """A stored secret that none of the keys opens (a key removed too early)."""


def key_id(key: str | bytes) -> str:
    raw = key.encode() if isinstance(key, str) else key
    return hashlib.sha256(raw.strip()).hexdigest()[:12]


def derived_key(admin_key: str) -> str:
    """A Fernet key derived from the admin key (one-way: it reveals nothing of the admin
    key)."""
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"gamestate/webhooks/v1")
    return base64.urlsafe_b64encode(hkdf.derive(admin_key.encode())).decode()


class SecretBox:
    """Seals with the first key, opens with any. Without keys it opens only secrets stored
    before sealing, and seals nothing."""

    def __init__(self, keys: Sequence[str]) -> None:
        keys = [k.strip() for k in keys if k.strip()]
        # Fernet checks each key (ValueError: not 32 url-safe base64-encoded bytes).
        self._fernets = [Fernet(k) for k in keys]
        self._by_id = dict(zip((key_id(k) for k in keys), self._fernets, strict=True))
        self._all = MultiFernet(self._fernets) if self._fernets else None
        self.primary = key_id(keys[0]) if keys else None

    def seal(self, secret: str) -> str:
        if not self._fernets:
            raise UnreadableSecret("no key to seal webhook secrets with")
        token = self._fernets[0].encrypt(secret.encode()).decode()
        return f"{PREFIX}{self.primary}:{token}"

    def open(self, stored: str) -> str:
        if stored.startswith(CLEAR_PREFIX):
            return stored
        if not stored.startswith(PREFIX):
            raise UnreadableSecret("not a stored webhook secret")
        kid, _, token = stored[len(PREFIX) :].partition(":")
        # The key the id names, then any (MultiFernet tries each in turn).
        named = [self._by_id[kid]] if kid in self._by_id else []
        for fernet in [*named, *([self._all] if self._all else [])]:
            try:
                return fernet.decrypt(token.encode()).decode()
            except InvalidToken:
                continue
        raise UnreadableSecret(f"sealed under key {kid}, which none of the keys is")

    def current(self, stored: str) -> bool:
        """Whether ``stored`` is sealed under the first key already."""
        return self.primary is not None and stored.startswith(f"{PREFIX}{self.primary}:")


@functools.lru_cache(maxsize=8)
def box(keys: tuple[str, ...]) -> SecretBox:
    return SecretBox(keys)


async def seal_stored(pool: Any, secrets: SecretBox) -> int:
    """Seal every secret stored in clear, and re-seal every one sealed under another key than
    the first, a batch per short transaction (rows another process is re-sealing are
    skipped). Rows no key opens are logged and left as they are. Returns the rows sealed."""
    if secrets.primary is None:
        return 0
    sealed = 0
    unreadable: list[Any] = []
    while True:
        async with pool.connection() as conn, conn.transaction():
            rows = await (
                await conn.execute(
                    "SELECT id, secret FROM webhooks WHERE secret NOT LIKE %s"
                    " AND NOT (id = ANY(%s)) ORDER BY id LIMIT %s FOR UPDATE SKIP LOCKED",
                    (f"{PREFIX}{secrets.primary}:%", unreadable, BATCH),
                )
            ).fetchall()
            for hook_id, stored in rows:
                try:
                    value = secrets.seal(secrets.open(stored))
                except UnreadableSecret as exc:
                    log.error("webhook %s: its secret cannot be re-sealed: %s", hook_id, exc)
                    unreadable.append(hook_id)
                    continue
                await conn.execute(
                    "UPDATE webhooks SET secret = %s WHERE id = %s", (value, hook_id)
                )
                sealed += 1
        if len(rows) < BATCH:
            break
    if sealed:
        log.info("sealed %d webhook secrets under key %s", sealed, secrets.primary)
    return sealed
