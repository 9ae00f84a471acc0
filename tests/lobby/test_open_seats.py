"""Open seats over the API: a game created with open seats waits, deals nothing and refuses
commands until its last seat is taken; joins, the lobby view, the list filter, expiry."""

from __future__ import annotations

import psycopg

from tests.api.helpers import auth


def open_game(client, game: str = "azul", seats=None, **extra) -> dict:
    body = {
        "game": game,
        "seats": seats if seats is not None else [{"name": "ann"}, {"open": True}],
    }
    answer = client.post("/games", json={**body, **extra})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_game_with_an_open_seat_waits_and_deals_nothing(client, database_url) -> None:
    created = open_game(client, seed="open-1")
    assert created["status"] == "waiting"
    assert created["version"] == 0
    assert created["open_seats"] == [1]
    assert [seat["name"] for seat in created["seats"]] == ["ann"]
    game_id, ann = created["id"], created["seats"][0]["token"]
    with psycopg.connect(database_url) as conn:
        events = conn.execute("SELECT count(*) FROM events WHERE stream_id = %s", (game_id,))
        assert events.fetchone()[0] == 0, "no set-up event before the table is full"

    for answer in (
        client.get(f"/games/{game_id}"),
        client.get(f"/games/{game_id}", headers=auth(ann)),
        client.get(f"/games/{game_id}/legal-commands", headers=auth(ann)),
        client.post(
            f"/games/{game_id}/commands",
            json={"command": {"type": "azul.take_tiles", "factory": 0, "colour": "red", "line": 0}},
            headers=auth(ann),
        ),
    ):
        assert answer.status_code == 409, answer.text
        assert answer.json()["code"] == "lobby/game_waiting"
    assert client.get(f"/games/{game_id}/events").json()["events"] == []

    lobby = client.get(f"/games/{game_id}/lobby").json()
    assert lobby["status"] == "waiting"
    assert lobby["open_seats"] == [1]
    assert [(s["name"], s["open"]) for s in lobby["seats"]] == [("ann", False), (None, True)]

    waiting = client.get("/games", params={"status": "waiting", "game": "azul", "limit": 200})
    assert game_id in [item["id"] for item in waiting.json()["items"]]

    joined = client.post(f"/games/{game_id}/join", json={"name": "bob"})
    assert joined.status_code == 200, joined.text
    bob = joined.json()
    assert (bob["seat"], bob["name"], bob["status"]) == (1, "bob", "active")
    assert bob["version"] >= 1 and bob["token"]
    assert [e["version"] for e in bob["events"]] == list(range(1, bob["version"] + 1))
    assert bob["to_act"] == [0]

    view = client.get(f"/games/{game_id}", headers=auth(bob["token"]))
    assert view.status_code == 200, view.text
    assert view.json()["status"] == "active"
    assert view.json()["version"] == bob["version"]
    assert [seat["name"] for seat in view.json()["seats"]] == ["ann", "bob"]
    # The same deal as a game created full with the same seed: the seed decides the deal.
    full = client.post(
        "/games",
        json={"game": "azul", "seats": [{"name": "ann"}, {"name": "bob"}], "seed": "open-1"},
    ).json()
    assert (
        client.get(f"/games/{full['id']}").json()["state"]["factories"]
        == view.json()["state"]["factories"]
    )
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(ann)).json()
    command = client.post(
        f"/games/{game_id}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(ann),
    )
    assert command.status_code == 200, command.text

    late = client.post(f"/games/{game_id}/join", json={"name": "cat"})
    assert late.status_code == 409
    assert late.json()["code"] == "lobby/table_full"
    assert client.get(f"/games/{game_id}/lobby").json()["status"] == "active"


def test_a_number_of_seats_makes_them_all_open(client) -> None:
    created = open_game(client, game="splendor", seats=3)
    assert created["seats"] == [] and created["open_seats"] == [0, 1, 2]
    game_id = created["id"]
    first = client.post(f"/games/{game_id}/join", json={"name": "x", "seat": 2}).json()
    assert (first["seat"], first["status"]) == (2, "waiting")
    taken = client.post(f"/games/{game_id}/join", json={"name": "y", "seat": 2})
    assert taken.status_code == 409 and taken.json()["code"] == "lobby/seat_taken"
    nameless = client.post(f"/games/{game_id}/join")
    assert nameless.status_code == 422 and nameless.json()["code"] == "lobby/name_required"
    assert client.post(f"/games/{game_id}/join", json={"name": "y"}).json()["seat"] == 0
    last = client.post(f"/games/{game_id}/join", json={"name": "z"}).json()
    assert (last["seat"], last["status"]) == (1, "active")
    assert [seat["name"] for seat in client.get(f"/games/{game_id}").json()["seats"]] == [
        "y", "z", "x",
    ]  # fmt: skip


