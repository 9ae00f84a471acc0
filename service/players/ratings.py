"""Ratings: a projection of finished games, per game type, with openskill's Plackett-Luce
model (Weng-Lin; multiplayer, ties share a place). Rules of what is rated: docs/players.md.

The projector reads the notable events (``events.notable``, migration 0016: a registered
player holds a seat, or the game is a tournament's table; no other game can change a rating)
in (transaction id, position) order from its checkpoint (table ``projections``), finds the
last event of each finished game, decides whether the game is rated, and updates
``player_ratings`` with the game's ranking, in one transaction with the checkpoint: a crash
or a restart loses nothing and counts nothing twice. One process projects at a time (an
advisory lock; the others skip their turn). ``rebuild`` starts again from position 0 and
must end with exactly the live values (tests/players/test_ratings.py)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import uuid
from collections.abc import AsyncIterator, Mapping
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
GAP = 0.5
"""Seconds at least from the start of one catch-up to the next, however many games finish
meanwhile: under load a poke per finished game made a step (a transaction of five statements
and a WAL flush) for one game each, about 40 us of a worker's CPU per command turn in
http_load's short games (issue #32). A rating then shows at most this much later."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


NEW = Rating(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class RatingRules:
    """The rules against rating farming (docs/players.md, "What is rated"; README settings).
    The projection applies them, so a rebuild under the same settings gives the same ratings;
    ``provisional_sigma`` is applied when a leaderboard is read."""

    min_moves: int = 3
    """GAMESTATE_RATED_MIN_MOVES: moves of its own every seat must have made (a resignation,
    a timeout or the clock's bot is none) for the game to be rated (``too_short``)."""
    repeat_window_hours: float = 24.0
    """GAMESTATE_RATING_REPEAT_WINDOW_HOURS: how far back earlier games against the same
    opponent (in the same game type) count."""
    repeat_max: int = 3
    """GAMESTATE_RATING_REPEAT_MAX: rated games against one opponent within the window; the
    n-th earlier one halves a game's weight n times, and beyond this many the game is
    unrated (``repeated_opponent``)."""
    provisional_sigma: float = 7.0
    """GAMESTATE_RATING_PROVISIONAL_SIGMA: a rating less certain than this (sigma above it) is
    provisional, and kept off the leaderboards like one with too few games."""


def rate(before: list[Rating], places: list[int], weight: float = 1.0) -> list[Rating]:
    """The seats' ratings after a game where seat i finished at ``places[i]`` (1 is first;
    equal places are a tie), the change scaled by ``weight`` (1: a full game). openskill's
    own ``weights`` share a team's change among its members (partial play) and are normalised
    within a team, so a one-player team's weight changes nothing: a game's weight scales the
    change of mu and sigma instead."""
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places])
    return [
        Rating(r.mu + weight * (team[0].mu - r.mu), r.sigma + weight * (team[0].sigma - r.sigma))
        for r, team in zip(before, after, strict=True)
    ]


def repeat_weight(earlier: int, rules: RatingRules) -> float | None:
    """A game's weight when its players already met ``earlier`` times (rated, in the
    window): 1, 1/2, 1/4, ...; None (unrated) from ``repeat_max`` earlier games on."""
    if earlier >= rules.repeat_max:
        return None
    return 0.5**earlier


def unrated_reason(
    setup: dict[str, Any],
    last_event_type: str,
    result: Any,
    players: list[uuid.UUID | None],
    acted: set[int],
    moves: Mapping[int, int] | None = None,
    min_moves: int = 0,
) -> str | None:
    """Why a finished game is not rated (None: it is). In this order: ``imported``,
    ``practice`` (created with ``rated: false``), ``abandoned``, ``no_result``, ``solo``,
    ``anonymous_seat`` (a seat is not a registered player), ``zombie_from_start`` (a seat
    never decided anything itself: every decision of it was made by the clock's bot),
    ``too_short`` (a seat made fewer than ``min_moves`` moves of its own: ``moves``, seat ->
    count; the repeated-opponent rule needs the store and is applied by the projector)."""
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
    if moves is not None and any(moves.get(seat, 0) < min_moves for seat in range(len(players))):
        return "too_short"
    return None


