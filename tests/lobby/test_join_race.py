"""Joiners racing for the last seat, over the real HTTP stack (uvicorn, the pool, PostgreSQL):
in every round exactly one wins, every other gets 409 ``lobby/table_full``, the table holds
each seat once, and the set-up events are appended exactly once."""

from __future__ import annotations

import asyncio
from collections import Counter

import httpx
import psycopg

ROUNDS = 30
JOINERS = 6


def test_of_several_joiners_for_the_last_seat_exactly_one_wins(
    live_url: str, database_url: str
) -> None:
    async def scenario() -> list[tuple[str, list[httpx.Response]]]:
        limits = httpx.Limits(max_connections=JOINERS * 2)
        async with httpx.AsyncClient(base_url=live_url, timeout=30, limits=limits) as client:
            rounds = []
            for n in range(ROUNDS):
                created = await client.post(
                    "/games", json={"game": "azul", "seats": [{"name": "host"}, {"open": True}]}
                )
                assert created.status_code == 201, created.text
                game_id = created.json()["id"]
                answers = await asyncio.gather(
                    *(
                        client.post(f"/games/{game_id}/join", json={"name": f"j{n}-{i}"})
                        for i in range(JOINERS)
                    )
                )
                rounds.append((game_id, answers))
            return rounds

    rounds = asyncio.run(scenario())
    with psycopg.connect(database_url) as conn:
        for game_id, answers in rounds:
            statuses = Counter(answer.status_code for answer in answers)
            assert statuses == {200: 1, 409: JOINERS - 1}, [a.text for a in answers]
            assert {a.json()["code"] for a in answers if a.status_code == 409} == {
                "lobby/table_full"
            }
            winner = next(a.json() for a in answers if a.status_code == 200)
            assert (winner["seat"], winner["status"]) == (1, "active")
            seats = conn.execute(
                "SELECT seat, name FROM seats WHERE stream_id = %s ORDER BY seat", (game_id,)
            ).fetchall()
            assert seats == [(0, "host"), (1, winner["name"])]
            versions = conn.execute(
                "SELECT version FROM events WHERE stream_id = %s ORDER BY version", (game_id,)
            ).fetchall()
            assert [v for (v,) in versions] == list(range(1, winner["version"] + 1))
            status = conn.execute("SELECT status FROM streams WHERE id = %s", (game_id,))
            assert status.fetchone()[0] == "active"


def test_joiners_filling_a_table_at_once_each_get_their_own_seat(live_url: str) -> None:
    async def scenario() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=live_url, timeout=30) as client:
            created = await client.post("/games", json={"game": "carcassonne", "seats": 5})
            game_id = created.json()["id"]
            answers = await asyncio.gather(
                *(client.post(f"/games/{game_id}/join", json={"name": f"p{i}"}) for i in range(8))
            )
            view = await client.get(f"/games/{game_id}")
            assert view.status_code == 200, view.text
            return answers

    answers = asyncio.run(scenario())
    won = [a.json() for a in answers if a.status_code == 200]
    assert sorted(w["seat"] for w in won) == [0, 1, 2, 3, 4]
    assert [w["status"] for w in won].count("active") == 1
    assert sum(a.status_code == 409 for a in answers) == 3
