"""The hot routes served past Litestar's router (service/api/direct.py): every request gets
the answer Litestar's own route gives it (status, headers, body), errors included; only plain
requests take the direct path, and it is off where Litestar's middleware has work to do."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest

from service.api import direct
from service.api.app import create_app
from service.api.limits import RateLimits
from tests.api.helpers import auth, create
from tests.conftest import ADMIN_KEY

GAME = "azul"
SEED = "direct-routes-twins"
MISSING = "0b7a3c52-9f3e-4d7a-8c1e-2f4b6a8d0e11"


@contextlib.contextmanager
def litestar_only(app: Any) -> Iterator[None]:
    """Every request to Litestar's router, as before the direct path."""
    routes = direct.find(app)
    saved = dict(routes.routes)
    routes.routes.clear()
    try:
        yield
    finally:
        routes.routes.update(saved)


def _answer(response: Any) -> tuple[int, list[tuple[str, str]], bytes]:
    headers = [(k, v) for k, v in response.headers.items() if k.lower() != "x-request-id"]
    return response.status_code, headers, response.content


def both_ways(client: Any, app: Any, method: str, path: str, **kwargs: Any) -> tuple:
    """The same request directly and through Litestar; whether the first was served
    directly."""
    routes = direct.find(app)
    before = routes.served
    first = client.request(method, path, **kwargs)
    taken = routes.served == before + 1
    with litestar_only(app):
        second = client.request(method, path, **kwargs)
    assert routes.served == before + int(taken)
    return _answer(first), _answer(second), taken


@pytest.fixture
def game(client) -> dict[str, Any]:
    return create(client, GAME, 2)


def test_the_app_serves_both_hot_routes_directly(app) -> None:
    assert set(direct.find(app).routes) == set(direct.ROUTES)


def test_legal_reads_are_answered_as_litestar_answers_them(client, app, game) -> None:
    game_id, tokens = game["id"], [seat["token"] for seat in game["seats"]]
    view = client.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    plain = [
        (f"/games/{game_id}/legal-commands", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands?min_version={view['version']}", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands", auth(tokens[1 - seat])),  # not its turn
        (f"/games/{game_id}/legal-commands", {}),  # no token: 401
        (f"/games/{game_id}/legal-commands", auth("not-a-token")),  # 401
        (f"/games/{game_id}/legal-commands", auth(ADMIN_KEY)),  # the admin has no seat
        (f"/games/{MISSING}/legal-commands", auth(tokens[seat])),  # another game's token
        (f"/games/{game_id}/legal-commands?min_version=9999", auth(tokens[seat])),
    ]
    statuses = set()
    for path, headers in plain:
        ours, litestar, taken = both_ways(client, app, "GET", path, headers=headers)
        assert taken, path
        assert ours == litestar, path
        statuses.add(ours[0])
    assert {200, 401, 403} <= statuses
    # Not the plain shape: Litestar's, as before.
    other = [
        (f"/games/{game_id.upper()}/legal-commands", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands/", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands?min_version=01", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands?min_version=-1", auth(tokens[seat])),
        (f"/games/{game_id}/legal-commands?min_version=null", auth(tokens[seat])),
        (
            f"/games/{game_id}/legal-commands",
            {**auth(tokens[seat]), "If-None-Match": f'"{view["version"]}-{seat}"'},
        ),
    ]
    for path, headers in other:
        ours, litestar, _taken = both_ways(client, app, "GET", path, headers=headers)
        assert ours == litestar, path


def test_refused_commands_are_answered_as_litestar_answers_them(client, app, game) -> None:
    game_id, tokens = game["id"], [seat["token"] for seat in game["seats"]]
    view = client.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()
    command = legal["commands"][0]
    path = f"/games/{game_id}/commands"
    json_body = {"content-type": "application/json"}
    refused = [
        (path, {"command": command, "expected_version": view["version"] + 5}, auth(tokens[seat])),
        (path, {"command": {"type": "no.such_command"}}, auth(tokens[seat])),
        (path, {"command": command, "expected_version": "1"}, auth(tokens[seat])),
        (path, {"command": command}, auth(tokens[1 - seat])),  # not its turn
        (path, {"command": command}, {}),  # no token
        (path, {"command": command}, auth("not-a-token")),
        (f"/games/{MISSING}/commands", {"command": command}, auth(tokens[seat])),
        (path + "?include=legal_commands", {"command": "x"}, auth(tokens[seat])),
    ]
    statuses = set()
    for where, body, headers in refused:
        content = msgspec.json.encode(body)
        ours, litestar, taken = both_ways(
            client, app, "POST", where, content=content, headers={**headers, **json_body}
        )
        assert taken, body
        assert ours == litestar, body
        assert ours[0] >= 400, ours
        statuses.add(ours[0])
    assert {400, 401, 403, 409, 422} <= statuses
    raw = [
        (b"{not json", json_body),
        (b'{"command": {"type": "x\\u0000"}}', json_body),
        (msgspec.json.encode({"command": command}), {"content-type": "text/plain"}),
        (b"{" + b" " * 70_000 + b"}", json_body),
        (b"", json_body),
    ]
    for content, headers in raw:
        ours, litestar, _taken = both_ways(
            client, app, "POST", path, content=content, headers={**auth(tokens[seat]), **headers}
        )
        assert ours == litestar, content[:40]
        assert ours[0] in (400, 413, 415), ours
    # Nothing of that was played.
    assert client.get(f"/games/{game_id}").json()["version"] == view["version"]


def test_an_unexpected_failure_is_answered_as_litestar_answers_it(
    client, app, game, monkeypatch
) -> None:
    """The direct path hands an exception to Litestar's exception middleware only once it
    happened (service/api/direct.py): a failure nobody foresaw is the same 500 either way."""
    game_id, tokens = game["id"], [seat["token"] for seat in game["seats"]]
    view = client.get(f"/games/{game_id}").json()
    seat = view["to_act"][0]
    legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(tokens[seat])).json()

    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("the game service broke")

    monkeypatch.setattr(app.state.games.commands, "submit", broken)
    ours, litestar, taken = both_ways(
        client,
        app,
        "POST",
        f"/games/{game_id}/commands",
        content=msgspec.json.encode({"command": legal["commands"][0]}),
        headers={**auth(tokens[seat]), "content-type": "application/json"},
    )
    assert taken
    assert ours == litestar
    assert ours[0] == 500 and b"the game service broke" not in ours[2]


