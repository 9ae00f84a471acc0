"""The deriver reads whole only the events of games that can produce a notification (a
registered player seated, or a tournament's table): an anonymous game's events only move its
cursor. A lobby game that a registered player joins is notified from its deal, whichever join
deals it."""

from __future__ import annotations

import asyncio
import time
import uuid
from typing import Any

import psycopg
import pytest

from service.notify.reading import Marker, cut, read_page
from tests.api.helpers import auth
from tests.conftest import ADMIN_KEY
from tests.notify.test_player_notifications import WAIT, rewind


def _player(client, name: str) -> dict[str, Any]:
    answer = client.post("/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def _act(client, game_id: str, token: str) -> dict[str, Any]:
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
    answer = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    )
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def _to_act(client, game_id: str) -> list[int]:
    return client.get(f"/games/{game_id}").json()["to_act"]


def _notes(database_url: str, player_id: str) -> list[tuple[str, str, int]]:
    with psycopg.connect(database_url) as conn:
        return conn.execute(
            "SELECT kind, game_id::text, version FROM notifications WHERE player_id = %s"
            " ORDER BY id",
            (player_id,),
        ).fetchall()


async def _derive_all(database_url: str, page: int = 500) -> None:
    """Run a deriver of its own until the cursor reached the last event."""
    from psycopg_pool import AsyncConnectionPool

    from service.games.service import GameService
    from service.notify.deriver import Deriver
    from service.store.events import EventStore

    pool = AsyncConnectionPool(
        database_url, min_size=1, max_size=2, open=False, kwargs={"autocommit": True}
    )
    await pool.open()
    try:
        deriver = Deriver(pool, GameService(EventStore(pool)), page=page)
        deadline = time.monotonic() + WAIT
        while True:
            if await deriver.step():
                continue
            async with pool.connection() as conn:
                cur = await conn.execute(
                    "SELECT EXISTS (SELECT 1 FROM events e, notify_cursor c"
                    " WHERE e.notable AND (e.tx, e.position) > (c.tx, c.position))"
                )
                (behind,) = await cur.fetchone()
            if not behind:
                return
            assert time.monotonic() < deadline, "the deriver did not catch up"
            await asyncio.sleep(0.05)
    finally:
        await pool.close()


def _record_folds(monkeypatch) -> list[uuid.UUID]:
    """The games whose events any deriver of this process decodes and folds from now on (the
    test app's own deriver may take a page before the test's: it is recorded too, or the
    test would race it)."""
    from service.notify.deriver import Deriver

    folded: list[uuid.UUID] = []
    original = Deriver._derive_game

    async def recording(self, conn, stream, events, seats, link):
        folded.append(stream.id)
        return await original(self, conn, stream, events, seats, link)

    monkeypatch.setattr(Deriver, "_derive_game", recording)
    return folded


async def _page_after(database_url: str, game_id: str, last_of: str) -> Any:
    """One page read from just before the game's first event, once the read horizon is past
    the last event of ``last_of`` (other tests' transactions may hold it back a moment)."""
    async with await psycopg.AsyncConnection.connect(database_url, autocommit=True) as conn:
        cur = await conn.execute(
            "SELECT tx::text, position - 1 FROM events WHERE stream_id = %s"
            " ORDER BY tx, position LIMIT 1",
            (game_id,),
        )
        tx, position = await cur.fetchone()
        cur = await conn.execute(
            "SELECT max(position) FROM events WHERE stream_id = %s", (last_of,)
        )
        (last,) = await cur.fetchone()
        deadline = time.monotonic() + WAIT
        while True:
            async with conn.transaction():
                page = await read_page(conn, tx, position, 100_000)
            if any(event.position == last for event in page.events):
                return page
            assert time.monotonic() < deadline, "the read horizon did not pass the game"
            await asyncio.sleep(0.05)


def test_a_game_without_a_registered_player_is_passed_over_unread(
    client, database_url, monkeypatch
) -> None:
    anonymous = client.post(
        "/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}], "seed": "r1"}
    ).json()
    tokens = [seat["token"] for seat in anonymous["seats"]]
    _act(client, anonymous["id"], tokens[_to_act(client, anonymous["id"])[0]])
    ann, bob = _player(client, "read-ann"), _player(client, "read-bob")
    body = {"game": "azul", "seats": [{"player_id": ann["id"]}, {"player_id": bob["id"]}]}
    registered = client.post("/games", json=body, headers=auth(ADMIN_KEY)).json()
    _act(client, registered["id"], [ann, bob][_to_act(client, registered["id"])[0]]["token"])

    page = asyncio.run(_page_after(database_url, anonymous["id"], registered["id"]))
    read = {str(event.stream_id) for event in page.events}
    assert registered["id"] in read
    assert anonymous["id"] not in read
    assert anonymous["id"] not in {str(s) for s in page.streams}
    with psycopg.connect(database_url) as conn:
        (past,) = conn.execute(
            "SELECT bool_and((e.tx, e.position) <= (%s::xid8, %s))"
            " FROM events e WHERE e.stream_id = ANY(%s)",
            (*page.end, [anonymous["id"], registered["id"]]),
        ).fetchone()
    assert past, "the cursor moves past both games' events"

    folds = _record_folds(monkeypatch)

    # The app's own deriver stands aside: it would read the rewound events itself (or store
    # where it read, past them) before the deriver below does.
    async def stand_aside() -> bool:
        return False

    monkeypatch.setattr(client.app.state.notify_deriver, "step", stand_aside)
    with psycopg.connect(database_url, autocommit=True) as conn:
        rewind(conn, anonymous["id"])
    asyncio.run(_derive_all(database_url))
    folded = {str(g) for g in folds}
    assert registered["id"] in folded and anonymous["id"] not in folded
    kinds = [kind for kind, game, _ in _notes(database_url, ann["id"]) if game == registered["id"]]
    assert kinds.count("game_started") == 1


