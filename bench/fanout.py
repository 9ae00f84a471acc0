"""SSE fan-out: what live streams cost the commands of the game they watch, and what an idle
stream costs in memory. Runs ``gamestate serve`` as a subprocess (a throwaway database each
time) from this checkout and, with ``--before PATH``, from another one (a worktree of an
older commit), interleaved, so both are measured in the same run on the same machine.

    python -m bench.fanout [--before PATH] [--repeat N] [--hot 1000] [--spread 1000]
                           [--commands 100] [--rounds 3] [--pace S] [--split] [--idle 10000] [--workers 2]
                           [--stream-workers 0,1] [--vary NAME=A,B] [--database-url URL]

1. Commands under fan-out: one client plays a hot game (one command at a time, the answer
   carrying the next legal commands) with no live stream open, then another hot game with
   ``--hot`` streams on it and ``--spread`` streams over ``--games`` other games; p50/p99 of
   the command POSTs in each case, and how long after the last command every hot stream had
   the last event ("delivery"). ``--rounds`` (default 3) plays both cases that many times on
   the same service, with new games and new streams each time, and pools the latencies: the
   default game ends after 71 commands, and the p99 of 71 is the slowest but one.
2. Idle streams: ``--idle`` streams over ``--idle-games`` games on a one-worker service; the
   service's resident memory before and after opening them (per stream), and its CPU over
   ``--idle-seconds`` of quiet (keep-alives included).

The subscribers run in this process as bare asyncio protocols (no HTTP library: a few
hundred bytes each), and share the machine's cores with the service and PostgreSQL. They
share this process's event loop with the client that plays, too: an event's 1,000 reads
(some 8 ms of this process's CPU) queue ahead of the command's answer, which counts in its
latency. ``--split`` runs them in a child process instead, so that the latencies are the
service's (the cores are still shared). ``--pace`` waits between commands (the default plays
the next at once: with 1,000 streams that keeps a 2-core box busy, and the latencies then
measure the saturated box as much as the service). File
descriptor limits are raised to the hard limit (the service inherits them).

``--streams-nice N`` lowers the priority of the ``--split`` child: on this one box it stands
for clients on other machines, whose reading of 1,000 streams per event would not take the
service's cores. ``--stream-workers 0,1`` runs each case once per value, interleaved (GAMESTATE_STREAM_WORKERS
of the service; service/ops/handoff.py); unset, the service's default (one stream worker with
two workers or more). ``--vary NAME=A,B`` does the same for any setting of the service
(``GAMESTATE_LIVE_BATCH_MS=0,20``: the live batching window). The service's CPU and memory include its stream workers (every
process under the supervisor). With stream workers, the idle case runs one worker and the
stream workers, so that the memory per stream is the stream worker's.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import resource
import sys
import time
from pathlib import Path

from bench._common import (
    REPO,
    add_database_argument,
    bench_database,
    commit_of,
    heading,
    ms,
    percentile,
    portable_command,
    quiet_gc,
    serve,
    table,
)
from bench._http import Connection, HttpError
from bench.http_load import cpu_seconds, run, server_processes


class Subscriber(asyncio.Protocol):
    """One SSE connection: remembers the last event id it received, and whether it ended."""

    __slots__ = ("ended", "last", "opened", "request", "status", "tail", "transport")

    def __init__(self, request: bytes) -> None:
        self.request = request
        self.last = 0
        self.opened = False
        self.status = b""
        self.ended: bytes | None = None
        self.tail = b""
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport) -> None:
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data: bytes) -> None:
        if not self.opened:
            self.opened = True
            self.status = data[9:12]
        buffer = self.tail + data
        end = len(buffer)
        while True:
            # The last complete "id: N" line; a frame may be cut between two reads.
            start = buffer.rfind(b"\nid: ", 0, end)
            if start < 0:
                break
            stop = buffer.find(b"\n", start + 5)
            if stop < 0:
                end = start
                continue
            self.last = max(self.last, int(buffer[start + 5 : stop]))
            break
        if b"event: end" in buffer:
            self.ended = buffer[buffer.rfind(b"event: end") :]
        self.tail = buffer[-64:]

    def connection_lost(self, exc) -> None:
        if self.ended is None:
            self.ended = b"closed"


async def open_streams(base: str, targets: list[tuple[str, int]], batch: int = 250) -> list:
    """One stream per (game id, after version), opened ``batch`` at a time."""
    host, port = base.removeprefix("http://").split(":")
    loop = asyncio.get_running_loop()
    subscribers: list[Subscriber] = []
    for index in range(0, len(targets), batch):
        made = []
        for game_id, after in targets[index : index + batch]:
            request = (
                f"GET /games/{game_id}/events/stream?after={after} HTTP/1.1\r\n"
                f"Host: {host}:{port}\r\nAccept: text/event-stream\r\n\r\n"
            ).encode()
            sub = Subscriber(request)
            made.append(loop.create_connection(lambda sub=sub: sub, host, int(port)))
            subscribers.append(sub)
        await asyncio.gather(*made)
        await _until(lambda: all(s.opened for s in subscribers), 120)
    return subscribers


async def _until(condition, timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.05)
    return True


def close(subscribers: list) -> None:
    for sub in subscribers:
        if sub.transport is not None:
            sub.transport.close()


class Game:
    def __init__(self, created: dict, view: dict) -> None:
        self.id = created["id"]
        self.tokens = [seat["token"] for seat in created["seats"]]
        self.version = view["version"]
        self.to_act = view["to_act"]
        self.status = view["status"]
        self.legal: tuple[int, list] | None = None


async def create(client: Connection, slug: str) -> Game:
    body = {"game": slug, "seats": [{"name": "a"}, {"name": "b"}], "seed": "fanout"}
    created = (await client.request("POST", "/games", json=body)).json()
    view = (await client.request("GET", f"/games/{created['id']}")).json()
    return Game(created, view)


async def play(
    client: Connection,
    game: Game,
    commands: int,
    seconds: float,
    errors: list[str],
    pace: float = 0.0,
) -> list[float]:
    """Up to ``commands`` commands (fewer if the game ends or ``seconds`` pass); the POSTs'
    latencies, refused ones included (each also in ``errors``: 503 when the service had no
    database connection for it). Another seat's legal commands are asked for untimed."""
    import random

    rng = random.Random(7)
    latencies: list[float] = []
    until = time.perf_counter() + seconds
    seat = None
    while len(latencies) < commands and game.status != "finished":
        if time.perf_counter() > until:
            break
        try:
            if game.legal is None or seat not in game.to_act:
                seat = rng.choice(game.to_act)
                auth = {"Authorization": f"Bearer {game.tokens[seat]}"}
                page = await client.request("GET", f"/games/{game.id}/legal-commands", headers=auth)
                if page.status != 200:
                    errors.append(f"legal commands: {page.status}")
                    continue
                game.legal = (page.json()["version"], page.json()["commands"])
            expected, legal = game.legal
            body = {"command": rng.choice(legal), "expected_version": expected}
            auth = {"Authorization": f"Bearer {game.tokens[seat]}"}
            started = time.perf_counter()
            answer = await client.request(
                "POST",
                f"/games/{game.id}/commands?include=legal_commands",
                json=body,
                headers=auth,
            )
            latencies.append(time.perf_counter() - started)
            if pace:
                await asyncio.sleep(pace)
        except HttpError as exc:
            errors.append(str(exc))
            await client.close()
            continue
        if answer.status != 200:
            errors.append(f"command: {answer.status}")
            game.legal = None
            continue
        out = answer.json()
        game.version, game.to_act, game.status = out["version"], out["to_act"], out["status"]
        commands_next = out.get("legal_commands")
        game.legal = (out["version"], commands_next) if commands_next else None
    return latencies