class RatingProjector:
    def __init__(
        self,
        pool: Any,
        poll_seconds: float = POLL_SECONDS,
        rules: RatingRules | None = None,
        gap: float = GAP,
    ) -> None:
        self.pool = pool
        self.poll_seconds = poll_seconds
        # Per projector, not read from the module at each step: a test that changed the
        # module's GAP stalled every other projector in the process (the shared test app's
        # for 30 s once, and a test waiting 20 s for its ratings failed).
        self.gap = gap
        self.rules = rules or RatingRules()
        self._wake = asyncio.Event()

    def poke(self) -> None:
        """A game finished here: look now rather than at the next poll."""
        self._wake.set()

    async def finished(self, game_id: uuid.UUID, setup: Any, result: Any) -> None:
        """GameService finished hook."""
        self.poke()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._wake.clear()
            started = loop.time()
            try:
                await self.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("rating projector: %s; retrying", exc)
            await wait_event(self._wake, self.poll_seconds)
            rest = self.gap - (loop.time() - started)
            if rest > 0:
                # The finishes of this gap are taken together by the next step.
                await asyncio.sleep(rest)

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
                step = await _step(conn, self.rules)
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
            while (step := await _step(conn, self.rules)) is not None:
                counted += step[0]
        return counted


async def _one(conn: AsyncConnection, query: str, *params: Any) -> Any:
    row = await (await conn.execute(query, params)).fetchone()
    return row[0] if row else None


async def _step(conn: AsyncConnection, rules: RatingRules) -> tuple[int, bool] | None:
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
            " WHERE notable AND (tx, position) > (%s::xid8, %s::bigint)"
            " AND tx < pg_snapshot_xmin(pg_current_snapshot())"
            " ORDER BY tx, position LIMIT %s) v) w ORDER BY w.tx DESC, w.position DESC LIMIT 1",
            (*checkpoint, WINDOW),
        )
    ).fetchone()
    if row is None:
        return None
    upper, full = row[:2], row[2] >= WINDOW
    cur = await conn.execute(
        "SELECT e.position, s.id, s.game, s.setup, s.result, e.type, e.recorded_at"
        " FROM events e JOIN streams s ON s.id = e.stream_id"
        " WHERE e.notable AND (e.tx, e.position) > (%s::xid8, %s)"
        " AND (e.tx, e.position) <= (%s::xid8, %s)"
        " AND s.kind = 'game' AND s.status = 'finished' AND e.version = s.version"
        " ORDER BY e.tx, e.position",
        (*checkpoint, *upper),
    )
    counted = 0
    for position, game_id, game, setup, result, last_type, at in await cur.fetchall():
        ended = Ended(position, game_id, game, setup, result, last_type, at)
        counted += await _project_game(conn, ended, rules)
    await conn.execute(
        "UPDATE projections SET tx = %s::xid8, position = %s, updated_at = now() WHERE name = %s",
        (*upper, PROJECTION),
    )
    return counted, full


@dataclass(frozen=True)
class Ended:
    """A finished game as the projector meets it: its last event's position and time."""

    position: int
    game_id: uuid.UUID
    game: str
    setup: dict[str, Any]
    result: Any
    last_type: str
    at: dt.datetime


