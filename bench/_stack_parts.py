"""Which part of the service a py-spy sample belongs to (``bench.turn_parts``), by its stack.

A sample is one stack, outermost frame first, each frame a function and the file it runs in
as py-spy prints it (relative to ``sys.path``: ``service/store/batching.py``,
``litestar/app.py``, ``asyncio/runners.py``, ``hearts/rules.py``). :func:`assign` gives it ONE
part:

1. **background tasks** first: a stack that runs in a background task or on its behalf (the
   rating projector, the snapshot writer, ...) is that task's, whatever it calls (its SQL, its
   encoding), so that each task's whole cost shows as one row. Any frame of the stack may name
   it.
2. then **the innermost frame that a rule matches**, scanning outwards; the first rule of
   :data:`RULES` that matches that frame wins. Frames no rule matches (``contextlib``,
   ``asyncio``'s helpers, ``typing``, ``uuid``, ...) and those of :data:`TRANSPARENT` are
   transparent: their time is their caller's. C code (msgspec, hashlib, httptools, uvloop, psycopg's C parts) has no frame of
   its own: its time is the Python frame that called it (``JsonAnswer.__call__`` encodes,
   ``event_hash`` hashes, ``data_received`` parses, ``Runner.run`` is uvloop's own loop).
3. **game code** (``domain/`` and the game plug-ins' packages) by what the service asked of
   it: the innermost frame named ``evolve`` (or in an ``evolve.py``), ``legal_commands`` or
   ``decide``; a stack in game code with none of them is "other domain" (``is_over``,
   ``result``, ``to_act``, ``redact``, a new game's set-up).

A sample with no Python frame at all (py-spy could not read the stack) or matched by nothing
is "other".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase

Frame = tuple[str, str]
"""(function, file): ``("AppendBatcher._send", "service/store/batching.py")``."""

PARSING = "request parsing and auth"
LIMITS = "rate limiting"
DECIDE = "decide"
EVOLVE = "evolve"
LEGAL = "legal commands"
DOMAIN = "other domain"
HASHING = "hashing"
ENCODING = "encoding"
STORE = "batching and the store client"
NOTIFY = "notifications and live hub"
METRICS = "metrics and logs"
ANSWER = "answer"
FRAMEWORK = "framework"
SERVER = "server"
SERVICE = "game service"
OTHER = "other"

# Background parts: each its own row when it shows up at all.
RATINGS = "rating projector"
SNAPSHOTS = "snapshot writer"
CLOCKS = "clock scheduler"
WEBHOOKS = "webhook worker"
BOTS = "bot player"
DERIVER = "deriver"
RETENTION = "retention"
TOURNAMENTS = "tournament repair"

PARTS = (
    PARSING,
    LIMITS,
    DECIDE,
    EVOLVE,
    LEGAL,
    DOMAIN,
    HASHING,
    ENCODING,
    STORE,
    NOTIFY,
    RATINGS,
    SNAPSHOTS,
    CLOCKS,
    WEBHOOKS,
    BOTS,
    DERIVER,
    RETENTION,
    TOURNAMENTS,
    METRICS,
    ANSWER,
    FRAMEWORK,
    SERVER,
    SERVICE,
    OTHER,
)
"""Every part, in the order the table prints them (the issue's order, then the catch-alls)."""


@dataclass(frozen=True)
class Rule:
    """A frame matches when its file starts with one of ``files`` (any file when empty) and
    its function matches one of ``functions`` (fnmatch patterns on the qualified name, as
    py-spy prints it: ``Deriver.run``, ``listen``, ``legal.<locals>.<listcomp>``; any
    function when empty)."""

    part: str
    files: tuple[str, ...] = ()
    functions: tuple[str, ...] = ()

    def matches(self, function: str, file: str) -> bool:
        if self.files and not file.startswith(self.files):
            return False
        return not self.functions or any(fnmatchcase(function, f) for f in self.functions)

    @property
    def label(self) -> str:
        where = ",".join(self.files) or "any file"
        return f"{self.part}: {where}" + (f" {','.join(self.functions)}" if self.functions else "")


TASKS = (
    Rule(RATINGS, ("service/players/ratings.py",)),
    Rule(
        SNAPSHOTS,
        ("service/games/snapshots.py",),
        ("Snapshotter.*", "_encoded", "StateCodec.encode"),
    ),
    Rule(SNAPSHOTS, ("service/store/snapshots.py",), ("write_snapshots",)),
    Rule(CLOCKS, ("service/clocks/scheduler.py", "service/clocks/timers.py")),
    Rule(WEBHOOKS, ("service/notify/delivery.py",)),
    Rule(BOTS, ("service/clocks/bots.py", "service/clocks/thinking.py")),
    Rule(BOTS, ("service/store/bot_turns.py",)),
    Rule(DERIVER, ("service/notify/deriver.py", "service/notify/reading.py")),
    Rule(DERIVER, ("service/notify/derive.py",)),
    Rule(RETENTION, ("service/store/retention.py",)),
    Rule(TOURNAMENTS, ("service/api/routes/tournaments.py",), ("_reconcile_until_done",)),
    # The announcer's task (coalesced NOTIFYs after commits) and the LISTEN loop are the live
    # updates' background half: their SQL is theirs.
    Rule(NOTIFY, ("service/store/announce.py",), ("Announcer.run", "Announcer._*")),
    Rule(NOTIFY, ("service/live/hub.py",), ("listen",)),
    Rule(METRICS, ("service/support/metrics.py",), ("ActiveGames.*", "render")),
    Rule(LIMITS, ("service/api/limits.py",), ("*sweep*",)),
)
"""Background tasks: matched anywhere in a stack, before :data:`RULES`."""

TRANSPARENT = (
    # msgspec's sorted encoder: hashing (event_hash) or encoding (encode_event) by its caller.
    Rule(OTHER, ("service/store/chain.py",), ("canonical",)),
)
"""Frames that are always their caller's, even where a rule of :data:`RULES` would match."""

UVICORN = "uvicorn/protocols/http/"

RULES = (
    # -- hashing: the chain's hashes (hashlib's C code runs in these frames)
    Rule(
        HASHING,
        ("service/store/chain.py",),
        ("event_hash", "_hash_over", "chain_events", "chain_new_stream"),
    ),
    Rule(HASHING, ("hashlib.py",)),
    # -- encoding: events to their stored JSON, answers to their bytes (msgspec, C).
    Rule(ENCODING, ("service/games/model.py",), ("encode_event", "event_out", "played_by")),
    Rule(ENCODING, ("service/api/http.py",), ("JsonAnswer.__call__*", "JsonAnswer.messages*")),
    Rule(ENCODING, ("litestar/serialization/",), ("encode_*", "default_serializer")),
    # -- request parsing and auth
    Rule(
        PARSING,
        ("service/ops/transport.py",),
        ("CorkedHttpToolsProtocol.*",),
    ),
    Rule(
        PARSING,
        (UVICORN,),
        (
            "HttpToolsProtocol.data_received",
            "HttpToolsProtocol.on_*",
            "HttpToolsProtocol._should_upgrade*",
            "HttpToolsProtocol._get_upgrade",
            "HttpToolsProtocol._start_asgi_task",
            "HttpToolsProtocol._unset_keepalive_if_required",
            "RequestResponseCycle.__init__",
            "RequestResponseCycle.receive",
        ),
    ),
    Rule(
        PARSING,
        ("service/api/http.py",),
        (
            "check_body",
            "bearer_token",
            "viewer_of",
            "viewer_from_pool",
            "seater_of",
            "is_admin_token",
            "_path_game",
        ),
    ),
    Rule(PARSING, ("service/support/bodies.py", "service/api/callers.py")),
    Rule(PARSING, ("service/games/model.py",), ("token_hash", "seat_required", "Viewer.*")),
    Rule(PARSING, ("service/games/repository.py",), ("GameRepository.viewer_for_token",)),
    Rule(PARSING, ("service/players/registry.py",), ("*viewer*", "*token*")),
    Rule(PARSING, ("service/store/directory.py",), ("*seat_for_token*",)),
    Rule(
        PARSING,
        (
            "litestar/_kwargs/",
            "litestar/_signature/",
            "litestar/connection/",
            "litestar/datastructures/headers.py",
            "litestar/datastructures/multi_dicts.py",
            "litestar/datastructures/url.py",
            "litestar/_parsers.py",
            "litestar/params.py",
            "litestar/serialization/",
        ),
    ),
    # -- rate limiting (Litestar's middleware, its store, our policies)
    Rule(
        LIMITS, ("service/api/limits.py", "litestar/middleware/rate_limit.py", "litestar/stores/")
    ),
    # -- the answer: response building and writing it to the socket
    Rule(ANSWER, ("service/ops/transport.py",), ("CorkedTransport.*",)),
    Rule(ANSWER, (UVICORN,), ("RequestResponseCycle.send", "*on_response_complete")),
    Rule(
        ANSWER,
        ("service/api/http.py",),
        ("JsonAnswer.*", "conditional", "paged", "problem*", "handle_*", "client_gone"),
    ),
    Rule(
        ANSWER,
        ("litestar/response/", "litestar/handlers/http_handlers/_utils.py"),
    ),
    Rule(ANSWER, ("litestar/",), ("*send*", "*.to_response", "*capture_response_started")),
    # -- notifications and the live hub, on a command's path (the committed hooks)
    Rule(NOTIFY, ("service/notify/", "service/live/", "service/store/announce.py")),
    # -- the store client: the batcher, the store's SQL and records, psycopg and its pool
    Rule(STORE, ("service/store/", "psycopg/", "psycopg_pool/")),
    Rule(STORE, ("service/games/repository.py",), ("OnDemand.*",)),
    Rule(STORE, ("service/api/http.py",), ("provide_*conn",)),
    Rule(STORE, ("service/api/routes/",), ("read_connection",)),
    Rule(LEGAL, ("service/games/model.py",), ("legal_now",)),
    # -- metrics and logs
    Rule(
        METRICS,
        (
            "service/api/observability.py",
            "service/api/tracing.py",
            "service/support/metrics.py",
            "service/support/logs.py",
            "prometheus_client/",
            "structlog/",
            "logging/",
            "opentelemetry/",
        ),
    ),
    # -- the catch-alls
    Rule(
        FRAMEWORK,
        (
            "litestar/",
            "service/api/middleware.py",
            "service/api/docs.py",
            "service/api/direct.py",
        ),
    ),
    Rule(SERVER, ("uvicorn/", "uvloop/", "service/ops/", "concurrent/futures/thread.py")),
    Rule(SERVER, ("asyncio/runners.py", "asyncio/events.py", "asyncio/base_events.py")),
    Rule(SERVER, ("threading.py",), ("Thread.*",)),
    Rule(SERVICE, ("service/",)),
)
"""The frame rules, in order: for the innermost frame some rule matches, the first of these
that does."""

NAMED_GAME_CALLS = (
    (EVOLVE, ("evolve",)),
    (LEGAL, ("legal_commands", "legal_now")),
    (DECIDE, ("decide",)),
)


def game_call(function: str, file: str) -> str | None:
    """The part of a frame of game code that names what the service asked: evolve, legal
    commands or decide (by the last name of the function, ``Match.decide`` as ``decide``);
    None for a helper."""
    name = function.rsplit(".", 1)[-1]
    if file.endswith("/evolve.py"):
        return EVOLVE
    for part, names in NAMED_GAME_CALLS:
        if name in names:
            return part
    return None


def assign(frames: Sequence[Frame], game_packages: Iterable[str] = ("domain",)) -> tuple[str, str]:
    """The part of one sample (``frames`` outermost first) and the rule that chose it."""
    games = tuple(f"{package}/" for package in game_packages)
    for function, file in reversed(frames):
        for rule in TASKS:
            if rule.matches(function, file):
                return rule.part, f"task {rule.label}"
    inner = frames[::-1]
    for index, (function, file) in enumerate(inner):
        if file.startswith(games):
            named = game_call(function, file)
            if named is not None:
                return named, f"game code: {named}"
            caller = inner[index + 1][1] if index + 1 < len(inner) else ""
            if not caller.startswith(games):
                return DOMAIN, "game code: outermost frame"
            continue
        if any(rule.matches(function, file) for rule in TRANSPARENT):
            continue
        for rule in RULES:
            if rule.matches(function, file):
                return rule.part, rule.label
    return OTHER, "no rule" if frames else "no Python frame"


_PROCESS = re.compile(r'process (\d+):"[^"]*"(?:;|$)')
_FRAME = re.compile(r"^(.*) \((.*?)(?::\d+)?\)$")


def parse_line(line: str) -> tuple[list[int], list[Frame], int] | None:
    """One line of py-spy's raw output (``frame;frame;... count``, with ``--subprocesses``
    led by ``process PID:"command line"`` frames, whose command line may hold ``;``): the
    process ids from the one py-spy attached to down to the sampled one, the Python frames
    outermost first, and the count. None for a line whose count does not parse (py-spy
    writes a few garbled ones)."""
    stack, _, count = line.rstrip("\n").rpartition(" ")
    try:
        samples = int(count)
    except ValueError:
        return None
    pids = []
    rest = stack
    while match := _PROCESS.match(rest):
        pids.append(int(match.group(1)))
        rest = rest[match.end() :]
    frames: list[Frame] = []
    for raw in rest.split(";") if rest else ():
        match = _FRAME.match(raw)
        frames.append((match.group(1), match.group(2)) if match else (raw, ""))
    return pids, frames, samples
