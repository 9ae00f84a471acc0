"""Where a command turn's service CPU goes, part by part (issue #32 item 2): ``bench.http_load``'s
bots against ``gamestate serve``, its worker processes sampled with py-spy meanwhile.

    python -m bench.turn_parts [--tree PATH ...] [--seconds 20] [--clients 50] [--workers 2]
                               [--repeat 1] [--rate 200] [--client-nice 19]
                               [--database-url URL] [--out bench/results/turn_parts.jsonl]
                               [--keep-raw DIR]
    python -m bench.turn_parts --classify PROFILE.raw [--pin]   # a kept profile's shares

For each tree (``--tree``, repeatable or comma-separated; default this checkout; several are
measured in turns, the first alternating each round, each on a fresh database of one server)
it starts ``gamestate serve --workers N``, runs http_load's load (``run_load``: all five
games, ``--clients`` bots, a 1 s warm-up, then ``--seconds`` measured) and, once the measured
load has begun, ``py-spy record --subprocesses --nonblocking -r RATE -f raw`` on the service
for all but the last 2 s of it. Only the command workers' samples count: not the supervisor's,
nor the stream worker's (idle in this load).

Each sample is given ONE part by its stack (bench/_stack_parts.py: background tasks by their
task, then the innermost frame a rule matches). The table gives each part's share of the
workers' samples and its us per command turn: that share times the workers' CPU per turn
(psutil, over the same window as http_load's service CPU). The service's CPU per turn,
http_load's figure, is the workers' plus the stream worker's and the supervisor's. It then
names the innermost frames of the samples no rule matched ("other"). Appends one JSON line
per tree and round to ``--out``.

py-spy samples a thread whenever the OS has it running *or runnable*: on a busy box a sample
may be time spent waiting for a core. The run prints the samples per CPU second that psutil
measured (1.0: none waited). A wait lands where the worker stopped: woken from its event
loop's wait (``server``: ``Runner.run``), or pre-empted by the process it has just woken. The
bots woke it with every answer's socket write: ``answer`` was 16-21% of the samples with the
load generator at the service's niceness, 5-11% with it at 19 (same box, same hour). Hence
``--client-nice`` (default 19; the load generator's thread only, so that the service and
py-spy keep this process's niceness). PostgreSQL, woken by every statement, keeps the
service's. Compare the shares of one invocation (``--tree A --tree B``), not of other days.
py-spy is a bench-only tool (``pip install py-spy``) and needs ptrace rights over the service
(root, or ``kernel.yama.ptrace_scope`` 0).

``--pin`` takes the waits out of the shares: the service runs ONE command worker (``--workers``
is set to 1), this process, and so the embedded PostgreSQL, the service's other processes and
the load generator it starts, runs on core 1, and once the measured load has begun the worker
is moved alone onto core 0 and is the only process sampled. It is busy nearly all the time
there (a worker with a core of its own and half the load idles in its event loop, and py-spy
counts uvloop's wait as running: the ``server`` row came out at 36-42%), so that its samples are
CPU time, and each part's us per turn is its share of that worker's samples times the
service's CPU per turn. On 2026-11-30, ``perf`` (on-CPU samples only) put 80% of the workers'
CPU in the Python interpreter, 10% in the kernel, 1.5% in uvloop and under 1% in psycopg's and
libpq's C code: without ``--pin``, the large ``server`` row (uvloop's loop) and the store's
``_send_query_prepared`` are mostly a worker waiting for the core it has just given to
PostgreSQL or to a client. Needs two cores, and the embedded server (no ``--database-url``).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench import _stack_parts as stacks
from bench._common import (
    REPO,
    bench_database,
    commit_of,
    common_games,
    heading,
    quiet_gc,
    serve,
    server_url,
    table,
)
from bench.http_load import run, run_load, server_processes

RESULTS = REPO / "bench" / "results" / "turn_parts.jsonl"
MARGIN = 2.0  # seconds of the measured load left unsampled at its end (py-spy's start-up)
PIN_LOOK = 1.0  # --pin: seconds over which the busiest command worker is found


def py_spy() -> str:
    """py-spy's path (on PATH or beside this Python); exits with a message without it."""
    found = shutil.which("py-spy") or shutil.which("py-spy", path=str(Path(sys.executable).parent))
    if found is None:
        raise SystemExit(
            "bench.turn_parts needs py-spy (a bench-only tool, not in the project's extras):"
            " pip install py-spy"
        )
    return found


