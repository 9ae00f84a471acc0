"""Run every benchmark: ``python -m bench [--short] [--database-url URL]``.

--short runs a quick version of each (a few minutes in all); without it, the full figures
(the growth bench then loads a million filler events). Each benchmark also runs alone:
``python -m bench.domain``, ``bench.store``, ``bench.http_load``, ``bench.growth``,
``bench.clocks``, ``bench.players`` (--help).
"""

from __future__ import annotations

import argparse
import importlib
import os

BENCHES = ("domain", "store", "http_load", "growth", "clocks", "players")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--short", action="store_true", help="a short version of every bench")
    parser.add_argument(
        "--only", choices=BENCHES, action="append", help="run only this bench (repeatable)"
    )
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or None,
        help="PostgreSQL server for the database benches (default: throwaway embedded)",
    )
    args = parser.parse_args(argv)
    failures = 0
    for name in args.only or BENCHES:
        module = importlib.import_module(f"bench.{name}")
        bench_args = ["--short"] if args.short else []
        if name != "domain" and args.database_url:
            bench_args += ["--database-url", args.database_url]
        failures += module.main(bench_args) != 0
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
