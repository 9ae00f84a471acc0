"""``create_app(background=False)``, as a stream worker runs it (service/ops/handoff.py): none
of the process's background loops (clock scheduler, notification deriver, webhook
deliveries, rating projector, tournaments' start-up repair) runs, and every route still
answers as in any other process; the deadlines of its commits are announced to the processes
that fire them."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from tests.api.helpers import auth, create, play_to_the_end
from tests.conftest import ADMIN_KEY

BACKGROUND = {
    "clocks",
    "notify-deriver",
    "webhook-deliveries",
    "rating-projector",
    "tournaments-repair",
}
ONE_SHOT = {"tournaments-repair"}
"""Ends once its work is done (at once on an empty database): started, not always running."""


def _task_names(client: TestClient) -> set[str]:
    async def names() -> set[str]:
        return {task.get_name() for task in asyncio.all_tasks()}

    return client.blocking_portal.call(names)


@pytest.fixture
def served(database_url: str, request: pytest.FixtureRequest) -> Iterator[tuple[Any, TestClient]]:
    app = create_app(database_url, admin_key=ADMIN_KEY, pool_max=4, background=request.param)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield app, client


@pytest.mark.parametrize("served", [True], indirect=True)
def test_a_process_runs_its_share_of_the_background_work(served) -> None:
    app, client = served
    assert _task_names(client) >= BACKGROUND - ONE_SHOT
    assert app.state.tournaments_repair.get_name() == "tournaments-repair"


@pytest.mark.parametrize("served", [False], indirect=True)
def test_a_stream_worker_runs_no_background_loop_and_serves_every_route(served) -> None:
    app, client = served
    assert not BACKGROUND & _task_names(client)
    # The live hub and the commit announcer are not background work: streams need them.
    assert "announcer" in _task_names(client)
    created = create(client, "azul", 2)
    view = play_to_the_end(client, created, random.Random(3))
    assert view["status"] == "finished"
    game_id = created["id"]
    stream = client.get(
        f"/games/{game_id}/events/stream",
        params={"after": 0, "until_version": 2},
        headers=auth(created["seats"][0]["token"]),
    )
    assert stream.status_code == 200
    assert "id: 2" in stream.text
    # No loop was started by the requests either (a finished game pokes nobody here).
    assert not BACKGROUND & _task_names(client)
    assert app.state.background is False
    assert app.state.get("tournaments_repair") is None


@pytest.mark.parametrize("served", [False], indirect=True)
def test_a_process_without_a_scheduler_announces_its_commits_deadlines(
    served, database_url: str
) -> None:
    """A stream worker's command, or the bot process's move, on a clocked game: the next
    deadline goes with the commit's notification (``stream:version:due:seat``), as from a
    command worker, so the workers' schedulers know it without their catch-up query."""
    _, client = served
    clock = {"turn_seconds": 60, "bank_seconds": 30, "on_timeout": "forfeit"}
    created = create(client, "azul", 2, clock=clock)
    game_id = created["id"]
    with psycopg.connect(database_url, autocommit=True) as listener:
        listener.execute("LISTEN gamestate_events")
        view = client.get(f"/games/{game_id}").json()
        seat = view["to_act"][0]
        headers = auth(created["seats"][seat]["token"])
        legal = client.get(f"/games/{game_id}/legal-commands", headers=headers).json()
        command = {"command": legal["commands"][0], "expected_version": legal["version"]}
        answer = client.post(f"/games/{game_id}/commands", json=command, headers=headers)
        assert answer.status_code == 200, answer.text
        version = answer.json()["version"]
        lines = []
        for notify in listener.notifies(timeout=5):
            lines += [line for line in notify.payload.split("\n") if line.startswith(game_id)]
            if any(line.startswith(f"{game_id}:{version}:") for line in lines):
                break
    announced = [line for line in lines if line.startswith(f"{game_id}:{version}:")]
    assert announced, lines
    _, _, due, next_seat = announced[-1].split(":")
    after = client.get(f"/games/{game_id}").json()
    assert int(next_seat) == after["to_act"][0] and int(due) > 0
