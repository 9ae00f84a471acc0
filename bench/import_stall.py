"""What a big malformed record costs everyone else: /health latencies while the service
refuses records of 16 MB (over the cap, refused before it is read) and of 3.5 MB (under the
cap: decoded, strictly and then leniently, in a worker thread, before it fails on an unknown
field at its end). Issue #18 measured /health held for 2.4 s by one such body on the event
loop. This was a timed test once; latencies on a shared machine belong here.

    python -m bench.import_stall [--repeat 3] [--database-url URL]

Prints, per run, the /health p50, p99 and slowest answer while the imports ran, and the
statuses the imports got (413, 400, 400 expected)."""

from __future__ import annotations

import argparse
import subprocess
import sys
import uuid

import httpx
import msgspec

from bench._common import (
    add_database_argument,
    bench_database,
    heading,
    ms,
    percentile,
    serve,
    table,
)

ADMIN_KEY = "bench-admin-key"

PROBE = """
import json, sys, time, httpx
url, seconds = sys.argv[1], float(sys.argv[2])
latencies = []
with httpx.Client(base_url=url, timeout=10) as client:
    client.get("/health")
    print("ready", flush=True)
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        started = time.monotonic()
        assert client.get("/health").status_code == 200
        latencies.append(time.monotonic() - started)
        time.sleep(0.005)
print(json.dumps(latencies))
"""


def _bodies() -> list[bytes]:
    record = {
        "format": "gamestate-record/1",
        "game_id": str(uuid.uuid4()),
        "game": "azul",
        "rules_version": "1",
    }
    return [
        msgspec.json.encode({**record, "options": {"pad": [0.5] * n}, "zz_unknown": 1})
        for n in (4_000_000, 900_000)
    ]


def run_once(url: str, bodies: list[bytes]) -> tuple[list[float], list[int]]:
    probe = subprocess.Popen(
        [sys.executable, "-c", PROBE, url, "5"], stdout=subprocess.PIPE, text=True
    )
    assert probe.stdout is not None and probe.stdout.readline().strip() == "ready"
    statuses = []
    headers = {"authorization": f"Bearer {ADMIN_KEY}", "content-type": "application/json"}
    with httpx.Client(base_url=url, timeout=60) as http:
        for body in (bodies[0], bodies[1], bodies[1]):
            try:
                statuses.append(
                    http.post("/games/import", content=body, headers=headers).status_code
                )
            except httpx.TransportError:
                statuses.append(0)  # refused before the body was read: may be reset
    return sorted(msgspec.json.decode(probe.communicate(timeout=60)[0])), statuses


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    add_database_argument(parser)
    args = parser.parse_args(argv)
    bodies = _bodies()
    rows = []
    with bench_database(args.database_url) as database, serve(database, admin_key=ADMIN_KEY) as url:
        for run in range(args.repeat):
            latencies, statuses = run_once(url, bodies)
            rows.append(
                [
                    run + 1,
                    len(latencies),
                    ms(percentile(latencies, 50)),
                    ms(percentile(latencies, 99)),
                    ms(latencies[-1]),
                    " ".join(map(str, statuses)),
                ]
            )
    heading("/health while big malformed records are imported")
    print(table(["run", "answers", "p50", "p99", "slowest", "import statuses"], rows))


if __name__ == "__main__":
    main()
