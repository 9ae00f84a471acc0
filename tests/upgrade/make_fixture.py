"""Build the upgrade test's fixture: a database made by a released version's own code, with
games of every kind in every state that release knows, dumped as compressed plain SQL.

Run it with a checkout of the release first on PYTHONPATH (this tree's venv supplies the
libraries), against a PostgreSQL server it may create a throwaway database in::

    git worktree add --detach /tmp/gamestate-v2.0.0 v2.0.0
    PYTHONPATH=/tmp/gamestate-v2.0.0 .venv/bin/python tests/upgrade/make_fixture.py \\
        --release-checkout /tmp/gamestate-v2.0.0 --version 2.0.0 \\
        --server postgresql://postgres@127.0.0.1:5432/postgres

It writes tests/upgrade/fixtures/v<version>.sql.gz (pg_dump --inserts, no owners) and
v<version>.json, the manifest: what each game and tournament is, and the credentials (seat
and participant tokens, the admin key) that the database only holds as hashes. pg_dump must
be of the server's major version or newer. Every game is created with a fixed seed and
played by a seeded random bot, so a re-run makes the same games (not the same ids or times).

What the fixture holds, as far as the release has it (read from its own OpenAPI document):
the five games finished, in play, clocked (far from its deadline, and one whose clock fired
and left a zombie seat), with a resigned seat, abandoned; imported records; tournaments
finished and running, and one with duplicate seeds. 1.0.0 had no clocks and no lifecycle
routes; neither 1.0.0 nor 2.0.0 had a lobby, registered players or webhooks (migrations 0007
to 0009 came later), so there are none of those to upgrade: a later release's fixture must
add them here."""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import psycopg
from psycopg import conninfo

HERE = Path(__file__).resolve().parent
ADMIN_KEY = "upgrade-fixture-admin-key"


def _check_release(checkout: Path) -> None:
    import service

    where = Path(service.__file__).resolve()
    if checkout.resolve() not in where.parents:
        sys.exit(f"service is imported from {where}, not from {checkout}: set PYTHONPATH")


