"""The HTTP contract: status codes, problem details, auth, versions and idempotency."""

from __future__ import annotations

import uuid

import pytest

from domain.registry import GAMES
from tests.api.helpers import any_game, auth, create

SLUG, PLAYERS = any_game()


@pytest.fixture
def game(client):
    return create(client, SLUG, PLAYERS)


def first_move(client, game):
    view = client.get(f"/games/{game['id']}").json()
    seat = view["to_act"][0]
    token = game["seats"][seat]["token"]
    legal = client.get(f"/games/{game['id']}/legal-commands", headers=auth(token)).json()
    return seat, token, legal


def assert_problem(response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["status"] == status and body["code"] == code, body


def test_catalogue_lists_every_registered_game_with_its_options_schema(client) -> None:
    types = {t["game"]: t for t in client.get("/games/types").json()}
    assert set(types) == set(GAMES)
    for slug, spec in GAMES.items():
        assert types[slug]["min_players"] == spec.min_players
        assert types[slug]["rules_version"] == spec.rules_version
        assert types[slug]["content"] == spec.content_status
        assert types[slug]["content_note"] == spec.content_note
        assert (
            "$defs" in types[slug]["options_schema"]
            or "type" in types[slug]["options_schema"]
            or "$ref" in types[slug]["options_schema"]
        )
    # Issue #22: the provisional Three Kingdoms content is visible in the catalogue.
    assert types["three_kingdoms"]["content"] == "provisional"
    assert "69 of 69 generals" in types["three_kingdoms"]["content_note"]
    assert types["azul"]["content"] == "official"


def test_create_answers_201_with_tokens_and_a_seed_commitment(client) -> None:
    response = client.post(
        "/games", json={"game": SLUG, "seats": [{"name": f"p{i}"} for i in range(PLAYERS)]}
    )
    assert response.status_code == 201
    body = response.json()
    assert uuid.UUID(body["id"]) and len(body["seed_commitment"]) == 64
    assert [s["seat"] for s in body["seats"]] == list(range(PLAYERS))
    assert len({s["token"] for s in body["seats"]}) == PLAYERS


def test_create_refuses_unknown_games_bad_seat_counts_and_unknown_fields(client) -> None:
    seats = [{"name": "a"}, {"name": "b"}]
    assert_problem(
        client.post("/games", json={"game": "chess", "seats": seats}), 400, "malformed_request"
    )
    too_many = [{"name": str(i)} for i in range(GAMES[SLUG].max_players + 1)]
    assert_problem(
        client.post("/games", json={"game": SLUG, "seats": too_many}), 400, "malformed_request"
    )
    assert_problem(
        client.post("/games", json={"game": SLUG, "seats": seats, "colour": 1}),
        400,
        "malformed_request",
    )
    assert_problem(
        client.post("/games", content=b"{not json", headers={"content-type": "application/json"}),
        400,
        "malformed_request",
    )


def test_nul_characters_are_refused_with_400_not_stored(client) -> None:
    body = f'{{"game": "{SLUG}", "seats": [{{"name": "a\\u0000b"}}, {{"name": "c"}}]}}'
    assert_problem(
        client.post("/games", content=body, headers={"content-type": "application/json"}),
        400,
        "malformed_request",
    )


def test_a_body_over_the_limit_is_refused_with_413(client) -> None:
    response = client.post(
        "/games", content=b"{" + b" " * 100_000 + b"}", headers={"content-type": "application/json"}
    )
    assert_problem(response, 413, "request_too_large")


def test_the_spectator_and_each_seat_get_their_own_view_with_an_etag(client, game) -> None:
    spectator = client.get(f"/games/{game['id']}")
    assert spectator.status_code == 200
    assert spectator.headers["etag"] == f'"{spectator.json()["version"]}"'
    assert spectator.json()["viewer"] is None and spectator.json()["status"] == "active"
    seated = client.get(f"/games/{game['id']}", headers=auth(game["seats"][0]["token"])).json()
    assert seated["viewer"] == 0
    assert seated["state"]["game"] == SLUG


def test_unknown_games_are_404_and_bad_ids_400(client) -> None:
    assert_problem(client.get(f"/games/{uuid.uuid4()}"), 404, "game_not_found")
    assert client.get("/games/not-a-uuid").status_code in (400, 404)


def test_legal_commands_need_a_seat_token(client, game) -> None:
    assert_problem(client.get(f"/games/{game['id']}/legal-commands"), 401, "seat_token_required")
    assert_problem(
        client.get(f"/games/{game['id']}/legal-commands", headers=auth("forged")),
        401,
        "invalid_token",
    )
    assert_problem(
        client.get(f"/games/{game['id']}/legal-commands", headers={"Authorization": "Basic abc"}),
        401,
        "invalid_token",
    )


def test_a_token_of_another_game_is_403(client, game) -> None:
    other = create(client, SLUG, PLAYERS)
    response = client.get(
        f"/games/{game['id']}/legal-commands", headers=auth(other["seats"][0]["token"])
    )
    assert_problem(response, 403, "token_for_another_game")


def test_reads_at_a_known_version_answer_as_without_it(client, game) -> None:
    """Legal commands and views with ``?min_version=N``: in one process, whose cache follows every command, the answer is the
    one without it, whether N is behind, at or beyond the game's version; an N below 1 or
    non-integral N (versions start at 1) is a 400, and the seat token is checked as always."""
    created_view = client.get(f"/games/{game['id']}", params={"min_version": game["version"]})
    assert created_view.json() == client.get(f"/games/{game['id']}").json()
    _seat, token, legal = first_move(client, game)
    url = f"/games/{game['id']}/legal-commands"
    answer = client.post(
        f"/games/{game['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    ).json()
    for n in range(len(game["seats"])):
        seat_token = game["seats"][n]["token"]
        plain = client.get(url, headers=auth(seat_token)).json()
        assert plain["version"] == answer["version"]
        for known in (1, legal["version"], answer["version"], answer["version"] + 5):
            at = client.get(url, params={"min_version": known}, headers=auth(seat_token))
            assert at.status_code == 200, at.text
            assert at.json() == plain
    view_url = f"/games/{game['id']}"
    for headers in ({}, auth(token)):
        plain = client.get(view_url, headers=headers).json()
        for known in (1, answer["version"], answer["version"] + 5):
            at = client.get(view_url, params={"min_version": known}, headers=headers)
            assert at.status_code == 200, at.text
            assert at.json() == plain
    for bad in (0, -1, "x", 1.5):
        for target in (url, view_url):
            assert_problem(
                client.get(target, params={"min_version": bad}, headers=auth(token)),
                400,
                "malformed_request",
            )
    assert_problem(client.get(url, params={"min_version": 1}), 401, "seat_token_required")
    other = create(client, SLUG, PLAYERS)
    assert_problem(
        client.get(url, params={"min_version": 1}, headers=auth(other["seats"][0]["token"])),
        403,
        "token_for_another_game",
    )


def test_a_seat_that_may_not_act_gets_422_not_your_turn(client, game) -> None:
    _seat, _token, legal = first_move(client, game)
    waiting = [
        s for s in range(PLAYERS) if s not in client.get(f"/games/{game['id']}").json()["to_act"]
    ]
    if not waiting:
        pytest.skip("every seat may act at the start of this game")
    response = client.post(
        f"/games/{game['id']}/commands",
        json={"command": legal["commands"][0]},
        headers=auth(game["seats"][waiting[0]]["token"]),
    )
    assert_problem(response, 422, "not_your_turn")


def test_a_stale_expected_version_is_409_and_appends_nothing(client, game) -> None:
    _seat, token, legal = first_move(client, game)
    response = client.post(
        f"/games/{game['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"] + 1},
        headers=auth(token),
    )
    assert_problem(response, 409, "stale_version")
    assert client.get(f"/games/{game['id']}").json()["version"] == legal["version"]


