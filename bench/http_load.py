"""HTTP load: concurrent simulated clients each playing whole games through the API, as a bot
would (``to_act`` from the previous answer; the seat's legal commands, asked with
``?min_version=`` the version that answer gave, so that the process serving them answers from
its cache; a random one submitted with ``expected_version`` and ``?include=legal_commands``, so
that a seat that acts again needs no legal-commands request), against ``gamestate serve`` started here as a subprocess on a free port
with a throwaway database (or an already running service with --url).

    python -m bench.http_load [--short] [--clients 50] [--seconds S] [--games azul,...]
                              [--workers N] [--two-request-turns] [--fresh-reads] [--repeat N]
                              [--spectators N] [--url URL | --database-url URL
                              [--read-database-url URL] | --replica]

``--spectators N`` adds N clients that read without naming a version, as spectators and
dashboards do (a list page of active games, then one of them: its events and its view), each
answer exact (it reflects every command accepted before it). ``--replica`` starts an embedded
primary and a streaming standby of it (bench/replica.py) and, in each run, measures the same
load twice, one service after the other against the same primary: without and with
``GAMESTATE_READ_DATABASE_URL`` naming the standby. ``--read-database-url`` names a streaming
standby of the ``--database-url`` server instead (any database of it: the bench's own fresh
database is read there once replayed), for one service with the replica.

Prints commands/s (accepted POSTs per second), requests/s, p50/p95/p99 latency per request
kind, and errors (any non-2xx answer or transport error; must be zero). Then the read path
of one game with at least 300 events: GET /games/{id} (hot: served from the per-process state
cache) against GET /games/{id}/views/{v} for v = version - 1, version - 2, ... (past versions,
as an arbiter steps back: each folded from the nearest time-travel checkpoint), p50/p99 each. Note that the clients share the machine's cores with the service and PostgreSQL.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec

from bench._common import (
    add_database_argument,
    bench_database,
    commit_of,
    common_games,
    heading,
    ms,
    percentile,
    quiet_gc,
    serve,
    table,
)
from bench._http import Connection, HttpError
from domain.registry import GAMES


class Load:
    def __init__(self) -> None:
        self.latency: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.commands = 0
        self.reads = 0  # spectators' reads
        self.games_finished = 0
        self.conflicts = 0  # seat bots: a command refused because another seat moved first

    async def call(
        self,
        client: Connection,
        kind: str,
        method: str,
        url: str,
        decoder: msgspec.json.Decoder | None = None,
        conflict_ok: bool = False,
        **kw,
    ):
        t0 = time.perf_counter()
        try:
            response = await client.request(method, url, **kw)
        except HttpError as exc:
            self.errors.append(
                f"{kind} {method} {url}: {exc} after {time.perf_counter() - t0:.2f} s"
            )
            return None
        self.latency[kind].append(time.perf_counter() - t0)
        if conflict_ok and response.status == 409:
            self.conflicts += 1
            return CONFLICT
        if response.status >= 300:
            self.errors.append(f"{kind}: {response.status} {response.text[:200]}")
            return None
        return decoder.decode(response.body) if decoder is not None else response.json()


CONFLICT = object()
"""What ``Load.call`` gives for a 409 when told it may happen (a seat bot's stale command)."""


class LegalPage(msgspec.Struct):
    """What a bot reads of GET legal-commands: each command stays raw JSON, to be sent back
    as it came (decoding hundreds of commands into dicts to send one would cost the load
    generator, which shares the CPU with the service, more than the service spends)."""

    version: int
    commands: list[msgspec.Raw]
    to_act: list[int] = []


class Answer(msgspec.Struct):
    """What a bot reads of a command's answer: its version, who acts next, and (asked with
    ``?include=legal_commands``) its own legal commands if it acts again."""

    version: int
    to_act: list[int]
    status: str
    legal_commands: list[msgspec.Raw] | None = None


LEGAL = msgspec.json.Decoder(LegalPage)
ANSWER = msgspec.json.Decoder(Answer)


def games_asked(games: str | None) -> list[str]:
    """``--games`` as slugs; every game this tree serves when not given."""
    return [s for s in games.split(",") if s] if games else sorted(GAMES)


def players_for(slug: str) -> int:
    spec = GAMES[slug]
    return max(spec.min_players, 2) if spec.max_players >= 2 else spec.min_players


async def play_one(
    client: Connection,
    load: Load,
    slug: str,
    rng: random.Random,
    until: float,
    include_legal: bool = True,
    known_version: bool = True,
) -> dict | None:
    """Create a game and play it until it ends or the time is up; the last view."""
    players = players_for(slug)
    created = await load.call(
        client,
        "create",
        "POST",
        "/games",
        json={"game": slug, "seats": [{"name": f"bot{i}"} for i in range(players)]},
    )
    if created is None:
        return None
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    # One view to learn who starts (at the version the creation gave); afterwards each
    # command's answer says who acts next, so a turn is at most two requests (legal commands,
    # command), as a bot client would do it.
    known = f"?min_version={created['version']}" if known_version else ""
    view = await load.call(client, "view", "GET", f"/games/{game_id}{known}")
    if view is None:
        return None
    to_act, status, version = view["to_act"], view["status"], view["version"]
    seat, legal = None, None
    while time.perf_counter() < until:
        if status == "finished":
            load.games_finished += 1
            return view
        if legal is None or seat not in to_act:
            # Another seat's turn: its legal commands. (A seat that acts again got its own
            # with the answer to its command.)
            seat = rng.choice(to_act)
            # The version the last answer gave: this process serves it from its cache.
            known = f"?min_version={version}" if known_version else ""
            page = await load.call(
                client,
                "legal",
                "GET",
                f"/games/{game_id}/legal-commands{known}",
                LEGAL,
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            if page is None or not page.commands:
                load.errors.append(f"{slug}: no legal command") if page else None
                return None
            legal = (page.version, page.commands)
        expected, commands = legal
        body = b'{"command":%b,"expected_version":%d}' % (rng.choice(commands), expected)
        answer = await load.call(
            client,
            "command",
            "POST",
            f"/games/{game_id}/commands{'?include=legal_commands' if include_legal else ''}",
            ANSWER,
            content=body,
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        if answer is None:
            return None
        load.commands += 1
        to_act, status, version = answer.to_act, answer.status, answer.version
        legal = (answer.version, answer.legal_commands) if answer.legal_commands else None
    return None


async def play_seats(
    clients: list[Connection],
    load: Load,
    slug: str,
    rng: random.Random,
    until: float,
    wait: float | None,
    poll: float,
) -> None:
    """``--seat-bots``: one game whose every seat is a bot of its own (its own connection,
    knowing only its own token), as separate programs play: each asks for its legal commands
    and, when it cannot act, asks again after ``poll`` seconds, or (``wait``) once with
    ``?wait=`` and is answered when its turn comes."""
    players = players_for(slug)
    created = await load.call(
        clients[0],
        "create",
        "POST",
        "/games",
        json={"game": slug, "seats": [{"name": f"bot{i}"} for i in range(players)]},
    )
    if created is None:
        return
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    finished = [False]
    await asyncio.gather(
        *(
            seat_bot(
                clients[i],
                load,
                game_id,
                tokens[i],
                random.Random(rng.random()),
                until,
                wait,
                poll,
                finished,
            )
            for i in range(players)
        )
    )


async def seat_bot(
    client: Connection,
    load: Load,
    game_id: str,
    token: str,
    rng: random.Random,
    until: float,
    wait: float | None,
    poll: float,
    finished: list[bool],
) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    legal: tuple[int, list] | None = None
    while time.perf_counter() < until and not finished[0]:
        if legal is None:
            asked = f"/games/{game_id}/legal-commands"
            if wait:
                # No longer than the run: a seat still waiting then would hold up its end.
                asked += f"?wait={max(0.05, min(wait, until - time.perf_counter())):.2f}"
            page = await load.call(client, "legal", "GET", asked, LEGAL, headers=headers)
            if page is None:
                return
            if not page.commands:
                if not page.to_act:
                    return  # the game ended
                if not wait:
                    await asyncio.sleep(poll)
                continue
            legal = (page.version, page.commands)
        expected, commands = legal
        body = b'{"command":%b,"expected_version":%d}' % (rng.choice(commands), expected)
        answer = await load.call(
            client,
            "command",
            "POST",
            f"/games/{game_id}/commands?include=legal_commands",
            ANSWER,
            conflict_ok=True,
            content=body,
            headers=headers,
        )
        if answer is None:
            return
        if answer is CONFLICT:
            legal = None  # another seat moved first: ask again
            continue
        load.commands += 1
        if answer.status == "finished":
            finished[0] = True
            load.games_finished += 1
            return
        legal = (answer.version, answer.legal_commands) if answer.legal_commands else None


def server_processes(base: str) -> list:
    """The local service processes on the service's port: ``gamestate serve`` and, with
    ``--workers N``, its worker processes. Empty if the service is not local."""
    import psutil

    port = base.rsplit(":", 1)[1].split("/")[0]
    for process in psutil.process_iter(["cmdline"]):
        cmdline = process.info["cmdline"] or []
        if "serve" in cmdline and "--port" in cmdline and port in cmdline:
            try:
                return [process, *process.children(recursive=True)]
            except psutil.Error:
                return [process]
    return []


def every_postgres_process() -> list:
    """Every PostgreSQL server process on this machine (empty when the database is remote)."""
    import psutil

    return [p for p in psutil.process_iter(["name"]) if p.info["name"] == "postgres"]


def postgres_processes(database_url: str, whole_cluster: bool) -> list:
    """The PostgreSQL processes that serve this bench: the backends connected to its database
    (their process title names it) and, when the cluster is the bench's own (embedded), its
    postmaster and auxiliary processes (WAL writer, checkpointer, ...). Other databases of a
    shared server, and other clusters on the machine, are not counted: on a box shared with
    other work they would be. Empty when the database is not on this machine."""
    import psutil
    from psycopg import conninfo

    name = conninfo.conninfo_to_dict(database_url).get("dbname")
    backends = []
    for process in psutil.process_iter(["name", "cmdline"]):
        if process.info["name"] == "postgres":
            title = " ".join(process.info["cmdline"] or [])
            if f" {name} " in title:
                backends.append(process)
    if not whole_cluster or not backends:
        return backends
    try:
        postmaster = backends[0].parent()
        return [postmaster, *postmaster.children()]
    except psutil.Error:
        return backends


def cpu_seconds(processes: list) -> float:
    total = 0.0
    for process in processes:
        try:
            times = process.cpu_times()
        except Exception:  # psutil.Error: a worker restarted mid-run
            continue
        total += times.user + times.system
    return total


async def spectate(client: Connection, load: Load, rng: random.Random, until: float) -> None:
    """A spectator or dashboard: a page of active games, then one of them: its latest events
    and its view, none naming a version (each answer reflects every command accepted before
    it), until the time is up."""
    while time.perf_counter() < until:
        page = await load.call(client, "list", "GET", "/games?status=active&limit=20")
        if not page or not page["items"]:
            await asyncio.sleep(0.01)
            continue
        game = rng.choice(page["items"])
        after = max(0, game["version"] - 20)
        await load.call(client, "events", "GET", f"/games/{game['id']}/events?after={after}")
        await load.call(client, "spectate", "GET", f"/games/{game['id']}")
        load.reads += 3


async def run_load(
    base: str,
    clients: int,
    seconds: float,
    slugs: list[str],
    include_legal: bool = True,
    known_version: bool = True,
    spectators: int = 0,
    database: tuple[str, bool] | None = None,
    seat_bots: bool = False,
    wait: float | None = None,
    poll: float = 0.05,
    started: Callable[[], object] | None = None,
) -> dict:
    """``database``: the bench database's URL and whether the bench owns its whole cluster,
    for the PostgreSQL CPU figure; None counts every PostgreSQL process on the machine.
    ``started``: called when the measured load begins, after the warm-up (a profiler's cue).
    The result's ``server_cpu_by_pid`` is the service's CPU seconds per process."""
    load = Load()
    server = server_processes(base)
    # One keep-alive connection per simulated client, as separate bots would have. The
    # client is bench._http's, not httpx: it costs the shared CPU a fraction of httpx's.
    pool = [Connection.for_url(base) for _ in range(clients + spectators)]
    # --seat-bots: a table per two clients, each seat its own connection (3 at most).
    tables = [
        [Connection.for_url(base) for _ in range(3)]
        for _ in range(clients // 2 if seat_bots else 0)
    ]
    try:

        def watchers(until: float) -> list:
            return [
                spectate(pool[clients + n], load, random.Random(-1 - n), until)
                for n in range(spectators)
            ]

        async def table(n: int, until: float) -> None:
            rng = random.Random(n)
            game = n
            while time.perf_counter() < until:
                slug = slugs[game % len(slugs)]
                await play_seats(tables[n], load, slug, rng, until, wait, poll)
                game += len(tables)

        async def bot(n: int, until: float) -> None:
            if seat_bots:
                if n < len(tables):
                    await table(n, until)
                return
            rng = random.Random(n)
            game = n
            while time.perf_counter() < until:
                await play_one(
                    pool[n],
                    load,
                    slugs[game % len(slugs)],
                    rng,
                    until,
                    include_legal,
                    known_version,
                )
                game += clients

        # warm-up: every client plays a little first (imports, caches, pool growth)
        warm = time.perf_counter() + 1.0
        await asyncio.gather(*(bot(n, warm) for n in range(clients)), *watchers(warm))
        load.__init__()
        postgres = (
            (postgres_processes(*database) if database else every_postgres_process())
            if server
            else []
        )
        by_pid = {process.pid: cpu_seconds([process]) for process in server}
        server_cpu, client_cpu = cpu_seconds(server), time.process_time()
        postgres_cpu, machine_idle = cpu_seconds(postgres), _idle_seconds()
        start = time.perf_counter()
        if started is not None:
            started()
        await asyncio.gather(
            *(bot(n, start + seconds) for n in range(clients)), *watchers(start + seconds)
        )
        elapsed = time.perf_counter() - start
        server_cpu = cpu_seconds(server) - server_cpu if server else None
        by_pid = {p.pid: cpu_seconds([p]) - by_pid[p.pid] for p in server}
        client_cpu = time.process_time() - client_cpu
        postgres_cpu = cpu_seconds(postgres) - postgres_cpu if postgres else None
        machine_idle = _idle_seconds() - machine_idle
    finally:
        for connection in [*pool, *(c for t in tables for c in t)]:
            await connection.close()
    requests = sum(len(v) for v in load.latency.values())
    return {
        "load": load,
        "elapsed": elapsed,
        "requests": requests,
        "server_cpu": server_cpu,
        "server_cpu_by_pid": by_pid,
        "client_cpu": client_cpu,
        "postgres_cpu": postgres_cpu,
        "machine_idle": machine_idle,
    }


def _idle_seconds() -> float:
    import psutil

    return psutil.cpu_times().idle


async def run_reads(base: str, reads: int) -> list[list[object]]:
    """Play one three_kingdoms game (about 1,100 events) to at least 300 events, then read."""
    load = Load()
    client = Connection.for_url(base)
    try:
        created = await load.call(
            client,
            "create",
            "POST",
            "/games",
            json={"game": "three_kingdoms", "seats": [{"name": f"r{i}"} for i in range(3)]},
        )
        game_id, tokens, rng = (
            created["id"],
            [s["token"] for s in created["seats"]],
            random.Random(1),
        )
        version = created["version"]
        while version < 300:
            view = await load.call(client, "view", "GET", f"/games/{game_id}")
            seat = rng.choice(view["to_act"])
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = await load.call(
                client, "legal", "GET", f"/games/{game_id}/legal-commands", headers=headers
            )
            answer = await load.call(
                client,
                "command",
                "POST",
                f"/games/{game_id}/commands",
                json={
                    "command": rng.choice(legal["commands"]),
                    "expected_version": legal["version"],
                },
                headers=headers,
            )
            version = answer["version"]
        rows = []
        for kind, paths in (
            ("GET /games/{id} (cached state)", [f"/games/{game_id}"] * reads),
            # Past versions, as an arbiter steps back through a game: each is folded from the
            # process's nearest time-travel checkpoint (the first from the start).
            (
                "GET /games/{id}/views/{v} (v-1, v-2, ...)",
                [f"/games/{game_id}/views/{version - 1 - n}" for n in range(reads)],
            ),
        ):
            load.latency.clear()
            for path in paths:
                await load.call(client, kind, "GET", path)
            values = load.latency[kind]
            rows.append(
                [kind, version, len(values), ms(percentile(values, 50)), ms(percentile(values, 99))]
            )
        if load.errors:
            rows.append(["errors", "", len(load.errors), load.errors[0][:60], ""])
    finally:
        await client.close()
    return rows


def report(result: dict, clients: int, seconds: float) -> None:
    load: Load = result["load"]
    elapsed = result["elapsed"]
    print(
        f"{clients} clients, {elapsed:.1f} s: {load.commands / elapsed:,.1f} commands/s,"
        f" {result['requests'] / elapsed:,.1f} requests/s"
        f"{f' ({load.reads / elapsed:,.1f} spectator reads/s)' if load.reads else ''},"
        f" {load.games_finished} games finished,"
        f" {result['requests'] / max(load.commands, 1):.2f} requests per turn,"
        f"{f' {load.conflicts} conflicts (409),' if load.conflicts else ''}"
        f" errors: {len(load.errors)}"
    )
    if result["requests"]:
        server_cpu = result["server_cpu"]
        server = (
            f"service processes {server_cpu / elapsed:.0%} of one core,"
            f" {server_cpu / result['requests'] * 1e3:.2f} ms CPU per request; "
            if server_cpu is not None
            else ""
        )
        print(
            f"{server}load generator {result['client_cpu'] / elapsed:.0%} of one core"
            " (all on the same machine)"
        )
    budget(result, load.commands)
    rows = []
    for kind in ("command", "legal", "view", "create", "list", "events", "spectate"):
        values = load.latency.get(kind, [])
        if not values and kind in ("list", "events", "spectate"):
            continue
        rows.append(
            [
                kind,
                len(values),
                ms(percentile(values, 50)),
                ms(percentile(values, 95)),
                ms(percentile(values, 99)),
                ms(max(values, default=0.0)),
            ]
        )
    print(table(["request", "count", "p50 ms", "p95 ms", "p99 ms", "max ms"], rows))
    for error in load.errors[:5]:
        print("  error:", error)


def budget(result: dict, commands: int) -> None:
    """Where the machine's CPU went, per accepted command (a bot turn: the legal-commands read
    and the command), and the command rate that this much CPU per turn allows at most on this
    machine's cores if nothing else ran."""
    server_cpu, postgres_cpu = result["server_cpu"], result["postgres_cpu"]
    if not commands or server_cpu is None or postgres_cpu is None:
        return
    elapsed = result["elapsed"]
    cores = os.cpu_count() or 1
    parts = {
        "service": server_cpu,
        "PostgreSQL": postgres_cpu,
        "load generator": result["client_cpu"],
    }
    total = sum(parts.values())
    per_turn = ", ".join(f"{name} {cpu / commands * 1e3:.2f}" for name, cpu in parts.items())
    busy = 1 - result["machine_idle"] / (elapsed * cores)
    print(
        f"CPU per command turn (ms): {per_turn}; total {total / commands * 1e3:.2f}"
        f" -> at most {commands / total * cores:,.0f} commands/s on {cores} cores;"
        f" machine {busy:.0%} busy"
    )


def run(coroutine):
    """On uvloop, as the service runs (uvicorn picks it when installed): the load generator
    shares the cores with the service, and the raw baseline runs on the same loop as the bots."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.http_load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--short", action="store_true", help="10 s of load, 100 reads")
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    parser.add_argument("--seconds", type=float, default=None, help="load duration (default 30)")
    parser.add_argument("--reads", type=int, default=None, help="reads per read case (default 300)")
    parser.add_argument(
        "--games",
        default=None,
        help="comma-separated game slugs the clients cycle through (default: all; with"
        " --trees, all that every tree serves)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes of the service started here (serve --workers N; default one"
        " per core, as deploy/README.md recommends)",
    )
    parser.add_argument(
        "--two-request-turns",
        action="store_true",
        help="bots ask for legal commands before every command (no ?include=legal_commands)",
    )
    parser.add_argument(
        "--fresh-reads",
        action="store_true",
        help="bots' legal-commands reads ask the database for the current version (no"
        " ?min_version=<the version their last answer gave>)",
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="load runs, each with its own raw baseline just before; with more than one, a"
        " summary (median, min, max) follows (default 1)",
    )
    parser.add_argument(
        "--server",
        choices=("uvicorn", "granian"),
        default="uvicorn",
        help="the HTTP server of the service started here (default uvicorn, with the"
        " service's own workers and transport; granian: its own workers)",
    )
    parser.add_argument(
        "--spectators",
        type=int,
        default=0,
        help="clients reading lists, events and views without a version (default 0)",
    )
    parser.add_argument(
        "--seat-bots",
        action="store_true",
        help="each seat a bot of its own (its own connection and token), a table per two"
        " clients: a seat that cannot act asks again after --poll seconds, or with --wait",
    )
    parser.add_argument(
        "--wait",
        type=float,
        default=None,
        help="--seat-bots wait for their turn in one request: legal-commands?wait=S",
    )
    parser.add_argument(
        "--poll",
        type=float,
        default=0.05,
        help="--seat-bots without --wait: seconds between two asks of a seat that cannot act"
        " (default 0.05)",
    )
    parser.add_argument("--url", help="an already running service (no subprocess, no database)")
    add_database_argument(parser)
    parser.add_argument(
        "--read-database-url",
        default=None,
        help="a streaming standby of the --database-url server: the service started here"
        " reads the bench database there (GAMESTATE_READ_DATABASE_URL)",
    )
    parser.add_argument(
        "--gc",
        action="store_true",
        help="with --trees: record the workers' garbage collections (bench/gc_probe) and add"
        " their count, time, longest pause and objects collected to the figures",
    )
    parser.add_argument(
        "--replica",
        action="store_true",
        help="start an embedded primary and a streaming standby; each run measures the"
        " service without and with the standby as its read replica, one after the other",
    )
    parser.add_argument(
        "--trees",
        default=None,
        help="comma-separated checkouts (e.g. a worktree of an older commit, then .): each run"
        " measures each tree's service in turn on its own fresh database, alternating which"
        " goes first; with --repeat N, N such pairs; one JSON line per measurement to --out",
    )
    parser.add_argument("--out", default=None, help="JSON lines file for --trees (appended)")
    args = parser.parse_args(argv)
    if args.replica:
        return main_replica(args)
    if args.trees:
        return main_trees(args)
    seconds = args.seconds or (10.0 if args.short else 30.0)
    reads = args.reads or (100 if args.short else 300)
    slugs = games_asked(args.games)
    heading(f"http_load: {args.clients} clients for {seconds:g} s, games {','.join(slugs)}")
    with contextlib.ExitStack() as stack:
        base = args.url
        if base is None:
            url = stack.enter_context(bench_database(args.database_url))
            reading = None
            if args.read_database_url:
                from bench.replica import replica_url, wait_for_replay

                # The bench database has a fresh name: the same one on the standby.
                read_url = replica_url(url, args.read_database_url)
                wait_for_replay(url, read_url)
                reading = {"GAMESTATE_READ_DATABASE_URL": read_url}
            base = stack.enter_context(
                serve(url, workers=args.workers, server=args.server, extra_env=reading)
            )
        quiet_gc()
        runs, errors = [], 0
        for n in range(args.repeat):
            if args.repeat > 1:
                print(f"-- run {n + 1} of {args.repeat}")
            raw = {}
            if args.url is None:
                from bench.store import raw_single_rate

                for writers in (1, 10):
                    raw[writers] = run(raw_single_rate(url, 2.0, writers))
            result = run(
                run_load(
                    base,
                    args.clients,
                    seconds,
                    slugs,
                    include_legal=not args.two_request_turns,
                    known_version=not args.fresh_reads,
                    spectators=args.spectators,
                    database=None if args.url else (url, args.database_url is None),
                    seat_bots=args.seat_bots,
                    wait=args.wait,
                    poll=args.poll,
                )
            )
            report(result, args.clients, seconds)
            errors += len(result["load"].errors)
            commands = result["load"].commands / result["elapsed"]
            for writers, rate in raw.items():
                print(
                    f"raw INSERT+COMMIT, {writers} writer(s), same database just before:"
                    f" {rate:,.0f} commits/s; HTTP commands/s are {commands / rate:.0%} of it"
                )
            runs.append(summary_of(result, raw.get(1)))
        if len(runs) > 1:
            print(summarise(runs))
        rows = run(run_reads(base, reads))
    print(table(["read", "events", "count", "p50 ms", "p99 ms"], rows))
    return 1 if errors else 0


@contextlib.contextmanager
def gc_probe(tree: Path) -> Iterator[tuple[dict[str, str], dict[int, list]]]:
    """``--gc``: the environment that makes a served tree's processes record their garbage
    collections (bench/gc_probe/sitecustomize.py), and, once it stopped, what they recorded:
    per process id, a list of (generation, wall ms, objects collected, CPU ms)."""
    import tempfile

    probe = Path(__file__).parent / "gc_probe"
    collections: dict[int, list] = {}
    with tempfile.TemporaryDirectory(prefix="gc-") as directory:
        env = {"PYTHONPATH": f"{tree}{os.pathsep}{probe}", "GAMESTATE_BENCH_GC": directory}
        yield env, collections
        for path in Path(directory).glob("*.gc"):
            lines = [line.split() for line in path.read_text().splitlines() if line]
            collections[int(path.stem)] = [
                (int(g), float(ms), int(n), float(cpu[0]) if cpu else float("nan"))
                for g, ms, n, *cpu in lines
            ]


def gc_figures(collections: dict[int, list], workers: int, seconds: float) -> dict[str, float]:
    """The command workers' collections (the ``workers`` processes that collected most: the
    stream worker and the bot process are idle in this load), per worker and second of
    load (the first seconds of serving included)."""
    busiest = sorted(collections.values(), key=len, reverse=True)[:workers]
    every = [c for worker in busiest for c in worker]
    per = max(len(busiest), 1) * seconds
    return {
        "gc collections/s": len(every) / per,
        "gc ms/s": sum(c[1] for c in every) / per,
        "gc CPU ms/s": sum(c[3] for c in every) / per,
        "gc max pause ms": max((c[1] for c in every), default=0.0),
        "gc max pause CPU ms": max((c[3] for c in every), default=0.0),
        "gc young max pause ms": max((c[1] for c in every if c[0] == 0), default=0.0),
        "gc collected/collection": (sum(c[2] for c in every) / len(every)) if every else 0.0,
    }


def main_trees(args: argparse.Namespace) -> int:
    """``--trees A,B``: the same load against each tree's service, interleaved (A B, B A, ...),
    each on a fresh database of one server; the figures side by side with their ranges."""
    import json
    import statistics

    seconds = args.seconds or (10.0 if args.short else 30.0)
    trees = [Path(t).resolve() for t in args.trees.split(",")]
    slugs = games_asked(args.games) if args.games else common_games(trees)
    commits = {tree: commit_of(tree) for tree in trees}
    heading(
        f"http_load --trees: {args.clients} clients for {seconds:g} s, {args.workers} workers,"
        f" {args.repeat} rounds, {' vs '.join(commits.values())}, games {','.join(slugs)}"
    )
    figures: dict[Path, list[dict[str, float]]] = {tree: [] for tree in trees}
    errors = 0
    out = Path(args.out) if args.out else None
    quiet_gc()
    from bench._common import server_url

    with server_url(args.database_url) as server:
        for n in range(args.repeat):
            for tree in trees[:: 1 if n % 2 == 0 else -1]:
                probe = gc_probe(tree) if args.gc else contextlib.nullcontext(({}, None))
                with (
                    probe as (probe_env, collections),
                    bench_database(server, migrated=False) as url,
                    serve(url, workers=args.workers, repo=tree, extra_env=probe_env) as base,
                ):
                    result = run(
                        run_load(
                            base,
                            args.clients,
                            seconds,
                            slugs,
                            database=(url, args.database_url is None),
                            seat_bots=args.seat_bots,
                            wait=args.wait,
                            poll=args.poll,
                        )
                    )
                load: Load = result["load"]
                errors += len(load.errors)
                summary = summary_of(result, None)
                commands = max(load.commands, 1)
                summary["service ms/turn"] = (result["server_cpu"] or 0) / commands * 1e3
                summary["PostgreSQL ms/turn"] = (result["postgres_cpu"] or 0) / commands * 1e3
                if collections is not None:
                    summary.update(gc_figures(collections, args.workers, seconds))
                figures[tree].append(summary)
                print(
                    f"round {n + 1} {commits[tree]}: {summary['commands/s']:,.0f} commands/s,"
                    f" service {summary['service ms/turn']:.2f} ms/turn, PostgreSQL"
                    f" {summary['PostgreSQL ms/turn']:.2f} ms/turn, command p99"
                    f" {summary['command p99 ms']:.0f} ms, errors {len(load.errors)}",
                    flush=True,
                )
                if out is not None:
                    out.parent.mkdir(parents=True, exist_ok=True)
                    with out.open("a") as f:
                        line = {
                            "bench": "http_load",
                            "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                            "commit": commits[tree],
                            "round": n + 1,
                            "clients": args.clients,
                            "seconds": seconds,
                            "workers": args.workers,
                            "seat_bots": args.seat_bots,
                            "wait": args.wait,
                            "games": ",".join(slugs),
                            **summary,
                        }
                        f.write(json.dumps(line) + "\n")
    rows = []
    for name in figures[trees[0]][0]:
        row: list[object] = [name]
        for tree in trees:
            values = [f[name] for f in figures[tree] if name in f]
            row.append(f"{statistics.median(values):,.2f} ({min(values):,.2f}-{max(values):,.2f})")
        rows.append(row)
    ratios = [
        b["commands/s"] / a["commands/s"]
        for a, b in zip(figures[trees[0]], figures[trees[-1]], strict=True)
        if a["commands/s"]
    ]
    print(table(["median (range)", *commits.values()], rows))
    if len(trees) == 2 and ratios:
        print(
            f"commands/s ratio {commits[trees[-1]]}/{commits[trees[0]]} per round:"
            f" {', '.join(f'{r:.2f}' for r in ratios)}; median {statistics.median(ratios):.2f}"
        )
    return 1 if errors else 0


def main_replica(args: argparse.Namespace) -> int:
    """``--replica``: one primary, one streaming standby, and in each run the same load twice,
    each against a service started for it: the single database and primary + replica, in
    turns (the first of a run alternates, so neither always meets a warmer database)."""
    from bench.replica import primary_and_standby, replica_url, wait_for_replay
    from bench.store import raw_single_rate

    seconds = args.seconds or (10.0 if args.short else 30.0)
    slugs = games_asked(args.games)
    heading(
        f"http_load --replica: {args.clients} clients, {args.spectators} spectators for"
        f" {seconds:g} s, {args.workers} workers, games {','.join(slugs)}"
    )
    modes: dict[str, list[dict[str, float]]] = {"single database": [], "primary + replica": []}
    errors = 0
    with primary_and_standby() as (primary, standby), bench_database(primary) as url:
        read_url = replica_url(url, standby)
        wait_for_replay(url, read_url)
        quiet_gc()
        for n in range(args.repeat):
            raw = {w: run(raw_single_rate(url, 2.0, w)) for w in (1, 10)}
            print(
                f"-- run {n + 1} of {args.repeat}: raw INSERT+COMMIT on the primary"
                f" {raw[1]:,.0f} (1 writer), {raw[10]:,.0f} (10 writers) commits/s"
            )
            for mode in list(modes)[:: 1 if n % 2 == 0 else -1]:
                figures = modes[mode]
                extra = {"GAMESTATE_READ_DATABASE_URL": read_url} if "replica" in mode else {}
                with serve(url, workers=args.workers, extra_env=extra) as base:
                    print(f"- {mode}")
                    before = {
                        db: transactions(u) for db, u in (("primary", url), ("replica", read_url))
                    }
                    result = run(
                        run_load(
                            base,
                            args.clients,
                            seconds,
                            slugs,
                            include_legal=not args.two_request_turns,
                            known_version=not args.fresh_reads,
                            spectators=args.spectators,
                        )
                    )
                    report(result, args.clients, seconds)
                    quiet = run(read_latency(base, 200))
                    print(table(["read, one at a time", "count", "p50 ms", "p99 ms"], quiet))
                # After the service stopped: its connections flushed their statistics.
                served = {
                    db: (transactions(u) - before[db]) / result["elapsed"]
                    for db, u in (("primary", url), ("replica", read_url))
                }
                print(
                    "transactions per measured second (pg_stat_database, from the service's"
                    f" start to its stop): primary {served['primary']:,.0f},"
                    f" replica {served['replica']:,.0f}"
                )
                errors += len(result["load"].errors)
                figures.append(summary_of(result, raw[1]))
                figures[-1]["primary xact/s"] = served["primary"]
                figures[-1]["replica xact/s"] = served["replica"]
    for mode, figures in modes.items():
        print(f"\n{mode}: " + summarise(figures))
    return 1 if errors else 0


async def read_latency(base: str, reads: int) -> list[list[object]]:
    """The latency of reads without a version, one at a time after the load (the replica's
    fence and catch-up check show here as added round trips): a list page, one game's events,
    its view (from the process's cache, after the version check)."""
    load = Load()
    client = Connection.for_url(base)
    rows: list[list[object]] = []
    try:
        page = await load.call(client, "list", "GET", "/games?limit=20")
        if not page or not page["items"]:
            return rows
        game = page["items"][0]["id"]
        for kind, path in (
            ("GET /games?limit=20", "/games?limit=20"),
            ("GET /games/{id}/events", f"/games/{game}/events"),
            ("GET /games/{id}", f"/games/{game}"),
        ):
            for _ in range(reads):
                await load.call(client, kind, "GET", path)
            values = load.latency[kind]
            rows.append([kind, len(values), ms(percentile(values, 50)), ms(percentile(values, 99))])
    finally:
        await client.close()
    return rows


def transactions(url: str) -> int:
    """Transactions committed in ``url``'s database so far (read-only ones included: on a
    standby these are the reads it served)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SELECT pg_stat_clear_snapshot()")
        row = conn.execute(
            "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else 0


def summary_of(result: dict, raw_rate: float | None) -> dict[str, float]:
    """The figures of one load run that the summary of repeated runs compares."""
    load: Load = result["load"]
    commands = load.commands / result["elapsed"]
    figures = {
        "commands/s": commands,
        "requests/turn": result["requests"] / max(load.commands, 1),
        "command p99 ms": percentile(load.latency.get("command", []), 99) * 1e3,
        "legal p99 ms": percentile(load.latency.get("legal", []), 99) * 1e3,
        "errors": float(len(load.errors)),
    }
    if load.reads:
        figures["spectator reads/s"] = load.reads / result["elapsed"]
        figures["events p99 ms"] = percentile(load.latency.get("events", []), 99) * 1e3
        figures["list p99 ms"] = percentile(load.latency.get("list", []), 99) * 1e3
    if raw_rate:
        figures["raw commits/s"] = raw_rate
        figures["ratio %"] = 100 * commands / raw_rate
    if load.commands and result["server_cpu"] is not None and result["postgres_cpu"] is not None:
        figures["CPU per turn ms"] = (
            (result["server_cpu"] + result["postgres_cpu"] + result["client_cpu"])
            / load.commands
            * 1e3
        )
    return figures


def summarise(runs: list[dict[str, float]]) -> str:
    """Median, min and max of each figure over repeated runs (this kind of box is noisy)."""
    import statistics

    def shown(value: float) -> str:
        return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"

    rows = []
    for name in runs[0]:
        values = [r[name] for r in runs if name in r]
        rows.append([name, *map(shown, (statistics.median(values), min(values), max(values)))])
    return f"summary of {len(runs)} runs\n" + table(["figure", "median", "min", "max"], rows)


if __name__ == "__main__":
    raise SystemExit(main())
