"""Matchmaking over the API: registered players queue, are seated together by rating, poll
their tickets, leave; N concurrent enqueuers over uvicorn make exactly the right games."""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter

import httpx
import psycopg

from tests.api.helpers import auth


def player(client, name: str = "p") -> dict:
    answer = client.post("/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_three_players_are_matched_into_a_game_they_act_in(client) -> None:
    # A queue of its own (splendor, 3 players) so that other tests' tickets do not mix in.
    ann, bob, cat = (player(client, n) for n in ("ann", "bob", "cat"))
    first = client.post("/matchmaking/splendor", json={"players": 3}, headers=auth(ann["token"]))
    assert first.status_code == 201, first.text
    ticket = first.json()
    assert (ticket["status"], ticket["players"], ticket["game_id"]) == ("waiting", 3, None)
    assert ticket["rating"] == 25.0 and ticket["window"] > 0
    again = client.post("/matchmaking/splendor", json={"players": 3}, headers=auth(ann["token"]))
    assert again.status_code == 200 and again.json()["id"] == ticket["id"]
    client.post("/matchmaking/splendor", json={"players": 3}, headers=auth(bob["token"]))
    last = client.post("/matchmaking/splendor", json={"players": 3}, headers=auth(cat["token"]))
    assert last.status_code == 201 and last.json()["status"] == "matched"
    polled = client.get(f"/matchmaking/splendor/{ticket['id']}", headers=auth(ann["token"]))
    assert polled.status_code == 200, polled.text
    matched = polled.json()
    assert matched["status"] == "matched" and matched["game_id"] == last.json()["game_id"]
    game = client.get(f"/games/{matched['game_id']}", headers=auth(ann["token"])).json()
    assert game["status"] == "active" and game["viewer"] == matched["seat"]
    assert sorted(seat["name"] for seat in game["seats"]) == ["ann", "bob", "cat"]
    leave = client.delete(f"/matchmaking/splendor/{ticket['id']}", headers=auth(ann["token"]))
    assert leave.status_code == 409 and leave.json()["code"] == "matchmaking/already_matched"


def test_tickets_are_their_players_own_and_can_be_left(client) -> None:
    ann, bob = player(client, "ann"), player(client, "bob")
    ticket = client.post(
        "/matchmaking/castles", json={"players": 4}, headers=auth(ann["token"])
    ).json()
    url = f"/matchmaking/castles/{ticket['id']}"
    assert client.get(url, headers=auth(bob["token"])).status_code == 404
    assert client.get(url).status_code == 401
    assert client.post("/matchmaking/castles", json={"players": 4}).status_code == 401
    left = client.delete(url, headers=auth(ann["token"]))
    assert left.status_code == 200 and left.json()["status"] == "left"
    bad = client.post("/matchmaking/azul", json={"players": 7}, headers=auth(ann["token"]))
    assert bad.status_code == 422 and bad.json()["code"] == "player_count"
    seat = client.post("/games", json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]})
    other = auth(seat.json()["seats"][0]["token"])
    assert client.post("/matchmaking/azul", headers=other).status_code == 401


def test_far_ratings_wait_and_near_ones_are_matched(client, database_url) -> None:
    """Ratings set on the tickets themselves (what the queue matches on), so that the test
    does not depend on the ratings projection's table."""
    game = "three_kingdoms"  # 3 players only: its own queue
    players = [player(client, f"r{i}") for i in range(4)]
    tickets = []

    def rate(ticket: dict, mu: float) -> None:
        with psycopg.connect(database_url) as conn:
            conn.execute(
                "UPDATE matchmaking_tickets SET rating = %s WHERE id = %s", (mu, ticket["id"])
            )

    for p, mu in zip(players, (10.0, 40.0, 11.0, 12.0), strict=True):
        answer = client.post(f"/matchmaking/{game}", json={"players": 3}, headers=auth(p["token"]))
        assert answer.json()["status"] == "waiting", answer.text
        rate(answer.json(), mu)
        tickets.append(answer.json())
    states = [
        client.get(f"/matchmaking/{game}/{t['id']}", headers=auth(p["token"])).json()
        for t, p in zip(tickets, players, strict=True)
    ]
    assert [s["status"] for s in states] == ["matched", "waiting", "matched", "matched"]
    assert states[1]["rating"] == 40.0
    assert len({states[i]["game_id"] for i in (0, 2, 3)}) == 1
    left = client.delete(
        f"/matchmaking/{game}/{tickets[1]['id']}", headers=auth(players[1]["token"])
    )
    assert left.json()["status"] == "left"