def test_commands_are_accepted_and_events_follow_the_version(client, game) -> None:
    seat, token, legal = first_move(client, game)
    response = client.post(
        f"/games/{game['id']}/commands",
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(token),
    )
    assert response.status_code == 200, response.text
    accepted = response.json()
    assert [e["version"] for e in accepted["events"]] == list(
        range(legal["version"] + 1, accepted["version"] + 1)
    )
    assert all(e["seat"] == seat for e in accepted["events"])
    # The answer says who acts next, so a bot needs no extra request to find its turn.
    now = client.get(f"/games/{game['id']}").json()
    assert accepted["to_act"] == now["to_act"] and accepted["status"] == now["status"] == "active"
    assert legal["to_act"] == [seat]
    feed = client.get(f"/games/{game['id']}/events", params={"after": legal["version"]}).json()
    assert [e["version"] for e in feed["events"]] == [e["version"] for e in accepted["events"]]
    assert feed["version"] == accepted["version"]


def test_a_repeated_idempotency_key_returns_the_first_answer_and_appends_nothing(
    client, game
) -> None:
    _seat, token, legal = first_move(client, game)
    body = {"command": legal["commands"][0]}
    headers = {**auth(token), "Idempotency-Key": "move-1"}
    first = client.post(f"/games/{game['id']}/commands", json=body, headers=headers)
    second = client.post(f"/games/{game['id']}/commands", json=body, headers=headers)
    assert first.status_code == second.status_code == 200
    assert first.json() == second.json()
    assert client.get(f"/games/{game['id']}").json()["version"] == first.json()["version"]