def _subscriber_process(pipe, base: str, targets: list, hot: int, nice: int = 0) -> None:
    """``--split``: the streams in a process of their own (the child's side of ``pipe``)."""
    if nice:
        import os

        os.nice(nice)
    asyncio.run(_subscribers_apart(pipe, base, targets, hot))


async def _subscribers_apart(pipe, base: str, targets: list, hot: int) -> None:
    loop = asyncio.get_running_loop()
    subscribers = await open_streams(base, targets)
    try:
        pipe.send("open")
        version = await loop.run_in_executor(None, pipe.recv)  # after the last command
        started = time.perf_counter()
        watching = subscribers[:hot]
        complete = await _until(lambda: all(s.last >= version or s.ended for s in watching), 300)
        pipe.send(
            {
                "delivery": time.perf_counter() - started if complete else float("nan"),
                "behind": sum(1 for s in watching if s.ended and b"behind" in s.ended),
                "short": sum(1 for s in watching if s.last < version),
                "cpu": _own_cpu(),
            }
        )
    finally:
        close(subscribers)


class Apart:
    """The parent's side of ``--split``."""

    def __init__(self, base: str, targets: list, hot: int, nice: int = 0) -> None:
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        self.pipe, child = context.Pipe()
        self.process = context.Process(
            target=_subscriber_process, args=(child, base, targets, hot, nice), daemon=True
        )
        self.process.start()

    async def receive(self):
        return await asyncio.get_running_loop().run_in_executor(None, self.pipe.recv)

    def stop(self) -> None:
        self.process.join(timeout=30)
        if self.process.is_alive():
            self.process.kill()


