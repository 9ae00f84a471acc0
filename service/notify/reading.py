"""What the notification deriver reads per step: a window of the event log in (transaction
id, position) order, cut at a step boundary, and, of the events in it, only those of games
that can produce a notification.

A game can produce one when a registered player holds one of its seats or it is a
tournament's table (service/notify/derive.py says what each gets). Only such games' events
are notable (``events.notable``, migration 0016) and in the window: an anonymous game's
events, or a tournament's own stream's, are not in the log's index and never read here. A
window's event of a game then found unable to produce one (a stream not of kind ``game``,
say) is looked at only as a marker: its transaction id, position, stream and command id,
all the window needs to move the cursor past it and to cut a page between two steps. Its
data is not sent, decoded or folded.

Who holds a seat is read in the step's own snapshot, after the window's events committed
(only transactions older than every running one are read): a seat is taken before the deal
(the join that fills a lobby table appends the set-up events in its own transaction), so a
game's registered players are known when its first event is read, as before this filter.
"""

from __future__ import annotations

import uuid
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from psycopg import AsyncConnection
from psycopg.rows import dict_row

from service.store.chain import StoredEvent, Stream, event_of
from service.store.sql import EVENT_COLUMNS, STREAM_COLUMNS

WINDOW = """
SELECT tx::text AS tx_text, position, stream_id, metadata->>'command_id',
    tx < pg_snapshot_xmin(pg_current_snapshot())
FROM events
WHERE notable AND (tx, position) > (%(tx)s::xid8, %(position)s::bigint)
ORDER BY tx, position
LIMIT %(limit)s
"""
"""The next events after the cursor, light: no data. Sorted by transaction id, the readable
ones (``tx < xmin``: their transaction and every older one have ended) come first; a row
after them is a committed event past the read horizon (a transaction begun before its
commit is still open somewhere on the server), read again by a later step. (The text of
``tx`` has its own name: ``ORDER BY tx`` would otherwise sort by that text.)"""

STREAMS = f"""
SELECT {STREAM_COLUMNS} FROM streams s
WHERE s.id = ANY(%(ids)s) AND s.kind = 'game'
    AND (s.setup->'link' ? 'tournament'
        OR EXISTS (SELECT 1 FROM seats WHERE seats.stream_id = s.id AND seats.player_id IS NOT NULL))
"""
"""Of the window's streams, the games that can produce a notification."""

SEATS = (
    "SELECT stream_id, seat, player_id FROM seats"
    " WHERE stream_id = ANY(%s) AND player_id IS NOT NULL"
)

EVENTS = f"""
SELECT {EVENT_COLUMNS} FROM events
WHERE notable AND (tx, position) > (%(tx)s::xid8, %(position)s::bigint)
    AND (tx, position) <= (%(end_tx)s::xid8, %(end_position)s::bigint)
    AND stream_id = ANY(%(ids)s)
ORDER BY tx, position
"""
"""The window's events of those games, whole."""


class Marker(NamedTuple):
    """An event as the window sees it."""

    tx: str
    position: int
    stream_id: uuid.UUID
    command_id: str | None


@dataclass
class Page:
    """One step's reading: the cursor's new place (None: nothing to read), whether the
    window was full (read again at once) and whether events wait past the read horizon."""

    end: tuple[str, int] | None
    full: bool
    pending: bool
    streams: dict[uuid.UUID, Stream] = field(default_factory=dict)
    players: dict[uuid.UUID, dict[int, uuid.UUID]] = field(default_factory=dict)
    events: list[StoredEvent] = field(default_factory=list)


def cut(markers: list[Marker], full: bool) -> list[Marker]:
    """A full window may end inside a step (one command's events): leave that step, and
    everything read after its first event, for the next page, unless nothing else is left."""
    if not full or not markers:
        return markers
    last = markers[-1]
    if last.command_id is None:
        return markers
    for index, marker in enumerate(markers):
        if marker.stream_id == last.stream_id and marker.command_id == last.command_id:
            return markers[:index] or markers
    return markers


async def read_page(
    conn: AsyncConnection,
    tx: str,
    position: int,
    page: int,
    quiet: QuietStreams | None = None,
) -> Page:
    """The events after (tx, position) that the deriver needs, at most ``page`` read.
    ``quiet``: streams already found unable to produce a notification; not asked again, and
    those found now are added."""
    cur = await conn.execute(WINDOW, {"tx": tx, "position": position, "limit": page + 1})
    rows = await cur.fetchall()
    readable = [Marker(*row[:4]) for row in rows if row[4]]
    full = len(readable) >= page
    pending = not full and len(readable) < len(rows)
    kept = cut(readable[:page], full)
    if not kept:
        return Page(None, False, pending)
    end = (kept[-1].tx, kept[-1].position)
    result = Page(end, full, pending)
    ids = list(dict.fromkeys(marker.stream_id for marker in kept))
    if quiet is not None:
        ids = [i for i in ids if i not in quiet]
    if ids:
        cur = await conn.execute(STREAMS, {"ids": ids})
        result.streams = {row[0]: Stream(*row) for row in await cur.fetchall()}
    if quiet is not None:
        quiet.add_all(i for i in ids if i not in result.streams)
    if not result.streams:
        return result
    wanted = list(result.streams)
    cur = await conn.execute(SEATS, (wanted,))
    for stream_id, seat, player_id in await cur.fetchall():
        result.players.setdefault(stream_id, {})[seat] = player_id
    async with conn.cursor(row_factory=dict_row) as dict_cur:
        await dict_cur.execute(
            EVENTS,
            {
                "tx": tx,
                "position": position,
                "end_tx": end[0],
                "end_position": end[1],
                "ids": wanted,
            },
        )
        result.events = [event_of(row) for row in await dict_cur.fetchall()]
    return result


class QuietStreams:
    """Streams found unable to produce a notification, most recent last (bounded). Whether a
    game can produce one does not change once it has events: its seats are all taken before
    its first event (module docstring) and its tournament link is part of its setup; a
    tournament's own stream never produces one here. So a stream found quiet once need not be
    looked up again: under load the step reads the window and nothing else."""

    def __init__(self, size: int = 100_000) -> None:
        self.size = size
        self._ids: OrderedDict[uuid.UUID, None] = OrderedDict()

    def __contains__(self, stream_id: object) -> bool:
        return stream_id in self._ids

    def __len__(self) -> int:
        return len(self._ids)

    def add_all(self, ids: Iterable[uuid.UUID]) -> None:
        for stream_id in ids:
            self._ids[stream_id] = None
            self._ids.move_to_end(stream_id)
        while len(self._ids) > self.size:
            self._ids.popitem(last=False)


def by_stream(events: list[StoredEvent]) -> dict[uuid.UUID, list[StoredEvent]]:
    """Each stream's events in version order (a window holds them in commit order)."""
    grouped: dict[uuid.UUID, list[StoredEvent]] = {}
    for event in events:
        grouped.setdefault(event.stream_id, []).append(event)
    for stream_events in grouped.values():
        stream_events.sort(key=lambda e: e.version)
    return grouped