@pytest.mark.parametrize("player_deals", [False, True])
def test_a_lobby_game_a_player_joins_is_notified_from_its_deal(
    client, database_url, player_deals: bool
) -> None:
    zoe = _player(client, f"lobby-zoe-{player_deals}")
    seats = [{"name": "ann"}, {"open": True}, {"open": True}]
    created = client.post("/games", json={"game": "azul", "seats": seats, "seed": "r2"}).json()
    game_id = created["id"]
    asyncio.run(_derive_all(database_url))  # the cursor is past everything before the joins

    def join_player() -> dict[str, Any]:
        answer = client.post(f"/games/{game_id}/join", headers=auth(zoe["token"]))
        assert answer.status_code == 200, answer.text
        return answer.json()

    def join_guest() -> dict[str, Any]:
        answer = client.post(f"/games/{game_id}/join", json={"name": "guest"})
        assert answer.status_code == 200, answer.text
        return answer.json()

    if player_deals:
        guest, joined = join_guest(), join_player()
        dealt = joined
    else:
        joined, guest = join_player(), join_guest()
        dealt = guest
    assert dealt["status"] == "active"
    asyncio.run(_derive_all(database_url))
    notes = [(kind, version) for kind, game, version in _notes(database_url, zoe["id"])]
    assert ("game_started", dealt["version"]) in notes
    seat = joined["seat"]
    assert (("your_turn", dealt["version"]) in notes) == (seat in dealt["to_act"])

    # Play on, with anonymous seats' tokens, until the player's seat is to act.
    tokens = {0: created["seats"][0]["token"], guest["seat"]: guest["token"], seat: zoe["token"]}
    for _ in range(10):
        to_act = _to_act(client, game_id)
        if seat in to_act:
            break
        _act(client, game_id, tokens[to_act[0]])
    assert seat in to_act
    version = client.get(f"/games/{game_id}").json()["version"]
    asyncio.run(_derive_all(database_url))
    notes = [(kind, version) for kind, game, version in _notes(database_url, zoe["id"])]
    assert ("your_turn", version) in notes
    assert all(game == game_id for _, game, _ in _notes(database_url, zoe["id"]))


def _marker(stream: int, command: str | None, position: int) -> Marker:
    return Marker("100", position, uuid.UUID(int=stream), command)


def test_a_full_window_is_cut_before_the_step_it_ends_in() -> None:
    window = [_marker(1, "a", 1), _marker(2, "b", 2), _marker(1, "c", 3), _marker(1, "c", 4)]
    assert cut(window, full=True) == window[:2]
    assert cut(window, full=False) == window
    one_step = [_marker(1, "c", 1), _marker(1, "c", 2)]
    assert cut(one_step, full=True) == one_step, "a step bigger than a page is read whole"
    assert cut([*window[:2], _marker(3, None, 3)], full=True) == [*window[:2], _marker(3, None, 3)]


def test_the_window_follows_transaction_ids_as_numbers(pg_server: str) -> None:
    """Transaction ids 9, 10, 99, 100: as text, 10 and 100 would sort before 9, and the
    cursor would jump past events it never read."""
    from service.store.database import migrate
    from tests.conftest import fresh_database

    with fresh_database(pg_server) as url:
        migrate(url)
        stream = uuid.uuid4()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                "INSERT INTO streams (id, kind, game, rules_version, setup, status)"
                " VALUES (%s, 'game', 'azul', '1', '{}', 'active')",
                (stream,),
            )
            for version, tx in enumerate((100, 9, 99, 10), start=1):
                conn.execute(
                    "INSERT INTO events (stream_id, version, type, data, metadata, prev_hash,"
                    " hash, tx, notable)"
                    " VALUES (%s, %s, 't', '{}', '{}', '', '', %s::text::xid8, true)",
                    (stream, version, tx),
                )

        async def page() -> Any:
            async with await psycopg.AsyncConnection.connect(url) as conn:
                return await read_page(conn, "0", 0, 3)

        read = asyncio.run(page())
        assert read.full and read.end is not None
        assert read.end[0] == "99"