def game_packages() -> tuple[str, ...]:
    """The packages holding game code: domain/ and every installed game plug-in's."""
    from importlib import metadata

    from domain.registry import GROUP

    packages = {"domain"}
    for entry in metadata.entry_points(group=GROUP):
        packages.add(entry.value.split(":")[0].split(".")[0])
    return tuple(sorted(packages))


def read_profile(path: Path) -> tuple[dict[int, list[tuple[list, int]]], int | None]:
    """A raw profile's samples per process id (frames outermost first, count), and the first
    (outermost) process, which is the supervisor that py-spy was attached to."""
    by_pid: dict[int, list[tuple[list, int]]] = collections.defaultdict(list)
    root = None
    for line in path.read_text(errors="replace").splitlines():
        parsed = stacks.parse_line(line)
        if parsed is None or not parsed[0]:
            continue
        pids, frames, count = parsed
        root = pids[0] if root is None else root
        by_pid[pids[-1]].append((frames, count))
    return by_pid, root


def worker_samples(
    path: Path, pinned: bool = False
) -> tuple[dict[int, list[tuple[list, int]]], set[int]]:
    """The command workers' samples by process, and the processes left out: the supervisor and
    any stream worker (a process with a ``run_stream_worker`` frame). ``pinned``: py-spy was
    attached to the one worker (``--pin``), which is kept."""
    by_pid, root = read_profile(path)
    skipped = {root} if root is not None and not pinned else set()
    for pid, samples in by_pid.items():
        if any(f == "run_stream_worker" for frames, _ in samples for f, _file in frames):
            skipped.add(pid)
    return {pid: s for pid, s in by_pid.items() if pid not in skipped}, skipped


def classify(samples: dict[int, list[tuple[list, int]]], games: tuple[str, ...]) -> dict:
    """Samples per part, and per innermost frame of the samples that no rule matched."""
    parts: collections.Counter[str] = collections.Counter()
    unmatched: collections.Counter[str] = collections.Counter()
    for per_pid in samples.values():
        for frames, count in per_pid:
            part, _rule = stacks.assign(frames, games)
            parts[part] += count
            if part == stacks.OTHER:
                where = f"{frames[-1][0]} ({frames[-1][1]})" if frames else "(no Python frame)"
                unmatched[where] += count
    return {"parts": parts, "other": unmatched, "samples": sum(parts.values())}


def profiled_load(base: str, args: argparse.Namespace, raw: Path, spy: str) -> dict:
    """http_load's load against ``base``, from a thread at nice ``--client-nice``, with py-spy
    recording the service from the moment the measured load begins."""
    supervisor = server_processes(base)[0].pid
    began = threading.Event()
    outcome: dict = {}

    def load() -> None:
        # Linux niceness is per thread: the service and py-spy, started from the main thread,
        # keep theirs.
        os.setpriority(
            os.PRIO_PROCESS, 0, max(args.client_nice, os.getpriority(os.PRIO_PROCESS, 0))
        )
        try:
            outcome["result"] = run(
                run_load(base, args.clients, args.seconds, args.slugs, started=began.set)
            )
        except BaseException as exc:  # re-raised in the main thread
            outcome["error"] = exc
        finally:
            began.set()

    thread = threading.Thread(target=load, name="turn-parts-load")
    thread.start()
    began.wait()
    recorded = None
    if not outcome:
        target = supervisor
        if args.pin:
            target = busiest(server_processes(base), PIN_LOOK)
            os.sched_setaffinity(target, {0})
        recorded = subprocess.run(
            [
                *(spy, "record", "--subprocesses", "--nonblocking", "-r", str(args.rate)),
                *("-d", str(sampled_seconds(args)), "-f", "raw"),
                *("-p", str(target), "-o", str(raw)),
            ],
            capture_output=True,
            text=True,
        )
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    if recorded is None or recorded.returncode or not raw.exists():
        detail = recorded.stderr[-500:] if recorded is not None else ""
        raise SystemExit(f"py-spy recorded nothing (ptrace rights? see --help): {detail}")
    return outcome["result"]


