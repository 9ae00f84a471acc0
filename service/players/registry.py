"""The player registry: creating players, their tokens (rotation, revocation), who a player
token is, which seat a player holds in a game, and the per-process caches of both, kept true
across processes by ``NOTIFY gamestate_players``."""

from __future__ import annotations

import datetime as dt
import logging
import secrets
import uuid
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from psycopg import AsyncConnection

from service.games.cache import Lru
from service.games.model import Viewer, token_hash
from service.support.errors import ApiError

log = logging.getLogger("gamestate.players")

PLAYERS_CHANNEL = "gamestate_players"
"""NOTIFY channel: the payload is the id of a player whose token changed (rotated, revoked)."""
TOKEN_PREFIX = "gsp_"
"""Player tokens start with it: a token is known for a player's at a glance (and by
secret scanners), and seat tokens (``token_urlsafe``) cannot start with an underscore-led
prefix by chance often enough to matter (their lookups fall back to the seat table)."""


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def is_player_token(token: str) -> bool:
    return token.startswith(TOKEN_PREFIX)


def invalid_token() -> ApiError:
    return ApiError(
        401,
        "invalid_token",
        "unknown or revoked bearer token",
        {"WWW-Authenticate": 'Bearer error="invalid_token"'},
    )


@dataclass(frozen=True)
class Player:
    id: uuid.UUID
    name: str
    contact: str | None
    created_at: dt.datetime
    rotated_at: dt.datetime | None
    revoked_at: dt.datetime | None


class Watch:
    """See :meth:`PlayerRegistry.watch`."""

    __slots__ = ("__weakref__", "player_id", "poke", "stale")

    def __init__(self, player_id: uuid.UUID, poke: Callable[[], None]) -> None:
        self.player_id = player_id
        self.poke = poke
        self.stale = False


PLAYER_COLUMNS = "id, name, contact, created_at, rotated_at, revoked_at"


async def player_names(conn: AsyncConnection, ids: list[uuid.UUID]) -> dict[uuid.UUID, str]:
    """Names of the players among ``ids`` that exist and are not revoked."""
    cur = await conn.execute(
        "SELECT id, name FROM players WHERE id = ANY(%s) AND revoked_at IS NULL", (ids,)
    )
    return dict(await cur.fetchall())


