"""Migrations keep the rows written before them working."""

from __future__ import annotations

import asyncio
import uuid

import psycopg
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from service.store.chain import IdempotencyReplay
from service.store.database import migrate
from service.store.events import EventStore
from tests.conftest import fresh_database


def test_idempotency_rows_from_before_keys_were_per_seat_replay_to_their_seat_only(
    pg_server: str,
) -> None:
    with fresh_database(pg_server) as url:
        migrate(url, "0002")
        game = uuid.uuid4()
        answer = {"version": 2, "events": [{"version": 2, "seat": 1, "type": "azul.x"}]}
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{}', 'active')",
                (game,),
            )
            for key, response in (("answered", answer), ("no-events", {"events": []})):
                conn.execute(
                    "INSERT INTO idempotency (stream_id, key, request_hash, status, response)"
                    " VALUES (%s, %s, 'h', 200, %s)",
                    (game, key, Jsonb(response)),
                )
        migrate(url)

        async def claim(seat: int, key: str) -> object:
            async with AsyncConnectionPool(url, open=False, kwargs={"autocommit": True}) as pool:
                store = EventStore(pool)
                async with pool.connection() as conn, conn.transaction():
                    try:
                        await store.claim_idempotency_key(conn, game, seat, key, "h")
                    except IdempotencyReplay as replay:
                        return replay.response
                    raise _Claimed

        async def outcome(seat: int, key: str) -> object:
            try:
                return await claim(seat, key)
            except _Claimed:
                return "claimed"

        assert asyncio.run(outcome(1, "answered")) == answer  # its own seat: the replay
        assert asyncio.run(outcome(0, "answered")) == "claimed"  # another seat: its own key
        # Neither the answer nor the events name the seat: nobody gets that answer.
        assert asyncio.run(outcome(0, "no-events")) == "claimed"
        assert asyncio.run(outcome(1, "no-events")) == "claimed"


class _Claimed(Exception):
    """Rolls the claim back: the key was free for that seat."""


def test_games_of_duplicate_rounds_from_before_seed_groups_are_grouped(pg_server: str) -> None:
    from service.games.seed_groups import group_key

    with fresh_database(pg_server) as url:
        migrate(url, "0004")
        tournament, games = uuid.uuid4(), [uuid.uuid4() for _ in range(3)]
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'tournament', 'azul', '1', '{}', 'running')",
                (tournament,),
            )
            # Two tables dealt one seed (a duplicate round), one with a seed of its own.
            for index, (game, seed) in enumerate(zip(games, ("dup", "dup", "own"), strict=True)):
                link = {"tournament": str(tournament), "table_id": f"r1t{index + 1}"}
                conn.execute(
                    "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                    " VALUES (%s, 'game', 'azul', '1', %s, 'active')",
                    (game, Jsonb({"players": 2, "link": link})),
                )
                conn.execute("INSERT INTO secrets (stream_id, seed) VALUES (%s, %s)", (game, seed))
                conn.execute(
                    "INSERT INTO tournament_games (stream_id, table_id, game_id)"
                    " VALUES (%s, %s, %s)",
                    (tournament, link["table_id"], game),
                )
        migrate(url)
        with psycopg.connect(url) as conn:
            groups = [
                conn.execute(
                    "SELECT setup -> 'link' ->> 'seed_group' FROM streams WHERE id = %s", (game,)
                ).fetchone()[0]
                for game in games
            ]
    assert groups == [group_key(tournament, "dup"), group_key(tournament, "dup"), None]