def sampled_seconds(args: argparse.Namespace) -> int:
    """How long py-spy records: the measured load, less its end (and, with ``--pin``, the
    time taken to find the worker)."""
    return max(1, int(args.seconds - MARGIN - (PIN_LOOK if args.pin else 0)))


def busiest(processes: list, seconds: float) -> int:
    """The pid of the process that used the most CPU over the next ``seconds``."""
    import psutil

    def used(process: psutil.Process) -> float:
        try:
            return sum(process.cpu_times()[:2])
        except psutil.Error:
            return 0.0

    before = {p.pid: used(p) for p in processes}
    time.sleep(seconds)
    return max(processes, key=lambda p: used(p) - before[p.pid]).pid


def measure(tree: Path, url: str, args: argparse.Namespace, spy: str, keep: Path | None) -> dict:
    """One tree's run: its figures and parts, as the JSON line records them."""
    with tempfile.TemporaryDirectory(prefix="turn-parts-") as tmp:
        raw = Path(tmp) / "profile.raw"
        with serve(url, workers=args.workers, repo=tree) as base:
            result = profiled_load(base, args, raw, spy)
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            shutil.copy(raw, keep / f"{commit_of(tree)}-{time.strftime('%H%M%S')}.raw")
        samples, skipped = worker_samples(raw, pinned=args.pin)
    found = classify(samples, game_packages())
    load = result["load"]
    commands = max(load.commands, 1)
    cpu = result["server_cpu_by_pid"]
    workers_cpu = sum(cpu.get(pid, 0.0) for pid in samples)
    workers_us = workers_cpu / commands * 1e6
    if args.pin:
        # One worker sampled: its shares, of the whole service's CPU per turn.
        workers_us = (result["server_cpu"] or 0.0) / commands * 1e6
    total = max(found["samples"], 1)
    # py-spy's samples are runnable time; psutil's, CPU time: their ratio says how much of
    # what was sampled was waiting for a core (1.0: none).
    sampled = min(args.seconds, sampled_seconds(args))
    window_cpu = workers_cpu * sampled / max(result["elapsed"], 1e-9)
    parts = {
        part: {"share": n / total, "us/turn": n / total * workers_us}
        for part, n in found["parts"].items()
    }
    return {
        "bench": "turn_parts",
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commit": commit_of(tree),
        "clients": args.clients,
        "seconds": args.seconds,
        "workers": args.workers,
        "pinned": args.pin,
        "rate": args.rate,
        "commands/s": load.commands / result["elapsed"],
        "service ms/turn": (result["server_cpu"] or 0.0) / commands * 1e3,
        "workers ms/turn": workers_us / 1e3,
        "client nice": args.client_nice,
        "samples": found["samples"],
        "samples/CPU": found["samples"] / args.rate / max(window_cpu, 1e-9),
        "processes sampled": len(samples),
        "processes left out": len(skipped),
        "errors": len(load.errors),
        "parts": dict(sorted(parts.items(), key=lambda kv: -kv[1]["share"])),
        "other frames": dict(found["other"].most_common(5)),
    }


def _median_part(lines: list[dict], part: str, field: str) -> float:
    return statistics.median(line["parts"].get(part, {}).get(field, 0.0) for line in lines)


def render(lines: list[dict]) -> str:
    """The parts table of some runs: a share and an us/turn column per commit (medians over
    its rounds), the first commit's largest part first; then the totals."""
    by_commit: dict[str, list[dict]] = {}
    for line in lines:
        by_commit.setdefault(line["commit"], []).append(line)
    first = next(iter(by_commit.values()))
    present = {part for line in lines for part in line["parts"]}
    order = sorted(
        present,
        key=lambda part: (part == stacks.OTHER, -_median_part(first, part, "us/turn")),
    )
    headers = ["part"] + [h for c in by_commit for h in (f"{c} share", f"{c} us/turn")]
    rows = []
    for part in order:
        row: list[object] = [part]
        for group in by_commit.values():
            row += [
                f"{_median_part(group, part, 'share'):.1%}",
                f"{_median_part(group, part, 'us/turn'):.0f}",
            ]
        rows.append(row)
    for name, key, shown in (
        ("workers (sampled) us/turn", "workers ms/turn", lambda v: f"{v * 1e3:.0f}"),
        ("service (all processes) us/turn", "service ms/turn", lambda v: f"{v * 1e3:.0f}"),
        ("commands/s", "commands/s", lambda v: f"{v:,.0f}"),
        ("samples", "samples", lambda v: f"{v:,.0f}"),
        ("samples per sampled CPU second", "samples/CPU", lambda v: f"{v:.2f}"),
    ):
        row = [name]
        for group in by_commit.values():
            row += ["", shown(statistics.median(line.get(key, 0.0) for line in group))]
        rows.append(row)
    return table(headers, rows)