def test_bad_open_seat_bodies_are_clear_4xx(client) -> None:
    for seats, code in (
        ([{"name": "a"}, {}], "seat_name_or_player"),
        ([{"name": "a", "open": True}, {"open": True}], "seat_name_or_player"),
    ):
        answer = client.post("/games", json={"game": "azul", "seats": seats})
        assert answer.status_code == 422, answer.text
        assert answer.json()["code"] == code
    assert client.post("/games", json={"game": "azul", "seats": 9}).status_code == 400
    named = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    game_id = named.json()["id"]
    answer = client.post(f"/games/{game_id}/join", json={"name": "c"})
    assert answer.status_code == 409 and answer.json()["code"] == "lobby/not_open"
    other = client.post(f"/games/{game_id}/join", headers=auth(named.json()["seats"][0]["token"]))
    assert other.status_code == 422, other.text  # the zombie rejoin: not a zombie
    assert other.json()["code"] == "game/not_a_zombie"


def test_a_table_that_waits_too_long_is_cancelled(client, database_url) -> None:
    created = open_game(client, wait_seconds=10)
    game_id = created["id"]
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "UPDATE lobby_tables SET expires_at = now() - interval '1 second' WHERE stream_id = %s",
            (game_id,),
        )
    joined = client.post(f"/games/{game_id}/join", json={"name": "bob"})
    assert joined.status_code == 409 and joined.json()["code"] == "lobby/game_cancelled"
    assert client.get(f"/games/{game_id}/lobby").json()["status"] == "cancelled"
    view = client.get(f"/games/{game_id}")
    assert view.status_code == 409 and view.json()["code"] == "lobby/game_cancelled"
    cancelled = client.get("/games", params={"status": "cancelled", "limit": 200}).json()
    assert game_id in [item["id"] for item in cancelled["items"]]
    with psycopg.connect(database_url) as conn:
        events = conn.execute("SELECT count(*) FROM events WHERE stream_id = %s", (game_id,))
        assert events.fetchone()[0] == 0


def test_a_live_stream_opened_while_waiting_sends_the_deal(live_url: str) -> None:
    import asyncio

    import httpx

    async def scenario() -> tuple[list[str], dict]:
        async with httpx.AsyncClient(base_url=live_url, timeout=30) as http:
            created = (
                await http.post(
                    "/games", json={"game": "azul", "seats": [{"name": "a"}, {"open": True}]}
                )
            ).json()
            game_id, token = created["id"], created["seats"][0]["token"]
            ids: list[str] = []

            async def listen() -> None:
                url = f"/games/{game_id}/events/stream?until_version=2&timeout=20"
                async with http.stream("GET", url, headers=auth(token)) as stream:
                    async for line in stream.aiter_lines():
                        if line.startswith("id:"):
                            ids.append(line[3:].strip())

            listening = asyncio.create_task(listen())
            await asyncio.sleep(0.5)
            assert not ids, "nothing is sent before the deal"
            joined = (await http.post(f"/games/{game_id}/join", json={"name": "b"})).json()
            await asyncio.wait_for(listening, 20)
            return ids, joined

    ids, joined = asyncio.run(scenario())
    assert ids[: joined["version"]] == [str(v) for v in range(1, joined["version"] + 1)]


def test_a_player_takes_a_seat_with_its_token_once(client) -> None:
    ada = client.post("/players", json={"name": "Ada"}).json()
    bea = client.post("/players", json={"name": "Bea"}).json()
    # The creator seats itself by id and leaves two seats open.
    created = client.post(
        "/games",
        json={
            "game": "splendor",
            "seats": [{"player_id": ada["id"]}, {"open": True}, {"open": True}],
        },
        headers=auth(ada["token"]),
    )
    assert created.status_code == 201, created.text
    created = created.json()
    assert created["seats"] == [{"seat": 0, "name": "Ada", "token": "", "player_id": ada["id"]}]
    game_id = created["id"]
    again = client.post(f"/games/{game_id}/join", headers=auth(ada["token"]))
    assert again.status_code == 409 and again.json()["code"] == "lobby/already_seated"
    joined = client.post(f"/games/{game_id}/join", headers=auth(bea["token"]))
    assert joined.status_code == 200, joined.text
    assert (joined.json()["seat"], joined.json()["name"], joined.json()["token"]) == (
        1,
        "Bea",
        None,
    )
    twice = client.post(f"/games/{game_id}/join", headers=auth(bea["token"]))
    assert twice.status_code == 409 and twice.json()["code"] == "lobby/already_seated"
    last = client.post(f"/games/{game_id}/join", json={"name": "cat"}).json()
    assert last["status"] == "active"
    view = client.get(f"/games/{game_id}", headers=auth(bea["token"]))
    assert view.status_code == 200 and view.json()["viewer"] == 1
    # Seating another player by id needs the admin or that player's own token.
    stranger = client.post(
        "/games", json={"game": "azul", "seats": [{"player_id": bea["id"]}, {"open": True}]}
    )
    assert stranger.status_code == 403 and stranger.json()["code"] == "player_seat_forbidden"


