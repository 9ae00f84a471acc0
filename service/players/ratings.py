"""Ratings: a projection of finished games, per game type, with openskill's Plackett-Luce
model (Weng-Lin; multiplayer, ties share a place). Rules of what is rated: docs/players.md.

The projector reads the events in (transaction id, position) order from its checkpoint
(table ``projections``), finds the last event of each finished game, decides whether the
game is rated, and updates ``player_ratings`` with the game's ranking, in one transaction
with the checkpoint: a crash or a restart loses nothing and counts nothing twice. One process
projects at a time (an advisory lock; the others skip their turn). ``rebuild`` starts again
from position 0 and must end with exactly the live values (tests/players/test_ratings.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce
from psycopg import AsyncConnection

from service.support.tasks import stop, wait_event

log = logging.getLogger("gamestate.ratings")

MODEL = PlackettLuce()
"""Defaults: mu 25, sigma 25/3; a new player's ordinal (mu - 3 sigma) is 0."""
PROJECTION = "ratings"
LOCK = "projection:ratings"
WINDOW = 2000
"""Events looked at per step of the projector (each step one transaction)."""
POLL_SECONDS = 2.0
"""The projector looks for newly finished games this often, besides being poked."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


NEW = Rating(MODEL.mu, MODEL.sigma)


def rate(before: list[Rating], places: list[int]) -> list[Rating]:
    """The seats' ratings after a game where seat i finished at ``places[i]`` (1 is first;
    equal places are a tie)."""
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [Rating(team[0].mu, team[0].sigma) for team in after]


def unrated_reason(
    setup: dict[str, Any],
    last_event_type: str,
    result: Any,
    players: list[uuid.UUID | None],
    acted: set[int],
) -> str | None:
    """Why a finished game is not rated (None: it is). In this order: ``imported``,
    ``practice`` (created with ``rated: false``), ``abandoned``, ``no_result``, ``solo``,
    ``anonymous_seat`` (a seat is not a registered player), ``zombie_from_start`` (a seat
    never decided anything itself: every decision of it was made by the clock's bot)."""
    if setup.get("imported") is not None:
        return "imported"
    if setup.get("rated") is False:
        return "practice"
    if last_event_type == "game.abandoned":
        return "abandoned"
    if not result or not result.get("ranking"):
        return "no_result"
    if len(players) < 2:
        return "solo"
    if any(player is None for player in players):
        return "anonymous_seat"
    if any(seat not in acted for seat in range(len(players))):
        return "zombie_from_start"
    return None


class RatingProjector:
    def __init__(self, pool: Any, poll_seconds: float = POLL_SECONDS) -> None:
        self.pool = pool
        self.poll_seconds = poll_seconds
        self._wake = asyncio.Event()

    def poke(self) -> None:
        """A game finished here: look now rather than at the next poll."""
        self._wake.set()

    async def finished(self, game_id: uuid.UUID, setup: Any, result: Any) -> None:
        """GameService finished hook."""
        self.poke()

    async def run(self) -> None:
        while True:
            try:
                await self.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("rating projector: %s; retrying", exc)
            await wait_event(self._wake, self.poll_seconds)
            self._wake.clear()

    async def catch_up(self) -> int:
        """Project everything committed so far; returns the rated games counted. Another
        process projecting meanwhile: returns 0 at once (it does the work)."""
        counted = 0
        while True:
            async with self.pool.connection() as conn, conn.transaction():
                locked = await _one(
                    conn, "SELECT pg_try_advisory_xact_lock(hashtextextended(%s, 0))", LOCK
                )
                if not locked:
                    return counted
                step = await _step(conn)
            if step is None:
                return counted
            counted += step[0]
            if not step[1]:
                # A window that was not full read everything readable: no second look now.
                return counted

    async def rebuild(self) -> int:
        """Forget every rating and project every game again, in one transaction (readers
        see the old values until it commits). Returns the rated games counted."""
        counted = 0
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (LOCK,))
            await conn.execute("DELETE FROM rating_changes")
            await conn.execute("DELETE FROM rated_games")
            await conn.execute("DELETE FROM player_ratings")
            await conn.execute(
                "UPDATE projections SET tx = '0', position = 0, updated_at = now() WHERE name = %s",
                (PROJECTION,),
            )
            while (step := await _step(conn)) is not None:
                counted += step[0]
        return counted


async def _one(conn: AsyncConnection, query: str, *params: Any) -> Any:
    row = await (await conn.execute(query, params)).fetchone()
    return row[0] if row else None


