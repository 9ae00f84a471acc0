"""The rating projector's window over the event log: transaction ids are compared as
numbers, and one call of ``catch_up`` that read a window that was not full has read
everything readable."""

from __future__ import annotations

import asyncio
import time
import uuid

import psycopg

from service.players.ratings import RatingProjector
from service.store.database import migrate
from tests.conftest import fresh_database


def _catch_up(url: str) -> None:
    """One ``catch_up`` of a projector of its own over ``url``."""
    from psycopg_pool import AsyncConnectionPool

    async def run() -> None:
        async with AsyncConnectionPool(url, min_size=1, max_size=1) as pool:
            await RatingProjector(pool).catch_up()

    asyncio.run(run())


def test_the_checkpoint_follows_transaction_ids_as_numbers(pg_server: str) -> None:
    with fresh_database(pg_server) as url:
        migrate(url)
        stream = uuid.uuid4()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status, version)"
                " VALUES (%s, 'game', 'azul', '1', '{}', 'finished', 4)",
                (stream,),
            )
            # As text, 100 and 10 sort before 9 and 99: the window's last event is 100.
            for version, tx in enumerate((9, 10, 99, 100), start=1):
                conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash, tx, notable)"
                    " VALUES (%s, %s, 't', '{}', '{}', '', '', %s::text::xid8, true)",
                    (stream, version, tx),
                )

        _catch_up(url)
        with psycopg.connect(url) as conn:
            (tx,) = conn.execute(
                "SELECT tx::text FROM projections WHERE name = 'ratings'"
            ).fetchone()
            seen = conn.execute(
                "SELECT rated, reason FROM rated_games WHERE game_id = %s", (stream,)
            ).fetchone()
        assert tx == "100"
        assert seen == (False, "no_result")


def test_a_game_no_registered_player_sat_in_is_not_read(pg_server: str) -> None:
    """Issue #32: the projector reads only notable events (migration 0016). A finished game of
    guests changes no rating and is never listed with a player: it is not recorded, while a
    game with one registered player among guests still is (``anonymous_seat``)."""
    with fresh_database(pg_server) as url:
        migrate(url)
        guests, mixed, player = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO players (id, name, token_hash) VALUES (%s, 'p', 'h')", (player,)
            )
            for stream in (guests, mixed):
                conn.execute(
                    "INSERT INTO streams (id, kind, game, rules_version, setup, status, version,"
                    " result) VALUES (%s, 'game', 'azul', '1', '{}', 'finished', 1,"
                    " '{\"ranking\": [[0], [1]]}')",
                    (stream,),
                )
                conn.execute(
                    "INSERT INTO seats (stream_id, seat, name, token_hash, player_id) VALUES"
                    " (%s, 0, 'a', %s, %s), (%s, 1, 'b', %s, NULL)",
                    (
                        stream,
                        None if stream == mixed else f"t0-{stream}",
                        player if stream == mixed else None,
                        stream,
                        f"t1-{stream}",
                    ),
                )
                # As the service stores it: notable set from the stream (by the trigger here).
                conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash) VALUES (%s, 1, 'azul.game_ended', '{}', '{}', '', '')",
                    (stream,),
                )

        _catch_up(url)
        with psycopg.connect(url) as conn:
            seen = dict(
                conn.execute(
                    "SELECT game_id, reason FROM rated_games WHERE game_id = ANY(%s)",
                    ([guests, mixed],),
                ).fetchall()
            )
        assert seen == {mixed: "anonymous_seat"}


async def _steps(projector: RatingProjector, pokes: int, every: float) -> int:
    """The steps ``projector.run()`` makes (its catch-up counted, not run) while it is poked
    ``pokes`` times, ``every`` seconds apart."""
    steps = 0

    async def catch_up() -> int:
        nonlocal steps
        steps += 1
        return 0

    projector.catch_up = catch_up  # type: ignore[method-assign]
    task = asyncio.create_task(projector.run())
    for _ in range(pokes):
        await asyncio.sleep(every)
        projector.poke()
    await asyncio.sleep(every)
    task.cancel()
    return steps


def test_finished_games_in_a_burst_are_projected_together() -> None:
    """Issue #32: every finished game poked the projector, and each poke made a step of its own
    (a transaction and a WAL flush for one game). Pokes within ``GAP`` of a step's start wait for
    the next step, which takes them together."""
    projector = RatingProjector(pool=None, poll_seconds=60.0, gap=30.0)
    # Twenty games finish, one after another.
    assert asyncio.run(_steps(projector, 20, 0.01)) == 1


def test_a_projector_keeps_its_own_gap(monkeypatch) -> None:
    """The pause between steps is each projector's own, set when it is made: the burst test
    above once changed the module's GAP to 30 s, and the shared test app's projector, which
    read it at each step, slept 30 s while a later test waited 20 s for its ratings."""
    from service.players import ratings

    projector = RatingProjector(pool=None, poll_seconds=60.0, gap=0.0)
    monkeypatch.setattr(ratings, "GAP", 30.0)  # after it was made: not its business
    assert asyncio.run(_steps(projector, 3, 0.05)) == 4  # the first step, then one per poke


def test_a_transaction_open_in_another_database_holds_the_projector_back(
    pg_server: str,
) -> None:
    """deploy/README.md, "Long transactions": the projector reads only below the oldest
    transaction open anywhere on the server (transaction ids are the server's, not a
    database's), so that it never skips a late commit. A game that ends while another
    database's transaction is open is rated once that transaction ends."""
    with fresh_database(pg_server) as url, fresh_database(pg_server) as other:
        migrate(url)
        stream = uuid.uuid4()
        with psycopg.connect(other) as elsewhere:
            # A transaction with an id of its own, left open.
            elsewhere.execute("CREATE TABLE report (n int)")
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(
                    "INSERT INTO streams (id, kind, game, rules_version, setup, status, version)"
                    " VALUES (%s, 'game', 'azul', '1', '{}', 'finished', 1)",
                    (stream,),
                )
                conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash, notable) VALUES (%s, 1, 'azul.game_ended', '{}', '{}', '', '', true)",
                    (stream,),
                )

            def rated() -> list:
                _catch_up(url)
                with psycopg.connect(url) as conn:
                    return conn.execute(
                        "SELECT reason FROM rated_games WHERE game_id = %s", (stream,)
                    ).fetchall()

            assert rated() == []
            elsewhere.rollback()
        # Other tests' apps share the server: their own short transactions may hold it back
        # a moment longer.
        deadline = time.monotonic() + 20
        while not (seen := rated()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert seen == [("no_result",)]