async def fan_out(base: str, args: argparse.Namespace) -> dict:
    if args.split:
        return await _fan_out_split(base, args)
    client = Connection.for_url(base, timeout=300)
    try:
        errors: list[str] = []
        game = await create(client, args.game)
        quiet = await play(client, game, args.commands, args.seconds, errors, args.pace)
        hot = await create(client, args.game)
        others = [await create(client, args.game) for _ in range(args.games)]
        targets = [(hot.id, hot.version)] * args.hot
        targets += [(others[i % len(others)].id, others[i % len(others)].version)
                    for i in range(args.spread)]  # fmt: skip
        subscribers = await open_streams(base, targets)
        try:
            await asyncio.sleep(1.0)
            processes = server_processes(base)
            handed = _in_stream_workers(processes, base)
            cpu = cpu_seconds(processes)
            mine = _own_cpu()
            # A fresh connection: the server closes keep-alive connections idle for 5 s.
            await client.close()
            loaded = await play(client, hot, args.commands, args.seconds, errors, args.pace)
            started = time.perf_counter()
            watching = subscribers[: args.hot]
            complete = await _until(
                lambda: all(s.last >= hot.version or s.ended for s in watching), 300
            )
            delivery = time.perf_counter() - started
            cpu = cpu_seconds(processes) - cpu
            mine = _own_cpu() - mine
            behind = sum(1 for s in watching if s.ended and b"behind" in s.ended)
            short = sum(1 for s in watching if s.last < hot.version)
        finally:
            close(subscribers)
    finally:
        await client.close()
    return {
        "quiet": quiet,
        "loaded": loaded,
        "delivery": delivery if complete else float("nan"),
        "behind": behind,
        "short": short,
        "cpu": cpu,
        "errors": errors,
        "client_cpu": mine,
        "handed": handed,
    }


async def _fan_out_split(base: str, args: argparse.Namespace) -> dict:
    client = Connection.for_url(base, timeout=300)
    try:
        errors: list[str] = []
        game = await create(client, args.game)
        quiet = await play(client, game, args.commands, args.seconds, errors, args.pace)
        hot = await create(client, args.game)
        others = [await create(client, args.game) for _ in range(args.games)]
        targets = [(hot.id, hot.version)] * args.hot
        targets += [(others[i % len(others)].id, others[i % len(others)].version)
                    for i in range(args.spread)]  # fmt: skip
        apart = Apart(base, targets, args.hot, args.streams_nice)
        try:
            assert await apart.receive() == "open"
            await asyncio.sleep(1.0)
            processes = server_processes(base)
            handed = _in_stream_workers(processes, base)
            cpu = cpu_seconds(processes)
            mine = _own_cpu()
            await client.close()
            loaded = await play(client, hot, args.commands, args.seconds, errors, args.pace)
            apart.pipe.send(hot.version)
            seen = await apart.receive()
            cpu = cpu_seconds(processes) - cpu
            mine = _own_cpu() - mine
        finally:
            apart.stop()
    finally:
        await client.close()
    return {
        "quiet": quiet,
        "loaded": loaded,
        "delivery": seen["delivery"],
        "behind": seen["behind"],
        "short": seen["short"],
        "cpu": cpu,
        "errors": errors,
        # The child's whole life (opening the streams included), plus this process's.
        "client_cpu": mine + seen["cpu"],
        "handed": handed,
    }


def _in_stream_workers(processes: list, base: str) -> int:
    """Connections to the service's port held by its stream workers (the processes that
    bound a hand-off socket, service/ops/handoff.py): the streams handed over."""
    port = int(base.rsplit(":", 1)[1])
    held = 0
    for process in processes:
        try:
            unix = [c.laddr for c in process.net_connections(kind="unix")]
            if not any("gamestate-streams-" in path for path in unix):
                continue
            held += sum(
                1
                for c in process.net_connections(kind="tcp")
                if c.laddr and c.laddr.port == port and c.raddr
            )
        except Exception:
            continue
    return held


