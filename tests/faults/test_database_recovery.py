"""Issue #18, item 8: after a database outage the service is back within seconds. PostgreSQL
is stopped for 40 s while bots keep playing; once it is started again the service must
answer 200 within 5 s. The pool's reconnect back-off is capped at 2 s; unbounded, it doubled
from 1 s, so the pool tried again about 1, 3, 7, 15, 31 and 63 s after the connections broke,
and the service answered 503 until the next of those (34-90 s in the issue). An outage of
30 s can end just before the attempt at 31 s; 40 s ends between it and the next."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from tests.faults.support import auth
from tests.faults.test_database_outage import _start, _stop, stoppable_postgres, uvicorn_app

__all__ = ["stoppable_postgres"]  # the fixture, shared with the outage test

OUTAGE = 40.0
RECOVERY = 5.0


@pytest.mark.slow
def test_the_service_answers_200_within_5_s_of_the_database_coming_back(
    stoppable_postgres,
) -> None:
    url, pg = stoppable_postgres
    with uvicorn_app(url) as base:

        async def scenario() -> float:
            async with httpx.AsyncClient(base_url=base, timeout=20) as client:
                created = (
                    await client.post(
                        "/games", json={"game": "azul", "seats": [{"name": "r0"}, {"name": "r1"}]}
                    )
                ).json()
                game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
                stopping = asyncio.Event()
                statuses: list[int] = []

                async def bot() -> None:
                    while not stopping.is_set():
                        view = await client.get(f"/games/{game_id}")
                        statuses.append(view.status_code)
                        if view.status_code != 200:
                            await asyncio.sleep(0.05)
                            continue
                        seat = view.json()["to_act"][0]
                        legal = await client.get(
                            f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])
                        )
                        if legal.status_code == 200 and legal.json()["commands"]:
                            await client.post(
                                f"/games/{game_id}/commands",
                                json={"command": legal.json()["commands"][0]},
                                headers=auth(tokens[seat]),
                            )
                        await client.get("/games", params={"limit": 5})

                bots = [asyncio.create_task(bot()) for _ in range(4)]
                await asyncio.sleep(0.5)
                await asyncio.to_thread(_stop, pg)
                await asyncio.sleep(OUTAGE)
                assert 503 in statuses
                await asyncio.to_thread(_start, pg)
                back = time.monotonic()
                while True:
                    # A fresh game: nothing of it can be answered from a cache.
                    created = await client.post(
                        "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]}
                    )
                    if created.status_code == 201:
                        view = await client.get(f"/games/{created.json()['id']}")
                        if view.status_code == 200:
                            break
                    assert created.status_code == 503, created.text
                    if time.monotonic() - back > 120:
                        break
                    await asyncio.sleep(0.1)
                recovered = time.monotonic() - back
                stopping.set()
                await asyncio.gather(*bots)
                return recovered

        recovered = asyncio.run(scenario())
        print(f"answered 200 {recovered:.1f} s after PostgreSQL was started again")
        assert recovered < RECOVERY, f"answered 200 only {recovered:.1f} s after the restart"
