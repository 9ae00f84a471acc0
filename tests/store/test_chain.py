"""The chain's hash of a new event is taken over its canonical bytes as they are
(service/store/chain.py): it must equal the documented definition (docs/record-format.md,
"How hashes are computed": sha256 of the previous hash, a newline and the canonical JSON of
``{stream, version, type, data, metadata}``) over the decoded event, which audits and outside
verifiers recompute, for every event any game makes; and so must ``event_hash``."""

from __future__ import annotations

import hashlib
import uuid
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain._kernel import playout
from domain.registry import installed
from service.games.model import encode_event
from service.store.chain import GENESIS, NewEvent, canonical, chain_events, event_hash


def _documented(prev: str, stream_id: uuid.UUID, version: int, type_: str, data, metadata) -> str:
    content = {
        "stream": str(stream_id),
        "version": version,
        "type": type_,
        "data": data,
        "metadata": metadata,
    }
    return hashlib.sha256(prev.encode() + b"\n" + canonical(content)).hexdigest()


def _hashes_agree(stream_id: uuid.UUID, events: list[NewEvent], start: int = 0) -> None:
    rows, decoded = chain_events(stream_id, start, GENESIS, events)
    prev = GENESIS
    for row, data, event in zip(rows, decoded, events, strict=True):
        assert data == msgspec.json.decode(event.data)
        version = row["version"]
        expected = _documented(prev, stream_id, version, event.type, data, event.metadata)
        assert row["hash"] == expected, (event.type, event.data)
        assert event_hash(prev, stream_id, version, event.type, data, event.metadata) == expected
        assert row["prev_hash"] == prev
        prev = row["hash"]


@pytest.mark.parametrize("slug", sorted(installed()))
def test_every_games_events_hash_as_the_documented_definition(slug: str) -> None:
    spec = installed()[slug]
    for players in range(spec.min_players, spec.max_players + 1):
        _, log = playout(spec, spec.new_setup(players), f"chain-{slug}-{players}")
        events = [
            NewEvent(
                type(e).__struct_config__.tag,
                encode_event(e),
                {"seat": n % players, "command_id": f"c{n}", "request_id": None},
            )
            for n, e in enumerate(log)
        ]
        _hashes_agree(uuid.uuid4(), events, start=3)


_scalars = (
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text()
    | st.floats(allow_nan=False, allow_infinity=False)
)  # fmt: skip


def _json(keys: Any) -> Any:
    return st.recursive(
        _scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
        max_leaves=20,
    )


@given(
    data=_json(st.text(max_size=6) | st.integers(-50, 50)),
    metadata=st.dictionaries(st.text(max_size=6), _json(st.text(max_size=6)), max_size=3),
)
def test_any_value_encoded_as_events_are_hashes_alike(data: Any, metadata: dict) -> None:
    """Numeric keys included: encoded with string keys they sort as strings, as they do once
    decoded (sorted as numbers they would not: 10 before 9 as text)."""
    event = NewEvent("t.happened", canonical(msgspec.to_builtins(data, str_keys=True)), metadata)
    _hashes_agree(uuid.uuid4(), [event, event], start=0)


def test_numeric_keys_are_encoded_as_they_decode() -> None:
    class Scored(msgspec.Struct, tag="t.scored"):
        points: dict[int, int]

    encoded = encode_event(Scored({9: 1, 10: 2}))
    assert encoded == canonical(msgspec.json.decode(encoded))
    assert encoded.index(b'"10"') < encoded.index(b'"9"')
