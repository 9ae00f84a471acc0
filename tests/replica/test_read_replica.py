"""GAMESTATE_READ_DATABASE_URL against a real streaming standby (tests/replica/conftest.py).
Replay is paused on the standby to make it fall behind on purpose: a read that names a version
the standby has is answered from the standby (its answer shows the standby's older version,
so it cannot have come from the primary); a read that must see more waits for about
GAMESTATE_READ_WAIT_MS, then goes to the primary and is exact; commands keep working."""

from __future__ import annotations

import asyncio
import time

from service.store.replica import ReadRouter, lsn_value
from service.support.metrics import REPLICA_READS
from tests.replica.conftest import READ_WAIT, Pair


def served(by: str) -> float:
    return REPLICA_READS.labels(served_by=by)._value.get()


def new_game(client, seed: str = "replica") -> tuple[str, list[str]]:
    answer = client.post(
        "/games",
        json={"game": "azul", "seats": [{"name": "ann"}, {"name": "bob"}], "seed": seed},
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["id"], [seat["token"] for seat in body["seats"]]


def play(client, game_id: str, tokens: list[str]) -> int:
    """One command by the seat to act; the version it made."""
    view = client.get(f"/games/{game_id}").json()
    token = tokens[view["to_act"][0]]
    auth = {"Authorization": f"Bearer {token}"}
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth).json()
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth,
    )
    assert answer.status_code == 200, answer.text
    return answer.json()["version"]


def forget(client, game_id: str) -> None:
    """Drop the game from the process's state cache, so that a read must ask a database."""
    import uuid

    client.app.state.games.cache.drop(uuid.UUID(game_id))


def test_caught_up_reads_are_served_by_the_replica(replica_client, pair: Pair) -> None:
    game_id, tokens = new_game(replica_client, "caught-up")
    play(replica_client, game_id, tokens)
    pair.sync()
    before_replica, before_primary = served("replica"), served("primary")
    for path in (
        f"/games/{game_id}",
        f"/games/{game_id}/events",
        f"/games/{game_id}/views/1",
        "/games?game=azul",
    ):
        assert replica_client.get(path).status_code == 200, path
    # At least one replica read each (time travel reads its events in pages since the heavy-
    # read limits: a short game may take a second checkout), and none from the primary.
    assert served("replica") - before_replica >= 4
    assert served("primary") == before_primary
    page = replica_client.get("/metrics").text
    assert 'gamestate_replica_reads_total{served_by="replica"}' in page
    assert 'gamestate_db_replica_pool{stat="pool_size"}' in page


def test_a_version_the_replica_has_is_read_from_the_replica(
    replica_client, replaying: Pair
) -> None:
    game_id, tokens = new_game(replica_client, "behind")
    at_replica = play(replica_client, game_id, tokens)
    replaying.sync()
    replaying.replay(False)
    at_primary = play(replica_client, game_id, tokens)
    assert at_primary == at_replica + 1
    forget(replica_client, game_id)
    started = time.perf_counter()
    view = replica_client.get(f"/games/{game_id}?min_version={at_replica}")
    # The standby's version: the primary would have answered at_primary.
    assert view.status_code == 200
    assert view.json()["version"] == at_replica
    assert time.perf_counter() - started < READ_WAIT


def test_a_version_the_replica_lacks_waits_then_reads_the_primary(
    replica_client, replaying: Pair
) -> None:
    game_id, tokens = new_game(replica_client, "min-version")
    play(replica_client, game_id, tokens)
    replaying.sync()
    replaying.replay(False)
    at_primary = play(replica_client, game_id, tokens)
    forget(replica_client, game_id)
    before = served("primary")
    auth = {"Authorization": f"Bearer {tokens[0]}"}
    for path in (f"/games/{game_id}", f"/games/{game_id}/legal-commands"):
        started = time.perf_counter()
        answer = replica_client.get(f"{path}?min_version={at_primary}", headers=auth)
        waited = time.perf_counter() - started
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == at_primary  # exact: read-your-writes
        assert waited >= READ_WAIT * 0.9
        forget(replica_client, game_id)
    assert served("primary") - before == 2


