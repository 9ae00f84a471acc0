"""The catch-up reader that derives notifications from the events (service/notify/derive.py)
and writes them, with one webhook delivery per notification and active endpoint, in the
transaction that moves its cursor.

It reads events in the order of their transaction ids, then positions, and only those of
transactions older than every transaction still running (``tx < xmin``). Position order
alone can lose an event: a transaction that took its id early may insert at a later position
and commit first, and a reader that moved past that position would never go back for the
earlier position of the transaction still open. Every transaction that can still commit has
an id at or above ``xmin``, above every id read so far, so a cursor of (transaction id,
position) misses nothing. One game's events stay in version order within each page (they
are sorted by version per game). Of a page, only the events of games that can produce a
notification are fetched whole, decoded and folded (service/notify/reading.py); the others
only move the cursor.

So a notification is written exactly once per key whatever crashes (re-reading events after a
crash before the commit derives the same keys, ``ON CONFLICT DO NOTHING``), and a delivery
exists as soon as its notification does: the outbox is durable from the start. One process
derives at a time (a transaction-scoped advisory lock; the others skip their turn), every
process may. A step that derives nothing stores the cursor without waiting for the WAL flush
(``synchronous_commit = off``): a crash can lose only such a move, and the events are then read
again and derive the same nothing. Once a step found nothing to read, the next asks first, in
one statement outside any transaction, whether anything came after (an idle poll). Woken by the commit notifications of the process's listener (a tap on the live
hub) and by a poll, since a commit can become readable only once older transactions end.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from psycopg import AsyncConnection
from psycopg.types.json import Jsonb

from service.games.model import decode_event, setup_of, spec_for
from service.games.service import GameService
from service.notify.derive import After, Draft, derive
from service.notify.reading import Page, QuietStreams, by_stream, read_page
from service.store.chain import NOTIFY_CHANNEL, StoredEvent
from service.support.tasks import wait_event

log = logging.getLogger("gamestate.notify")

CURSOR = "notifications"
LOCK = 0x6E6F74696679  # "notify": one deriver at a time across processes
PAGE = 500
SOON = 0.02
GAP = 0.1
"""Seconds at least from the start of one step to the next unless a page was full: at most
ten steps a second per process however many commits wake it, and a notification at most
that much later than it would be otherwise."""
UNKNOWN_WAIT = 0.5
"""A commit of a game this process has not read yet (a new game, or one another process
created) wakes the deriver this much later, once for all such commits: under load most new
games can produce nothing, and a step for each burst of them only moves the cursor (issue #32;
about 40 us of a worker's CPU per command turn in http_load's short games). A game found able
to produce notifications wakes it at once from then on; its first ones come at most this
much later."""
NOTIFY_BYTES = 7000
"""PostgreSQL refuses a NOTIFY payload of 8000 bytes or more."""
PEEK = """
SELECT 1 FROM events WHERE notable AND (tx, position) > (%s::xid8, %s::bigint)
ORDER BY tx, position LIMIT 1
"""
"""Whether anything notable was appended after where this process read (readable or not
yet), asked when its last step found nothing to read. Ordered: one probe of
events_notable_by_tx (as EXISTS, a planner that thinks the table small scans it)."""
PLAYER_TAG = "player"
"""Notification lines ``<player>:player:<id>``: they wake the player's streams through the
live hub; other taps skip them (the clock scheduler reads ``<game>:<version>[:due:seat]``)."""

INSERT = """
INSERT INTO notifications (key, player_id, tournament_id, kind, game_id, version, data)
SELECT d.key, d.player_id, d.tournament_id, d.kind, d.game_id, d.version, d.data
FROM jsonb_to_recordset(%(drafts)s::jsonb) AS d(ord int, key text, player_id uuid, tournament_id uuid,
    kind text, game_id uuid, version bigint, data jsonb)
ORDER BY d.ord
ON CONFLICT (key) DO NOTHING
RETURNING id, player_id
"""
OUTBOX = """
INSERT INTO webhook_deliveries (webhook_id, notification_id)
SELECT w.id, n.id FROM notifications n JOIN webhooks w
    ON (w.player_id = n.player_id OR w.tournament_id = n.tournament_id) AND w.status = 'active'