def _normalised(answer: tuple[int, list, bytes], game_id: str) -> tuple:
    """A command's answer with what differs between two games of the same seed left out: the
    event's time and hash (which chains the time), the length that the time's digits move."""
    status, headers, body = answer
    data = msgspec.json.decode(body)
    for event in data.get("events", ()):
        event["recorded_at"] = event["hash"] = None
    kept = [(k, v) for k, v in headers if k.lower() != "content-length"]
    return status, kept, msgspec.json.encode(data).replace(game_id.encode(), b"GAME")


def test_accepted_commands_are_answered_as_litestar_answers_them(client, app) -> None:
    """Two games of the same seed, the same commands: one game's through the direct path,
    the other's through Litestar."""
    ours = create(client, GAME, 2, seed=SEED)
    theirs = create(client, GAME, 2, seed=SEED)
    routes = direct.find(app)
    rng = random.Random(7)
    for turn in range(30):
        answers = []
        query = "?include=legal_commands" if rng.random() < 0.5 else ""
        for created, through_litestar in ((ours, False), (theirs, True)):
            game_id = created["id"]
            view = client.get(f"/games/{game_id}").json()
            if view["status"] == "finished":
                return
            seat = view["to_act"][0]
            token = created["seats"][seat]["token"]
            legal = client.get(f"/games/{game_id}/legal-commands", headers=auth(token)).json()
            command = legal["commands"][random.Random(turn).randrange(len(legal["commands"]))]
            before = routes.served
            with litestar_only(app) if through_litestar else contextlib.nullcontext():
                answer = client.post(
                    f"/games/{game_id}/commands{query}",
                    json={"command": command, "expected_version": legal["version"]},
                    headers=auth(token),
                )
            assert answer.status_code == 200, answer.text
            assert routes.served == before + (0 if through_litestar else 1)
            answers.append(_normalised(_answer(answer), game_id))
        assert answers[0] == answers[1], turn


def test_a_direct_request_is_counted_under_its_route(client, app, game) -> None:
    """The metrics' route label is the template Litestar's router gives."""
    path = f"/games/{game['id']}/legal-commands"
    label = re.compile(
        r'gamestate_http_requests_total\{method="GET",route="/games/\{game_id\}/legal-commands",'
        r'status="200"\} ([0-9.e+]+)'
    )

    def counted() -> float:
        found = label.search(client.get("/metrics").text)
        return float(found[1]) if found else 0.0

    headers = auth(game["seats"][0]["token"])
    before, served = counted(), direct.find(app).served
    assert client.get(path, headers=headers).status_code == 200
    assert direct.find(app).served == served + 1
    assert counted() == before + 1
    with litestar_only(app):
        assert client.get(path, headers=headers).status_code == 200
    assert counted() == before + 2


def test_a_counted_route_or_cors_leaves_the_route_to_litestar() -> None:
    url = "postgresql://nobody@127.0.0.1:1/none"
    limited = create_app(url, admin_key="k" * 32, rate_limits=RateLimits(commands="5/second"))
    assert set(direct.find(limited).routes) == {("GET", "legal-commands")}
    per_token = create_app(
        url, admin_key="k" * 32, rate_limits=RateLimits(commands_per_token="5/second")
    )
    assert set(direct.find(per_token).routes) == {("GET", "legal-commands")}
    with_cors = create_app(url, admin_key="k" * 32, cors_origins=["https://example.org"])
    assert direct.find(with_cors).routes == {}


def test_a_game_id_is_parsed_once_and_the_kept_ids_are_bounded(monkeypatch) -> None:
    """The same id in the path gives the same UUID object (the state cache then finds it by
    identity); made-up ids cannot make the table grow past its bound."""
    app = create_app("postgresql://nobody@127.0.0.1:1/none", admin_key="k" * 32)
    routes = direct.DirectRoutes(app.asgi_handler, app, counted=frozenset(), cors=False)
    monkeypatch.setattr(direct, "_IDS_KEPT", 3)
    first = routes._game_id(MISSING)
    assert str(first) == MISSING
    assert routes._game_id(MISSING) is first
    for n in range(10):
        routes._game_id(f"00000000-0000-4000-8000-{n:012x}")
        assert len(routes._ids) <= 3
    assert routes._game_id(MISSING) == first


def test_an_answer_skips_to_response_only_where_it_would_come_back_unchanged(
    monkeypatch,
) -> None:
    """A handler's JsonAnswer goes out as it is unless a layer has an after-request hook (or
    the route a return DTO): then Litestar's to_response runs, hook included."""
    app = create_app("postgresql://nobody@127.0.0.1:1/none", admin_key="k" * 32)
    route = direct.find(app).routes[("POST", "commands")]
    handler, template = route.handler, route.template
    assert direct._Route(handler, template).own_answer
    monkeypatch.setattr(handler, "after_request", lambda response: response)
    assert not direct._Route(handler, template).own_answer
    monkeypatch.setattr(app, "after_request", lambda response: response, raising=False)
    monkeypatch.setattr(handler, "after_request", None)
    assert not direct._Route(handler, template).own_answer
