"""The hot routes' answers (``service.api.http.JsonAnswer``: a view, legal commands, a
command's answer) skip Litestar's general response building. What they send must be exactly
what Litestar's own ``Response`` sends for the same content and headers: the same status, the
same headers in the same order, the same body bytes, for every kind of content they carry."""

from __future__ import annotations

import asyncio
import datetime as dt
import uuid
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from litestar import Response

from domain.registry import GAMES
from service.api.http import JsonAnswer
from service.games import schemas as s


async def _messages(app: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app({"type": "http", "method": "GET"}, receive, send)
    return sent


def _both(content: Any, headers: dict[str, str] | None) -> tuple[list, list]:
    litestar = Response(content, headers=headers).to_asgi_response(app=None, request=None)
    ours = JsonAnswer(content, headers=headers).to_asgi_response(app=None, request=None)
    return asyncio.run(_messages(litestar)), asyncio.run(_messages(ours))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**53), 2**53)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
headers = st.none() | st.fixed_dictionaries(
    {"ETag": st.from_regex(r'"[0-9]{1,6}(-[0-9])?"', fullmatch=True)},
    optional={"Vary": st.just("Authorization")},
)


@settings(max_examples=200)
@given(content=json_values | st.binary(max_size=20), extra=headers)
def test_any_json_content_is_sent_as_litestar_sends_it(content, extra) -> None:
    litestar, ours = _both(content, extra)
    assert ours == litestar


@pytest.mark.parametrize("content", ["", "text", b"", b"{}", None, 0, [], {}])
def test_text_bytes_and_empty_values_are_sent_as_litestar_sends_them(content) -> None:
    litestar, ours = _both(content, None)
    assert ours == litestar


def _legal_commands(slug: str) -> s.LegalCommands:
    from domain._kernel import Rng
    from domain.lifecycle import MATCHES

    spec = MATCHES[slug]
    setup = spec.new_setup(max(spec.min_players, 2))
    state = spec.initial_state(setup)
    for event in spec.start(setup, Rng("json-answer", 0)):
        state = spec.evolve(state, event)
    seat = spec.to_act(state)[0]
    return s.LegalCommands(
        version=7, seat=seat, commands=spec.legal_commands(state, seat), to_act=[seat]
    )


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_games_legal_commands_are_sent_as_litestar_sends_them(slug) -> None:
    answer = _legal_commands(slug)
    litestar, ours = _both(answer, {"ETag": '"7-0"', "Vary": "Authorization"})
    assert ours == litestar
    assert msgspec.json.decode(ours[1]["body"])["version"] == 7


def test_structs_with_uuids_and_times_are_sent_as_litestar_sends_them() -> None:
    class Stamped(msgspec.Struct):
        id: uuid.UUID
        at: dt.datetime
        day: dt.date
        items: list[int]

    content = Stamped(uuid.uuid4(), dt.datetime.now(dt.UTC), dt.date(2026, 11, 26), [1, 2])
    litestar, ours = _both(content, None)
    assert ours == litestar


@pytest.mark.parametrize("extra", [None, {"ETag": '"7"', "Vary": "Authorization"}])
def test_a_json_answer_holds_what_a_response_made_the_same_way_holds(extra) -> None:
    """Its own, leaner ``__init__`` sets every attribute of Litestar's, to the same values:
    anything of Litestar's that reads one (a hook, a middleware) finds what it would."""
    content = {"version": 3, "events": []}
    litestar, ours = Response(content, headers=extra), JsonAnswer(content, headers=extra)
    for name in Response.__slots__:
        assert getattr(ours, name) == getattr(litestar, name), name
    if extra is not None:
        assert ours.headers is not extra  # a copy, as Litestar's