WHERE n.id = ANY(%s)
ON CONFLICT DO NOTHING
"""


def player_line(player_id: uuid.UUID, notification_id: int) -> str:
    return f"{player_id}:{PLAYER_TAG}:{notification_id}"


def is_player_line(line: str) -> bool:
    return line.split(":")[1:2] == [PLAYER_TAG]


class Deriver:
    def __init__(
        self,
        pool: Any,
        games: GameService,
        *,
        poll: float = 1.0,
        page: int = PAGE,
        on_delivery: Callable[[], None] | None = None,
        states: int = 1024,
    ) -> None:
        self.pool = pool
        self.games = games
        self.poll = poll
        self.page = page
        self.on_delivery = on_delivery
        self._wake = asyncio.Event()
        self.pending = False
        """Committed events lie past what the last step could read: a transaction begun
        before their commit was still open (anywhere on the server: snapshots are
        cluster-wide). The next step comes after ``SOON`` rather than the poll."""
        self._states: OrderedDict[uuid.UUID, tuple[int, Any]] = OrderedDict()
        self._max_states = states
        self.quiet = QuietStreams()
        """Streams that cannot produce a notification (service/notify/reading.py)."""
        self.loud = QuietStreams()
        """Games found able to produce one (the same bounded set, of the other kind)."""
        self._later: asyncio.TimerHandle | None = None
        self._read: tuple[str, int] | None = None
        """Where this process's last step left the cursor (its idle peeks start there)."""
        self._caught_up = False
        """The last step found nothing to read: the next asks first whether anything came."""
        self.follower = False
        """Another process held the lock at this one's last step: it derives, woken by the
        same commits (every process hears every commit of a game that can produce a
        notification: such a game is announced from its creation, migration 0015), so this
        one steps only at its poll, to take over if that process is gone, rather than once
        per commit to find it busy."""

    # -- the live hub's tap interface --------------------------------------------------------

    def notify(self, payload: str) -> None:
        """A commit anywhere (the announcer's lines ``<game>:<version>...``). It wakes the
        deriver only for a game not known to be quiet: under load most commits are of games
        that can produce nothing, and a step for them would only move the cursor, which the
        next poll (or the next commit of another game) does as well (issue #32 item 1)."""
        if self.follower:
            return
        for line in payload.split("\n"):
            if line and not is_player_line(line):
                try:
                    self._heard(uuid.UUID(line.split(":", 1)[0]))
                except ValueError:
                    self._wake.set()  # a line of an unknown shape: look, as before
                if self._wake.is_set():
                    return

    def wake_all(self) -> None:
        self._wake.set()

    def committed(self, game_id: uuid.UUID, loaded: Any) -> None:
        """GameCommands committed hook: this process appended to a game; derive now rather
        than after the announcer's NOTIFY comes back (unless the game is quiet, as above)."""
        if not self.follower:
            self._heard(game_id)

    def _heard(self, game_id: uuid.UUID) -> None:
        if game_id in self.quiet:
            return
        if game_id in self.loud:
            self._wake.set()
        elif self._later is None:
            self._later = asyncio.get_running_loop().call_later(UNKNOWN_WAIT, self._woken_later)

    def _woken_later(self) -> None:
        self._later = None
        self._wake.set()

    # -- the loop ------------------------------------------------------------------------------

    async def run(self) -> None:
        backoff = 0.1
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()
            started = loop.time()
            try:
                more = await self.step()
                backoff = 0.1
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("deriving notifications failed; retrying in %.1fs", backoff)
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, 10.0)
                continue
            if more:
                continue
            await wait_event(self._wake, SOON if self.pending else self.poll)
            # Every commit wakes the deriver; under load, steps back to back would each pay
            # their fixed cost (a transaction, five statements) for an event or two.
            rest = GAP - (loop.time() - started)
            if rest > 0:
                await asyncio.sleep(rest)

    async def step(self) -> bool:
        """Derive one page; True when there may be more to read at once."""
        async with self.pool.connection() as conn:
            if self._read is not None and self._caught_up and not self.pending:
                # Nothing after what this process read: one statement, no transaction, no
                # lock (what an idle poll and a step woken by nothing new cost).
                cur = await conn.execute(PEEK, self._read)
                if await cur.fetchone() is None:
                    return False
            async with conn.transaction():
                return await self._step(conn)

    async def _step(self, conn: AsyncConnection) -> bool:
        locked = await (
            await conn.execute("SELECT pg_try_advisory_xact_lock(%s)", (LOCK,))
        ).fetchone()
        self.follower = not locked or not locked[0]
        if self.follower:
            return False
        # The advisory lock alone serialises derivers: no row lock, so this transaction
        # takes no transaction id before its first write and holds back no read horizon.
        row = await (
            await conn.execute(
                "SELECT tx::text, position FROM notify_cursor WHERE name = %s", (CURSOR,)
            )
        ).fetchone()
        stored = (row[0], row[1]) if row else ("0", 0)
        tx, position = stored
        page = await read_page(conn, tx, position, self.page, self.quiet)
        self.loud.add_all(page.streams)
        self.pending = page.pending
        self._caught_up = page.end is None
        if page.end is None:
            self._read = stored  # where the next step's peek starts
            return False
        drafts = await self._drafts(conn, page)
        written: list[tuple[int, uuid.UUID | None]] = []
        if drafts:
            cur = await conn.execute(INSERT, {"drafts": _drafts_json(drafts)})
            written = [(r[0], r[1]) for r in await cur.fetchall()]
        if written:
            await conn.execute(OUTBOX, ([w[0] for w in written],))
            for payload in _payloads([player_line(p, i) for i, p in written if p is not None]):
                await conn.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, payload))
        if not drafts:
            # Only the cursor moves: a crash may lose that move (module docstring).
            await conn.execute("SET LOCAL synchronous_commit = off")
        await conn.execute(
            "UPDATE notify_cursor SET tx = %s::xid8, position = %s WHERE name = %s",
            (*page.end, CURSOR),
        )
        self._read = page.end
        if written and self.on_delivery is not None:
            self.on_delivery()
        return page.full

    async def _drafts(self, conn: AsyncConnection, page: Page) -> list[Draft]:
        drafts: list[Draft] = []
        for stream_id, stream_events in by_stream(page.events).items():
            stream = page.streams[stream_id]
            link = stream.setup.get("link") or {}
            seats = page.players.get(stream_id, {})
            drafts.extend(await self._derive_game(conn, stream, stream_events, seats, link))
        return drafts

    async def _derive_game(
        self,
        conn: AsyncConnection,
        stream: Any,
        events: list[StoredEvent],
        seats: dict[int, uuid.UUID],
        link: dict[str, Any],
    ) -> list[Draft]:
        spec = spec_for(stream.game)
        first = events[0].version
        known = self._states.get(stream.id)
        if known is not None and known[0] == first - 1:
            state = known[1]
        elif first > 1:
            state = await self.games.repo.past_state(conn, stream, spec, first - 1)
        else:
            state = spec.initial_state(setup_of(spec, stream.setup, stream.rules_version))
        before = _situation(spec, state) if first > 1 else ((), False)
        afters = []
        for event in events:
            state = spec.evolve(state, decode_event(spec, event))
            to_act, over = _situation(spec, state)
            afters.append(
                After(
                    event.version,
                    event.metadata.get("command_id"),
                    event.metadata.get("seat"),
                    to_act,
                    over,
                )
            )
        self._remember(stream.id, events[-1].version, state)
        return derive(stream.id, stream.game, before, afters, seats, link)

    def _remember(self, stream_id: uuid.UUID, version: int, state: Any) -> None:
        self._states[stream_id] = (version, state)
        self._states.move_to_end(stream_id)
        while len(self._states) > self._max_states:
            self._states.popitem(last=False)


def _situation(spec: Any, state: Any) -> tuple[tuple[int, ...], bool]:
    over = bool(spec.is_over(state))
    return (() if over else tuple(spec.to_act(state))), over


def _drafts_json(drafts: list[Draft]) -> Jsonb:
    return Jsonb(
        [
            {
                "ord": index,
                "key": d.key,
                "player_id": str(d.player_id) if d.player_id else None,
                "tournament_id": str(d.tournament_id) if d.tournament_id else None,
                "kind": d.kind,
                "game_id": str(d.key.split(":")[1]),
                "version": d.version,
                "data": d.data,
            }
            for index, d in enumerate(drafts)
        ]
    )


def _payloads(lines: list[str]) -> list[str]:
    payloads: list[str] = []
    current: list[str] = []
    size = 0
    for line in lines:
        if current and size + len(line) + 1 > NOTIFY_BYTES:
            payloads.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current:
        payloads.append("\n".join(current))
    return payloads