def build(client: Any, manifest: dict[str, Any]) -> None:
    from drive import GAMES, auth, create, ok, play, play_tournament, seat_statuses

    admin = auth(ADMIN_KEY)
    rng = random.Random(2_0_0)
    games: list[dict[str, Any]] = manifest["games"]
    # What this release has, from its own document: 1.0.0 had no clocks and no lifecycle
    # routes, nor duplicate-seed tournaments.
    document = ok(client.get("/schema/openapi.json"))
    schemas = document["components"]["schemas"]
    clocks = "clock" in schemas["CreateAzulGame"]["properties"]
    lifecycle = "/games/{game_id}/resign" in document["paths"]
    duplicate = "duplicate" in schemas["CreateAzulTournament"]["properties"]
    manifest["features"] = {"clocks": clocks, "lifecycle": lifecycle, "duplicate": duplicate}

    def record(created: dict, game: str, state: str, **more: Any) -> dict:
        entry = {
            "id": created["id"],
            "game": game,
            "state": state,
            "tokens": {str(s["seat"]): s["token"] for s in created["seats"]},
            **more,
        }
        games.append(entry)
        return entry

    def tokens(entry: dict) -> dict[int, str]:
        return {int(k): v for k, v in entry["tokens"].items()}

    for game in GAMES:
        finished = create(client, game, f"fx-{game}-finished")
        play(client, finished["id"], tokens(record(finished, game, "finished")), rng)
        in_play = create(client, game, f"fx-{game}-in-play")
        play(client, in_play["id"], tokens(record(in_play, game, "in_play")), rng, moves=12)
        if clocks:
            clocked = create(
                client,
                game,
                f"fx-{game}-clocked",
                clock={"turn_seconds": 2_592_000, "bank_seconds": 60},
            )
            play(client, clocked["id"], tokens(record(clocked, game, "clocked")), rng, moves=6)
        record_of = ok(client.get(f"/games/{finished['id']}/record"))
        imported = ok(client.post("/games/import", json=record_of, headers=admin), 201)
        games.append({"id": imported["id"], "game": game, "state": "imported", "tokens": {}})

    # Lifecycle endings and seats that no longer decide for themselves.
    if lifecycle:
        resigned = create(client, "azul", "fx-azul-resigned")
        entry = record(resigned, "azul", "resigned_seat")
        play(client, resigned["id"], tokens(entry), rng, moves=5)
        seat0 = auth(entry["tokens"]["0"])
        ok(client.post(f"/games/{resigned['id']}/resign", json={}, headers=seat0))
        abandoned = create(client, "splendor", "fx-splendor-abandoned")
        entry = record(abandoned, "splendor", "abandoned")
        play(client, abandoned["id"], tokens(entry), rng, moves=4)
        reason = {"reason": "fixture"}
        ok(client.post(f"/games/{abandoned['id']}/abandon", json=reason, headers=admin))

    # Tournaments: one played to its end, one running (one table done, one half played), one
    # with duplicate seeds (every table of a round dealt the same) left in its first round.
    for name, body, tables in (
        ("finished", {"game": "azul", "format": "single_elimination"}, None),
        ("running", {"game": "splendor", "format": "swiss", "rounds": 2}, 1),
        ("duplicate", {"game": "azul", "format": "round_robin", "duplicate": True}, 0),
    ):
        if name == "duplicate" and not duplicate:
            continue
        created = ok(
            client.post("/tournaments", json={"name": f"fx {name}", **body}, headers=admin), 201
        )
        tid, participant = created["id"], {}
        for i in range(4):
            joined = ok(
                client.post(
                    f"/tournaments/{tid}/players",
                    json={"name": f"{name}-{i}", "rating": 4 - i},
                    headers=admin,
                ),
                201,
            )
            participant[joined["player_id"]] = joined["token"]
        ok(client.post(f"/tournaments/{tid}/start", headers=admin))
        if tables is None:
            status = play_tournament(client, tid, participant, rng, admin)
        else:
            status = play_tournament(client, tid, participant, rng, admin, games=tables)
        manifest["tournaments"].append(
            {
                "id": tid,
                "state": name,
                "status": status,
                "tokens": {str(k): v for k, v in participant.items()},
            }
        )

    # A clock that has fired: a one-second turn left to run out, the timeout appended by the
    # release's own scheduler, and the seat a zombie after it (zombie_after 1): the upgraded
    # service must let it rejoin, and fire the deadlines the release left behind.
    if clocks:
        short = create(
            client, "azul", "fx-azul-timed-out", clock={"turn_seconds": 1, "zombie_after": 1}
        )
        record(short, "azul", "zombie_seat")
        deadline = time.monotonic() + 20
        while "zombie" not in seat_statuses(ok(client.get(f"/games/{short['id']}"))).values():
            if time.monotonic() > deadline:
                sys.exit("the release's clock did not fire")
            time.sleep(0.1)

    # The reads a client makes, so that their statements are in the log too.
    for query in ({}, {"status": "finished"}, {"game": "azul", "player": "azul-p0"}):
        ok(client.get("/games", params=query))
    ok(client.get("/tournaments"))
    for entry in manifest["tournaments"]:
        ok(client.get(f"/tournaments/{entry['id']}/standings"))
    ok(client.get(f"/games/{games[0]['id']}/audit"))
    ok(client.get(f"/games/{games[0]['id']}/views/3"))

    # What the upgraded service must still say of each game: its version and result.
    for entry in games:
        view = ok(client.get(f"/games/{entry['id']}"))
        entry.update(status=view["status"], version=view["version"], result=view["result"])


PLACEHOLDER = re.compile(r"%%|%\((\w+)\)[sbt]|%[sbt]")


def _numbered(query: str, params: Any) -> str:
    """psycopg's %s / %(name)s placeholders as PostgreSQL's $1, $2 (what PREPARE takes)."""
    names: dict[str, int] = {}
    count = 0

    def one(match: re.Match) -> str:
        nonlocal count
        if match.group(0) == "%%":
            return "%"
        if match.group(1):
            names.setdefault(match.group(1), len(names) + 1)
            return f"${names[match.group(1)]}"
        count += 1
        return f"${count}"

    return PLACEHOLDER.sub(one, query) if params is not None else query


