"""bench.turn_parts gives each py-spy sample one part by its stack (bench/_stack_parts.py),
and counts the command workers' samples only. Hand-written stacks, no py-spy."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import _stack_parts as parts
from bench.turn_parts import classify, worker_samples

LOOP = [
    ("run_worker", "service/ops/commands/server.py"),
    ("Server.run", "uvicorn/server.py"),
    ("Runner.run", "asyncio/runners.py"),
]
REQUEST = [
    *LOOP,
    ("RequestResponseCycle.run_asgi", "uvicorn/protocols/http/httptools_impl.py"),
    ("Litestar.__call__", "litestar/app.py"),
    ("Observability.__call__", "service/api/observability.py"),
    ("LimitWithRetryAfter.__call__", "service/api/limits.py"),
    ("HTTPRoute.handle", "litestar/routes/http.py"),
    ("HTTPRoute._call_handler_function", "litestar/routes/http.py"),
]
COMMAND = [
    *REQUEST,
    ("submit_command", "service/api/routes/games.py"),
    ("GameCommands.submit", "service/games/commands.py"),
    ("GameCommands._submit_once", "service/games/commands.py"),
]
DECIDE = [
    *COMMAND,
    ("GameCommands._decide", "service/games/commands.py"),
    ("Match.decide", "domain/lifecycle/__init__.py"),
    ("decide", "domain/lifecycle/decide.py"),
    ("decide", "domain/castles/rules/__init__.py"),
]


def part(frames: list[tuple[str, str]], games: tuple[str, ...] = ("domain",)) -> str:
    return parts.assign(frames, games)[0]


@pytest.mark.parametrize(
    ("frames", "expected"),
    [
        # Game code by what the service asked of it, through its helpers.
        (
            [
                *DECIDE,
                ("buy_room", "domain/castles/rules/buying.py"),
                ("castle_of", "domain/castles/rules/placement.py"),
            ],
            parts.DECIDE,
        ),
        # An evolve inside a decide is evolve; so is a helper of a game's evolve.py.
        ([*DECIDE, ("_scoring", "domain/castles/evolve.py")], parts.EVOLVE),
        (
            [
                *DECIDE,
                ("legal_commands", "domain/castles/rules/__init__.py"),
                ("placements", "domain/castles/rules/placement.py"),
            ],
            parts.LEGAL,
        ),
        # Game code with none of them: is_over, result, to_act, redact.
        (
            [
                *COMMAND,
                ("Match.is_over", "domain/lifecycle/__init__.py"),
                ("result", "domain/azul/rules/__init__.py"),
            ],
            parts.DOMAIN,
        ),
        # Transparent frames (the standard library's) are their caller's.
        (
            [*COMMAND, ("_append", "service/games/commands.py"), ("uuid4", "uuid.py")],
            parts.SERVICE,
        ),
        (
            [
                *LOOP,
                ("AppendBatcher._send_together", "service/store/batching.py"),
                ("event_hash", "service/store/chain.py"),
                ("UUID.__str__", "uuid.py"),
            ],
            parts.HASHING,
        ),
        (
            [
                *LOOP,
                ("AppendBatcher._send_together", "service/store/batching.py"),
                ("AsyncCursor.fetchall", "psycopg/cursor_async.py"),
            ],
            parts.STORE,
        ),
        # canonical() is msgspec's encoder: hashing or encoding by its caller.
        (
            [
                *COMMAND,
                ("encode_event", "service/games/model.py"),
                ("canonical", "service/store/chain.py"),
            ],
            parts.ENCODING,
        ),
        # The innermost matched frame wins over the middleware around it.
        ([*REQUEST, ("KwargsModel.to_kwargs", "litestar/_kwargs/kwargs_model.py")], parts.PARSING),
        (REQUEST[:7], parts.LIMITS),
        (REQUEST, parts.FRAMEWORK),
        # The hot routes' direct path stands for Litestar's route machinery.
        ([*REQUEST[:4], ("DirectRoutes._answer", "service/api/direct.py")], parts.FRAMEWORK),
        ([*REQUEST, ("JsonAnswer.__call__", "service/api/http.py")], parts.ENCODING),
        # The direct path encodes the answer before it sends it (service/api/direct.py).
        (
            [
                *REQUEST[:4],
                ("DirectRoutes._answer", "service/api/direct.py"),
                ("JsonAnswer.messages", "service/api/http.py"),
            ],
            parts.ENCODING,
        ),
        # A new event's hash over its canonical bytes (service/store/chain.py).
        (
            [
                *LOOP,
                ("AppendBatcher._send_together", "service/store/batching.py"),
                ("chain_events", "service/store/chain.py"),
                ("_hash_over", "service/store/chain.py"),
            ],
            parts.HASHING,
        ),
        (
            [
                *REQUEST,
                ("JsonAnswer.__call__", "service/api/http.py"),
                ("RequestResponseCycle.send", "uvicorn/protocols/http/httptools_impl.py"),
            ],
            parts.ANSWER,
        ),
        ([*LOOP, ("CorkedTransport._flush", "service/ops/transport.py")], parts.ANSWER),
        (
            [*LOOP, ("CorkedHttpToolsProtocol.data_received", "service/ops/transport.py")],
            parts.PARSING,
        ),
        (REQUEST[:6], parts.METRICS),
        (LOOP, parts.SERVER),
        # A background task's stack is the task's, whatever it calls.
        (
            [
                *LOOP,
                ("Deriver.run", "service/notify/deriver.py"),
                ("Deriver.step", "service/notify/deriver.py"),
                ("BaseCursor._execute_send", "psycopg/_cursor_base.py"),
            ],
            parts.DERIVER,
        ),
        (
            [
                *LOOP,
                ("Snapshotter._write", "service/games/snapshots.py"),
                ("_encoded", "service/games/snapshots.py"),
                ("StateCodec.encode", "service/games/snapshots.py"),
            ],
            parts.SNAPSHOTS,
        ),
        (
            [
                *LOOP,
                ("Announcer.run", "service/store/announce.py"),
                ("AsyncConnection.execute", "psycopg/connection_async.py"),
            ],
            parts.NOTIFY,
        ),
        ([*LOOP, ("RatingProjector.run", "service/players/ratings.py")], parts.RATINGS),
        # A truncated stack (py-spy read it mid-change) still has its innermost frames.
        ([("BaseCursor._send_query_prepared", "psycopg/_cursor_base.py")], parts.STORE),
        ([], parts.OTHER),
        ([("sleep", "asyncio/tasks.py")], parts.OTHER),
    ],
)
def test_a_sample_belongs_to_one_part(frames: list[tuple[str, str]], expected: str) -> None:
    assert part(frames) == expected


def test_a_game_plug_in_is_game_code_when_named() -> None:
    frames = [
        *COMMAND,
        ("Match.legal_commands", "domain/lifecycle/__init__.py"),
        ("legal_commands", "hearts/rules.py"),
        ("playable", "hearts/rules.py"),
    ]
    assert part(frames, ("domain", "hearts")) == parts.LEGAL
    # Unknown as game code, the plug-in's helpers are transparent: the domain frame decides.
    assert part(frames) == parts.LEGAL
    decided = [*COMMAND, ("decide", "domain/_kernel.py"), ("_trick_taken", "hearts/rules.py")]
    assert part(decided, ("domain", "hearts")) == parts.DECIDE


def test_every_rule_names_a_listed_part() -> None:
    named = {rule.part for rule in (*parts.TASKS, *parts.RULES)}
    assert named <= set(parts.PARTS)


def test_a_raw_line_with_process_frames_parses() -> None:
    line = (
        'process 10:"python -m service.ops.cli serve --port 1 --workers 2";'
        'process 11:"python -c from multiprocessing.spawn import spawn_main; spawn_main()";'
        "run_worker (service/ops/commands/server.py:102);Runner.run (asyncio/runners.py:118) 7"
    )
    pids, frames, count = parts.parse_line(line)
    assert (pids, count) == ([10, 11], 7)
    assert frames == [
        ("run_worker", "service/ops/commands/server.py"),
        ("Runner.run", "asyncio/runners.py"),
    ]
    assert parts.parse_line("garbled;stack x") is None
    empty = parts.parse_line('process 10:"serve";process 12:"spawn_main(); x" 3')
    assert empty == ([10, 12], [], 3)


def test_only_the_command_workers_samples_count(tmp_path: Path) -> None:
    supervisor = 'process 10:"gamestate serve"'
    lines = [
        f"{supervisor};main (service/ops/cli.py:1) 5",
        f'{supervisor};process 11:"spawn";run_worker (service/ops/commands/server.py:1);'
        "Runner.run (asyncio/runners.py:1) 3",
        f'{supervisor};process 11:"spawn";CorkedTransport._flush (service/ops/transport.py:1) 2',
        f'{supervisor};process 12:"spawn";run_stream_worker (service/ops/handoff.py:1) 9',
        f'{supervisor};process 12:"spawn";Runner.run (asyncio/runners.py:1) 4',
        "not a sample line",
    ]
    raw = tmp_path / "profile.raw"
    raw.write_text("\n".join(lines) + "\n")
    samples, skipped = worker_samples(raw)
    assert set(samples) == {11} and skipped == {10, 12}
    found = classify(samples, ("domain",))
    assert found["samples"] == 5
    assert found["parts"] == {parts.SERVER: 3, parts.ANSWER: 2}


def test_a_pinned_profile_keeps_the_one_worker_it_was_attached_to(tmp_path: Path) -> None:
    """``--pin``: py-spy was attached to one command worker, the profile's root."""
    worker = 'process 11:"spawn"'
    raw = tmp_path / "profile.raw"
    raw.write_text(
        f"{worker};Runner.run (asyncio/runners.py:1) 3\n"
        f"{worker};CorkedTransport._flush (service/ops/transport.py:1) 2\n"
    )
    assert worker_samples(raw)[0] == {}  # read as a supervisor's, it is left out
    samples, skipped = worker_samples(raw, pinned=True)
    assert set(samples) == {11} and skipped == set()
    assert classify(samples, ("domain",))["samples"] == 5
