"""Persisted snapshots (service/games/snapshots.py): a state decoded from a snapshot is the
state folded from the events, at any version, in every game; a snapshot of another codec (or
one that cannot be decoded) is ignored; a snapshot write that fails never fails a command."""

from __future__ import annotations

import asyncio
import random
from uuid import uuid4

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from psycopg_pool import AsyncConnectionPool

from bench.long_games import build_long_game
from domain._kernel import Rng, fold
from domain.lifecycle import MATCHES, Clock, Terms
from domain.lifecycle.playout import playout
from service.games import schemas as s
from service.games import snapshots
from service.games.model import Viewer, decode_event, setup_of
from service.games.service import GameService
from service.store.events import EventStore
from service.store.snapshots import nearest_snapshot, write_snapshots

CASES = [(slug, match.min_players) for slug, match in sorted(MATCHES.items())]


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[c[0] for c in CASES])
@given(seed=st.text(alphabet="0123456789abcdef", min_size=4, max_size=12))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_state_of_a_played_game_round_trips_through_the_codec(
    slug: str, players: int, seed: str
) -> None:
    match = MATCHES[slug]
    codec = snapshots.codec_for(match)
    terms = Terms(clock=Clock(turn_ms=60_000, bank_ms=30_000), started_ms=0)
    setup = match.new_setup(players, match.options_type(), terms=terms)
    states = []

    def keep(state, seat, command, events) -> None:
        states.append(state)

    final, _ = playout(match, setup, seed, lambda seat, since: since + 1_000, on_step=keep)
    states.append(final)
    for state in [*states[:: max(1, len(states) // 40)], final]:
        data = codec.encode(state)
        assert data is not None, "a state of this game would never be snapshotted"
        assert codec.decode(data) == state


def test_a_codec_name_changes_with_the_codec_version(monkeypatch) -> None:
    match = MATCHES["azul"]
    before = snapshots.codec_for(match).name
    monkeypatch.setattr(snapshots, "_codecs", {})
    monkeypatch.setattr(snapshots, "CODEC_VERSION", snapshots.CODEC_VERSION + 1)
    assert snapshots.codec_for(match).name != before


async def _pool(url: str) -> AsyncConnectionPool:
    pool = AsyncConnectionPool(url, min_size=1, max_size=4, open=False, kwargs={"autocommit": True})
    await pool.open()
    return pool


def _expected(events, stream, versions) -> dict[int, object]:
    match = MATCHES[stream.game]
    setup = setup_of(match, stream.setup, stream.rules_version)
    out, state = {}, match.initial_state(setup)
    wanted = set(versions)
    for stored in events:
        state = match.evolve(state, decode_event(match, stored))
        if stored.version in wanted:
            out[stored.version] = state
    return out


async def _long_game_views(url: str, slug: str, players: int, length: int, seed: str) -> dict:
    pool = await _pool(url)
    try:
        writer = GameService(EventStore(pool), snapshot_every=50)
        gid, _ = await build_long_game(writer, pool, slug, players, length, seed=seed)
        # A first reader folds the whole stream (the builder wrote no snapshots) and writes
        # the snapshots it passes; later readers start from them.
        first = GameService(EventStore(pool), snapshot_every=50)
        async with pool.connection() as conn:
            whole = await first.repo.load(conn, gid)
        await first.repo.snapshots.drain()
        rng = random.Random(seed)
        versions = [*sorted(rng.sample(range(1, whole.version), 40)), whole.version]
        seen = {}
        async with pool.connection() as conn:
            stream = await writer.store.get_stream(conn, gid)
            events = await writer.store.read(conn, gid)
            count = await (await conn.execute("SELECT count(*) FROM snapshots")).fetchone()
            for version in versions:
                # A fresh reader each time: no in-memory checkpoint helps it.
                reader = GameService(EventStore(pool), snapshot_every=50)
                if version == whole.version:
                    seen[version] = (await reader.repo.load(conn, gid)).state
                else:
                    seen[version] = await reader.repo.past_state(
                        conn, stream, MATCHES[slug], version
                    )
        return {
            "seen": seen,
            "expected": _expected(events, stream, versions),
            "snapshots": count[0],
            "version": whole.version,
            "last_hash": whole.last_hash == events[-1].hash,
            "full": whole.state
            == fold(
                MATCHES[slug],
                setup_of(MATCHES[slug], stream.setup, stream.rules_version),
                (decode_event(MATCHES[slug], e) for e in events),
            ),
        }
    finally:
        await pool.close()


@pytest.mark.parametrize(("slug", "players"), [("azul", 2), ("three_kingdoms", 3)])
def test_a_fold_from_the_nearest_snapshot_equals_the_fold_from_the_start(
    database_url: str, slug: str, players: int
) -> None:
    found = asyncio.run(_long_game_views(database_url, slug, players, 3_000, f"snap-{slug}"))
    assert found["version"] >= 3_000
    assert found["snapshots"] >= found["version"] // 50 - 1  # backfilled by the first read
    assert found["full"] and found["last_hash"]
    assert found["seen"] == found["expected"]


async def _stale(url: str) -> dict:
    pool = await _pool(url)
    try:
        writer = GameService(EventStore(pool), snapshot_every=0)
        gid, _ = await build_long_game(writer, pool, "azul", 2, 600, seed="stale")
        codec = snapshots.codec_for(MATCHES["azul"])
        async with pool.connection() as conn:
            stream = await writer.store.get_stream(conn, gid)
            # Another code's snapshot (garbage to this code) and one of this codec's name
            # whose bytes do not decode: both must be passed over.
            await write_snapshots(conn, gid, "1", "azul/0/0000000000000000", [(500, b"\x00")])
            await write_snapshots(conn, gid, "1", codec.name, [(400, b"\xc1 not msgpack")])
            other = await nearest_snapshot(conn, gid, 550, codec.name)
            reader = GameService(EventStore(pool), snapshot_every=0)
            view = await reader.reads.view_at(conn, gid, Viewer(), 550)
            events = await writer.store.read(conn, gid, upto=550)
        expected = _expected(events, stream, [550])[550]
        return {
            "other": other[0] if other else None,
            "view": msgspec.to_builtins(view.state),
            "expected": msgspec.to_builtins(MATCHES["azul"].view(expected, None)),
        }
    finally:
        await pool.close()


def test_a_snapshot_of_another_codec_or_undecodable_is_ignored(database_url: str) -> None:
    found = asyncio.run(_stale(database_url))
    assert found["other"] == 400  # only this codec's snapshot is found, never the other
    assert found["view"] == found["expected"]


class BrokenPool:
    def connection(self):
        raise OSError("the database is gone")


async def _commands_with_broken_snapshots(url: str) -> dict:
    pool = await _pool(url)
    try:
        games = GameService(EventStore(pool), snapshot_every=2)
        games.repo.snapshots.pool = BrokenPool()
        body = msgspec.convert(
            {"game": "azul", "seats": [{"name": "a"}, {"name": "b"}], "seed": "broken"},
            s.CreateGame,
        )
        async with pool.connection() as conn:
            gid = (await games.commands.create(conn, body)).id
        rng = random.Random(1)
        accepted = 0
        for _ in range(12):
            async with pool.connection() as conn:
                now = await games.reads.resource(conn, gid, Viewer())
            seat = Viewer(game_id=gid, seat=now.to_act[0])
            async with pool.connection() as conn:
                legal = await games.reads.legal(conn, gid, seat)
            answer = await games.commands.submit(
                pool, gid, seat, s.SubmitCommand(command=rng.choice(legal.commands)),
                idempotency_key=None, request_id=None,
            )  # fmt: skip
            accepted += answer.version > 0
        await games.repo.snapshots.drain()
        # And with a working pool, the same commands write snapshots after commit.
        writer = GameService(EventStore(pool), snapshot_every=2)
        for _ in range(6):
            async with pool.connection() as conn:
                now = await writer.reads.resource(conn, gid, Viewer())
            seat = Viewer(game_id=gid, seat=now.to_act[0])
            async with pool.connection() as conn:
                legal = await writer.reads.legal(conn, gid, seat)
            await writer.commands.submit(
                pool, gid, seat, s.SubmitCommand(command=rng.choice(legal.commands)),
                idempotency_key=None, request_id=None,
            )  # fmt: skip
        await writer.repo.snapshots.drain()
        async with pool.connection() as conn:
            rows = await (
                await conn.execute("SELECT count(*) FROM snapshots WHERE stream_id = %s", (gid,))
            ).fetchone()
        return {
            "accepted": accepted,
            "failed": games.repo.snapshots.failed,
            "written": writer.repo.snapshots.written,
            "rows": rows[0],
        }
    finally:
        await pool.close()


def test_snapshot_failures_never_fail_a_command(database_url: str) -> None:
    found = asyncio.run(_commands_with_broken_snapshots(database_url))
    assert found["accepted"] == 12
    assert found["failed"] >= 1
    assert found["written"] >= 1 and found["rows"] == found["written"]


def test_a_tournament_state_round_trips_through_its_codec() -> None:
    from domain._kernel import Rng
    from domain.tournament import TOURNAMENT
    from domain.tournament import commands as tc
    from service.tournaments.streams import CODEC

    create = tc.CreateTournament(
        name="codec", game="azul", format="swiss", game_options_json="{}", min_players=2,
        max_players=4, table_size=2, rounds=3,
    )  # fmt: skip
    commands = [create] + [tc.RegisterPlayer(name=f"p{i}", rating=1500) for i in range(9)]
    commands.append(tc.StartTournament())
    state = TOURNAMENT.initial_state()
    for version, command in enumerate(commands):
        for event in TOURNAMENT.decide(state, command, Rng("codec", version)):
            state = TOURNAMENT.evolve(state, event)
        data = CODEC.encode(state)
        assert data is not None
        assert CODEC.decode(data) == state
    assert state.status != "registration" and state.rounds


def test_a_commits_snapshot_is_encoded_on_the_loop_and_a_backfill_in_a_thread(
    monkeypatch,
) -> None:
    """Issue #32: one state's encoding costs less than a thread hop's GIL hand-offs, so a
    commit's snapshot is encoded on the event loop; a backfill of many states (a long fold)
    still goes to a worker thread."""
    hops: list[int] = []

    async def to_thread(fn, codec, states):
        hops.append(len(states))
        return fn(codec, states)

    monkeypatch.setattr(snapshots.asyncio, "to_thread", to_thread)
    match = MATCHES["azul"]
    codec = snapshots.codec_for(match)
    setup = match.new_setup(2, match.options_type())
    state = fold(match, setup, match.start(setup, Rng("s", 0)))

    class Sink:
        def __init__(self) -> None:
            self.rows: list[int] = []

        def connection(self):
            sink = self

            class Conn:
                async def __aenter__(self):
                    return self

                async def __aexit__(self, *exc):
                    return False

            async def write(conn, stream_id, rules_version, name, encoded):
                sink.rows += [version for version, _ in encoded]

            monkeypatch.setattr(snapshots, "write_snapshots", write)
            return Conn()

    async def run(count: int) -> list[int]:
        sink = Sink()
        writer = snapshots.Snapshotter(sink, every=1)
        writer.schedule(uuid4(), codec, "1", [(v, state) for v in range(count)])
        await writer.drain()
        return sink.rows

    assert asyncio.run(run(1)) == [0] and hops == []
    assert asyncio.run(run(snapshots.INLINE_STATES + 1)) == list(range(snapshots.INLINE_STATES + 1))
    assert hops == [snapshots.INLINE_STATES + 1]