def test_an_idempotency_key_reused_with_another_body_is_409(client, game) -> None:
    _seat, token, legal = first_move(client, game)
    headers = {**auth(token), "Idempotency-Key": "move-2"}
    assert (
        client.post(
            f"/games/{game['id']}/commands", json={"command": legal["commands"][0]}, headers=headers
        ).status_code
        == 200
    )
    other = {"command": legal["commands"][0], "expected_version": 1}
    assert_problem(
        client.post(f"/games/{game['id']}/commands", json=other, headers=headers),
        409,
        "idempotency_key_reused",
    )


def test_a_command_of_another_game_is_refused(client, game) -> None:
    others = [g for g in GAMES if g != SLUG]
    _seat, token, _legal = first_move(client, game)
    if not others:
        response = client.post(
            f"/games/{game['id']}/commands",
            json={"command": {"type": "chess.move"}},
            headers=auth(token),
        )
        assert_problem(response, 400, "malformed_request")
        return
    foreign = next(iter(GAMES[others[0]].command_classes)).__struct_config__.tag
    response = client.post(
        f"/games/{game['id']}/commands", json={"command": {"type": foreign}}, headers=auth(token)
    )
    assert response.status_code in (400, 422)


def test_time_travel_gives_the_view_at_any_past_version(client, game) -> None:
    seat, token, legal = first_move(client, game)
    client.post(
        f"/games/{game['id']}/commands", json={"command": legal["commands"][0]}, headers=auth(token)
    )
    then = client.get(f"/games/{game['id']}/views/{legal['version']}").json()
    now = client.get(f"/games/{game['id']}").json()
    assert (
        then["version"] == legal["version"]
        and then["to_act"] != []
        and now["version"] > then["version"]
    )
    assert (
        client.get(f"/games/{game['id']}/views/{legal['version']}", headers=auth(token)).json()[
            "viewer"
        ]
        == seat
    )
    assert_problem(
        client.get(f"/games/{game['id']}/views/{now['version'] + 1}"), 404, "version_not_found"
    )


