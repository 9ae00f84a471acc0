"""Issue #31, item 3: anonymous audits exhausted the pool. 32 concurrent audits of a long
game each held a pooled connection for their whole replay: the other requests waited for one,
timed out, and the service answered 503 ``database_unavailable`` (readiness included).

Now an audit holds no connection while it replays, a finished game's verdict is kept (and
audits of it asked together share one replay), and heavy reads (audits, records, long time
travel) are bounded at once per process and per caller, 429 ``too_many_heavy_reads`` with
Retry-After beyond. The server here has a small pool (4), as a busy one effectively has."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from psycopg_pool import AsyncConnectionPool

from bench.long_games import build_long_game
from service.games import records
from service.games.service import GameService
from service.store.events import EventStore
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY, _free_port


async def _long_game(url: str, seed: str, events: int, pad: int) -> tuple[str, list[str]]:
    pool = AsyncConnectionPool(url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True})
    await pool.open()
    try:
        gid, tokens = await build_long_game(
            GameService(EventStore(pool)), pool, "azul", 2, events, seed=seed, pad=pad
        )
        return str(gid), tokens
    finally:
        await pool.close()


@pytest.fixture(scope="module")
def long_finished(database_url: str) -> tuple[str, list[str]]:
    """A finished Azul game of 4,143 events (clock pauses between the moves)."""
    return asyncio.run(_long_game(database_url, "heavy-audit", 100_000, 15))


@pytest.fixture(scope="module")
def long_active(database_url: str) -> tuple[str, list[str]]:
    """An Azul game still on, 3,000 events long."""
    return asyncio.run(_long_game(database_url, "heavy-active", 3_000, 40))


SERVED: dict[str, Any] = {}
"""The app :func:`serving` serves (its pool's statistics are looked at)."""


@contextlib.contextmanager
def serving(database_url: str, **settings: Any) -> Iterator[str]:
    """The real HTTP stack in a thread, with a small pool."""
    import uvicorn

    from service.api.app import create_app

    port = _free_port()
    app = create_app(database_url, admin_key=ADMIN_KEY, pool_min=1, pool_max=4, **settings)
    SERVED["app"] = app
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "test server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class Gate:
    """Holds the threads that reach :meth:`wait` until :meth:`open`; :meth:`reached` waits
    (off the loop) until ``count`` of them are held."""

    def __init__(self) -> None:
        self.held = threading.Semaphore(0)
        self.opened = threading.Event()

    def wait(self) -> None:
        self.held.release()
        self.opened.wait(30)

    async def reached(self, count: int) -> None:
        for _ in range(count):
            assert await asyncio.to_thread(self.held.acquire, True, 30), "never reached"

    def open(self) -> None:
        self.opened.set()


def _refused(answer: httpx.Response) -> bool:
    if answer.status_code != 429:
        return False
    assert answer.json()["code"] == "too_many_heavy_reads", answer.text
    assert answer.headers["retry-after"] == "1"
    return True


async def _storm(url: str, game_id: str, tokens: list[str], audits: int) -> dict[str, Any]:
    """``audits`` audits at once (anonymous, and as either seat), while readiness is asked
    every 50 ms and a player of another game views it and moves."""
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        other = (
            await client.post(
                "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
            )
        ).json()
        seat_tokens = [seat["token"] for seat in other["seats"]]
        done = asyncio.Event()

        async def audit(index: int) -> httpx.Response:
            headers = auth(tokens[index % 3]) if index % 3 < 2 else {}
            return await client.get(f"/games/{game_id}/audit", headers=headers)

        async def ready() -> list[int]:
            statuses = []
            while not done.is_set():
                statuses.append((await client.get("/health/ready")).status_code)
                await asyncio.sleep(0.05)
            return statuses

        async def play() -> list[int]:
            await asyncio.sleep(0.2)  # the audits have started
            view = await client.get(f"/games/{other['id']}")
            if view.status_code != 200:
                return [view.status_code]
            seat = view.json()["to_act"][0]
            legal = await client.get(
                f"/games/{other['id']}/legal-commands", headers=auth(seat_tokens[seat])
            )
            if legal.status_code != 200:
                return [view.status_code, legal.status_code]
            moved = await client.post(
                f"/games/{other['id']}/commands",
                json={"command": legal.json()["commands"][0]},
                headers=auth(seat_tokens[seat]),
            )
            return [view.status_code, legal.status_code, moved.status_code]

        probing = asyncio.create_task(ready())
        try:
            playing = asyncio.create_task(play())
            answers = await asyncio.gather(*(audit(i) for i in range(audits)))
            played = await playing
        finally:
            done.set()
            statuses = await probing
        return {"audits": answers, "ready": statuses, "played": played}


@pytest.mark.parametrize("which", ["long_finished", "long_active"])
def test_concurrent_audits_of_a_long_game_leave_the_pool_to_everyone_else(
    database_url: str, request, which: str
) -> None:
    """A finished game's audits share one replay; an active game's are each read (its
    verdict can change), so most of them are refused at the limits."""
    game_id, tokens = request.getfixturevalue(which)
    with serving(database_url) as url:
        found = asyncio.run(_storm(url, game_id, tokens, 32))
    statuses = [answer.status_code for answer in found["audits"]]
    assert found["played"] == [200, 200, 200], found["played"]
    assert set(found["ready"]) == {200}, found["ready"]
    assert 503 not in statuses, statuses
    served = [answer for answer in found["audits"] if not _refused(answer)]
    assert served and all(answer.status_code == 200 for answer in served), statuses
    assert all(answer.json()["ok"] for answer in served)
    assert served[0].json()["version"] > records.AUDIT_IN_MEMORY  # read a page at a time
    if which == "long_finished":
        assert len(served) == len(statuses)  # one replay, shared: nobody refused


def test_a_finished_games_audit_is_replayed_once(client, monkeypatch, long_finished) -> None:
    replays = []
    audit = records.audit

    def counted(*args: Any, **kwargs: Any) -> Any:
        replays.append(1)
        return audit(*args, **kwargs)

    monkeypatch.setattr(records, "audit", counted)
    game = create(client, "azul", 2)  # an active game is audited anew every time
    first = client.get(f"/games/{long_finished[0]}/audit")
    second = client.get(f"/games/{long_finished[0]}/audit")
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json() and first.json()["ok"] is True
    assert len(replays) == 1
    for _ in range(2):
        assert client.get(f"/games/{game['id']}/audit").json()["status"] == "active"
    assert len(replays) == 3


def test_a_callers_heavy_reads_beyond_the_limit_are_refused(
    database_url: str, long_active, monkeypatch
) -> None:
    """Active games are audited anew every time (their verdict can change): two at once per
    caller, the third refused, then served again once one ended; another caller is not
    refused for the first caller's reads."""
    from service.support.heavy import HeavyReadLimits

    game_id, tokens = long_active
    gate = Gate()
    audit = records.audit

    def held(*args: Any, **kwargs: Any) -> Any:
        gate.wait()
        return audit(*args, **kwargs)

    monkeypatch.setattr(records, "audit", held)

    async def scenario(url: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            path = f"/games/{game_id}/audit"
            running = [asyncio.create_task(client.get(path)) for _ in range(2)]
            await gate.reached(2)
            third = await client.get(path)
            # A seat is another caller: the process's third place is its.
            running.append(asyncio.create_task(client.get(path, headers=auth(tokens[0]))))
            await gate.reached(1)
            full = await client.get(path, headers=auth(tokens[1]))
            gate.open()
            served = [await task for task in running]
            again = await client.get(path)
            return {"served": served, "third": third, "full": full, "again": again}

    with serving(database_url, heavy_reads=HeavyReadLimits(per_caller=2, per_process=3)) as url:
        found = asyncio.run(scenario(url))
    assert [answer.status_code for answer in found["served"]] == [200, 200, 200]
    assert _refused(found["third"])
    assert "GAMESTATE_HEAVY_READS_PER_CALLER" in found["third"].json()["detail"]
    assert _refused(found["full"])
    assert "(GAMESTATE_HEAVY_READS)" in found["full"].json()["detail"]
    assert found["again"].status_code == 200


def test_a_record_holds_its_place_until_its_body_is_sent_or_dropped(
    database_url: str, long_finished
) -> None:
    """A record's place is held while its body streams (a page at a time, no connection
    held meanwhile), and given back when it was all read or the client went away."""
    from service.support.heavy import HeavyReadLimits

    game_id, _ = long_finished
    path = f"/games/{game_id}/record"
    limits = HeavyReadLimits(per_caller=1)
    with serving(database_url, heavy_reads=limits) as url, httpx.Client(base_url=url) as client:
        with client.stream("GET", path) as streaming:
            assert streaming.status_code == 200
            chunks = streaming.iter_bytes()  # one iterator: dropping one closes the response
            assert next(chunks).startswith(b'{"format":')
            assert _refused(client.get(path))
            assert client.get("/health/ready").status_code == 200
            rest = b"".join(chunks)
        assert rest.endswith(b"}")
        assert client.get(path).status_code == 200  # read to the end: given back
        with client.stream("GET", path) as dropped:
            next(dropped.iter_bytes())
        # Dropped mid-body: given back once the server notices.
        deadline = time.monotonic() + 10
        while (answer := client.get(path)).status_code == 429:
            assert time.monotonic() < deadline, "the dropped record kept its place"
            time.sleep(0.1)
        assert answer.status_code == 200


def test_a_long_time_travel_fold_is_a_heavy_read(
    database_url: str, long_finished, monkeypatch
) -> None:
    """A view folded from far back (no snapshot near it) holds a place, and no connection
    while it folds (it checks one out per page it reads); a near view holds no place."""
    import psycopg

    from service.games import repository
    from service.support.heavy import HeavyReadLimits

    game_id, _ = long_finished
    gate = Gate()
    fold = repository.fold_events

    def held(spec: Any, setup: Any, base: Any, stored: list, *args: Any) -> Any:
        if len(stored) > repository.INLINE_SLICE:  # a worker thread's page, not the loop's
            gate.wait()
        return fold(spec, setup, base, stored, *args)

    monkeypatch.setattr(repository, "fold_events", held)
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("DELETE FROM snapshots WHERE stream_id = %s", (game_id,))

    async def scenario(url: str) -> dict[str, Any]:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            far = asyncio.create_task(client.get(f"/games/{game_id}/views/1500"))
            await gate.reached(1)
            # The fold is under way (its first page held in folding): no connection held.
            stats = []
            for _ in range(5):
                stats.append(SERVED["app"].state.pool.get_stats())
                await asyncio.sleep(0.05)
            second = await client.get(f"/games/{game_id}/views/1400")
            near = await client.get(f"/games/{game_id}/views/10")
            gate.open()
            return {"far": await far, "second": second, "near": near, "stats": stats}

    limits = HeavyReadLimits(per_caller=1)
    with serving(database_url, heavy_reads=limits, background=False) as url:
        found = asyncio.run(scenario(url))
    assert found["far"].status_code == 200 and found["far"].json()["version"] == 1500
    assert _refused(found["second"])
    assert found["near"].status_code == 200
    in_use = [stat.get("pool_size", 0) - stat.get("pool_available", 0) for stat in found["stats"]]
    assert min(in_use) == 0, found["stats"]


def test_a_page_the_database_did_not_give_is_a_503_not_a_kept_verdict(
    client, database_url: str, monkeypatch
) -> None:
    """A long audit reads its pages as it replays; a page lost to the database (an outage, no
    free connection) answers 503, and is not kept as the finished game's (failed) verdict."""
    import psycopg

    game_id, _ = asyncio.run(_long_game(database_url, "heavy-outage", 100_000, 10))
    store = client.app.state.games.store
    read = store.read
    failing = [True]

    async def flaky(conn: Any, stream_id: Any, **kwargs: Any) -> Any:
        if failing[0] and str(stream_id) == game_id and kwargs.get("after", 0) > 0:
            raise psycopg.OperationalError("the database went away")
        return await read(conn, stream_id, **kwargs)

    monkeypatch.setattr(store, "read", flaky)
    lost = client.get(f"/games/{game_id}/audit")
    assert lost.status_code == 503, lost.text
    assert lost.json()["code"] == "database_unavailable"
    failing[0] = False
    again = client.get(f"/games/{game_id}/audit")
    assert again.status_code == 200 and again.json()["ok"] is True
    assert again.json()["version"] > records.AUDIT_IN_MEMORY  # read a page at a time
