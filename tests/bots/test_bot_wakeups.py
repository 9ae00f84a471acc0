"""The bot process's player is woken by the other processes' commits (service/clocks/bots.py):
a command worker (``bot_player="elsewhere"``) plays no bot turn, and its commit to a game
with bot seats pokes the bot process (``bot_player="process"``) through its announcer, an
empty NOTIFY on ``BOTS_CHANNEL``. Two apps on a database of their own, in this process; the
bot process's poll is a minute, so a game against a bot that reaches its end was played on
wake-ups alone. ``gamestate serve`` itself: tests/e2e/test_bot_process.py."""

from __future__ import annotations

import time

import psycopg
from litestar.testing import TestClient

from service.clocks.bots import BOTS_CHANNEL, BotSettings
from tests.bots.test_bot_turns import commands_per_version
from tests.conftest import ADMIN_KEY

WAIT = 60.0
"""Far below the bot process's poll (60 s, and doubling while idle)."""


def app(database: str, bot_player: str, *, background: bool = True):
    from service.api.app import create_app

    return create_app(
        database,
        admin_key=ADMIN_KEY,
        background=background,
        bots=BotSettings(poll=60.0),
        bot_player=bot_player,
    )


def test_a_workers_commit_wakes_the_bot_process_which_alone_plays(database: str) -> None:
    with (
        TestClient(app(database, "elsewhere")) as worker,
        TestClient(app(database, "process", background=False)) as bots,
    ):
        assert worker.app.state.bots is None  # no player in the command worker
        player = bots.app.state.bots
        body = {"game": "azul", "seats": [{"name": "me"}, {"bot": "greedy", "level": 1}]}
        created = worker.post("/games", json=body)
        assert created.status_code == 201, created.text
        game_id, token = created.json()["id"], created.json()["seats"][0]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        mine = 0
        deadline = time.monotonic() + WAIT
        while True:
            view = worker.get(f"/games/{game_id}").json()
            if view["status"] != "active":
                break
            if 0 not in view["to_act"]:
                # The bot's turn: played by the bot process once the commit before it woke it.
                assert time.monotonic() < deadline, (view["version"], player.outcomes)
                time.sleep(0.01)
                continue
            legal = worker.get(f"/games/{game_id}/legal-commands", headers=headers).json()
            command = {"command": legal["commands"][0], "expected_version": legal["version"]}
            answer = worker.post(f"/games/{game_id}/commands", json=command, headers=headers)
            assert answer.status_code == 200, answer.text
            mine += 1
            deadline = time.monotonic() + WAIT
        assert view["status"] == "finished"
        assert mine > 5 and player.outcomes["played"] > 5, (mine, player.outcomes)
        assert set(commands_per_version(database, game_id).values()) == {1}
        assert worker.get(f"/games/{game_id}/audit").json()["ok"]


def test_the_announcer_sends_a_poke_with_the_commits_of_its_window(database: str) -> None:
    """One statement carries the commit lines and the poke; the poke goes once however often
    it was asked for in the window."""
    import asyncio

    from service.store.announce import Announcer
    from service.store.chain import NOTIFY_CHANNEL

    async def scenario() -> list[tuple[str, str]]:
        import uuid

        async with await psycopg.AsyncConnection.connect(database, autocommit=True) as listener:
            await listener.execute(f"LISTEN {NOTIFY_CHANNEL}")
            await listener.execute(f"LISTEN {BOTS_CHANNEL}")
            announcer = Announcer(database, window=0.05)
            sending = asyncio.create_task(announcer.run(NOTIFY_CHANNEL))
            stream = uuid.uuid4()
            announcer.announce(stream, 3)
            announcer.poke(BOTS_CHANNEL)
            announcer.poke(BOTS_CHANNEL)
            heard = []
            async for notify in listener.notifies(timeout=5, stop_after=2):
                heard.append((notify.channel, notify.payload))
            # The listener can hear the statement before the sender's await of it returns
            # (seen under load: sends still 0): wait for the count, then for any second send.
            for _ in range(500):
                if announcer.sends:
                    break
                await asyncio.sleep(0.01)
            async for notify in listener.notifies(timeout=0.3):
                heard.append((notify.channel, notify.payload))
            sending.cancel()
            assert announcer.sends == 1
            return [(c, p.replace(str(stream), "S")) for c, p in heard]

    assert sorted(asyncio.run(scenario())) == [(BOTS_CHANNEL, ""), (NOTIFY_CHANNEL, "S:3")]