class PlayerRegistry:
    """One per process. ``by_token`` is what every route asks (cached: a known token costs no
    query); the cache forgets a player as soon as its token changes, here at once and in every
    other process when the NOTIFY arrives (``heard``), and wholly when the listener
    reconnects (a notification may have been missed meanwhile)."""

    def __init__(self, cache_size: int = 100_000) -> None:
        self._by_token: Lru = Lru(cache_size)
        """token hash -> Player (valid tokens only)."""
        self._seats: Lru = Lru(cache_size)
        """(player id, game id) -> seat: a seat, once held, is held for good."""
        self._generation = 0
        self._watchers: dict[uuid.UUID, weakref.WeakSet[Watch]] = {}
        self.on_invalidated: list[Callable[[uuid.UUID | None], None]] = []
        """Called with a player's id when its token stops being valid (rotated, revoked), in
        every process; with None when any may have (the listener reconnected)."""

    # -- tokens -----------------------------------------------------------------------------

    async def create(
        self, conn: AsyncConnection, name: str, contact: str | None
    ) -> tuple[Player, str]:
        """A new player and its token (shown once: only its hash is stored)."""
        token = new_token()
        cur = await conn.execute(
            f"INSERT INTO players (id, name, contact, token_hash) VALUES (%s, %s, %s, %s)"
            f" RETURNING {PLAYER_COLUMNS}",
            (uuid.uuid4(), name, contact, token_hash(token)),
        )
        return Player(*(await cur.fetchone())), token

    async def get(self, conn: AsyncConnection, player_id: uuid.UUID) -> Player | None:
        cur = await conn.execute(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE id = %s", (player_id,)
        )
        row = await cur.fetchone()
        return Player(*row) if row else None

    async def names(self, conn: AsyncConnection, ids: list[uuid.UUID]) -> dict[uuid.UUID, str]:
        return await player_names(conn, ids)

    async def by_token(self, conn: AsyncConnection, token: str) -> Player:
        """The player a token belongs to; 401 ``invalid_token`` when unknown or revoked."""
        hashed = token_hash(token)
        player = self._by_token.get(hashed)
        if player is not None:
            return player
        generation = self._generation
        cur = await conn.execute(
            f"SELECT {PLAYER_COLUMNS} FROM players WHERE token_hash = %s AND revoked_at IS NULL",
            (hashed,),
        )
        row = await cur.fetchone()
        if row is None:
            raise invalid_token()
        player = Player(*row)
        # A rotation or revocation heard while this query ran may be of this very row.
        if generation == self._generation:
            self._by_token.store(hashed, player)
        return player

    async def rotate(self, conn: AsyncConnection, player: Player) -> tuple[Player, str]:
        """A new token for the player; the old one is refused from the commit on, everywhere."""
        token = new_token()
        async with conn.transaction():
            cur = await conn.execute(
                f"UPDATE players SET token_hash = %s, rotated_at = now()"
                f" WHERE id = %s AND revoked_at IS NULL RETURNING {PLAYER_COLUMNS}",
                (token_hash(token), player.id),
            )
            row = await cur.fetchone()
            if row is None:
                raise invalid_token()
            await conn.execute("SELECT pg_notify(%s, %s)", (PLAYERS_CHANNEL, str(player.id)))
        self.invalidate(player.id)
        return Player(*row), token

    async def revoke(self, conn: AsyncConnection, player_id: uuid.UUID) -> Player:
        """Revoke the player's token for good (idempotent); 404 for an unknown player."""
        async with conn.transaction():
            cur = await conn.execute(
                f"UPDATE players SET revoked_at = coalesce(revoked_at, now())"
                f" WHERE id = %s RETURNING {PLAYER_COLUMNS}",
                (player_id,),
            )
            row = await cur.fetchone()
            if row is None:
                raise ApiError(404, "player_not_found", "no such player")
            await conn.execute("SELECT pg_notify(%s, %s)", (PLAYERS_CHANNEL, str(player_id)))
        self.invalidate(player_id)
        return Player(*row)

    # -- seats ------------------------------------------------------------------------------

    async def seat_in(
        self, conn: AsyncConnection, player_id: uuid.UUID, game_id: uuid.UUID
    ) -> int | None:
        """The seat the player holds in the game, if any. Only held seats are cached: an
        open seat may be taken by the player later (the lobby)."""
        key = (player_id, game_id)
        seat = self._seats.get(key)
        if seat is None:
            cur = await conn.execute(
                "SELECT seat FROM seats WHERE stream_id = %s AND player_id = %s",
                (game_id, player_id),
            )
            row = await cur.fetchone()
            if row is None:
                return None
            seat = row[0]
            self._seats.store(key, seat)
        return seat

    def cached_seat(self, player_id: uuid.UUID, game_id: uuid.UUID) -> int | None:
        return self._seats.get((player_id, game_id))

    async def viewer(self, conn: AsyncConnection, token: str, game_id: uuid.UUID | None) -> Viewer:
        """A player token as a :class:`Viewer` of one game: the seat the player holds there,
        or a spectator who is that player (``player_id`` set, ``seat`` None)."""
        player = await self.by_token(conn, token)
        seat = None if game_id is None else await self.seat_in(conn, player.id, game_id)
        if seat is None:
            return Viewer(player_id=player.id)
        return Viewer(game_id=game_id, seat=seat, player_id=player.id)

    def cached_viewer(self, token: str, game_id: uuid.UUID | None) -> Viewer | None:
        """:meth:`viewer` when both the token and the seat are cached (no query), else None."""
        player = self._by_token.get(token_hash(token))
        if player is None or game_id is None:
            return None
        seat = self._seats.get((player.id, game_id))
        if seat is None:
            return None
        return Viewer(game_id=game_id, seat=seat, player_id=player.id)

    # -- invalidation -----------------------------------------------------------------------

    def watch(self, player_id: uuid.UUID, poke: Callable[[], None]) -> Watch:
        """Watch the player's token: when it may have stopped being valid (rotated, revoked,
        or a missed notification), the watch turns ``stale`` and ``poke`` is called; the
        holder then checks the token again (a live stream ends if it was revoked). Held
        weakly: forgotten with its holder."""
        watch = Watch(player_id, poke)
        self._watchers.setdefault(player_id, weakref.WeakSet()).add(watch)
        return watch

    def invalidate(self, player_id: uuid.UUID | None) -> None:
        """Forget the player's cached token (None: every player's) and poke its watchers."""
        self._generation += 1
        if player_id is None:
            self._by_token.clear()
            watches = [w for group in self._watchers.values() for w in group]
            self._watchers.clear()
        else:
            for hashed in [h for h, p in self._by_token.items() if p.id == player_id]:
                del self._by_token[hashed]
            watches = list(self._watchers.pop(player_id, ()))
        for watch in watches:
            watch.stale = True
            watch.poke()
        for callback in self.on_invalidated:
            try:
                callback(player_id)
            except Exception:
                log.exception("player invalidation callback failed")

    def heard(self, payload: str | None) -> None:
        """A ``gamestate_players`` notification (None: the listener reconnected)."""
        if payload is None:
            self.invalidate(None)
            return
        try:
            player_id = uuid.UUID(payload)
        except ValueError:
            log.warning("ignoring malformed player notification %r", payload)
            return
        self.invalidate(player_id)


async def token_still_valid(registry: PlayerRegistry, conn: AsyncConnection, token: str) -> bool:
    """Whether a player token is still valid (asked again by a stale :class:`Watch`)."""
    try:
        await registry.by_token(conn, token)
    except ApiError:
        return False
    return True