async def _step(conn: AsyncConnection) -> tuple[int, bool] | None:
    """One window of events after the checkpoint: the games that ended in it, in order, then
    the checkpoint. The rated games counted and whether the window was full (more may be
    readable at once); None when there is nothing new. Only events of transactions that have all
    ended are read, in (transaction id, position) order, as ``EventStore.read_all`` does and
    for the same reason: position order alone can skip an event committed late."""
    checkpoint = await (
        await conn.execute(
            "SELECT tx::text, position FROM projections WHERE name = %s FOR UPDATE", (PROJECTION,)
        )
    ).fetchone()
    # The last of the next WINDOW readable events, and how many there are. (The window's own
    # columns are sorted, not the text of tx: as text, 100 sorts before 99.)
    row = await (
        await conn.execute(
            "SELECT w.tx::text, w.position, w.n FROM (SELECT tx, position,"
            " count(*) OVER () AS n FROM (SELECT tx, position FROM events"
            " WHERE (tx, position) > (%s::xid8, %s::bigint)"
            " AND tx < pg_snapshot_xmin(pg_current_snapshot())"
            " ORDER BY tx, position LIMIT %s) v) w ORDER BY w.tx DESC, w.position DESC LIMIT 1",
            (*checkpoint, WINDOW),
        )
    ).fetchone()
    if row is None:
        return None
    upper, full = row[:2], row[2] >= WINDOW
    cur = await conn.execute(
        "SELECT e.position, s.id, s.game, s.setup, s.result, e.type"
        " FROM events e JOIN streams s ON s.id = e.stream_id"
        " WHERE (e.tx, e.position) > (%s::xid8, %s) AND (e.tx, e.position) <= (%s::xid8, %s)"
        " AND s.kind = 'game' AND s.status = 'finished' AND e.version = s.version"
        " ORDER BY e.tx, e.position",
        (*checkpoint, *upper),
    )
    counted = 0
    for position, game_id, game, setup, result, last_type in await cur.fetchall():
        counted += await _project_game(conn, position, game_id, game, setup, result, last_type)
    await conn.execute(
        "UPDATE projections SET tx = %s::xid8, position = %s, updated_at = now() WHERE name = %s",
        (*upper, PROJECTION),
    )
    return counted, full


async def _project_game(
    conn: AsyncConnection,
    position: int,
    game_id: uuid.UUID,
    game: str,
    setup: dict[str, Any],
    result: Any,
    last_type: str,
) -> int:
    seats = await (
        await conn.execute(
            "SELECT seat, player_id FROM seats WHERE stream_id = %s ORDER BY seat", (game_id,)
        )
    ).fetchall()
    players = [player for _, player in seats]
    # Who acted is the last check and the costly one (every event of the game): read only
    # for a game that no other reason leaves unrated (not an anonymous bot's game).
    reason = unrated_reason(setup, last_type, result, players, set(range(len(players))))
    if reason is None:
        acted = {
            row[0]
            for row in await (
                await conn.execute(
                    "SELECT DISTINCT (metadata->>'seat')::int FROM events"
                    " WHERE stream_id = %s AND metadata->>'seat' IS NOT NULL",
                    (game_id,),
                )
            ).fetchall()
        }
        reason = unrated_reason(setup, last_type, result, players, acted)
    inserted = await (
        await conn.execute(
            "INSERT INTO rated_games (game_id, game, position, rated, reason)"
            " VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING game_id",
            (game_id, game, position, reason is None, reason),
        )
    ).fetchone()
    if reason is not None or inserted is None:
        return 0
    places = {entry["seat"]: entry["place"] for entry in result["ranking"]}
    rows = await (
        await conn.execute(
            "SELECT player_id, mu, sigma, games FROM player_ratings"
            " WHERE game = %s AND player_id = ANY(%s) FOR UPDATE",
            (game, players),
        )
    ).fetchall()
    known = {row[0]: (Rating(row[1], row[2]), row[3]) for row in rows}
    before = [known.get(player, (NEW, 0))[0] for player in players]
    after = rate(before, [places[seat] for seat in range(len(players))])
    for seat, (player, rating) in enumerate(zip(players, after, strict=True)):
        await conn.execute(
            "INSERT INTO player_ratings"
            " (player_id, game, mu, sigma, ordinal, games, last_position, last_game)"
            " VALUES (%s, %s, %s, %s, %s, 1, %s, %s)"
            " ON CONFLICT (player_id, game) DO UPDATE SET mu = EXCLUDED.mu,"
            " sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal,"
            " games = player_ratings.games + 1, last_position = EXCLUDED.last_position,"
            " last_game = EXCLUDED.last_game",
            (player, game, rating.mu, rating.sigma, rating.ordinal, position, game_id),
        )
        await conn.execute(
            "INSERT INTO rating_changes (game_id, player_id, seat, place, mu, sigma, ordinal)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (game_id, player, seat, places[seat], rating.mu, rating.sigma, rating.ordinal),
        )
    return 1


@contextlib.asynccontextmanager
async def projecting(projector: RatingProjector) -> AsyncIterator[None]:
    """Run the projector in the background while the context is open."""
    task = asyncio.create_task(projector.run(), name="rating-projector")
    try:
        yield
    finally:
        await stop(task)