def test_concurrent_enqueuers_make_exactly_the_right_games(live_url: str, database_url) -> None:
    """Rounds of N players queueing at once for 2-player tables: N // 2 games, each player
    seated once, at most one left waiting (odd N)."""

    async def scenario(n: int) -> tuple[list[dict], list[str]]:
        async with httpx.AsyncClient(base_url=live_url, timeout=60) as http:
            made = await asyncio.gather(
                *(http.post("/players", json={"name": f"q{i}"}) for i in range(n))
            )
            players = [m.json() for m in made]
            answers = await asyncio.gather(
                *(
                    http.post(
                        "/matchmaking/carcassonne", json={"players": 2}, headers=auth(p["token"])
                    )
                    for p in players
                )
            )
            assert {a.status_code for a in answers} == {201}, [a.text for a in answers]
            tickets = [a.json() for a in answers]
            polled = await asyncio.gather(
                *(
                    http.get(f"/matchmaking/carcassonne/{t['id']}", headers=auth(p["token"]))
                    for t, p in zip(tickets, players, strict=True)
                )
            )
            return [p.json() for p in polled], [p["id"] for p in players]

    for n in (2, 5, 8, 13, 20):
        tickets, ids = asyncio.run(scenario(n))
        matched = [t for t in tickets if t["status"] == "matched"]
        waiting = [t for t in tickets if t["status"] == "waiting"]
        statuses = Counter(t["status"] for t in tickets)
        assert len(matched) == n - n % 2 and len(waiting) == n % 2, (n, statuses)
        games = Counter(t["game_id"] for t in matched)
        assert len(games) == n // 2 and set(games.values()) == {2}
        with psycopg.connect(database_url) as conn:
            for game_id in games:
                seats = conn.execute(
                    "SELECT seat, player_id FROM seats WHERE stream_id = %s ORDER BY seat",
                    (uuid.UUID(game_id),),
                ).fetchall()
                assert [s for s, _ in seats] == [0, 1]
                assert all(str(p) in ids for _, p in seats)
            seated = conn.execute(
                "SELECT player_id, count(*) FROM seats WHERE player_id = ANY(%s)"
                " GROUP BY player_id",
                ([uuid.UUID(i) for i in ids],),
            ).fetchall()
            assert all(count == 1 for _, count in seated) and len(seated) == n - n % 2
            if waiting:  # leave, so that the next round's queue starts empty
                conn.execute(
                    "UPDATE matchmaking_tickets SET status = 'left' WHERE id = %s",
                    (uuid.UUID(waiting[0]["id"]),),
                )


def test_the_queue_matches_on_the_players_rating(client, database_url) -> None:
    rated = player(client, "rated")
    with psycopg.connect(database_url) as conn:
        conn.execute(
            "INSERT INTO player_ratings (player_id, game, mu, sigma, ordinal, games,"
            " last_position, last_game) VALUES (%s, 'castles', 31.5, 4.0, 19.5, 12, 0, %s)",
            (rated["id"], uuid.uuid4()),
        )
    ticket = client.post(
        "/matchmaking/castles", json={"players": 3}, headers=auth(rated["token"])
    ).json()
    assert ticket["rating"] == 31.5
    fresh = player(client, "fresh")
    other = client.post(
        "/matchmaking/castles", json={"players": 3}, headers=auth(fresh["token"])
    ).json()
    assert other["rating"] == 25.0
    for who, t in ((rated, ticket), (fresh, other)):
        client.delete(f"/matchmaking/castles/{t['id']}", headers=auth(who["token"]))


def test_a_player_waits_in_one_queue_at_a_time(client, database_url) -> None:
    """Issue 31 item 12: a player queued for two games (or two table sizes) at once was
    matched in both. A player waits in at most one queue: the second is 409
    ``matchmaking/already_queued`` naming the waiting ticket, until that ticket is left."""
    ann, bob, cat = (player(client, n) for n in ("two-queues-a", "two-queues-b", "two-queues-c"))
    # Queues of their own (table sizes no other test uses) so that other tickets do not mix in.
    first = client.post("/matchmaking/castles", json={"players": 3}, headers=auth(ann["token"]))
    assert first.status_code == 201, first.text
    second = client.post("/matchmaking/splendor", json={"players": 4}, headers=auth(ann["token"]))
    assert second.status_code == 409, second.text
    problem = second.json()
    assert problem["code"] == "matchmaking/already_queued"
    assert first.json()["id"] in problem["detail"] and "castles" in problem["detail"]
    # Another table size of the same game is another queue too.
    other_size = client.post(
        "/matchmaking/castles", json={"players": 4}, headers=auth(ann["token"])
    )
    assert other_size.status_code == 409
    # Filling both tables cannot seat ann twice.
    for queued in (bob, cat):
        client.post("/matchmaking/castles", json={"players": 3}, headers=auth(queued["token"]))
    with psycopg.connect(database_url) as conn:
        seats = conn.execute(
            "SELECT count(*) FROM seats WHERE player_id = %s", (uuid.UUID(ann["id"]),)
        ).fetchone()[0]
    assert seats == 1
    # Once matched (or left), the player may queue elsewhere.
    again = client.post("/matchmaking/splendor", json={"players": 4}, headers=auth(ann["token"]))
    assert again.status_code == 201, again.text
    left = client.delete(f"/matchmaking/splendor/{again.json()['id']}", headers=auth(ann["token"]))
    assert left.status_code == 200


def test_concurrent_enqueues_in_two_queues_keep_one(live_url: str, database_url) -> None:
    """The same player enqueuing in several queues at once: exactly one ticket waits."""

    async def scenario() -> list[httpx.Response]:
        async with httpx.AsyncClient(base_url=live_url, timeout=60) as http:
            racer = (await http.post("/players", json={"name": "racer"})).json()
            queues = [("splendor", 4), ("castles", 4), ("carcassonne", 5), ("azul", 4)] * 2
            return [
                *await asyncio.gather(
                    *(
                        http.post(
                            f"/matchmaking/{game}",
                            json={"players": size},
                            headers=auth(racer["token"]),
                        )
                        for game, size in queues
                    )
                ),
                racer,
            ]

    *answers, racer = asyncio.run(scenario())
    codes = Counter(a.status_code for a in answers)
    assert codes[201] == 1 and codes[201] + codes[200] + codes[409] == len(answers), codes
    with psycopg.connect(database_url) as conn:
        waiting = conn.execute(
            "SELECT count(*) FROM matchmaking_tickets WHERE player_id = %s AND status = 'waiting'",
            (uuid.UUID(racer["id"]),),
        ).fetchone()[0]
        conn.execute(
            "UPDATE matchmaking_tickets SET status = 'left' WHERE player_id = %s",
            (uuid.UUID(racer["id"]),),
        )
    assert waiting == 1