def test_a_caller_has_a_bounded_number_of_waiting_games(client) -> None:
    from service.lobby.tables import LobbyLimits

    tables = client.app.state.lobby.tables
    saved = tables.limits
    tables.limits = LobbyLimits(max_waiting_per_caller=2)
    try:
        ada = client.post("/players", json={"name": "Ada"}).json()
        body = {"game": "azul", "seats": [{"player_id": ada["id"]}, {"open": True}]}
        for _ in range(2):
            made = client.post("/games", json=body, headers=auth(ada["token"]))
            assert made.status_code == 201, made.text
        refused = client.post("/games", json=body, headers=auth(ada["token"]))
        assert refused.status_code == 409
        assert refused.json()["code"] == "lobby/too_many_waiting_for_caller"
        assert "GAMESTATE_LOBBY_MAX_WAITING_PER_CALLER" in refused.json()["detail"]
        # Filling one of them makes room again.
        client.post(f"/games/{made.json()['id']}/join", json={"name": "bob"})
        assert client.post("/games", json=body, headers=auth(ada["token"])).status_code == 201
    finally:
        tables.limits = saved


def test_a_clock_starts_when_the_game_is_dealt_not_while_it_waits(client, database_url) -> None:
    import time

    created = open_game(client, clock={"turn_seconds": 600})
    game_id = created["id"]
    with psycopg.connect(database_url) as conn:
        # Backdate the creation: a clock counted from creation would show it.
        conn.execute(
            "UPDATE streams SET setup = jsonb_set(setup, '{terms,started_ms}', %s::text::jsonb)"
            " WHERE id = %s",
            (int(time.time() * 1000) - 3_600_000, game_id),
        )
        due = conn.execute("SELECT due_at FROM game_deadlines WHERE stream_id = %s", (game_id,))
        assert due.fetchone() is None, "no deadline while waiting"
    before = time.time() * 1000
    client.post(f"/games/{game_id}/join", json={"name": "bob"})
    with psycopg.connect(database_url) as conn:
        due = conn.execute("SELECT due_at FROM game_deadlines WHERE stream_id = %s", (game_id,))
        due_at = due.fetchone()[0]
    assert before + 600_000 - 1000 <= due_at <= time.time() * 1000 + 600_000 + 1000
    view = client.get(f"/games/{game_id}").json()
    assert view["clock"] is not None


def test_a_revoked_players_seat_is_opened_again_not_dealt(client) -> None:
    """Issue 31 item 9, the open-table side of it: a player seated at a waiting table and
    revoked meanwhile would be dealt into the game by the last join, a seat that can never
    act. Its seat is freed instead (docs/lobby.md), and the table waits for another player."""
    from tests.conftest import ADMIN_KEY

    ada = client.post("/players", json={"name": "Ada-revoked"}).json()
    body = {"game": "azul", "seats": [{"player_id": ada["id"]}, {"open": True}]}
    table = client.post("/games", json=body, headers=auth(ada["token"])).json()
    assert client.post(f"/players/{ada['id']}/revoke", headers=auth(ADMIN_KEY)).is_success
    bob = client.post(f"/games/{table['id']}/join", json={"name": "bob"})
    assert bob.status_code == 200, bob.text
    assert bob.json()["status"] == "waiting"
    lobby = client.get(f"/games/{table['id']}/lobby").json()
    assert lobby["open_seats"] == [0]
    cat = client.post(f"/games/{table['id']}/join", json={"name": "cat"}).json()
    assert (cat["seat"], cat["status"]) == (0, "active")
    view = client.get(f"/games/{table['id']}").json()
    assert [seat["name"] for seat in view["seats"]] == ["cat", "bob"]
    assert all(seat["player_id"] is None for seat in view["seats"])