async def _project_game(conn: AsyncConnection, ended: Ended, rules: RatingRules) -> int:
    game_id, game, result = ended.game_id, ended.game, ended.result
    seats = await (
        await conn.execute(
            "SELECT seat, player_id FROM seats WHERE stream_id = %s ORDER BY seat", (game_id,)
        )
    ).fetchall()
    players = [player for _, player in seats]
    # Who acted and how often are the costly checks (every event of the game): read only
    # for a game that no other reason leaves unrated (not an anonymous bot's game).
    reason = unrated_reason(ended.setup, ended.last_type, result, players, set(range(len(players))))
    weight: float | None = 1.0
    if reason is None:
        acted, moves = await _moves(conn, game_id)
        reason = unrated_reason(
            ended.setup, ended.last_type, result, players, acted, moves, rules.min_moves
        )
    if reason is None:
        weight = repeat_weight(await _earlier_meetings(conn, ended, players, rules), rules)
        if weight is None:
            reason = "repeated_opponent"
    inserted = await (
        await conn.execute(
            "INSERT INTO rated_games (game_id, game, position, rated, reason, finished_at,"
            " weight) VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING"
            " RETURNING game_id",
            (
                game_id,
                game,
                ended.position,
                reason is None,
                reason,
                ended.at,
                weight if reason is None else None,
            ),
        )
    ).fetchone()
    if reason is not None or inserted is None or weight is None:
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
    after = rate(before, [places[seat] for seat in range(len(players))], weight)
    for seat, (player, rating) in enumerate(zip(players, after, strict=True)):
        await conn.execute(
            "INSERT INTO player_ratings"
            " (player_id, game, mu, sigma, ordinal, games, last_position, last_game)"
            " VALUES (%s, %s, %s, %s, %s, 1, %s, %s)"
            " ON CONFLICT (player_id, game) DO UPDATE SET mu = EXCLUDED.mu,"
            " sigma = EXCLUDED.sigma, ordinal = EXCLUDED.ordinal,"
            " games = player_ratings.games + 1, last_position = EXCLUDED.last_position,"
            " last_game = EXCLUDED.last_game",
            (player, game, rating.mu, rating.sigma, rating.ordinal, ended.position, game_id),
        )
        await conn.execute(
            "INSERT INTO rating_changes (game_id, player_id, seat, place, mu, sigma, ordinal)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (game_id, player, seat, places[seat], rating.mu, rating.sigma, rating.ordinal),
        )
    return 1


async def _moves(conn: AsyncConnection, game_id: uuid.UUID) -> tuple[set[int], dict[int, int]]:
    """The seats that decided anything themselves (any command, a resignation included), and
    each seat's moves: its own game commands (a command's first event carries it), not the
    lifecycle's (``game.*``: resign, rejoin) nor the clock's bot (its seat is none)."""
    rows = await (
        await conn.execute(
            "SELECT (metadata->>'seat')::int, count(*) FILTER (WHERE metadata ? 'command'"
            " AND metadata->'command'->>'type' NOT LIKE 'game.%%')"
            " FROM events WHERE stream_id = %s AND metadata->>'seat' IS NOT NULL GROUP BY 1",
            (game_id,),
        )
    ).fetchall()
    return {seat for seat, _ in rows}, {seat: count for seat, count in rows}


async def _earlier_meetings(
    conn: AsyncConnection, ended: Ended, players: list[Any], rules: RatingRules
) -> int:
    """The most rated games any two of the players played together in this game type within
    the window before this one ended (the projection's order decides what came before, so a
    rebuild meets the same games)."""
    row = await (
        await conn.execute(
            "SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n"
            " FROM rated_games r JOIN rating_changes a ON a.game_id = r.game_id"
            " JOIN rating_changes b ON b.game_id = r.game_id AND a.player_id < b.player_id"
            " WHERE r.game = %s AND r.rated AND a.player_id = ANY(%s) AND b.player_id = ANY(%s)"
            " AND r.finished_at > %s - make_interval(secs => %s)"
            " GROUP BY a.player_id, b.player_id) pairs",
            (ended.game, players, players, ended.at, rules.repeat_window_hours * 3600),
        )
    ).fetchone()
    return int(row[0]) if row else 0


@contextlib.asynccontextmanager
async def projecting(projector: RatingProjector) -> AsyncIterator[None]:
    """Run the projector in the background while the context is open."""
    task = asyncio.create_task(projector.run(), name="rating-projector")
    try:
        yield
    finally:
        await stop(task)
