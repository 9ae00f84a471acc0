"""Persisted snapshots of folded states (service/store/snapshots.py, migration 0010): how a
state is encoded, which code may read it back, and when snapshots are written.

- Codec: msgspec msgpack of the state (a game's: its rules state and its lifecycle, typed, so
  decoding gives the very structs back). The codec's name is a fingerprint of the state's
  schema, the rules versions the code knows and ``CODEC_VERSION``: code whose state differs in
  shape or in rules never reads another's snapshot (it folds from the events instead). A
  change of ``evolve`` that keeps the schema and the rules version must bump
  ``CODEC_VERSION``. Every encoding is decoded back and compared before it is stored, so a
  state that msgpack would not give back exactly (an ``Any`` field holding a tuple) is
  simply not snapshotted.
- Writing: after a commit that crossed a multiple of ``every`` versions, and for the
  multiples a long fold passed (a stream older than the snapshots is backfilled by its first
  long read), in a background task: encoding (on the event loop for a commit's one state,
  in a worker thread for a backfill's many), then one INSERT on a pooled connection. A failed or skipped write is logged and counted, never seen by the command.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import uuid
from collections.abc import Callable
from typing import Any

import msgspec

from domain.lifecycle import Life, Match, MatchState
from service.store.snapshots import write_snapshots

log = logging.getLogger("gamestate.snapshots")

CODEC_VERSION = 1
"""Bumped by a change of a fold that keeps the state's schema (see the module docstring)."""
SNAPSHOT_EVERY = 64
"""Versions between two snapshots of a stream (GAMESTATE_SNAPSHOT_EVERY; 0 turns writing
off). Tuned with bench/long_games.py (bench/README.md): from a snapshot, a read folds at most
63 events, which ``INLINE_FOLD`` lets run on the event loop without a thread hop (1-2 ms in the
slowest game); at 128 and 256 the fold needs a worker thread, whose GIL hand-offs cost more
than the fold (view p99 2-3x higher), and 32 gained nothing over 64. The price: a snapshot
(a few kB) per 64 events stored."""
INLINE_STATES = 4
"""At most this many states are encoded on the event loop; more go to a worker thread. One
state's encoding and round-trip check costs 8-130 us (random playouts of all six games, 2026-11-28), less
than the GIL hand-offs of a thread hop on a loaded two-core box (issue #32: a commit's snapshot
in a thread cost about 0.7 ms of a worker's time in profiles under http_load)."""
MAX_PENDING = 8
"""Snapshot writes in flight at most per process; more are skipped (a later commit or read
writes them): under a burst, snapshots must not compete with commands for connections."""


class StateCodec:
    """Encodes and decodes one kind of state (a game's match state, or a tournament's)."""

    def __init__(
        self,
        name: str,
        wire_type: Any,
        rules_versions: tuple[str, ...],
        split: Callable[[Any], Any],
        join: Callable[[Any], Any],
    ) -> None:
        schema = msgspec.json.encode(msgspec.json.schema(wire_type))
        fingerprint = hashlib.sha256(
            b"%d|%s|%s" % (CODEC_VERSION, ",".join(rules_versions).encode(), schema)
        ).hexdigest()[:16]
        self.name = f"{name}/{CODEC_VERSION}/{fingerprint}"
        self._decoder = msgspec.msgpack.Decoder(wire_type)
        self._encoder = msgspec.msgpack.Encoder()
        self._split, self._join = split, join

    def encode(self, state: Any) -> bytes | None:
        """The state's bytes, or None when decoding them would not give the state back."""
        data = self._encoder.encode(self._split(state))
        return data if self.decode(data) == state else None

    def decode(self, data: bytes) -> Any:
        return self._join(self._decoder.decode(data))


_codecs: dict[str, StateCodec] = {}


def codec_for(match: Match) -> StateCodec:
    """The codec of a game's match states (one per game, built once)."""
    codec = _codecs.get(match.slug)
    if codec is None:
        game = match.game
        codec = StateCodec(
            match.slug,
            tuple[game.state_type, Life],  # type: ignore[name-defined]
            tuple(match.rules_versions),
            lambda state: (state.rules, state.life),
            lambda pair: MatchState(rules=pair[0], life=pair[1]),
        )
        _codecs[match.slug] = codec
    return codec


def _encoded(codec: StateCodec, states: list[tuple[int, Any]]) -> list[tuple[int, bytes]]:
    out = []
    for version, state in states:
        data = codec.encode(state)
        if data is None:
            log.warning("%s: a state does not round-trip through msgpack", codec.name)
            continue
        out.append((version, data))
    return out


class Snapshotter:
    """Writes snapshots in the background (module docstring)."""

    def __init__(self, pool: Any, every: int = SNAPSHOT_EVERY) -> None:
        self.pool = pool
        self.every = every
        self._last: dict[uuid.UUID, int] = {}
        self._tasks: set[asyncio.Task] = set()
        self.written = 0
        self.failed = 0
        self.skipped = 0

    def due(self, before: int, after: int) -> bool:
        """Whether going from version ``before`` to ``after`` crossed a multiple of every."""
        return self.every > 0 and after // self.every > before // self.every

    def committed(self, game_id: uuid.UUID, loaded: Any) -> None:
        """A committed-hook (service/games/commands.py): a snapshot of the new state when
        the command crossed a multiple of ``every``."""
        version = loaded.version
        before = self._last.pop(game_id, version - 1)
        if len(self._last) >= 4096:
            self._last.pop(next(iter(self._last)))  # the oldest; only a hint
        self._last[game_id] = version
        if self.due(before, version):
            self.schedule(game_id, codec_for(loaded.spec), loaded.stream.rules_version,
                          [(version, loaded.state)])  # fmt: skip

    def schedule(
        self,
        stream_id: uuid.UUID,
        codec: StateCodec,
        rules_version: str,
        states: list[tuple[int, Any]],
    ) -> None:
        """Write these (version, state) pairs in the background, unless too many writes are
        in flight already."""
        if not states or self.every <= 0:
            return
        if len(self._tasks) >= MAX_PENDING:
            self.skipped += 1
            return
        task = asyncio.get_running_loop().create_task(
            self._write(stream_id, codec, rules_version, states)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write(
        self,
        stream_id: uuid.UUID,
        codec: StateCodec,
        rules_version: str,
        states: list[tuple[int, Any]],
    ) -> None:
        try:
            if len(states) <= INLINE_STATES:
                encoded = _encoded(codec, states)
            else:
                encoded = await asyncio.to_thread(_encoded, codec, states)
            if encoded:
                async with self.pool.connection() as conn:
                    await write_snapshots(conn, stream_id, rules_version, codec.name, encoded)
                self.written += len(encoded)
        except Exception:
            self.failed += 1
            log.warning("snapshot of stream %s not written", stream_id, exc_info=True)

    async def drain(self) -> None:
        """Wait for the writes in flight (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