class StatementLog:
    """Every statement the release's code sends through psycopg, as PREPARE would take it:
    the upgrade tests check that each one still compiles against every later schema (the
    release keeps serving while the next version's migrations run)."""

    def __init__(self) -> None:
        self.statements: set[str] = set()
        self.on = False

    def install(self) -> None:
        for cls in (psycopg.Cursor, psycopg.AsyncCursor):
            for name in ("execute", "executemany"):
                setattr(cls, name, self._wrap(getattr(cls, name), raw=False))
        for cls in (psycopg.RawCursor, psycopg.AsyncRawCursor):
            for name in ("execute", "executemany"):
                setattr(cls, name, self._wrap(getattr(cls, name), raw=True))

    def _wrap(self, method: Any, raw: bool) -> Any:
        log = self

        def wrapper(cursor: Any, query: Any, params: Any = None, *args: Any, **kw: Any) -> Any:
            if log.on:
                text = query if isinstance(query, str | bytes) else query.as_string(None)
                text = text.decode() if isinstance(text, bytes) else text
                sample = params[0] if method.__name__ == "executemany" and params else params
                log.statements.add(" ".join((text if raw else _numbered(text, sample)).split()))
            return method(cursor, query, params, *args, **kw)

        wrapper.__name__ = method.__name__
        return wrapper

    def preparable(self, url: str) -> list[str]:
        """The statements that PREPARE on the release's own schema (a few leave a
        parameter's type to the value, which PREPARE cannot infer: those are left out)."""
        kept = []
        with psycopg.connect(url, autocommit=True) as conn:
            for statement in sorted(self.statements):
                try:
                    conn.execute(f"PREPARE fixture_check AS {statement}")
                    conn.execute("DEALLOCATE fixture_check")
                    kept.append(statement)
                except psycopg.Error:
                    pass
        return kept


def _dump(url: str, out: Path) -> int:
    sql = subprocess.run(
        ["pg_dump", "--no-owner", "--no-privileges", "--inserts", "--rows-per-insert=200", url],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    # psql meta-commands (\restrict in newer pg_dump) are not SQL: the test runs the dump
    # through psycopg, with no psql needed.
    sql = "\n".join(line for line in sql.splitlines() if not line.startswith("\\"))
    sql = re.sub(r"^-- Dumped (from|by) .*$", "", sql, flags=re.M)
    data = gzip.compress(sql.encode(), mtime=0)
    out.write_bytes(data)
    return len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--release-checkout", type=Path, required=True)
    parser.add_argument("--version", required=True, help="the API version it released: 2.0.0")
    parser.add_argument("--server", required=True, help="PostgreSQL URL to make a database in")
    args = parser.parse_args()
    _check_release(args.release_checkout)
    commit = subprocess.run(
        ["git", "-C", str(args.release_checkout), "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()

    from litestar.testing import TestClient

    from service.api.app import create_app
    from service.store.database import migrate

    name = f"gamestate_fixture_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.server, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE \"{name}\" ENCODING 'UTF8' TEMPLATE template0")
    url = conninfo.make_conninfo(args.server, dbname=name)
    manifest: dict[str, Any] = {
        "version": args.version,
        "commit": commit,
        "admin_key": ADMIN_KEY,
        "games": [],
        "tournaments": [],
    }
    statements = StatementLog()
    statements.install()
    try:
        migrate(url)
        statements.on = True
        with TestClient(create_app(url, admin_key=ADMIN_KEY), raise_server_exceptions=True) as c:
            build(c, manifest)
        statements.on = False
        manifest["statements"] = statements.preparable(url)
        print(
            f"{len(manifest['statements'])} of {len(statements.statements)} statements prepare",
            file=sys.stderr,
        )
        with psycopg.connect(url) as conn:
            manifest["revision"] = conn.execute(
                "SELECT version_num FROM alembic_version"
            ).fetchone()[0]
        out = HERE / "fixtures" / f"v{args.version}.sql.gz"
        size = _dump(url, out)
        (HERE / "fixtures" / f"v{args.version}.json").write_text(
            json.dumps(manifest, indent=1) + "\n"
        )
        print(f"{out}: {size} bytes, {len(manifest['games'])} games", file=sys.stderr)
    finally:
        with psycopg.connect(args.server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    os.environ.setdefault("GAMESTATE_LOG_LEVEL", "warning")
    main()