def other_note(line: dict) -> str:
    share = line["parts"].get(stacks.OTHER, {}).get("share", 0.0)
    frames = ", ".join(f"{where} {n}" for where, n in line["other frames"].items()) or "none"
    return f"{line['commit']}: other {share:.1%} of the samples; its innermost frames: {frames}"


def classify_file(path: Path, pinned: bool = False) -> int:
    samples, skipped = worker_samples(path, pinned)
    found = classify(samples, game_packages())
    total = max(found["samples"], 1)
    rows = [[part, n, f"{n / total:.1%}"] for part, n in found["parts"].most_common()]
    print(f"{path}: {len(samples)} worker process(es), {len(skipped)} left out")
    print(table(["part", "samples", "share"], rows))
    print("other, innermost frames:", dict(found["other"].most_common(10)))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.turn_parts", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--tree", action="append", default=None, help="a checkout (repeatable)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, help="rounds (trees in turns)")
    parser.add_argument("--rate", type=int, default=200, help="py-spy samples per second")
    parser.add_argument(
        "--client-nice",
        type=int,
        default=19,
        help="the load generator's niceness (its thread's; the service keeps this process's)",
    )
    parser.add_argument(
        "--pin", action="store_true", help="one worker, alone on a core: on-CPU shares"
    )
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL") or None)
    parser.add_argument("--out", type=Path, default=RESULTS, help="JSON lines (appended)")
    parser.add_argument("--keep-raw", type=Path, default=None, help="keep the profiles here")
    parser.add_argument("--classify", type=Path, default=None, help="a kept profile's shares")
    args = parser.parse_args(argv)
    if args.classify is not None:
        return classify_file(args.classify, args.pin)
    spy = py_spy()
    if args.seconds <= MARGIN + 1:
        parser.error(f"--seconds must be more than {MARGIN + 1:g}")
    if args.pin:
        if args.database_url or len(os.sched_getaffinity(0)) < 2:
            parser.error("--pin needs two cores and the embedded server (no --database-url)")
        # Everything this process starts from now on (PostgreSQL, the service, the load, py-spy)
        # shares core 1; the one command worker is moved to core 0 once the load runs.
        os.sched_setaffinity(0, {1})
        args.workers = 1
    trees = [Path(t).resolve() for given in args.tree or [str(REPO)] for t in given.split(",")]
    args.slugs = common_games(trees)
    heading(
        f"turn_parts: {args.clients} clients, {args.seconds:g} s, {args.workers} workers,"
        f" {args.repeat} round(s), py-spy at {args.rate} Hz{', pinned' if args.pin else ''},"
        f" {', '.join(map(str, trees))},"
        f" games {','.join(args.slugs)}"
    )
    quiet_gc()
    lines = []
    with server_url(args.database_url) as server:
        for n in range(args.repeat):
            for tree in trees[:: 1 if n % 2 == 0 else -1]:
                with bench_database(server, migrated=False) as url:
                    line = {**measure(tree, url, args, spy, args.keep_raw), "round": n + 1}
                lines.append(line)
                print(
                    f"round {n + 1} {line['commit']}: {line['commands/s']:,.0f} commands/s,"
                    f" service {line['service ms/turn']:.2f} ms/turn (workers"
                    f" {line['workers ms/turn']:.2f}), {line['samples']:,} samples"
                    f" ({line['samples/CPU']:.2f} per sampled CPU second),"
                    f" errors {line['errors']}",
                    flush=True,
                )
                args.out.parent.mkdir(parents=True, exist_ok=True)
                with args.out.open("a") as f:
                    f.write(json.dumps(line) + "\n")
    print(render(lines))
    for line in lines:
        print(other_note(line))
    return 1 if any(line["errors"] for line in lines) else 0


if __name__ == "__main__":
    raise SystemExit(main())
