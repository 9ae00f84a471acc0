"""What is read about players: ratings, a player's games (history, "my turn"), leaderboards.
Pages use cursors like the other lists (a page's last item; stable while items are added)."""

from __future__ import annotations

import uuid
from typing import Any

from psycopg import AsyncConnection

from service.games.service import GameService
from service.players import schemas as ps
from service.support import cursor

LEADER_CURSOR = r"^-?[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?_[0-9a-f]{32}$"
"""A leaderboard position: the last row's ordinal (exactly, as Python writes a float) and
player id."""
MAX_TO_ACT_SCAN = 1000
"""Active games looked at, at most, to answer ``to_act=me`` (whose turn it is is not stored:
each game's state says it)."""


async def ratings_of(conn: AsyncConnection, player_id: uuid.UUID) -> list[ps.PlayerRating]:
    cur = await conn.execute(
        "SELECT game, mu, sigma, ordinal, games, last_game FROM player_ratings"
        " WHERE player_id = %s ORDER BY game",
        (player_id,),
    )
    return [
        ps.PlayerRating(game=g, mu=mu, sigma=sigma, ordinal=ordinal, games=games, last_game=last)
        for g, mu, sigma, ordinal, games, last in await cur.fetchall()
    ]


async def games_of(
    conn: AsyncConnection,
    games: GameService,
    player_id: uuid.UUID,
    *,
    status: str | None,
    to_act_me: bool,
    limit: int,
    after: str | None,
) -> ps.PlayerGamePage:
    """Newest first. ``to_act_me``: only active games where the player is to act now."""
    where = ["s.player_id = %(player)s", "g.kind = 'game'"]
    if status is not None:
        where.append("g.status = %(status)s")
    if to_act_me:
        where.append("g.status = 'active'")
    position = cursor.decode(after) if after else None
    if position is not None:
        where.append("(g.created_at < %(at)s OR (g.created_at = %(at)s AND g.id > %(id)s))")
    cur = await conn.execute(
        "SELECT g.id, g.game, g.status, s.seat, g.created_at, g.result,"
        " r.rated, c.ordinal"
        " FROM seats s JOIN streams g ON g.id = s.stream_id"
        " LEFT JOIN rated_games r ON r.game_id = g.id"
        " LEFT JOIN rating_changes c ON c.game_id = g.id AND c.player_id = s.player_id"
        f" WHERE {' AND '.join(where)} ORDER BY g.created_at DESC, g.id LIMIT %(limit)s",
        {
            "player": player_id,
            "status": status,
            "at": position[0] if position else None,
            "id": position[1] if position else None,
            "limit": MAX_TO_ACT_SCAN if to_act_me else limit + 1,
        },
    )
    items: list[ps.PlayerGame] = []
    more = False
    for (
        game_id,
        game,
        game_status,
        seat,
        created_at,
        result,
        rated,
        ordinal,
    ) in await cur.fetchall():
        if len(items) == limit:
            more = True
            break
        to_act = False
        if game_status == "active":
            loaded = await games.repo.load(conn, game_id)
            to_act = seat in loaded.spec.to_act(loaded.state)
        if to_act_me and not to_act:
            continue
        place = None
        if result:
            ranking = result.get("ranking", ())
            place = next((e["place"] for e in ranking if e["seat"] == seat), None)
        items.append(
            ps.PlayerGame(
                game_id=game_id,
                game=game,
                status=game_status,
                seat=seat,
                created_at=created_at,
                to_act=to_act,
                place=place,
                rated=rated,
                ordinal=ordinal,
            )
        )
    following = cursor.encode(items[-1].created_at, items[-1].game_id) if more else None
    return ps.PlayerGamePage(items=items, next=following)


async def leaderboard(
    conn: AsyncConnection,
    game: str,
    min_games: int,
    limit: int,
    after: str | None,
    *,
    max_sigma: float = float("inf"),
) -> ps.Leaderboard:
    """Players with ``min_games`` rated games at least and a sigma of ``max_sigma`` at most
    (the others are provisional: docs/players.md), not revoked."""
    params: dict[str, Any] = {
        "game": game,
        "min": min_games,
        "sigma": max_sigma,
        "limit": limit + 1,
    }
    page = ""
    if after is not None:
        ordinal, _, player = after.partition("_")
        params["ordinal"], params["player"] = float(ordinal), uuid.UUID(hex=player)
        page = " WHERE ordinal < %(ordinal)s OR (ordinal = %(ordinal)s AND player_id > %(player)s)"
    cur = await conn.execute(
        "SELECT rank, player_id, name, ordinal, mu, sigma, games FROM ("
        " SELECT rank() OVER (ORDER BY r.ordinal DESC) AS rank, r.player_id, p.name,"
        " r.ordinal, r.mu, r.sigma, r.games"
        " FROM player_ratings r JOIN players p ON p.id = r.player_id"
        " WHERE r.game = %(game)s AND r.games >= %(min)s AND r.sigma <= %(sigma)s"
        " AND p.revoked_at IS NULL) board"
        f"{page} ORDER BY ordinal DESC, player_id LIMIT %(limit)s",
        params,
    )
    rows = [
        ps.LeaderboardRow(
            rank=rank, player_id=pid, name=name, ordinal=o, mu=mu, sigma=sigma, games=n
        )
        for rank, pid, name, o, mu, sigma, n in await cur.fetchall()
    ]
    following = None
    if len(rows) > limit:
        rows = rows[:limit]
        following = f"{rows[-1].ordinal!r}_{rows[-1].player_id.hex}"
    return ps.Leaderboard(game=game, min_games=min_games, items=rows, next=following)