def pooled(results: list[dict]) -> dict:
    """Several rounds of :func:`fan_out` on one service as one: latencies pooled, CPU and
    counts summed (the streams in stream workers: the most at once), the slowest delivery."""
    return {
        "quiet": [t for r in results for t in r["quiet"]],
        "loaded": [t for r in results for t in r["loaded"]],
        "delivery": max(r["delivery"] for r in results),
        "behind": sum(r["behind"] for r in results),
        "short": sum(r["short"] for r in results),
        "cpu": sum(r["cpu"] for r in results),
        "errors": [e for r in results for e in r["errors"]],
        "client_cpu": sum(r["client_cpu"] for r in results),
        "handed": max(r["handed"] for r in results),
    }


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _rss(processes: list) -> int:
    total = 0
    for process in processes:
        with contextlib.suppress(Exception):
            total += process.memory_info().rss
    return total


async def idle(base: str, args: argparse.Namespace) -> dict:
    client = Connection.for_url(base, timeout=300)
    try:
        games = [await create(client, args.game) for _ in range(args.idle_games)]
    finally:
        await client.close()
    processes = server_processes(base)
    await asyncio.sleep(1.0)
    before = _rss(processes)
    targets = [(games[i % len(games)].id, games[i % len(games)].version) for i in range(args.idle)]
    started = time.perf_counter()
    subscribers = await open_streams(base, targets)
    opening = time.perf_counter() - started
    try:
        await asyncio.sleep(2.0)
        after = _rss(processes)
        handed = _in_stream_workers(processes, base)
        served = sum(1 for s in subscribers if s.status == b"200" and s.ended is None)
        cpu = cpu_seconds(processes)
        await asyncio.sleep(args.idle_seconds)
        cpu = cpu_seconds(processes) - cpu
        open_ = sum(1 for s in subscribers if s.ended is None)
        refused = collections.Counter(s.status for s in subscribers if s.status != b"200")
        if refused:
            print(f"streams refused: {dict(refused)}")
    finally:
        close(subscribers)
    return {
        # Per stream served: refused ones (503 when the pool ran dry) hold nothing.
        "per_stream": (after - before) / max(served, 1),
        "rss_before": before,
        "rss_after": after,
        "opening": opening,
        "cpu_per_s": cpu / args.idle_seconds,
        "open": open_,
        "handed": handed,
    }


def raise_fd_limit() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.fanout", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--before",
        type=Path,
        action="append",
        help="another checkout to compare (run first; may be given more than once)",
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--hot", type=int, default=1000, help="streams on the hot game")
    parser.add_argument("--spread", type=int, default=1000, help="streams on other games")
    parser.add_argument("--games", type=int, default=50, help="other games for --spread")
    parser.add_argument("--commands", type=int, default=100, help="commands per case")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="cases per service, pooled (a game's 71 commands make a p99 of one outlier)",
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="at most, per case")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--idle", type=int, default=10000, help="idle streams (0: skip)")
    parser.add_argument("--idle-games", type=int, default=100)
    parser.add_argument("--idle-seconds", type=float, default=20.0)
    parser.add_argument("--skip-fanout", action="store_true")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        help="seconds between commands (0: the next at once, which keeps both cores busy)",
    )
    parser.add_argument(
        "--split", action="store_true", help="the streams in a child process (see above)"
    )
    parser.add_argument(
        "--streams-nice",
        type=int,
        default=0,
        help="with --split, the nice value of the streams' process (clients elsewhere: their"
        " reading then takes little of the service's cores)",
    )
    parser.add_argument(
        "--stream-workers",
        default=None,
        help="comma-separated stream worker counts to compare, interleaved (default: serve's)",
    )
    parser.add_argument(
        "--vary",
        default=None,
        metavar="NAME=A,B",
        help="a setting of the service to compare, interleaved: e.g."
        " GAMESTATE_LIVE_BATCH_MS=0,20 (each value a case, with every stream worker count)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=REPO / "bench" / "results" / "fanout.jsonl",
        help="JSON lines, one per service run (the fan-out case)",
    )
    add_database_argument(parser)
    args = parser.parse_args(argv)
    limit = raise_fd_limit()
    heading(
        f"fanout: {args.hot} streams on a hot {args.game} game + {args.spread} on {args.games}"
        f" others, {args.commands} commands, {args.workers} workers; {args.idle} idle streams"
        f" (fd limit {limit})"
    )
    trees = [("after", REPO)]
    for number, before in enumerate(args.before or ()):
        name = "before" if len(args.before) == 1 else f"before{number + 1}"
        trees.insert(number, (name, before.resolve()))
    counts: list[int | None] = (
        [int(n) for n in args.stream_workers.split(",")] if args.stream_workers else [None]
    )
    setting, _, values = (args.vary or "").partition("=")
    settings: list[str | None] = values.split(",") if setting else [None]
    variants = [
        (name, repo, count, value) for name, repo in trees for count in counts for value in settings
    ]
    rows, idle_rows = [], []
    quiet_gc()
    for n in range(args.repeat):
        for name, repo, count, value in variants:
            commit = commit_of(repo)
            varied = "" if value is None else f" {setting.removeprefix('GAMESTATE_')}={value}"
            label = f"{name} {commit}{'' if count is None else f' sw={count}'}{varied} #{n + 1}"
            env = {} if count is None else {"GAMESTATE_STREAM_WORKERS": str(count)}
            if value is not None:
                env[setting] = value
            if not args.skip_fanout:
                with (
                    bench_database(args.database_url) as url,
                    serve(url, workers=args.workers, repo=repo, extra_env=env) as base,
                ):
                    r = pooled([run(fan_out(base, args)) for _ in range(args.rounds)])
                rows.append(
                    [
                        label,
                        len(r["quiet"]),
                        ms(percentile(r["quiet"], 50)),
                        ms(percentile(r["quiet"], 99)),
                        len(r["loaded"]),
                        ms(percentile(r["loaded"], 50)),
                        ms(percentile(r["loaded"], 99)),
                        f"{percentile(r['loaded'], 99) / percentile(r['quiet'], 99):.1f}x",
                        f"{r['delivery']:.2f}",
                        f"{r['cpu']:.1f}",
                        f"{r['client_cpu']:.1f}",
                        f"{r['behind']}/{r['short']}",
                        len(r["errors"]),
                        r["handed"],
                    ]
                )
                print(table(HEADERS, rows[-1:]), flush=True)
                _record(args, commit, n + 1, count, setting, value, r)
            if args.idle:
                with (
                    bench_database(args.database_url) as url,
                    serve(url, workers=1, repo=repo, extra_env=env) as base,
                ):
                    r = run(idle(base, args))
                idle_rows.append(
                    [
                        label,
                        args.idle,
                        r["open"],
                        f"{r['rss_before'] / 2**20:.0f}",
                        f"{r['rss_after'] / 2**20:.0f}",
                        f"{r['per_stream'] / 1024:.1f}",
                        f"{r['opening']:.1f}",
                        f"{r['cpu_per_s'] * 100:.1f}%",
                        r["handed"],
                    ]
                )
                print(table(IDLE_HEADERS, idle_rows[-1:]), flush=True)
    if rows:
        print(table(HEADERS, rows))
    if idle_rows:
        print(table(IDLE_HEADERS, idle_rows))
    return 0


