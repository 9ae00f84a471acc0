"""Audits as the service answers them (``GET /games/{id}/audit``): a finished game's verdict is
kept (it cannot change: its events, seed and result are final), so it is replayed once per
process; audits of one finished game asked at the same time share one replay; and a replay
holds a heavy-read place (service/support/heavy.py) but no database connection
(service/games/records.py, ``audit_connecting``)."""

from __future__ import annotations

import asyncio
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from service.games.audit import AuditReport
from service.games.records import audit_connecting, not_withheld
from service.store.events import EventStore
from service.support.errors import not_found
from service.support.heavy import Lease


class Audits:
    def __init__(self, store: EventStore, reads: Any, keep: int = 1000) -> None:
        """``reads``: where connections come from (``connection()``, the read router);
        ``keep``: finished games' reports kept in memory, the least recently asked dropped
        first (0: none kept)."""
        self.store = store
        self.reads = reads
        self.keep = keep
        self._verdicts: OrderedDict[uuid.UUID, tuple[str, AuditReport]] = OrderedDict()
        self._running: dict[uuid.UUID, asyncio.Task[AuditReport]] = {}
        self.replays = 0
        """Audits this process ran (not answered from memory): for tests and metrics."""

    async def audit(self, game_id: uuid.UUID, lease: Callable[[], Lease]) -> AuditReport:
        """The game's report. ``lease`` is called (and may refuse, 429) only when the game has
        to be read and replayed: a kept verdict, or one being worked out for another caller,
        costs no heavy-read place."""
        async with self.reads.connection() as conn:
            # Withheld or not is asked every time: a kept verdict is no exception.
            await not_withheld(self.store, conn, game_id)
            stream = await self.store.get_stream(conn, game_id)
            if stream is None or stream.kind != "game":
                raise not_found()
            finished = stream.status == "finished"
            kept = self._verdicts.get(game_id) if finished else None
            # A kept verdict holds only for the stored game it was worked out from: a change
            # made behind the service's back (its triggers disabled) must fail the next audit
            # too. One query digests every stored byte the audit reads, in the database; what
            # is saved is the replay, the costly part.
            digest = await _digest(conn, game_id) if kept is not None else ""
        if kept is not None and kept[0] == digest:
            self._verdicts.move_to_end(game_id)
            return kept[1]
        if finished:
            running = self._running.get(game_id)
            if running is not None:
                return await asyncio.shield(running)
        place = lease()
        # A task of its own, so that the callers who joined it are answered even if the one
        # who started it goes away (its request cancelled).
        task = asyncio.create_task(self._replay(game_id, place), name=f"audit-{game_id}")
        task.add_done_callback(_retrieved)
        if finished:
            self._running[game_id] = task
            task.add_done_callback(lambda _: self._running.pop(game_id, None))
        return await asyncio.shield(task)

    async def _replay(self, game_id: uuid.UUID, place: Lease) -> AuditReport:
        with place:
            self.replays += 1
            report = await audit_connecting(
                self.store, self.reads.connection, game_id, withhold=False
            )
        if report.status == "finished" and self.keep:
            async with self.reads.connection() as conn:
                self._verdicts[game_id] = (await _digest(conn, game_id), report)
            while len(self._verdicts) > self.keep:
                self._verdicts.popitem(last=False)
        return report


_DIGEST = (
    "SELECT md5(coalesce((SELECT string_agg(concat_ws(',', version, type, schema_version,"
    " data::text, prev_hash, hash), ';' ORDER BY version) FROM events WHERE stream_id = %(id)s),"
    " '') || coalesce((SELECT seed FROM secrets WHERE stream_id = %(id)s), ''))"
)


async def _digest(conn: Any, game_id: uuid.UUID) -> str:
    """A digest of everything of the game that its audit reads (events and seed)."""
    row = await (await conn.execute(_DIGEST, {"id": game_id})).fetchone()
    return row[0]


def _retrieved(task: asyncio.Task[Any]) -> None:
    """Marks a failed audit's error as seen when every caller went away before it ended (its
    callers, if any, are answered with it)."""
    if not task.cancelled():
        task.exception()