def test_games_are_listed_filtered_and_paginated(client) -> None:
    name = f"lister-{uuid.uuid4().hex[:6]}"
    ids = set()
    for _ in range(3):
        body = {
            "game": SLUG,
            "seats": [{"name": name}] + [{"name": f"x{i}"} for i in range(PLAYERS - 1)],
        }
        ids.add(client.post("/games", json=body).json()["id"])
    page1 = client.get("/games", params={"player": name.upper(), "limit": 2}).json()
    page2 = client.get("/games", params={"player": name, "limit": 2, "offset": 2}).json()
    assert page1["total"] == 3 and len(page1["items"]) == 2 and len(page2["items"]) == 1
    assert {i["id"] for i in page1["items"] + page2["items"]} == ids
    assert client.get("/games", params={"status": "finished", "player": name}).json()["total"] == 0
    assert_problem(client.get("/games", params={"limit": 0}), 400, "malformed_request")


def test_health_reports_the_database(client) -> None:
    assert client.get("/health/ready").json() == {"status": "ok", "database": "ok"}


def test_time_travel_to_the_current_version_equals_the_current_view(client, game) -> None:
    _seat, token, legal = first_move(client, game)
    client.post(
        f"/games/{game['id']}/commands", json={"command": legal["commands"][0]}, headers=auth(token)
    )
    for headers in ({}, auth(token)):
        now = client.get(f"/games/{game['id']}", headers=headers).json()
        at = client.get(f"/games/{game['id']}/views/{now['version']}", headers=headers).json()
        assert (at["state"], at["to_act"], at["result"]) == (
            now["state"],
            now["to_act"],
            now["result"],
        )


def test_a_command_answer_can_carry_the_seats_next_legal_commands(client) -> None:
    """``?include=legal_commands``: exactly what GET legal-commands says for that seat at the
    answer's version: the list when the seat acts again (a multi-step turn), empty when it
    may not act. Without it the field is null."""
    game = create(client, "castles", 2)
    tokens = [seat["token"] for seat in game["seats"]]
    url = f"/games/{game['id']}/commands"
    acted_again = handed_over = 0
    view = client.get(f"/games/{game['id']}").json()
    seat = view["to_act"][0]
    legal = client.get(f"/games/{game['id']}/legal-commands", headers=auth(tokens[seat])).json()
    for n in range(60):
        body = {"command": legal["commands"][n % len(legal["commands"])]}
        answer = client.post(
            url,
            params={"include": "legal_commands"},
            json={**body, "expected_version": legal["version"]},
            headers=auth(tokens[seat]),
        ).json()
        mine = client.get(f"/games/{game['id']}/legal-commands", headers=auth(tokens[seat])).json()
        assert mine["version"] == answer["version"]
        assert answer["legal_commands"] == mine["commands"]
        if answer["legal_commands"]:
            acted_again += 1
            legal = {"version": answer["version"], "commands": answer["legal_commands"]}
        else:
            handed_over += 1
            seat = answer["to_act"][0]
            legal = client.get(
                f"/games/{game['id']}/legal-commands", headers=auth(tokens[seat])
            ).json()
    assert acted_again and handed_over
    plain = client.post(
        url,
        json={"command": legal["commands"][0], "expected_version": legal["version"]},
        headers=auth(tokens[seat]),
    ).json()
    assert plain["legal_commands"] is None
    bad = client.post(
        url,
        params={"include": "everything"},
        json={"command": legal["commands"][0]},
        headers=auth(tokens[seat]),
    )
    assert_problem(bad, 400, "malformed_request")


def test_a_damaged_stored_result_is_listed_as_null_not_a_500(client, database_url) -> None:
    """One stream row whose result is not a valid Result (written by hand or by an older
    writer) must not fail the whole list (it did: 500 on GET /games)."""
    import psycopg

    slug, players = any_game()
    game = create(client, slug, players)
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute(
            "UPDATE streams SET result = '{\"ranking\": [0]}'::jsonb WHERE id = %s", (game["id"],)
        )
    listed = client.get("/games", params={"game": slug, "limit": 200})
    assert listed.status_code == 200, listed.text
    mine = [item for item in listed.json()["items"] if item["id"] == game["id"]]
    assert mine and mine[0]["result"] is None