def test_reads_without_a_version_see_every_accepted_command(
    replica_client, replaying: Pair
) -> None:
    game_id, tokens = new_game(replica_client, "fence")
    play(replica_client, game_id, tokens)
    replaying.sync()
    replaying.replay(False)
    at_primary = play(replica_client, game_id, tokens)
    newer, _ = new_game(replica_client, "fence-newer")  # commands work with replay paused
    forget(replica_client, game_id)
    assert replica_client.get(f"/games/{game_id}").json()["version"] == at_primary
    events = replica_client.get(f"/games/{game_id}/events").json()
    assert events["version"] == at_primary
    assert events["events"][-1]["version"] == at_primary
    assert replica_client.get(f"/games/{game_id}/views/{at_primary}").status_code == 200
    listed = replica_client.get("/games?game=azul&limit=200").json()["items"]
    assert newer in [item["id"] for item in listed]
    # Replay resumed: the same reads go to the replica again.
    replaying.replay(True)
    replaying.sync()
    before = served("replica")
    assert replica_client.get(f"/games/{game_id}/events").json()["version"] == at_primary
    assert served("replica") - before == 1


def test_an_unreachable_replica_sends_reads_to_the_primary(pair: Pair) -> None:
    from litestar.testing import TestClient

    from service.api.app import create_app
    from tests.conftest import ADMIN_KEY

    app = create_app(
        pair.primary,
        admin_key=ADMIN_KEY,
        read_database_url="host=/nonexistent-gamestate-replica dbname=none connect_timeout=1",
        read_wait=0.05,
    )
    with TestClient(app, raise_server_exceptions=False) as client:
        game_id, tokens = new_game(client, "no-replica")
        version = play(client, game_id, tokens)
        forget(client, game_id)
        assert client.get(f"/games/{game_id}").json()["version"] == version
        assert client.get(f"/games/{game_id}/events").status_code == 200


def test_lsn_values_compare_as_wal_positions() -> None:
    assert lsn_value("0/10") < lsn_value("0/FFFFFFFF") < lsn_value("1/0")
    assert lsn_value("16/B374D848") == (0x16 << 32) | 0xB374D848


def test_concurrent_reads_share_one_fence_query() -> None:
    class Pool:
        """Counts the fence queries; each takes a moment, as a round trip does."""

        queries = 0

        def connection(self):
            pool = self

            class Checkout:
                async def __aenter__(self):
                    return self

                async def __aexit__(self, *exc):
                    return None

                async def execute(self, sql):
                    pool.queries += 1
                    await asyncio.sleep(0.01)
                    return self

                async def fetchone(self):
                    return (f"0/{pool.queries:X}",)

            return Checkout()

    async def scenario() -> list[int]:
        router = ReadRouter(Pool(), None)
        first = await asyncio.gather(*(router.fence() for _ in range(20)))
        return [*first, router.primary.queries]

    *fences, queries = asyncio.run(scenario())
    assert queries == 1
    assert set(fences) == {1}


def test_a_read_cancelled_while_it_waits_gives_its_replica_connection_back(pair: Pair) -> None:
    import uuid

    from service.store.pool import ServicePool

    async def scenario() -> None:
        def pool(url: str) -> ServicePool:
            return ServicePool(url, min_size=1, max_size=1, open=False, kwargs={"autocommit": True})

        primary, replica = pool(pair.primary), pool(pair.replica)
        await primary.open()
        await replica.open()
        try:
            router = ReadRouter(primary, replica, wait=30)
            unknown = uuid.uuid4()  # never on the replica: the read waits all its 30 s

            async def read() -> None:
                async with router.at_version(unknown, 1):
                    raise AssertionError("the replica cannot have it")

            waiting = asyncio.create_task(read())
            await asyncio.sleep(0.2)
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
            # The pool's only connection is free again.
            async with replica.connection(timeout=2) as conn:
                await conn.execute("SELECT 1")
            # With a short wait the same read goes to the primary.
            router.wait = 0.02
            async with router.at_version(unknown, 1) as conn:
                cur = await conn.execute("SELECT pg_is_in_recovery()")
                assert await cur.fetchone() == (False,)
        finally:
            await replica.close()
            await primary.close()

    asyncio.run(scenario())
