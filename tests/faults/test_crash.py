"""kill -9 of the serving processes under load (one process, or a supervisor and its workers):
after a restart every stream is intact and replayable, and every command that was answered 200
is stored, whole. And a worker whose supervisor was killed does not serve on unsupervised."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from pathlib import Path

import httpx
import psutil
import psycopg
import pytest

from tests.faults.support import Server, Tally, audit, auth, play

CLIENTS = 6


@pytest.mark.parametrize("workers", [1, 2])
def test_a_killed_server_loses_no_answered_command_and_leaves_no_half_command(
    database_url: str, tmp_path: Path, workers: int
) -> None:
    prefix = f"crash-{uuid.uuid4().hex[:8]}"
    server = Server(database_url, tmp_path, workers=workers)
    server.start()
    try:
        tally = Tally()

        async def load() -> None:
            killed = False

            def stop() -> bool:
                return killed

            async with httpx.AsyncClient(base_url=server.url, timeout=20) as client:
                bots = [
                    asyncio.create_task(
                        play(client, tally, random.Random(n), prefix=prefix, stop=stop)
                    )
                    for n in range(CLIENTS)
                ]
                deadline = time.monotonic() + 30
                while len(tally.accepted) < 40 and time.monotonic() < deadline:
                    await asyncio.sleep(0.05)
                # in the middle of the load: requests are in flight right now
                await asyncio.to_thread(server.kill)
                killed = True
                await asyncio.gather(*bots)

        asyncio.run(load())
        assert len(tally.accepted) >= 20, tally
        assert 500 not in tally.statuses, tally.statuses

        with psycopg.connect(database_url) as conn:
            stored_games = [
                str(row[0])
                for row in conn.execute(
                    "SELECT DISTINCT stream_id FROM seats WHERE name LIKE %s", (f"{prefix}-%",)
                )
            ]
        assert set(tally.created) <= set(stored_games)
        rows = {game_id: audit(database_url, game_id) for game_id in stored_games}
        for accepted in tally.accepted:
            by_version = {version: digest for version, digest, _ in rows[accepted.game_id]}
            assert [by_version.get(v) for v in accepted.versions] == accepted.hashes

        # the restarted service serves every game from the store and takes commands again
        server.start()
        with (
            httpx.Client(base_url=server.url, timeout=20) as client,
            psycopg.connect(database_url) as conn,
        ):
            for game_id in stored_games:
                view = client.get(f"/games/{game_id}")
                assert view.status_code == 200
                (version,) = conn.execute(
                    "SELECT version FROM streams WHERE id = %s", (game_id,)
                ).fetchone()
                assert view.json()["version"] == version
            fresh = client.post(
                "/games", json={"game": "azul", "seats": [{"name": f"{prefix}-x"}] * 2}
            ).json()
            seat = client.get(f"/games/{fresh['id']}").json()["to_act"][0]
            token = fresh["seats"][seat]["token"]
            legal = client.get(f"/games/{fresh['id']}/legal-commands", headers=auth(token)).json()
            answer = client.post(
                f"/games/{fresh['id']}/commands",
                json={"command": legal["commands"][0]},
                headers=auth(token),
            )
            assert answer.status_code == 200
    finally:
        server.stop()


def test_workers_stop_by_themselves_when_their_supervisor_is_killed(
    database_url: str, tmp_path: Path
) -> None:
    server = Server(database_url, tmp_path, workers=2)
    server.start()
    workers = server.worker_processes()
    # The two workers, the stream worker and the bot process (serve's defaults).
    assert len(workers) == 4
    assert server.process is not None
    server.process.kill()  # the supervisor only: its workers are left without one
    server.process.wait(timeout=10)
    _, alive = psutil.wait_procs(workers, timeout=15)
    assert not alive, f"workers still serving without a supervisor: {alive}"