def _record(
    args: argparse.Namespace,
    commit: str,
    number: int,
    count: int | None,
    setting: str,
    value: str | None,
    r: dict,
) -> None:
    """One results line per service run (bench/results/fanout.jsonl, bench/figures.py)."""
    import json

    from service.live.hub import DEFAULT_BATCH_MS

    window = float(value) if setting == "GAMESTATE_LIVE_BATCH_MS" and value else DEFAULT_BATCH_MS
    line = {
        "bench": "fanout",
        "at": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
        "commit": commit,
        "stream_workers": count if count is not None else (1 if args.workers >= 2 else 0),
        "live_batch_ms": int(window),
        "streams_nice": args.streams_nice,
        "round": number,
        "commands": len(r["quiet"]),
        "streams": args.hot + args.spread,
        "hot": args.hot,
        **({"vary": f"{setting}={value}"} if setting and value is not None else {}),
        "quiet p50 ms": round(percentile(r["quiet"], 50) * 1000, 2),
        "quiet p99 ms": round(percentile(r["quiet"], 99) * 1000, 2),
        "streams p50 ms": round(percentile(r["loaded"], 50) * 1000, 2),
        "streams p99 ms": round(percentile(r["loaded"], 99) * 1000, 2),
        "p99 ratio": round(percentile(r["loaded"], 99) / percentile(r["quiet"], 99), 2),
        "delivery s": round(r["delivery"], 3),
        "service CPU s": round(r["cpu"], 2),
        "errors": len(r["errors"]),
        "command": portable_command("bench.fanout", sys.argv[1:], commit_of),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("a") as f:
        f.write(json.dumps(line) + "\n")


HEADERS = [
    "service",
    "cmds 0 streams",
    "p50 ms",
    "p99 ms",
    "cmds with streams",
    "p50 ms",
    "p99 ms",
    "p99 ratio",
    "delivery s",
    "service CPU s",
    "bench CPU s",
    "behind/short",
    "errors",
    "in stream workers",
]
IDLE_HEADERS = [
    "service",
    "streams",
    "still open",
    "RSS before MiB",
    "RSS after MiB",
    "KiB/stream",
    "opening s",
    "idle CPU",
    "in stream workers",
]


if __name__ == "__main__":
    raise SystemExit(main())
