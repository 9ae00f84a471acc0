"""The hot routes' short parameter path (service/api/hot.py): a request it takes gets exactly
the arguments Litestar's own parameter and signature models give it; every other request is
left to those models, so that it is answered (or refused) as before."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar import Request
from litestar.exceptions import ValidationException
from litestar.types import Empty

from domain._kernel import playout
from domain.registry import GAMES
from service.api import hot
from service.api.app import create_app
from service.api.http import check_body

GAME = uuid.UUID("0b7a3c52-9f3e-4d7a-8c1e-2f4b6a8d0e11")


@pytest.fixture(scope="module")
def app():
    # No request reaches the database here: the app is only routed through.
    return create_app("postgresql://nobody@127.0.0.1:1/none", admin_key="k" * 32)


def _request(app, method: str, path: str, query: bytes, headers=(), body: bytes = b"") -> Request:
    _asgi, handler, routed_path, params, template = app.asgi_router.handle_routing(
        path=path, method=method
    )
    scope: dict[str, Any] = {
        "type": "http",
        "method": method,
        "path": routed_path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"test"), *headers],
        "path_params": params,
        "route_handler": handler,
        "path_template": template,
        "app": app,
        "litestar_app": app,
        "state": {},
    }
    sent = [False]

    async def receive():
        if not sent[0]:
            sent[0] = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return Request(scope, receive)


def _models(app, method: str, path: str):
    for route in app.routes:
        if getattr(route, "path", None) == path and method in getattr(
            route, "route_handler_map", {}
        ):
            return route.route_handler_map[method]
    raise AssertionError(f"no route {method} {path}")


async def _both(app, method, template, request) -> tuple[Any, Any]:
    handler, model = _models(app, method, template)
    assert isinstance(model, hot.ShortParameters)
    if handler.opt.get("body"):
        await check_body(request)
    short = model.read(request)
    kwargs = await model.litestar_model.to_kwargs(request)
    if kwargs.get("data") is Empty:
        del kwargs["data"]
    litestar = handler.signature_model.litestar_model.parse_values_from_connection_kwargs(
        connection=request, kwargs=kwargs
    )
    return short, litestar


def test_both_hot_routes_get_the_short_path(app) -> None:
    assert hot.install(app) == []  # already installed by create_app, once
    for method, template in [
        ("GET", "/games/{game_id:uuid}/legal-commands"),
        ("POST", "/games/{game_id:uuid}/commands"),
    ]:
        handler, model = _models(app, method, template)
        assert isinstance(model, hot.ShortParameters), template
        assert isinstance(handler.signature_model, hot.ShortSignature)


@settings(max_examples=60, deadline=None)
@given(version=st.none() | st.integers(1, 2**53))
def test_a_plain_legal_read_gets_litestars_arguments(app, version) -> None:
    query = b"" if version is None else b"min_version=%d" % version
    request = _request(app, "GET", f"/games/{GAME}/legal-commands", query)
    short, litestar = asyncio.run(
        _both(app, "GET", "/games/{game_id:uuid}/legal-commands", request)
    )
    assert short is not None
    assert short == litestar
    assert short["game_id"] == GAME and short["min_version"] == version


def _played_commands() -> list[Any]:
    """Commands of every game as bots send them: those chosen in a short random game each."""
    chosen: list[Any] = []
    for spec in GAMES.values():
        setup = spec.new_setup(spec.min_players)
        playout(
            spec, setup, "hot", max_commands=10**6, on_step=lambda s, seat, c, e: chosen.append(c)
        )
    return chosen


PLAYED = _played_commands()
commands = st.builds(
    lambda command, version: (
        {"command": msgspec.to_builtins(command)}
        | ({} if version is None else {"expected_version": version})
    ),
    st.sampled_from(PLAYED),
    st.none() | st.integers(1, 2**53),
)


@settings(max_examples=150, deadline=None)
@given(body=commands, include=st.booleans())
def test_a_plain_command_gets_litestars_arguments(app, body, include) -> None:
    request = _request(
        app,
        "POST",
        f"/games/{GAME}/commands",
        b"include=legal_commands" if include else b"",
        [(b"content-type", b"application/json")],
        msgspec.json.encode(body),
    )
    short, litestar = asyncio.run(_both(app, "POST", "/games/{game_id:uuid}/commands", request))
    assert short is not None
    assert short == litestar
    assert short["include"] == ("legal_commands" if include else None)


@pytest.mark.parametrize(
    "query, headers",
    [
        (b"min_version=0", ()),  # out of bounds: Litestar's 400
        (b"min_version=007", ()),
        (b"min_version=%d" % (2**53 + 1), ()),
        (b"min_version=1&min_version=2", ()),
        (b"min_version=1&wait=5", ()),
        (b"wait=5", ()),
        (b"min_version=1.0", ()),
        (b"min_version=1", [(b"if-none-match", b'"3-0"')]),
    ],
)
def test_any_other_legal_read_is_left_to_litestar(app, query, headers) -> None:
    request = _request(app, "GET", f"/games/{GAME}/legal-commands", query, headers)
    assert hot.legal_arguments(request) is None


def test_a_declined_out_of_bounds_version_is_still_refused(app) -> None:
    request = _request(app, "GET", f"/games/{GAME}/legal-commands", b"min_version=0")
    with pytest.raises(ValidationException):
        asyncio.run(_both(app, "GET", "/games/{game_id:uuid}/legal-commands", request))


A_COMMAND = msgspec.json.encode({"command": msgspec.to_builtins(PLAYED[0])})
A_COMMAND_WITH_FLOAT = A_COMMAND[:-1] + b', "expected_version": 3.0}'


@pytest.mark.parametrize(
    "query, headers, body",
    [
        (b"include=everything", (), A_COMMAND),
        (b"include=legal_commands&x=1", (), A_COMMAND),
        (b"", [(b"idempotency-key", b"k1")], A_COMMAND),
        # 3.0 passes the strict check by its second walk, which the short path does not take.
        (b"", (), A_COMMAND_WITH_FLOAT),
    ],
)
def test_any_other_command_is_left_to_litestar(app, query, headers, body) -> None:
    request = _request(
        app,
        "POST",
        f"/games/{GAME}/commands",
        query,
        [(b"content-type", b"application/json"), *headers],
        body,
    )
    asyncio.run(check_body(request))
    assert hot.command_arguments(request) is None


def test_the_header_helper_reads_the_first_value_as_litestar_does(app) -> None:
    from service.api.http import header

    request = _request(
        app,
        "GET",
        f"/games/{GAME}/legal-commands",
        b"",
        [(b"authorization", b"Bearer a\xe9"), (b"authorization", b"Bearer b")],
    )
    assert header(request, b"authorization") == request.headers.get("authorization")
    assert header(request, b"if-none-match") is None is request.headers.get("if-none-match")
