"""The channel's pump, one round at a time, without a connection: a round hands each live
subscriber what it lacks of the class's frames (issue #32 item 4: at once, as the same
outcome as frame by frame), and writes each subscriber's run of frames as the HTTP chunks it
would have written one by one."""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.live import channel as channel_module
from service.live.direct import chunk
from service.live.hub import Hub
from service.live.sse import STORE_UNAVAILABLE


def _state(sub: channel_module.Subscriber) -> tuple[Any, ...]:
    return (list(sub.frames), sub.live, sub.reason, sub.dropped, sub._poked)


@settings(max_examples=300, deadline=None)
@given(
    last=st.integers(0, 30),
    queued=st.integers(0, 12),
    live=st.booleans(),
    first=st.integers(1, 40),
    count=st.integers(1, 20),
    queue=st.integers(1, 24),
)
def test_a_run_of_versions_is_offered_as_the_frame_by_frame_loop_would(
    last: int, queued: int, live: bool, first: int, count: int, queue: int
) -> None:
    async def main() -> None:
        hub = Hub(keepalive=5.0)
        hub.queue = queue
        shown = [(v, b"frame %d" % v) for v in range(first, first + count)]
        outcomes = []
        for offer in ("_offer", "_offer_each"):
            channel = channel_module.Channel(hub, uuid.uuid4(), None)
            sub = channel_module.Subscriber(hub, None, last)
            sub.live = live
            sub.frames = [(last, STORE_UNAVAILABLE)] * min(queued, queue)
            getattr(channel, offer)(sub, shown)
            # A dropped subscriber's last is not read any more (Channel._offer).
            last_after = None if sub.dropped else sub.last
            outcomes.append((_state(sub), last_after, [w is sub for w in channel.woken]))
        assert outcomes[0] == outcomes[1]

    asyncio.run(main())


def test_each_subscriber_gets_its_frames_as_chunks_and_a_shared_run_is_joined_once(
    monkeypatch,
) -> None:
    framed: list[bytes] = []

    def counting(data: bytes) -> bytes:
        framed.append(data)
        return chunk(data)

    monkeypatch.setattr(channel_module, "http_chunk", counting)
    spectators = [(v, b"spectator %d" % v) for v in range(1, 6)]
    seat = [(v, b"seat %d" % v) for v in range(1, 6)]
    runs = [
        spectators,
        list(spectators),  # the same run, another list
        spectators[2:],  # went live later
        seat,
        [(0, STORE_UNAVAILABLE), *spectators],
        [(0, STORE_UNAVAILABLE), *spectators],  # another pair, the same bytes
        spectators[:1],
    ]
    chunks: dict[Any, bytes] = {}
    written = [channel_module.Channel._joined(run, chunks) for run in runs]
    for run, data in zip(runs, written, strict=True):
        assert data == b"".join(chunk(frame) for _, frame in run)
    assert written[0] is written[1]
    assert written[4] is written[5]
    # Each distinct frame framed once in the round, whatever the runs it is in.
    assert sorted(framed) == sorted({frame for run in runs for _, frame in run})
