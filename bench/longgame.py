"""A long game for benchmarks and tests: a real game whose commands are interleaved with
organiser pauses and resumes of its clock, until it has the events asked for.

No game reaches 50,000 events by its own rules (the longest end in a few thousand, and the
event caps stop them well before), so the padding is lifecycle events, each decided by the
match like any command and appended through the event store with its chain. The game's own
commands are spread over the whole stream (one every ``pad`` pause/resume pairs; by default about 200 over the stream, as many as
a game takes), so a fold
anywhere in it meets the game's own events too. The game is created without an event cap
(its terms say ``max_events=0``), as a game created before the caps would be."""

from __future__ import annotations

import random
import uuid
from typing import Any

import msgspec

from domain._kernel import Rng
from domain.lifecycle import Clock, Terms
from domain.lifecycle.commands import PauseClocks, ResumeClocks
from service.games import schemas as s
from service.games.model import encode_event, now_ms
from service.store.chain import NewEvent

APPEND_CHUNK = 1000


async def build_long_game(
    games: Any, pool: Any, slug: str, players: int, events: int, *, seed: str, pad: int = 0
) -> tuple[uuid.UUID, list[str]]:
    """A game of ``slug`` with at least ``events`` events (fewer if it ends first); its id and
    seat tokens. ``games`` is a GameService on ``pool``."""
    pad = pad or max(20, events // 250)  # about 125-250 game commands over the stream
    commands = games.commands
    commands.terms_for = lambda cap, clock: Terms(
        clock=Clock(turn_ms=86_400_000),
        started_ms=now_ms(),
        max_events=0,
    )
    body = msgspec.convert(
        {"game": slug, "seats": [{"name": f"p{i}"} for i in range(players)], "seed": seed},
        s.CreateGame,
    )
    async with pool.connection() as conn:
        created = await commands.create(conn, body)
        loaded = await games.repo.load(conn, created.id)
    game_id = created.id
    spec, state, version, last_hash = loaded.spec, loaded.state, loaded.version, loaded.last_hash
    at = state.life.clock_ms + 1000
    rng = random.Random(seed)
    pending: list[NewEvent] = []
    step = 0
    while version + len(pending) < events and not spec.is_over(state):
        step += 1
        if step % (2 * pad + 1) == 0:
            seat = rng.choice(spec.to_act(state))
            command: Any = rng.choice(spec.legal_commands(state, seat))
        else:
            seat = None
            command = PauseClocks(reason="long") if not state.life.paused else ResumeClocks()
        at += 1000
        decided = spec.decide(state, seat, command, Rng(seed, version + len(pending)), at)
        command_id = str(uuid.uuid4())
        for index, event in enumerate(decided):
            state = spec.evolve(state, event)
            metadata: dict[str, Any] = {"seat": seat, "command_id": command_id}
            if seat is None:
                metadata["actor"] = "organiser"
            if index == 0:
                metadata["command"] = msgspec.to_builtins(command)
                metadata["at"] = at
            pending.append(
                NewEvent(type(event).__struct_config__.tag, encode_event(event), metadata)
            )
        if len(pending) >= APPEND_CHUNK or spec.is_over(state) or version + len(pending) >= events:
            finished = spec.is_over(state)
            result = spec.result(state)
            async with pool.connection() as conn:
                stored = await games.store.append_events(
                    conn, game_id, version, pending, prev_hash=last_hash,
                    status="finished" if finished else "active",
                    result=msgspec.to_builtins(result) if result is not None else None,
                    reveal_seed=finished,
                )  # fmt: skip
            version, last_hash, pending = stored[-1].version, stored[-1].hash, []
    games.repo.cache.drop(game_id)
    return game_id, [seat.token for seat in created.seats]
